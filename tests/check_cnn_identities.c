/* Exact symbolic proofs of the algebraic identities that the 003 claims and the cnn family rest on
 * (003_676a49ed0823cdd9.txt; seed-003 C8, C13-C17, C20, B5, B6, C18). Each identity is expanded in
 * Q[generators] with FLINT's fmpq_mpoly and the two sides compared as polynomials: equality of the expanded
 * polynomials is a proof for every real value of the generators, not a test at points. pi is a generator P (every
 * identity holds for all P; P = pi is an instance), g(phi) a generator G, cos phi a generator c with sin^2 phi
 * written 1 - c^2, and sqrt terms are kept out by comparing cross-multiplied forms or squares (each case says how).
 * The claims whose comments cite these identities: 003.lemma45.contraction_factored, 003.lemma45.eq9_factored and
 * 003.lemmaC1.corrected (INDEX of proofs/003_676a49ed0823cdd9); the recursion of dynamics cnn.gd (src/cnn/cnn_gd.c)
 * is C20, whose a-part (with C8 from C6) and v-part (with C7) are proven here. */
#include <check.h>
#include "mpoly_ring.h"

/* ---- the angle step (C17) and Lemma 4.5 (B5, C18): generators y = eta lambda, c = cos phi ---- */
enum { Y, C, NS_ANGLE };
enum { y_, c_, s2, q_, one, dd, ww, e9, a1, a2, tmp };

/* the ring Q[y, c] and the terms the identities share: s^2 = 1 - c^2, q = 1 - y c, D = 1 + y^2 s^2,
 * w = c + y s^2 (the cosine part of the step) and 1 - 2 y c + y^2 (Eq. (9)) */
static void angle_setup(ring_t *R)
{
    ring_init(R, NS_ANGLE);
    GEN(y_, Y);
    GEN(c_, C);
    SI(one, 1);
    MUL(s2, c_, c_);
    SUB(s2, one, s2);
    MUL(q_, y_, c_);
    SUB(q_, one, q_);
    MUL(dd, y_, y_);
    MUL(dd, dd, s2);
    ADD(dd, dd, one);
    MUL(ww, y_, s2);
    ADD(ww, ww, c_);
    MUL(e9, y_, c_);
    MULSI(e9, e9, -2);
    ADD(e9, e9, one);
    MUL(tmp, y_, y_);
    ADD(e9, e9, tmp);
}

/* C17: the row cnn.angle_step is atan2(u, w) with u = sin phi |q|, w = cos phi + y sin^2 phi; u^2 + w^2 = D,
 * so sin^2 phi' = u^2/(u^2 + w^2) = s^2 q^2/D and cos phi' = w/sqrt(D). */
START_TEST(angle_step_pythagoras)
{
    ring_t Rs, *R = &Rs;
    angle_setup(R);
    MUL(a1, q_, q_);
    MUL(a1, a1, s2); /* u^2 = s^2 q^2 */
    MUL(a2, ww, ww);
    ADD(a1, a1, a2);
    ck_assert(EQUAL(a1, dd));
    ring_clear(R);
}
END_TEST

/* B5 (Lemma 4.5 corrected): the gap (1 - y c) s^2 - s^2 q^2/D of the contraction is s^2 q (1 - q/D), and cleared of
 * the denominator q D - q^2 = y q (c + y s^2); the claim 003.lemma45.contraction_factored certifies q/D <= 1. */
START_TEST(contraction_gap_factors)
{
    ring_t Rs, *R = &Rs;
    angle_setup(R);
    MUL(a1, q_, dd);
    MUL(tmp, q_, q_);
    SUB(a1, a1, tmp); /* q D - q^2 */
    MUL(a2, ww, q_);
    MUL(a2, a2, y_); /* y q (c + y s^2) */
    ck_assert(EQUAL(a1, a2));
    ring_clear(R);
}
END_TEST

