/* The generic runner of registered dynamics (core/dynamics.h) for `gdcert simulate`: one run of a parameter set in
 * double, optionally with the rigorous Arb enclosure of every observed quantity at every step beside it, a summary
 * (per observed quantity: start, after one step, smallest and largest with their steps, final, largest change in one
 * step; the first step of each event) and, with a ball run, the comparison of the double trajectory with the
 * enclosures. */
#ifndef GDC_SIMULATE_H
#define GDC_SIMULATE_H
#include "core/dynamics.h"

typedef struct {
    double first[GDC_DYN_MAX_OUT], second[GDC_DYN_MAX_OUT], last[GDC_DYN_MAX_OUT];
    double min[GDC_DYN_MAX_OUT], max[GDC_DYN_MAX_OUT], maxstep[GDC_DYN_MAX_OUT];
    long argmin[GDC_DYN_MAX_OUT], argmax[GDC_DYN_MAX_OUT];
    long event_step[GDC_DYN_MAX_EVENTS];                   /* -1: never */
    double event_obs[GDC_DYN_MAX_EVENTS][GDC_DYN_MAX_OUT];
    long steps;             /* steps done */
    int diverged;           /* the state left the recursion's domain at step `steps` + 1 */
    /* ball runs: observed values whose enclosure is narrow (radius <= 1e-6 |mid|), and those of them where the
     * double value lies outside the enclosure widened by 1e-9 max(1, |mid|) (double rounding along the run) */
    long ball_narrow, ball_disagree, ball_first_disagree;
} gdc_sim_summary_t;

/* Called for every recorded step t (0, every, 2 every, ..., and the last): obs in double, ball the enclosures
 * (NULL without a ball run). Returns 0 to go on, non-zero to stop (e.g. a write error). */
typedef int (*gdc_sim_sink_fn)(void *data, long t, const double *obs, arb_srcptr ball);

typedef struct {
    long steps, every;
    int ball;
    slong prec;
    gdc_sim_sink_fn sink;
    void *sink_data;
    void (*progress)(void *data, long t, long steps);   /* about every 1% of the run, or NULL */
    void *progress_data;
} gdc_sim_opts_t;

/* Returns 0 (done), 1 (diverged: summary up to the last good step), 2 (init error in err), 3 (sink stopped). */
int gdc_sim_run(const gdc_dynamics_t *d, const double *param, const gdc_sim_opts_t *o, gdc_sim_summary_t *sm,
                char *err, size_t errlen);

#endif
