/* Dynamics: the gradient-descent recursions a family registers for `gdcert simulate` (issue 12 section 2). A
 * dynamics has named parameters (with exact domains and defaults), a state, one step in double and in Arb, and
 * observed quantities printed per step; its default runs are parameter sets (e.g. the paper's starting points).
 * The CLI and the generic runner (core/simulate.c) know dynamics only through this table. */
#ifndef GDC_DYNAMICS_H
#define GDC_DYNAMICS_H
#include <stddef.h>
#include "core/registry.h"

#define GDC_DYN_MAX_PARAMS 12
#define GDC_DYN_MAX_STATE 20
#define GDC_DYN_MAX_OUT 8
#define GDC_DYN_MAX_RUNS 4
#define GDC_DYN_MAX_EVENTS 4

typedef struct {
    gdc_arg_t arg;            /* name and exact domain (integer parameters too) */
    double def;               /* default value (inside the domain) */
    const char *means;        /* one line */
} gdc_dyn_param_t;

/* An event: the first step t >= 1 where pred(previous observation, observation, params) holds. */
typedef struct {
    const char *name;
    int (*pred)(const double *prev, const double *obs, const double *param);
} gdc_dyn_event_t;

typedef struct {
    const char *id;           /* family.name, e.g. "cnn.gd" */
    const char *summary;
    const char *source;       /* paper file, its own label, catalogue item */
    int nparams;
    gdc_dyn_param_t params[GDC_DYN_MAX_PARAMS];
    int nstate;
    int nout;
    const char *outputs[GDC_DYN_MAX_OUT];   /* names of the observed quantities (CSV columns) */
    long default_steps;
    int nruns;                /* default runs: values of the parameters named in run_params */
    int nrun_params;
    const char *run_params[GDC_DYN_MAX_PARAMS];
    double runs[GDC_DYN_MAX_RUNS][GDC_DYN_MAX_PARAMS];
    int nevents;
    gdc_dyn_event_t events[GDC_DYN_MAX_EVENTS];
    /* Double. init: state from the parameters; returns 0, or writes one line into err (e.g. an unrealizable start)
     * and returns 2. step: one step; returns 0, or 1 when the state leaves the domain of the recursion. */
    int (*init)(double *state, const double *param, char *err, size_t errlen);
    int (*step)(double *state, const double *param);
    void (*observe)(double *obs, const double *state, const double *param);
    /* Arb: the same recursion on balls, rigorous (parameters are the exact doubles given). All three NULL: a
     * double-only dynamics (gdcert simulate refuses --ball for it). */
    void (*init_arb)(arb_ptr state, const double *param, slong prec);
    void (*step_arb)(arb_ptr state, const double *param, slong prec);
    void (*observe_arb)(arb_ptr obs, arb_srcptr state, const double *param, slong prec);
    /* Optional (NULL: the ball run iterates step_arb on the enclosure, which wraps over long runs). The Jacobian of
     * the Arb step map F on a box: jac[i * nstate + j] encloses dF_i/dx_j at every point of the box `state` (wide
     * balls included; not bounded on the box: non-finite). With it the ball run propagates the enclosure in
     * Lohner's mean-value form (core/simulate_lohner.c), whose width grows like the true sensitivity of the
     * trajectory instead of by the wrapping factor at every step. */
    void (*step_jac_arb)(arb_ptr jac, arb_srcptr state, const double *param, slong prec);
} gdc_dynamics_t;

size_t gdc_dynamics_count(void);
const gdc_dynamics_t *gdc_dynamics_get(size_t i);
const gdc_dynamics_t *gdc_dynamics_find(const char *id);
/* index of a parameter by name, or -1 */
int gdc_dynamics_param(const gdc_dynamics_t *d, const char *name);

#endif