/* C18 (Eq. (9)): (1 - 2 y c + y^2) D - q^2 = y^2 s^2 (q^2 + D), so the gap of Eq. (9) is
 * s^2 (1 - 2yc + y^2) - s^2 q^2/D = y^2 s^4 (1 + q^2/D); the claim 003.lemma45.eq9_factored certifies
 * 1 + q^2/D >= 1. Also q^2 + y^2 s^2 = 1 - 2yc + y^2 (c^2 + s^2 = 1), the reading used in the comments. */
START_TEST(eq9_gap_factors)
{
    ring_t Rs, *R = &Rs;
    angle_setup(R);
    MUL(a1, e9, dd);
    MUL(tmp, q_, q_);
    SUB(a1, a1, tmp);
    ADD(a2, tmp, dd); /* q^2 + D */
    MUL(a2, a2, s2);
    MUL(tmp, y_, y_);
    MUL(a2, a2, tmp);
    ck_assert(EQUAL(a1, a2));
    MUL(a2, tmp, s2);
    MUL(tmp, q_, q_);
    ADD(a2, a2, tmp);
    ck_assert(EQUAL(e9, a2));
    ring_clear(R);
}
END_TEST

/* ---- Lemma C.1 (B6, C13): generators eta, x, G = g(phi), N, S, s, P = pi, W ---- */
enum { ETA, X, G, NN, SS, SA, PP, WW, NS_C1 };

/* C13: x' = (1 - eta (P - 1)/(2P)) x + eta W (G - 1) N/(2P) + eta (W S^2 - s S)/(2P) equals the rate form
 * x + r (q - x) + eta S (W S - s)/(2P), r = eta (P - 1)/(2P), q = W (G - 1) N/(P - 1). Both times 2P(P - 1). */
START_TEST(lemma_c1_rate_form)
{
    ring_t Rs, *R = &Rs;
    ring_init(R, NS_C1);
    enum { eta = 0, x = 1, g = 2, n = 3, S = 4, s = 5, p = 6, w = 7, o = 8, pm1 = 9, lhs = 10, rhs = 11, u = 12,
           v = 13 };
    GEN(eta, ETA); GEN(x, X); GEN(g, G); GEN(n, NN); GEN(S, SS); GEN(s, SA); GEN(p, PP); GEN(w, WW);
    SI(o, 1);
    SUB(pm1, p, o); /* P - 1 */
    /* lhs = 2P(P-1) x' = (P-1) [(2P - eta (P-1)) x + eta W (G-1) N + eta (W S^2 - s S)] */
    MULSI(lhs, p, 2);
    MUL(u, eta, pm1);
    SUB(lhs, lhs, u);
    MUL(lhs, lhs, x);
    SUB(u, g, o);
    MUL(u, u, n);
    MUL(u, u, w);
    MUL(u, u, eta);
    ADD(lhs, lhs, u);
    MUL(u, S, S);
    MUL(u, u, w);
    MUL(v, s, S);
    SUB(u, u, v);
    MUL(u, u, eta);
    ADD(lhs, lhs, u);
    MUL(lhs, lhs, pm1);
    /* rhs = 2P(P-1) [x + r (q - x) + eta S (W S - s)/(2P)]
     *     = 2P(P-1) x + eta (P-1) (W (G-1) N - (P-1) x) + (P-1) eta S (W S - s) */
    MULSI(rhs, p, 2);
    MUL(rhs, rhs, pm1);
    MUL(rhs, rhs, x);
    SUB(u, g, o);
    MUL(u, u, n);
    MUL(u, u, w);
    MUL(v, pm1, x);
    SUB(u, u, v);
    MUL(u, u, eta);
    MUL(u, u, pm1);
    ADD(rhs, rhs, u);
    MUL(u, w, S);
    SUB(u, u, s);
    MUL(u, u, S);
    MUL(u, u, eta);
    MUL(u, u, pm1);
    ADD(rhs, rhs, u);
    ck_assert(EQUAL(lhs, rhs));
    ring_clear(R);
}
END_TEST

