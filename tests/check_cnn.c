/* The CNN of 003_676a49ed0823cdd9.txt beyond the registry-driven suites (src/cnn/): the vector API (centred loss,
 * gradients of Theorem 2.2, a_opt of seed-003 C12) against the scalar rows and central finite differences, the exact
 * five-scalar recursion of C20 (dynamics cnn.gd) against explicit gradient descent on vectors in R^p and R^k (the
 * check of the catalogue: agreement to rounding over 60 steps at p = 6, k = 5, eta = 0.7), the ball run of the
 * recursion against the double run, and the catalogue's regression for Eq. (3) as printed (E1). Fixed seeds. */
#include <check.h>
#include <math.h>
#include <string.h>
#include "core/dynamics.h"
#include "core/simulate.h"
#include "core/rng.h"
#include "core/angle.h"
#include "cnn/cnn.h"

#define P 6
#define K 5
#define PI 3.141592653589793

typedef struct {
    double v[P], a[K], ws[P], as[K];
} point_t;

static void random_point(point_t *x, gdc_rng_t *r)
{
    for (int i = 0; i < P; i++) {
        x->v[i] = gdc_rng_normal(r);
        x->ws[i] = 1.3 * gdc_rng_normal(r);
    }
    for (int i = 0; i < K; i++) {
        x->a[i] = gdc_rng_normal(r);
        x->as[i] = gdc_rng_normal(r);
    }
}

static double dot(const double *a, const double *b, int n)
{
    double s = 0;
    for (int i = 0; i < n; i++)
        s += a[i] * b[i];
    return s;
}

static double sum(const double *a, int n)
{
    double s = 0;
    for (int i = 0; i < n; i++)
        s += a[i];
    return s;
}

/* reduced scalars (W, N, S, phi, x, s, n, r) of a vector point */
static void scalars(double *o, const point_t *x)
{
    o[0] = gdc_vec_norm(x->ws, P);
    o[1] = dot(x->as, x->as, K);
    o[2] = sum(x->as, K);
    o[3] = gdc_vec_angle(x->v, x->ws, P);
    o[4] = dot(x->a, x->as, K);
    o[5] = sum(x->a, K);
    o[6] = dot(x->a, x->a, K);
    o[7] = dot(x->v, x->v, P);
}

static int close_rel(double a, double b, double tol) { return fabs(a - b) <= tol * fmax(1.0, fmax(fabs(a), fabs(b))); }

START_TEST(vector_loss_matches_row)
{
    gdc_rng_t r;
    gdc_rng_seed(&r, 3);
    for (int t = 0; t < 200; t++) {
        point_t x;
        double s[8];
        random_point(&x, &r);
        scalars(s, &x);
        double lv = gdc_cnn_loss_vec(x.v, x.a, x.ws, x.as, P, K);
        double lr = gdc_cnn_loss(s[0], s[1], s[2], s[3], s[4], s[5], s[6]);
        ck_assert_msg(close_rel(lv, lr, 1e-12), "loss_vec %.17g, row %.17g", lv, lr);
        ck_assert(lv >= 0);
    }
}
END_TEST

/* at the global minimum (v parallel to w*, a = ||w*|| a*) the centred form is exactly 0; the printed Eq. (3) is
 * negative there whenever 1'a* != 0 (seed-003 E1: it reduces to W^2 S^2 (1/pi - 2)) */
START_TEST(global_minimum_and_printed_eq3)
{
    point_t x;
    gdc_rng_t r;
    gdc_rng_seed(&r, 5);
    random_point(&x, &r);
    for (int i = 0; i < P; i++) { /* w* = 4 e2 (||w*|| = 4 exactly, so a = 4 a* is exact), v = 3 e2 */
        x.ws[i] = i == 1 ? 4.0 : 0.0;
        x.v[i] = i == 1 ? 3.0 : 0.0;
    }
    double W = gdc_vec_norm(x.ws, P);
    for (int i = 0; i < K; i++)
        x.a[i] = W * x.as[i];
    ck_assert(gdc_cnn_loss_vec(x.v, x.a, x.ws, x.as, P, K) == 0.0);
    double s[8];
    scalars(s, &x);
    double N = s[1], S = s[2], g = gdc_cnn_g(s[3]), xx = s[4], sa = s[5], n = s[6];
    double printed = 0.5 * ((PI - 1) * W * W * N / (2 * PI) + (PI - 1) * n / (2 * PI) - 2 * (g - 1) * W * xx / (2 * PI))
                     + W * W * S * S / (2 * PI) + sa * sa / (2 * PI) - 2 * W * sa * S;
    ck_assert_msg(printed < -0.1 * W * W * S * S, "printed Eq. (3) at the minimum: %g", printed);
}
END_TEST

START_TEST(gradients_match_finite_differences)
{
    gdc_rng_t r;
    gdc_rng_seed(&r, 7);
    for (int t = 0; t < 20; t++) {
        point_t x;
        double gv[P], ga[K], h = 1e-6;
        random_point(&x, &r);
        gdc_cnn_grad_vec(gv, ga, x.v, x.a, x.ws, x.as, P, K);
        for (int i = 0; i < P + K; i++) {
            double *c = i < P ? &x.v[i] : &x.a[i - P], c0 = *c;
            *c = c0 + h;
            double lp = gdc_cnn_loss_vec(x.v, x.a, x.ws, x.as, P, K);
            *c = c0 - h;
            double lm = gdc_cnn_loss_vec(x.v, x.a, x.ws, x.as, P, K);
            *c = c0;
            double fd = (lp - lm) / (2 * h), an = i < P ? gv[i] : ga[i - P];
            ck_assert_msg(fabs(fd - an) <= 1e-6 * (1 + fabs(an)), "component %d: analytic %g, difference %g", i, an, fd);
        }
    }
}
END_TEST

