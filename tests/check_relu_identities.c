/* Exact symbolic proofs of the algebra behind 000 Theorem 4.2 as delta -> 0 (000_09c7d5b8511ab65b.txt Eq. (6);
 * proofs/000_09c7d5b8511ab65b/thm42_gauss_delta_to_0.claim, step (b)) and of the formulas of the row relu.corr_ratio
 * (seed-000 C23: R = 1/2 - D/(2 pi Q)). Each identity is expanded in Q[generators] with FLINT's fmpq_mpoly and the
 * two sides compared as polynomials: a proof for every real value of the generators, not a test at points.
 * Generators: P (pi; every identity holds for all P), t, S = sin t, C = cos t, r = ||w||. The only facts of
 * trigonometry used are written where they are used: sin^2(t/2) = (1 - C)/2 (substituted), S^2 + C^2 = 1 (a
 * difference shown to be a multiple of S^2 + C^2 - 1), sin(pi - t) = sin t, cos(pi - t) = -cos t (substituted
 * at t = pi - s) and sin 2x = 2 sin x cos x.
 * What is proven: the row's two forms of R (relu_arb.c, corr_forms) and C23's R are the same function of
 * (pi, t, sin t, cos t, sin^2(t/2), t - sin t, J(t), r), and 2 pi Q R = pi r^2 + r ((pi + s) cos s - sin s) +
 * (s - sin s cos s) at t = pi - s. What stays tested only: that the row's primitive enclosures enclose the
 * functions named (pi - t, sin/cos from pi - t, sin^2(t/2), t - sin t and J = G3 by series with tail bounds; proofs
 * in their comments, tests/check_relu_special.c test_series_balls and the registry checks), the box bounds of
 * ratio_box_bounds (proof in its comment, sampled in test_ratio_boxes_*), and C23's derivation itself (corr =
 * Q/2 - D/(2 pi) is <grad F(w), w - v>; the registry's definition checks of relu.corr, relu.corr_ratio against
 * quadrature and Monte Carlo). */
#include <check.h>
#include "mpoly_ring.h"

/* slots of R->t[]: the inputs P, t, sin t, cos t, r (generators, or polynomials after a substitution), then the
 * terms of C23 and of the row */
enum { P_, T_, S_, C_, R_, ONE, H_, E_, QC, DC, Q1, Q2, J_, DR, B_, CC, XN, XP, U, V, W };

/* C23 and the row's formulas from the inputs in slots P_ .. R_ */
static void c23_and_row(ring_t *R)
{
    SI(ONE, 1);
    SUB(H_, ONE, C_);
    DIVSI(H_, H_, 2); /* sin^2(t/2) = (1 - cos t)/2 */
    SUB(E_, P_, T_);  /* e = pi - t: gdc_relu_pi_minus_arb */
    /* seed-000 C23 as the catalogue prints it: Q = (1 - r)^2 + 4 r sin^2(t/2),
     * D = (1 - r)(t - sin t) + 2 sin^2(t/2) (r t + sin t) */
    SUB(U, ONE, R_);
    MUL(QC, U, U);
    MUL(V, R_, H_);
    MULSI(V, V, 4);
    ADD(QC, QC, V);
    SUB(V, T_, S_);
    MUL(DC, U, V);
    MUL(V, R_, T_);
    ADD(V, V, S_);
    MUL(V, V, H_);
    MULSI(V, V, 2);
    ADD(DC, DC, V);
    /* relu_arb.c corr_forms, "Q = (1 - r)^2 + 4 r sin^2(t/2)": q = (r - 1)^2 + 4 (r st) */
    SUB(U, R_, ONE);
    MUL(Q1, U, U);
    MUL(V, R_, H_);
    MULSI(V, V, 4);
    ADD(Q1, Q1, V);
    /* "and Q = (r - cos t)^2 + sin^2 t": q2 = (r - c)^2 + s^2 */
    SUB(U, R_, C_);
    MUL(Q2, U, U);
    MUL(V, S_, S_);
    ADD(Q2, Q2, V);
    /* "D = (t - sin t) + 2 sin^2(t/2) sin t + r J(t)": d = xmsin(t) + 2 (st s) + J r, J = G3(t) = sin t - t cos t
     * (gdc_relu_J_arb, core/arccos_profile_arb.c gdc_arccos_j_arb) */
    MUL(V, T_, C_);
    SUB(J_, S_, V);
    SUB(DR, T_, S_);
    MUL(V, H_, S_);
    MULSI(V, V, 2);
    ADD(DR, DR, V);
    MUL(V, J_, R_);
    ADD(DR, DR, V);
    /* "form B: B = (pi + e) cos t + sin t, C = e + sin t cos t": b = (pi + e) c + s, cc = s c + e */
    ADD(B_, P_, E_);
    MUL(B_, B_, C_);
    ADD(B_, B_, S_);
    MUL(CC, S_, C_);
    ADD(CC, CC, E_);
    /* "pi r^2 - r B + C" (b <= 0): x = (pi r - b) r + cc */
    MUL(XN, P_, R_);
    SUB(XN, XN, B_);
    MUL(XN, XN, R_);
    ADD(XN, XN, CC);
    /* "pi (r - B/(2 pi))^2 + (4 pi C - B^2)/(4 pi)" (b > 0), times 4 pi (Q[P] has no 1/P):
     * 4 pi pi (r - b/(2 pi))^2 = (2 pi r - b)^2 and 4 pi g = 4 pi cc - b b */
    MUL(U, P_, R_);
    MULSI(U, U, 2);
    SUB(U, U, B_);
    MUL(XP, U, U);
    MUL(V, P_, CC);
    MULSI(V, V, 4);
    ADD(XP, XP, V);
    MUL(V, B_, B_);
    SUB(XP, XP, V);
}