/* ---- C20's a-part (C13-C15) against the vector step a' = a - eta grad_a (C8), k symbolic entries ---- */
/* generators: a_1..a_k, b_1..b_k (b = a*), W, G, P, eta; KMAX entries at most */
#define KMAX 5

static void sum(ring_t *R, int dst, int first, int k)
{
    SI(dst, 0);
    for (int i = 0; i < k; i++)
        fmpq_mpoly_add(T(dst), T(dst), T(first + i), R->ctx);
}

/* For k = 2..5: 2P a'_i = 2P a_i - eta [(P-1) a_i + s - W (S + (G-1) b_i)] (C8: 2P grad_a = (11' + (P-1)I) a
 * - W (11' + (G-1)I) a*); then 2P x' = sum 2P a'_i b_i, 2P s' = sum 2P a'_i and 4P^2 n' = sum (2P a'_i)^2 equal
 * C20's reduced updates (times 2P, 4P^2). The difference of the two sides is, for each k, a linear combination of
 * the invariants (sum a^2, sum ab, sum b^2, (sum a)^2, sum a sum b, (sum b)^2) with coefficients of degree <= 1 in k
 * (k enters through 11' only); these are linearly independent for k >= 2, so zero at four values of k is zero for
 * every k >= 2. (k = 1 is checked as well.) */