/* the loss at a_opt(phi) is the profile loss (C12); the gradient in a vanishes there */
START_TEST(a_opt_gives_profile_loss)
{
    gdc_rng_t r;
    gdc_rng_seed(&r, 11);
    for (int t = 0; t < 50; t++) {
        point_t x;
        double s[8], gv[P], ga[K];
        random_point(&x, &r);
        scalars(s, &x);
        gdc_cnn_a_opt(x.a, s[3], s[0], x.as, K);
        double l = gdc_cnn_loss_vec(x.v, x.a, x.ws, x.as, P, K);
        double pl = gdc_cnn_profile_loss(K, s[0], s[1], s[2], s[3]);
        ck_assert_msg(close_rel(l, pl, 1e-12), "loss at a_opt %.17g, profile %.17g", l, pl);
        gdc_cnn_grad_vec(gv, ga, x.v, x.a, x.ws, x.as, P, K);
        for (int i = 0; i < K; i++)
            ck_assert(fabs(ga[i]) < 1e-13 * (1 + s[1]));
    }
}
END_TEST

/* C20 against explicit simultaneous GD on (v, a): p = 6, k = 5, eta = 0.7, 60 steps */
START_TEST(recursion_matches_vector_gd)
{
    const gdc_dynamics_t *d = gdc_dynamics_find("cnn.gd");
    ck_assert(d != NULL);
    gdc_rng_t r;
    gdc_rng_seed(&r, 13);
    point_t x;
    random_point(&x, &r);
    double s[8], param[GDC_DYN_MAX_PARAMS], st[GDC_DYN_MAX_STATE], obs[GDC_DYN_MAX_OUT];
    scalars(s, &x);
    const char *names[] = {"k", "W", "N", "S", "eta", "phi0", "r0", "x0", "s0", "n0"};
    const double vals[] = {K, s[0], s[1], s[2], 0.7, s[3], s[7], s[4], s[5], s[6]};
    for (int i = 0; i < d->nparams; i++)
        param[i] = d->params[i].def;
    for (int i = 0; i < 10; i++)
        param[gdc_dynamics_param(d, names[i])] = vals[i];
    char err[256];
    ck_assert(d->init(st, param, err, sizeof err) == 0);
    for (int t = 1; t <= 60; t++) {
        double gv[P], ga[K];
        gdc_cnn_grad_vec(gv, ga, x.v, x.a, x.ws, x.as, P, K);
        for (int i = 0; i < P; i++)
            x.v[i] -= 0.7 * gv[i];
        for (int i = 0; i < K; i++)
            x.a[i] -= 0.7 * ga[i];
        ck_assert(d->step(st, param) == 0);
        d->observe(obs, st, param);
        scalars(s, &x);
        const double want[] = {s[3], gdc_cnn_loss_vec(x.v, x.a, x.ws, x.as, P, K), s[4], s[5], s[6], s[7]};
        for (int k = 0; k < d->nout; k++)
            ck_assert_msg(close_rel(obs[k], want[k], 1e-9), "step %d, %s: recursion %.17g, vector GD %.17g", t,
                          d->outputs[k], obs[k], want[k]);
    }
}
END_TEST

/* the Arb recursion encloses the double one at every step where the enclosure is narrow (core/simulate.c) */
START_TEST(ball_run_encloses_double)
{
    const gdc_dynamics_t *d = gdc_dynamics_find("cnn.gd");
    double param[GDC_DYN_MAX_PARAMS];
    for (int run = 0; run < d->nruns; run++) {
        for (int i = 0; i < d->nparams; i++)
            param[i] = d->params[i].def;
        for (int q = 0; q < d->nrun_params; q++)
            param[gdc_dynamics_param(d, d->run_params[q])] = d->runs[run][q];
        gdc_sim_opts_t o;
        memset(&o, 0, sizeof o);
        o.steps = 400;
        o.every = 1;
        o.ball = 1;
        o.prec = 128;
        gdc_sim_summary_t sm;
        char err[256];
        ck_assert(gdc_sim_run(d, param, &o, &sm, err, sizeof err) == 0);
        ck_assert_msg(sm.ball_narrow >= 400, "run %d: only %ld narrow enclosures", run, sm.ball_narrow);
        ck_assert_msg(sm.ball_disagree == 0, "run %d: %ld disagreements, first at step %ld", run, sm.ball_disagree,
                      sm.ball_first_disagree);
    }
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("cnn");
    TCase *tc = tcase_create("vector");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, vector_loss_matches_row);
    tcase_add_test(tc, global_minimum_and_printed_eq3);
    tcase_add_test(tc, gradients_match_finite_differences);
    tcase_add_test(tc, a_opt_gives_profile_loss);
    tcase_add_test(tc, recursion_matches_vector_gd);
    tcase_add_test(tc, ball_run_encloses_double);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    SRunner *sr = srunner_create(suite());
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? 1 : 0;
}
