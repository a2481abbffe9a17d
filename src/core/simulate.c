/* The generic runner of registered dynamics (see simulate.h). */
#include <math.h>
#include <string.h>
#include "core/simulate.h"
#include "core/simulate_lohner.h"

static void summary_start(gdc_sim_summary_t *sm, const gdc_dynamics_t *d, const double *obs)
{
    memset(sm, 0, sizeof *sm);
    for (int k = 0; k < d->nout; k++) {
        sm->first[k] = sm->second[k] = sm->last[k] = sm->min[k] = sm->max[k] = obs[k];
        sm->maxstep[k] = 0;
    }
    for (int e = 0; e < GDC_DYN_MAX_EVENTS; e++)
        sm->event_step[e] = -1;
    sm->ball_first_disagree = -1;
}

static void summary_add(gdc_sim_summary_t *sm, const gdc_dynamics_t *d, long t, const double *prev,
                        const double *obs, const double *param)
{
    for (int k = 0; k < d->nout; k++) {
        if (t == 1)
            sm->second[k] = obs[k];
        if (obs[k] < sm->min[k]) {
            sm->min[k] = obs[k];
            sm->argmin[k] = t;
        }
        if (obs[k] > sm->max[k]) {
            sm->max[k] = obs[k];
            sm->argmax[k] = t;
        }
        double dk = fabs(obs[k] - prev[k]);
        if (dk > sm->maxstep[k])
            sm->maxstep[k] = dk;
        sm->last[k] = obs[k];
    }
    for (int e = 0; e < d->nevents; e++)
        if (sm->event_step[e] < 0 && d->events[e].pred(prev, obs, param)) {
            sm->event_step[e] = t;
            memcpy(sm->event_obs[e], obs, sizeof(double) * (size_t)d->nout);
        }
    sm->steps = t;
}

static void compare_ball(gdc_sim_summary_t *sm, const gdc_dynamics_t *d, long t, const double *obs, arb_srcptr b)
{
    arb_t w;
    arb_init(w);
    for (int k = 0; k < d->nout; k++) {
        double mid = arf_get_d(arb_midref(b + k), ARF_RND_NEAR);
        double rad = mag_get_d(arb_radref(b + k));
        if (!arb_is_finite(b + k) || rad > 1e-6 * fabs(mid))
            continue;
        sm->ball_narrow++;
        arb_set(w, b + k);
        mag_t m;
        mag_init(m);
        mag_set_d(m, 1e-9 * fabs(mid) + 1e-300); /* relative 1e-9; absolute only below the normal doubles */
        arb_add_error_mag(w, m);
        mag_clear(m);
        arf_t o;
        arf_init(o);
        arf_set_d(o, obs[k]);
        int in = arb_contains_arf(w, o);
        arf_clear(o);
        if (!in) {
            if (sm->ball_disagree++ == 0)
                sm->ball_first_disagree = t;
        }
    }
    arb_clear(w);
}

static int record(const gdc_sim_opts_t *o, long t, const double *obs, arb_srcptr ball)
{
    return o->sink ? o->sink(o->sink_data, t, obs, ball) : 0;
}

int gdc_sim_run(const gdc_dynamics_t *d, const double *param, const gdc_sim_opts_t *o, gdc_sim_summary_t *sm,
                char *err, size_t errlen)
{
    double st[GDC_DYN_MAX_STATE], obs[GDC_DYN_MAX_OUT], prev[GDC_DYN_MAX_OUT];
    if (d->init(st, param, err, errlen))
        return 2;
    arb_ptr bst = NULL, bobs = NULL;
    gdc_lohner_t L;
    int lohner = o->ball && d->step_jac_arb != NULL; /* mean-value form, else step_arb on the enclosure */
    if (o->ball) {
        bst = _arb_vec_init(d->nstate);
        bobs = _arb_vec_init(d->nout);
        d->init_arb(bst, param, o->prec);
        d->observe_arb(bobs, bst, param, o->prec);
        if (lohner)
            gdc_lohner_init(&L, d, bst, o->prec);
    }
    d->observe(obs, st, param);
    summary_start(sm, d, obs);
    if (o->ball)
        compare_ball(sm, d, 0, obs, bobs);
    int status = record(o, 0, obs, bobs) ? 3 : 0;
    long pstep = o->steps >= 100 ? o->steps / 100 : 1;
    for (long t = 1; t <= o->steps && !status; t++) {
        memcpy(prev, obs, sizeof prev);
        if (d->step(st, param)) {
            sm->diverged = 1;
            status = 1;
            break;
        }
        d->observe(obs, st, param);
        summary_add(sm, d, t, prev, obs, param);
        if (lohner)
            gdc_lohner_advance(&L, bst, param);
        else if (o->ball)
            d->step_arb(bst, param, o->prec);
        if (o->ball) {
            d->observe_arb(bobs, bst, param, o->prec);
            compare_ball(sm, d, t, obs, bobs);
        }
        if ((t % o->every == 0 || t == o->steps) && record(o, t, obs, bobs))
            status = 3;
        if (o->progress && t % pstep == 0)
            o->progress(o->progress_data, t, o->steps);
    }
    if (lohner)
        gdc_lohner_clear(&L);
    if (o->ball) {
        _arb_vec_clear(bst, d->nstate);
        _arb_vec_clear(bobs, d->nout);
    }
    return status;
}