START_TEST(reduced_a_step_equals_vector_step)
{
    for (int k = 1; k <= KMAX; k++) {
        ring_t Rs, *R = &Rs;
        ring_init(R, 2 * k + 4);
        /* temporaries: 0..k-1 a, 5..5+k-1 b (KMAX = 5), then named ones */
        enum { A0 = 0, B0 = KMAX, w = 2 * KMAX, g, p, eta, o, s, S, x, n, N, gi };
        for (int i = 0; i < k; i++) {
            GEN(A0 + i, i);
            GEN(B0 + i, k + i);
        }
        GEN(w, 2 * k); GEN(g, 2 * k + 1); GEN(p, 2 * k + 2); GEN(eta, 2 * k + 3);
        SI(o, 1);
        sum(R, s, A0, k);
        sum(R, S, B0, k);
        SI(x, 0); SI(n, 0); SI(N, 0);
        for (int i = 0; i < k; i++) {
            fmpq_mpoly_t m;
            fmpq_mpoly_init(m, R->ctx);
            fmpq_mpoly_mul(m, T(A0 + i), T(B0 + i), R->ctx);
            fmpq_mpoly_add(T(x), T(x), m, R->ctx);
            fmpq_mpoly_mul(m, T(A0 + i), T(A0 + i), R->ctx);
            fmpq_mpoly_add(T(n), T(n), m, R->ctx);
            fmpq_mpoly_mul(m, T(B0 + i), T(B0 + i), R->ctx);
            fmpq_mpoly_add(T(N), T(N), m, R->ctx);
            fmpq_mpoly_clear(m, R->ctx);
        }
        /* vector side: V_i = 2P a'_i, accumulated into x', s', n' */
        fmpq_mpoly_t Vx, Vs, Vn, Vi, u;
        fmpq_mpoly_init(Vx, R->ctx); fmpq_mpoly_init(Vs, R->ctx); fmpq_mpoly_init(Vn, R->ctx);
        fmpq_mpoly_init(Vi, R->ctx); fmpq_mpoly_init(u, R->ctx);
        for (int i = 0; i < k; i++) {
            SUB(gi, g, o);
            MUL(gi, gi, B0 + i);
            ADD(gi, gi, S);
            MUL(gi, gi, w); /* W (S + (G-1) b_i) */
            fmpq_mpoly_sub(u, T(p), T(o), R->ctx);
            fmpq_mpoly_mul(u, u, T(A0 + i), R->ctx);
            fmpq_mpoly_add(u, u, T(s), R->ctx);
            fmpq_mpoly_sub(u, u, T(gi), R->ctx); /* 2P grad_a_i */
            fmpq_mpoly_mul(u, u, T(eta), R->ctx);
            fmpq_mpoly_scalar_mul_si(Vi, T(p), 2, R->ctx);
            fmpq_mpoly_mul(Vi, Vi, T(A0 + i), R->ctx);
            fmpq_mpoly_sub(Vi, Vi, u, R->ctx);
            fmpq_mpoly_add(Vs, Vs, Vi, R->ctx);
            fmpq_mpoly_mul(u, Vi, T(B0 + i), R->ctx);
            fmpq_mpoly_add(Vx, Vx, u, R->ctx);
            fmpq_mpoly_mul(u, Vi, Vi, R->ctx);
            fmpq_mpoly_add(Vn, Vn, u, R->ctx);
        }
        /* reduced side (C20): cA = s - W S, cB = -W (G - 1) */
        fmpq_mpoly_t cA, cB, kk, r1, GG;
        fmpq_mpoly_init(cA, R->ctx); fmpq_mpoly_init(cB, R->ctx); fmpq_mpoly_init(kk, R->ctx);
        fmpq_mpoly_init(r1, R->ctx); fmpq_mpoly_init(GG, R->ctx);
        fmpq_mpoly_mul(cA, T(w), T(S), R->ctx);
        fmpq_mpoly_sub(cA, T(s), cA, R->ctx);
        fmpq_mpoly_sub(cB, T(g), T(o), R->ctx);
        fmpq_mpoly_mul(cB, cB, T(w), R->ctx);
        fmpq_mpoly_neg(cB, cB, R->ctx);
        fmpq_mpoly_set_si(kk, k, R->ctx);
        /* 2P x' = 2P x - eta ((P-1) x + cA S + cB N) */
        fmpq_mpoly_sub(r1, T(p), T(o), R->ctx);
        fmpq_mpoly_mul(r1, r1, T(x), R->ctx);
        fmpq_mpoly_mul(u, cA, T(S), R->ctx);
        fmpq_mpoly_add(r1, r1, u, R->ctx);
        fmpq_mpoly_mul(u, cB, T(N), R->ctx);
        fmpq_mpoly_add(r1, r1, u, R->ctx);
        fmpq_mpoly_mul(r1, r1, T(eta), R->ctx);
        fmpq_mpoly_scalar_mul_si(u, T(p), 2, R->ctx);
        fmpq_mpoly_mul(u, u, T(x), R->ctx);
        fmpq_mpoly_sub(r1, u, r1, R->ctx);
        ck_assert_msg(fmpq_mpoly_equal(r1, Vx, R->ctx), "x' at k = %d", k);
        /* 2P s' = 2P s - eta ((k + P - 1) s - W (k + G - 1) S) */
        fmpq_mpoly_add(r1, kk, T(p), R->ctx);
        fmpq_mpoly_sub(r1, r1, T(o), R->ctx);
        fmpq_mpoly_mul(r1, r1, T(s), R->ctx);
        fmpq_mpoly_add(u, kk, T(g), R->ctx);
        fmpq_mpoly_sub(u, u, T(o), R->ctx);
        fmpq_mpoly_mul(u, u, T(w), R->ctx);
        fmpq_mpoly_mul(u, u, T(S), R->ctx);
        fmpq_mpoly_sub(r1, r1, u, R->ctx);
        fmpq_mpoly_mul(r1, r1, T(eta), R->ctx);
        fmpq_mpoly_scalar_mul_si(u, T(p), 2, R->ctx);
        fmpq_mpoly_mul(u, u, T(s), R->ctx);
        fmpq_mpoly_sub(r1, u, r1, R->ctx);
        ck_assert_msg(fmpq_mpoly_equal(r1, Vs, R->ctx), "s' at k = %d", k);
        /* GG = (P-1)^2 n + k cA^2 + W^2 (G-1)^2 N + 2 (P-1) cA s - 2 (P-1) W (G-1) x - 2 cA W (G-1) S
         *    = (P-1)^2 n + k cA^2 + cB^2 N + 2 (P-1) cA s + 2 (P-1) cB x + 2 cA cB S */
        fmpq_mpoly_sub(r1, T(p), T(o), R->ctx); /* P - 1 */
        fmpq_mpoly_mul(GG, r1, r1, R->ctx);
        fmpq_mpoly_mul(GG, GG, T(n), R->ctx);
        fmpq_mpoly_mul(u, cA, cA, R->ctx);
        fmpq_mpoly_mul(u, u, kk, R->ctx);
        fmpq_mpoly_add(GG, GG, u, R->ctx);
        fmpq_mpoly_mul(u, cB, cB, R->ctx);
        fmpq_mpoly_mul(u, u, T(N), R->ctx);
        fmpq_mpoly_add(GG, GG, u, R->ctx);
        fmpq_mpoly_mul(u, r1, cA, R->ctx);
        fmpq_mpoly_mul(u, u, T(s), R->ctx);
        fmpq_mpoly_scalar_mul_si(u, u, 2, R->ctx);
        fmpq_mpoly_add(GG, GG, u, R->ctx);
        fmpq_mpoly_mul(u, r1, cB, R->ctx);
        fmpq_mpoly_mul(u, u, T(x), R->ctx);
        fmpq_mpoly_scalar_mul_si(u, u, 2, R->ctx);
        fmpq_mpoly_add(GG, GG, u, R->ctx);
        fmpq_mpoly_mul(u, cA, cB, R->ctx);
        fmpq_mpoly_mul(u, u, T(S), R->ctx);
        fmpq_mpoly_scalar_mul_si(u, u, 2, R->ctx);
        fmpq_mpoly_add(GG, GG, u, R->ctx);
        /* 4P^2 n' = 4P^2 n - 4P eta ((P-1) n + cA s + cB x) + eta^2 GG */
        fmpq_mpoly_mul(Vi, r1, T(n), R->ctx); /* reuses Vi */
        fmpq_mpoly_mul(u, cA, T(s), R->ctx);
        fmpq_mpoly_add(Vi, Vi, u, R->ctx);
        fmpq_mpoly_mul(u, cB, T(x), R->ctx);
        fmpq_mpoly_add(Vi, Vi, u, R->ctx);
        fmpq_mpoly_mul(Vi, Vi, T(eta), R->ctx);
        fmpq_mpoly_mul(Vi, Vi, T(p), R->ctx);
        fmpq_mpoly_scalar_mul_si(Vi, Vi, -4, R->ctx);
        fmpq_mpoly_mul(u, T(p), T(p), R->ctx);
        fmpq_mpoly_mul(u, u, T(n), R->ctx);
        fmpq_mpoly_scalar_mul_si(u, u, 4, R->ctx);
        fmpq_mpoly_add(Vi, Vi, u, R->ctx);
        fmpq_mpoly_mul(u, T(eta), T(eta), R->ctx);
        fmpq_mpoly_mul(u, u, GG, R->ctx);
        fmpq_mpoly_add(Vi, Vi, u, R->ctx);
        ck_assert_msg(fmpq_mpoly_equal(Vi, Vn, R->ctx), "n' at k = %d", k);
        /* C8 from C6: d/da_i of 4P loss = 2 (P-1) a_i + 2 s - 2 W ((G-1) b_i + S) = 2 (2P grad_a_i) */
        fmpq_mpoly_t L;
        fmpq_mpoly_init(L, R->ctx);
        /* 4P loss = W^2 ((P-1) N + S^2) + (P-1) n + s^2 - 2 W ((G-1) x + s S) */
        fmpq_mpoly_mul(L, r1, T(N), R->ctx);
        fmpq_mpoly_mul(u, T(S), T(S), R->ctx);
        fmpq_mpoly_add(L, L, u, R->ctx);
        fmpq_mpoly_mul(L, L, T(w), R->ctx);
        fmpq_mpoly_mul(L, L, T(w), R->ctx);
        fmpq_mpoly_mul(u, r1, T(n), R->ctx);
        fmpq_mpoly_add(L, L, u, R->ctx);
        fmpq_mpoly_mul(u, T(s), T(s), R->ctx);
        fmpq_mpoly_add(L, L, u, R->ctx);
        fmpq_mpoly_sub(u, T(g), T(o), R->ctx);
        fmpq_mpoly_mul(u, u, T(x), R->ctx);
        fmpq_mpoly_mul(Vi, T(s), T(S), R->ctx);
        fmpq_mpoly_add(u, u, Vi, R->ctx);
        fmpq_mpoly_mul(u, u, T(w), R->ctx);
        fmpq_mpoly_scalar_mul_si(u, u, 2, R->ctx);
        fmpq_mpoly_sub(L, L, u, R->ctx);
        for (int i = 0; i < k; i++) {
            fmpq_mpoly_derivative(u, L, i, R->ctx);
            SUB(gi, g, o);
            MUL(gi, gi, B0 + i);
            ADD(gi, gi, S);
            MUL(gi, gi, w);
            fmpq_mpoly_mul(Vi, r1, T(A0 + i), R->ctx);
            fmpq_mpoly_add(Vi, Vi, T(s), R->ctx);
            fmpq_mpoly_sub(Vi, Vi, T(gi), R->ctx);
            fmpq_mpoly_scalar_mul_si(Vi, Vi, 2, R->ctx);
            ck_assert_msg(fmpq_mpoly_equal(u, Vi, R->ctx), "C8 component %d at k = %d", i, k);
        }
        fmpq_mpoly_clear(L, R->ctx);
        fmpq_mpoly_clear(Vx, R->ctx); fmpq_mpoly_clear(Vs, R->ctx); fmpq_mpoly_clear(Vn, R->ctx);
        fmpq_mpoly_clear(Vi, R->ctx); fmpq_mpoly_clear(u, R->ctx);
        fmpq_mpoly_clear(cA, R->ctx); fmpq_mpoly_clear(cB, R->ctx); fmpq_mpoly_clear(kk, R->ctx);
        fmpq_mpoly_clear(r1, R->ctx); fmpq_mpoly_clear(GG, R->ctx);
        ring_clear(R);
    }
}
END_TEST

