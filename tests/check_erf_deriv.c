/* The derivative enclosures of the erf rows (src/erf/erf_deriv.c, erf_fc_deriv.c, erf_ratio_deriv.c) against the
 * paper's gradient and Hessian formulas, which other rows implement independently (002_588e28744115f015.txt;
 * seed-002). Each expectation is an identity between rows, derived here:
 *  - C20 (btilde = grad_w V(u, w)): with |u| = c, |w| = a, angle t, moving t moves w along -a n (n the unit
 *    normal toward u), so dV/d|w| = <btilde, w/|w|> and dV/dt = -a <btilde, n> (erf.kernel vs erf.btilde);
 *  - C19 (c1 w = grad_w V(w, w)/2): d/da V(a, a, 0) = 2 c1(a) a, and the self gap 1 - V(u, u) has the opposite
 *    derivative (erf.kernel vs erf.c1, erf.self_gap);
 *  - C22 vs C16 (the WS gradient is the gradient of the WS loss): dF/da = <grad, w0/|w0|>, dF/dt = -a <grad, n>
 *    (erf.ws_loss vs erf.ws_grad); FC likewise for block 1 and for the k - 1 equal blocks (the common (a, t)
 *    moves k - 1 blocks: k - 1 times one block's component) (erf.fc_loss vs erf.fc_grad);
 *  - C31 (Hessian at the optimum w0 = u0, where the gradient vanishes): d^2F/da^2 = Q_rad and
 *    d^2F/dt^2 = |u0|^2 Q_trans for k >= 2 (erf.ws_loss vs erf.hess_opt). At k = 1 the row erf.ws_loss is the
 *    eq. (1) loss 4 F^(1) (C17) while C31's formula at k = 1 is the Hessian of F^(1) + F^(1): twice it;
 *  - the thresholds s* and s_d of Lemma 2 increase with k (the proof in src/erf/erf_lemma2.c): positive k-derivatives;
 *  - d(k log V)/dk = log V and d V^k/da = V^k d(k log V)/da (erf.log_vk).
 * Agreement is overlap of the two balls (both rigorous at the same point). */
#include <check.h>
#include <math.h>
#include <stdlib.h>
#include "core/registry.h"
#include "core/rng.h"
#include "row_hess_eval.h"

#define PREC 128

/* evaluates at the doubles x (value, jac, hess) */
static void ev_at(ev_t *e, const double *x)
{
    for (int i = 0; i < e->row->nargs; i++)
        arb_set_d(e->x + i, x[i]);
    e->row->fn_arb_hess(e->out, e->jac, e->hess, e->x, PREC);
}

static arb_srcptr J(const ev_t *e, int k, int j) { return e->jac + k * e->row->nargs + j; }
static arb_srcptr H(const ev_t *e, int k, int i, int j) { return e->hess + (k * e->row->nargs + i) * e->row->nargs + j; }

/* a and s1 s2 b overlap, both finite (the factors multiplied as balls: a double product would round) */
static void expect_eq(arb_srcptr a, arb_srcptr b, double s1, double s2, const char *what, const double *x)
{
    arb_t t, u;
    arb_init(t);
    arb_init(u);
    arb_set_d(t, s1);
    arb_set_d(u, s2);
    arb_mul(t, t, u, PREC);
    arb_mul(t, t, b, PREC);
    ck_assert_msg(arb_is_finite(a) && arb_is_finite(t) && arb_overlaps(a, t), "%s at (%.17g, %.17g, %.17g, %.17g, ...)",
                  what, x[0], x[1], x[2], x[3]);
    arb_clear(t);
    arb_clear(u);
}

START_TEST(kernel_btilde_c1)
{
    ev_t K, B, C, G;
    ev_init(&K, "erf.kernel");
    ev_init(&B, "erf.btilde");
    ev_init(&C, "erf.c1");
    ev_init(&G, "erf.self_gap");
    gdc_rng_t r;
    gdc_rng_seed(&r, 9);
    for (int i = 0; i < 200; i++) {
        double c = gdc_rng_range(&r, 0, 5), a = gdc_rng_range(&r, 0, 5), t = gdc_rng_range(&r, 0, M_PI);
        double xk[4] = {c, a, t, 0}, xb[4] = {c, a, t, 0}, xs[4] = {a, a, 0, 0}, x1[4] = {a, 0, 0, 0};
        ev_at(&K, xk);
        ev_at(&B, xb);
        expect_eq(J(&K, 0, 1), B.out, 1, 1, "dV/d|w| = <btilde, w/|w|> (C20)", xk);
        expect_eq(J(&K, 0, 2), B.out + 1, -1, a, "dV/dt = -|w| <btilde, n> (C20)", xk);
        ev_at(&K, xs);
        ev_at(&C, x1);
        ev_at(&G, x1);
        arb_t s;
        arb_init(s);
        arb_add(s, J(&K, 0, 0), J(&K, 0, 1), PREC);
        expect_eq(s, C.out, 2, a, "d V(a, a, 0)/da = 2 c1 a (C19)", xs);
        expect_eq(s, J(&G, 0, 0), -1, 1, "d gap/da = -d V(a, a, 0)/da (C14)", xs);
        arb_clear(s);
    }
    ev_clear(&K);
    ev_clear(&B);
    ev_clear(&C);
    ev_clear(&G);
}
END_TEST