/* the row's forms are C23's R for every t, r: both of its Q forms are C23's Q (the second by S^2 + C^2 = 1), its
 * D is C23's D, so form A (z = 1/2 - d/(2 pi q)) is C23's R; form B's numerator (both branches) is pi Q - D, so
 * x/(2 pi q) = 1/2 - D/(2 pi Q) too; the series branch of cc is the same cc */
START_TEST(row_forms_are_c23)
{
    ring_t Rs, *R = &Rs;
    enum { GP, GT, GS, GC, GR, NG };
    ring_init(R, NG);
    GEN(P_, GP); GEN(T_, GT); GEN(S_, GS); GEN(C_, GC); GEN(R_, GR);
    c23_and_row(R);
    ck_assert(EQUAL(Q1, QC));
    SUB(U, Q2, QC);
    MUL(V, S_, S_);
    MUL(W, C_, C_);
    ADD(V, V, W);
    SUB(V, V, ONE);
    ck_assert(EQUAL(U, V)); /* q2 - Q = S^2 + C^2 - 1 */
    ck_assert(EQUAL(DR, DC));
    MUL(U, P_, QC);
    SUB(U, U, DC); /* pi Q - D = 2 pi Q R */
    ck_assert(EQUAL(XN, U));
    MUL(V, P_, XN);
    MULSI(V, V, 4);
    ck_assert(EQUAL(XP, V));
    /* "cc = S(2e)/2" for e <= 1: (2e - sin 2e)/2 with sin 2e = 2 sin e cos e, sin e = sin t, cos e = -cos t */
    MUL(U, S_, C_);
    MULSI(U, U, -2); /* sin 2e = 2 (sin t)(-cos t) */
    MULSI(V, E_, 2);
    SUB(V, V, U);
    DIVSI(V, V, 2);
    ck_assert(EQUAL(V, CC));
    ring_clear(R);
}
END_TEST

/* the identity of thm42_gauss_delta_to_0 (b): at t = pi - s, with c = cos s, sn = sin s,
 *   pi Q - D = pi r^2 + r ((pi + s) c - sn) + (s - sn c),  Q = r^2 + 2 r c + 1,
 * as a table of terms {coefficient, exponents of (P, s, c, sn, r)}, so that each coefficient can be changed */
enum { HP, HS, HC, HN, HR, NH };
typedef struct {
    slong coef;
    ulong exp[NH];
} term_t;
static const term_t near_pi_rhs[] = {
    {1, {1, 0, 0, 0, 2}},  /* pi r^2 */
    {1, {1, 0, 1, 0, 1}},  /* r pi c */
    {1, {0, 1, 1, 0, 1}},  /* r s c */
    {-1, {0, 0, 0, 1, 1}}, /* -r sn */
    {1, {0, 1, 0, 0, 0}},  /* s */
    {-1, {0, 0, 1, 1, 0}}, /* -sn c */
};
enum { NTERMS = sizeof near_pi_rhs / sizeof near_pi_rhs[0] };

/* T(dst) = the right side with coefficient k changed by delta (k < 0: unchanged) */
static void near_pi_poly(ring_t *R, int dst, int k, slong delta)
{
    fmpq_t q;
    fmpq_init(q);
    fmpq_mpoly_zero(T(dst), R->ctx);
    for (int i = 0; i < NTERMS; i++) {
        fmpq_set_si(q, near_pi_rhs[i].coef + (i == k ? delta : 0), 1);
        fmpq_mpoly_set_coeff_fmpq_ui(T(dst), q, near_pi_rhs[i].exp, R->ctx);
    }
    fmpq_clear(q);
}