/* ---- C16, C17, C20's v-part against the vector step v' = v - eta grad_v (C7), in Gram coordinates ---- */
/* rational functions num/den over Q[rho, m, W, Th, x, eta, P]: rho = ||v||, m = v.w*, W = ||w*||, Th = pi - phi */
typedef struct {
    fmpq_mpoly_t n, d;
} frac_t;

static void fr_init(frac_t *f, const fmpq_mpoly_ctx_t ctx)
{
    fmpq_mpoly_init(f->n, ctx);
    fmpq_mpoly_init(f->d, ctx);
    fmpq_mpoly_set_si(f->d, 1, ctx);
}
static void fr_clear(frac_t *f, const fmpq_mpoly_ctx_t ctx)
{
    fmpq_mpoly_clear(f->n, ctx);
    fmpq_mpoly_clear(f->d, ctx);
}
/* f = generator v, or the integer v */
static void fr_gen(frac_t *f, slong v, const fmpq_mpoly_ctx_t ctx)
{
    fmpq_mpoly_gen(f->n, v, ctx);
    fmpq_mpoly_set_si(f->d, 1, ctx);
}
static void fr_si(frac_t *f, slong v, const fmpq_mpoly_ctx_t ctx)
{
    fmpq_mpoly_set_si(f->n, v, ctx);
    fmpq_mpoly_set_si(f->d, 1, ctx);
}