START_TEST(ws_loss_grad)
{
    ev_t L, G;
    ev_init(&L, "erf.ws_loss");
    ev_init(&G, "erf.ws_grad");
    gdc_rng_t r;
    gdc_rng_seed(&r, 10);
    for (int i = 0; i < 200; i++) {
        double x[4] = {floor(gdc_rng_logu(&r, 0, 3)), gdc_rng_range(&r, 0, 4), gdc_rng_range(&r, 0, 4),
                       gdc_rng_range(&r, 0, M_PI)};
        ev_at(&L, x);
        ev_at(&G, x);
        expect_eq(J(&L, 0, 2), G.out, 1, 1, "dF/da = <grad, w0/|w0|> (C22, C16)", x);
        expect_eq(J(&L, 0, 3), G.out + 1, -1, x[2], "dF/dt = -a <grad, n> (C22, C16)", x);
    }
    ev_clear(&L);
    ev_clear(&G);
}
END_TEST

START_TEST(fc_loss_grad)
{
    ev_t L, G;
    ev_init(&L, "erf.fc_loss");
    ev_init(&G, "erf.fc_grad");
    gdc_rng_t r;
    gdc_rng_seed(&r, 11);
    for (int i = 0; i < 100; i++) {
        double x[6] = {floor(gdc_rng_logu(&r, 0, 2)), gdc_rng_range(&r, 0, 3), gdc_rng_range(&r, 0, 3),
                       gdc_rng_range(&r, 0, M_PI), gdc_rng_range(&r, 0, 3), gdc_rng_range(&r, 0, M_PI)};
        ev_at(&L, x);
        ev_at(&G, x);
        expect_eq(J(&L, 0, 2), G.out, 1, 1, "dF/da1 = block 1 along w1 (C22)", x);
        expect_eq(J(&L, 0, 3), G.out + 1, -1, x[2], "dF/dt1 = -a1 block 1 along n1 (C22)", x);
        expect_eq(J(&L, 0, 4), G.out + 2, x[0] - 1, 1, "dF/da = (k-1) block 2 along w (C22)", x);
        expect_eq(J(&L, 0, 5), G.out + 3, -(x[0] - 1), x[4], "dF/dt = -(k-1) a block 2 along n (C22)", x);
    }
    ev_clear(&L);
    ev_clear(&G);
}
END_TEST

START_TEST(hessian_at_optimum)
{
    ev_t L, Q;
    ev_init(&L, "erf.ws_loss");
    ev_init(&Q, "erf.hess_opt");
    static const double ks[] = {1, 2, 3, 7, 50, 1000}, rs[] = {0.05, 0.3, 1, 2.5, 11};
    for (size_t i = 0; i < sizeof ks / sizeof ks[0]; i++)
        for (size_t j = 0; j < sizeof rs / sizeof rs[0]; j++) {
            double x[4] = {ks[i], rs[j], rs[j], 0}, y[4] = {ks[i], rs[j], 0, 0};
            double f = ks[i] == 1 ? 2 : 1; /* C17 (4 F^(1)) against C31 at k = 1 (2 F^(1)) */
            ev_at(&L, x);
            ev_at(&Q, y);
            ck_assert_msg(arb_contains_zero(J(&L, 0, 2)) && arb_contains_zero(J(&L, 0, 3)),
                          "the gradient vanishes at the optimum (k = %g, r = %g)", ks[i], rs[j]);
            expect_eq(H(&L, 0, 2, 2), Q.out, f, 1, "d^2F/da^2 = Q_rad (C31)", x);
            arb_t q;
            arb_init(q);
            arb_mul(q, Q.out + 1, Q.x + 1, PREC);
            expect_eq(H(&L, 0, 3, 3), q, f, rs[j], "d^2F/dt^2 = |u0|^2 Q_trans (C31)", x);
            arb_clear(q);
            expect_eq(H(&L, 0, 2, 3), H(&L, 0, 3, 2), 1, 1, "symmetric Hessian", x);
        }
    ev_clear(&L);
    ev_clear(&Q);
}
END_TEST

START_TEST(lemma2_logvk)
{
    ev_t T, V;
    ev_init(&T, "erf.lemma2");
    ev_init(&V, "erf.log_vk");
    gdc_rng_t r;
    gdc_rng_seed(&r, 12);
    for (int i = 0; i < 200; i++) {
        double x[4] = {gdc_rng_logu(&r, 0, 6), 0, 0, 0}, y[4] = {gdc_rng_range(&r, 1, 100), gdc_rng_logu(&r, -3, 3), 0, 0};
        ev_at(&T, x);
        ck_assert_msg(arb_is_positive(J(&T, 0, 0)) && arb_is_positive(J(&T, 1, 0)),
                      "Lemma 2 thresholds increase with k (k = %g)", x[0]);
        ev_at(&V, y);
        arb_t lv;
        arb_init(lv);
        arb_div(lv, V.out, V.x, PREC);
        expect_eq(J(&V, 0, 0), lv, 1, 1, "d(k log V)/dk = log V", y);
        arb_mul(lv, V.out + 1, J(&V, 0, 1), PREC);
        expect_eq(J(&V, 1, 1), lv, 1, 1, "d V^k/da = V^k d(k log V)/da", y);
        arb_clear(lv);
    }
    ev_clear(&T);
    ev_clear(&V);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("erf_deriv");
    TCase *tc = tcase_create("identities");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, kernel_btilde_c1);
    tcase_add_test(tc, ws_loss_grad);
    tcase_add_test(tc, fc_loss_grad);
    tcase_add_test(tc, hessian_at_optimum);
    tcase_add_test(tc, lemma2_logvk);
    suite_add_tcase(s, tc);
    SRunner *sr = srunner_create(s);
    srunner_run_all(sr, CK_NORMAL);
    int nf = srunner_ntests_failed(sr);
    srunner_free(sr);
    return nf == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