START_TEST(near_pi_identity)
{
    ring_t Rs, *R = &Rs;
    ring_init(R, NH);
    GEN(P_, HP);
    GEN(U, HS);
    SUB(T_, P_, U);   /* t = pi - s */
    GEN(S_, HN);      /* sin t = sin s */
    GEN(C_, HC);
    MULSI(C_, C_, -1); /* cos t = -cos s */
    GEN(R_, HR);
    c23_and_row(R);
    /* the claim's Q = r^2 + 2 r cos s + 1 */
    GEN(U, HR);
    MUL(V, U, U);
    GEN(W, HC);
    MUL(W, W, U);
    MULSI(W, W, 2);
    ADD(V, V, W);
    ADD(V, V, ONE);
    ck_assert(EQUAL(QC, V));
    /* pi Q - D (C23) and the row's form-B numerator are the right side */
    MUL(U, P_, QC);
    SUB(U, U, DC);
    near_pi_poly(R, V, -1, 0);
    ck_assert(EQUAL(U, V));
    ck_assert(EQUAL(XN, V));
    /* teeth: any one coefficient changed by +-1 breaks it */
    for (int k = 0; k < NTERMS; k++)
        for (int d = -1; d <= 1; d += 2) {
            near_pi_poly(R, V, k, d);
            ck_assert_msg(!EQUAL(U, V), "term %d changed by %d still equal", k, d);
        }
    ring_clear(R);
}
END_TEST

/* the claim's division by s^3 (xmsin3(x) = (x - sin x)/x^3, so sin x = x - x^3 xmsin3(x)): with X = xmsin3(2s),
 * s - sin s cos s = s - sin(2s)/2 = 4 s^3 X (the difference is -1/2 times the relation 2 sn c - 2s + 8 s^3 X = 0,
 * sin 2s = 2 sin s cos s); with Y = xmsin3(s/4), sin(s/4)^3 = s^3 ((1 - (s/4)^2 Y)/4)^3 */
START_TEST(claim_division_by_s3)
{
    ring_t Rs, *R = &Rs;
    enum { GS, GC, GN, GX, GY, NG };
    ring_init(R, NG);
    enum { s = 0, c = 1, n = 2, x = 3, y = 4, one = 5, s3 = 6, a = 7, b = 8, rel = 9 };
    GEN(s, GS); GEN(c, GC); GEN(n, GN); GEN(x, GX); GEN(y, GY);
    SI(one, 1);
    MUL(s3, s, s);
    MUL(s3, s3, s);
    MUL(a, n, c);
    SUB(a, s, a); /* s - sn c */
    MUL(b, s3, x);
    MULSI(b, b, 4); /* 4 s^3 X */
    SUB(a, a, b);
    MUL(rel, n, c);
    MULSI(rel, rel, 2);
    MULSI(b, s, 2);
    SUB(rel, rel, b);
    MUL(b, s3, x);
    MULSI(b, b, 8);
    ADD(rel, rel, b);
    DIVSI(rel, rel, -2);
    ck_assert(EQUAL(a, rel));
    /* sin(s/4) = s/4 - (s/4)^3 Y, cubed, against s^3 ((1 - (s/4)^2 Y)/4)^3 */
    MUL(a, s3, y);
    DIVSI(a, a, 64);
    DIVSI(b, s, 4);
    SUB(a, b, a);
    MUL(b, a, a);
    MUL(a, b, a);
    MUL(b, s, s);
    MUL(b, b, y);
    DIVSI(b, b, 16);
    SUB(b, one, b);
    DIVSI(b, b, 4);
    MUL(rel, b, b);
    MUL(rel, rel, b);
    MUL(rel, rel, s3);
    ck_assert(EQUAL(a, rel));
    ring_clear(R);
}
END_TEST

int main(void)
{
    Suite *su = suite_create("relu_identities");
    TCase *tc = tcase_create("core");
    tcase_add_test(tc, row_forms_are_c23);
    tcase_add_test(tc, near_pi_identity);
    tcase_add_test(tc, claim_division_by_s3);
    suite_add_tcase(su, tc);
    SRunner *sr = srunner_create(su);
    srunner_run_all(sr, CK_NORMAL);
    int nf = srunner_ntests_failed(sr);
    srunner_free(sr);
    return nf == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