/* r = a b, r = a/b, r = a + sgn b (r may alias a or b) */
static void fr_mul(frac_t *r, const frac_t *a, const frac_t *b, const fmpq_mpoly_ctx_t ctx)
{
    fmpq_mpoly_mul(r->n, a->n, b->n, ctx);
    fmpq_mpoly_mul(r->d, a->d, b->d, ctx);
}
static void fr_div(frac_t *r, const frac_t *a, const frac_t *b, const fmpq_mpoly_ctx_t ctx)
{
    fmpq_mpoly_t t;
    fmpq_mpoly_init(t, ctx);
    fmpq_mpoly_mul(t, a->n, b->d, ctx);
    fmpq_mpoly_mul(r->d, a->d, b->n, ctx);
    fmpq_mpoly_swap(r->n, t, ctx);
    fmpq_mpoly_clear(t, ctx);
}
static void fr_addsub(frac_t *r, const frac_t *a, const frac_t *b, int sgn, const fmpq_mpoly_ctx_t ctx)
{
    fmpq_mpoly_t t, u;
    fmpq_mpoly_init(t, ctx);
    fmpq_mpoly_init(u, ctx);
    fmpq_mpoly_mul(t, a->n, b->d, ctx);
    fmpq_mpoly_mul(u, b->n, a->d, ctx);
    if (sgn > 0)
        fmpq_mpoly_add(t, t, u, ctx);
    else
        fmpq_mpoly_sub(t, t, u, ctx);
    fmpq_mpoly_mul(r->d, a->d, b->d, ctx);
    fmpq_mpoly_swap(r->n, t, ctx);
    fmpq_mpoly_clear(t, ctx);
    fmpq_mpoly_clear(u, ctx);
}
static int fr_equal(const frac_t *a, const frac_t *b, const fmpq_mpoly_ctx_t ctx)
{
    fmpq_mpoly_t t, u;
    fmpq_mpoly_init(t, ctx);
    fmpq_mpoly_init(u, ctx);
    fmpq_mpoly_mul(t, a->n, b->d, ctx);
    fmpq_mpoly_mul(u, b->n, a->d, ctx);
    int eq = fmpq_mpoly_equal(t, u, ctx);
    fmpq_mpoly_clear(t, ctx);
    fmpq_mpoly_clear(u, ctx);
    return eq;
}

/* C7: grad_v = -L (w* - (m/r) v), L = x Th/(2 P rho), r = rho^2, so v' = alpha v + beta w* with alpha = 1 - eta L m/r,
 * beta = eta L, and ||v'||^2 = alpha^2 r + 2 alpha beta m + beta^2 W^2, v'.w* = alpha m + beta W^2 (Gram expansion).
 * C20 (C16, C17): lambda = W Th x/(2 P r), y = eta lambda, c = m/(rho W), s^2 = 1 - c^2; r' = r (1 + y^2 s^2) and
 * cos phi' = (c + y s^2)/sqrt(1 + y^2 s^2), i.e. v'.w* = cos phi' ||v'|| W = (c + y s^2) rho W (||v'|| = rho
 * sqrt(1 + y^2 s^2) by the first identity). sin phi' follows from cos phi' (angle_step_pythagoras). The rational
 * functions are compared cross-multiplied (denominators are products of rho, W, P, nonzero). */
START_TEST(reduced_v_step_equals_vector_step)
{
    fmpq_mpoly_ctx_t ctx;
    fmpq_mpoly_ctx_init(ctx, 7, ORD_LEX);
    enum { RHO, M, W, TH, X, ETA, P, ONE, TWO, R_, L, AL, BE, U, V, C, S2, Y, NV, RV, NF = 20 };
    frac_t f[NF];
    for (int i = 0; i < NF; i++)
        fr_init(&f[i], ctx);
    for (int i = RHO; i <= P; i++)
        fr_gen(&f[i], i, ctx);
    fr_si(&f[ONE], 1, ctx);
    fr_si(&f[TWO], 2, ctx);
    fr_mul(&f[R_], &f[RHO], &f[RHO], ctx);
    /* vector side */
    fr_mul(&f[L], &f[X], &f[TH], ctx);
    fr_div(&f[L], &f[L], &f[TWO], ctx);
    fr_div(&f[L], &f[L], &f[P], ctx);
    fr_div(&f[L], &f[L], &f[RHO], ctx);
    fr_mul(&f[BE], &f[ETA], &f[L], ctx);
    fr_mul(&f[AL], &f[BE], &f[M], ctx);
    fr_div(&f[AL], &f[AL], &f[R_], ctx);
    fr_addsub(&f[AL], &f[ONE], &f[AL], -1, ctx);
    fr_mul(&f[NV], &f[AL], &f[AL], ctx); /* ||v'||^2 */
    fr_mul(&f[NV], &f[NV], &f[R_], ctx);
    fr_mul(&f[U], &f[AL], &f[BE], ctx);
    fr_mul(&f[U], &f[U], &f[M], ctx);
    fr_mul(&f[U], &f[U], &f[TWO], ctx);
    fr_addsub(&f[NV], &f[NV], &f[U], 1, ctx);
    fr_mul(&f[U], &f[BE], &f[BE], ctx);
    fr_mul(&f[U], &f[U], &f[W], ctx);
    fr_mul(&f[U], &f[U], &f[W], ctx);
    fr_addsub(&f[NV], &f[NV], &f[U], 1, ctx);
    fr_mul(&f[V], &f[AL], &f[M], ctx); /* v'.w* */
    fr_mul(&f[U], &f[BE], &f[W], ctx);
    fr_mul(&f[U], &f[U], &f[W], ctx);
    fr_addsub(&f[V], &f[V], &f[U], 1, ctx);
    /* reduced side */
    fr_mul(&f[C], &f[RHO], &f[W], ctx);
    fr_div(&f[C], &f[M], &f[C], ctx);
    fr_mul(&f[S2], &f[C], &f[C], ctx);
    fr_addsub(&f[S2], &f[ONE], &f[S2], -1, ctx);
    fr_mul(&f[Y], &f[W], &f[TH], ctx);
    fr_mul(&f[Y], &f[Y], &f[X], ctx);
    fr_div(&f[Y], &f[Y], &f[TWO], ctx);
    fr_div(&f[Y], &f[Y], &f[P], ctx);
    fr_div(&f[Y], &f[Y], &f[R_], ctx);
    fr_mul(&f[Y], &f[Y], &f[ETA], ctx);
    fr_mul(&f[RV], &f[Y], &f[Y], ctx);
    fr_mul(&f[RV], &f[RV], &f[S2], ctx);
    fr_addsub(&f[RV], &f[ONE], &f[RV], 1, ctx);
    fr_mul(&f[RV], &f[RV], &f[R_], ctx); /* r' */
    ck_assert(fr_equal(&f[NV], &f[RV], ctx));
    fr_mul(&f[U], &f[Y], &f[S2], ctx);
    fr_addsub(&f[U], &f[C], &f[U], 1, ctx);
    fr_mul(&f[U], &f[U], &f[RHO], ctx);
    fr_mul(&f[U], &f[U], &f[W], ctx); /* (c + y s^2) rho W */
    ck_assert(fr_equal(&f[V], &f[U], ctx));
    for (int i = 0; i < NF; i++)
        fr_clear(&f[i], ctx);
    fmpq_mpoly_ctx_clear(ctx);
}
END_TEST

Suite *identities_suite(void)
{
    Suite *s = suite_create("cnn_identities");
    TCase *tc = tcase_create("exact");
    tcase_add_test(tc, angle_step_pythagoras);
    tcase_add_test(tc, contraction_gap_factors);
    tcase_add_test(tc, eq9_gap_factors);
    tcase_add_test(tc, lemma_c1_rate_form);
    tcase_add_test(tc, reduced_a_step_equals_vector_step);
    tcase_add_test(tc, reduced_v_step_equals_vector_step);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    SRunner *sr = srunner_create(identities_suite());
    srunner_run_all(sr, CK_NORMAL);
    int nf = srunner_ntests_failed(sr);
    srunner_free(sr);
    return nf == 0 ? 0 : 1;
}
