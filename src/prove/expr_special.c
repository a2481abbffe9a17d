/* Value and derivative factors of the special functions of the claim language over a ball (issue 10,
 * section 4), all from Arb:
 *   lgamma(x), x > 0:  lgamma' = digamma, lgamma'' = trigamma = zeta(2, x) (Hurwitz zeta);
 *   digamma(x), x > 0: digamma' = trigamma, digamma'' = psi_2(x) = -2 zeta(3, x);
 *   besselj, besseli, besselk, bessely (n, x), n an integer >= 0 (arb_hypgeom_bessel_j/i/k/y; k and y need
 *     x > 0): derivatives by the order recurrences at bessel_factors, with J_{-k} = (-1)^k J_k,
 *     Y_{-k} = (-1)^k Y_k (DLMF 10.4.1), I_{-k} = I_k and K_{-k} = K_k (DLMF 10.27.1, 10.27.3), so no
 *     quotient by x appears. Y_n on a wide ball by Nicholson's bound (bessel_y_wide): Arb's own Y_n of a
 *     ball of radius 2^-11 near x = 30 is [+-3e9] at 64 bits.
 * Monotone pieces come from the exact ends (gdc_iv_mono): digamma increases and trigamma decreases on
 * (0, inf) (trigamma = sum 1/(x + k)^2 > 0, psi_2 = -2 sum 1/(x + k)^3 < 0 and increasing); lgamma and the
 * Bessel functions are enclosed as proved at gdc_iv_lgamma and gdc_iv_bessel. Outside x > 0 lgamma, digamma,
 * besselk and bessely are undefined (never HOLDS on a box reaching 0 or below). */
#include "prove/expr_impl.h"

/* trigamma(x) = zeta(2, x) and psi_2(x) = -2 zeta(3, x), x > 0 */
static void hurwitz_si(arb_t r, slong s, const arb_t x, slong prec)
{
    arb_t a;
    arb_init(a);
    arb_set_si(a, s);
    arb_hurwitz_zeta(r, a, x, prec);
    arb_clear(a);
}

static void trigamma(arb_t r, const arb_t x, slong prec)
{
    hurwitz_si(r, 2, x, prec);
}

static void psi2(arb_t r, const arb_t x, slong prec)
{
    hurwitz_si(r, 3, x, prec);
    arb_mul_si(r, r, -2, prec);
}

/* lgamma over a ball inside (0, inf). lgamma is convex there (Gamma is log-convex: Bohr-Mollerup), so its
 * maximum over [a, b] is at an end. It decreases on (0, x0] and increases on [x0, inf), x0 = 1.4616321...
 * the zero of digamma, which lies in [187/128, 47/32] = [1.4609375, 1.46875] (digamma(187/128) < 0 <
 * digamma(47/32): the unit test checks it in Arb); so the minimum is lgamma(b) when b <= 187/128,
 * lgamma(a) when a >= 47/32, and otherwise at least lgamma(x0) >= the lower end of lgamma([187/128, 47/32]). */
void gdc_iv_lgamma(arb_t v, const arb_t x, arb_t t, arb_t u, slong prec)
{
    arf_t L, U, lo, hi;
    arf_init(L);
    arf_init(U);
    arf_init(lo);
    arf_init(hi);
    arf_set_si_2exp_si(lo, 187, -7);
    arf_set_si_2exp_si(hi, 47, -5);
    arb_get_lbound_arf(L, x, 2 * prec);
    arb_get_ubound_arf(U, x, 2 * prec);
    if (arb_is_exact(x))
        arb_lgamma(v, x, prec);
    else if (arf_cmp(U, lo) <= 0)
        gdc_iv_mono(v, x, arb_lgamma, 0, t, u, prec);
    else if (arf_cmp(L, hi) >= 0)
        gdc_iv_mono(v, x, arb_lgamma, 1, t, u, prec);
    else {
        arb_set_arf(t, L);
        arb_lgamma(t, t, prec);
        arb_set_arf(u, U);
        arb_lgamma(u, u, prec);
        arb_get_ubound_arf(U, u, prec);
        arb_get_ubound_arf(L, t, prec);
        if (arf_cmp(L, U) > 0)
            arf_set(U, L);
        if (!arb_is_finite(t) || !arb_is_finite(u))
            arf_pos_inf(U);
        arb_set_interval_arf(t, lo, hi, prec);
        arb_lgamma(t, t, prec);
        arb_get_lbound_arf(L, t, prec);
        if (arf_is_finite(U))
            gdc_iv_set_ends(v, L, U, prec);
        else
            arb_indeterminate(v);
    }
    arf_clear(L);
    arf_clear(U);
    arf_clear(lo);
    arf_clear(hi);
}

/* C_n(x) of kind op at a point or ball, from Arb's order |n| and the reflection formulas */
static void bessel_arb(arb_t v, int op, slong n, const arb_t x, slong prec)
{
    arb_t nu;
    arb_init(nu);
    arb_set_si(nu, n < 0 ? -n : n);
    switch (op) {
    case GDC_N_BESSELJ: arb_hypgeom_bessel_j(v, nu, x, prec); break;
    case GDC_N_BESSELI: arb_hypgeom_bessel_i(v, nu, x, prec); break;
    case GDC_N_BESSELY: arb_hypgeom_bessel_y(v, nu, x, prec); break;
    default: arb_hypgeom_bessel_k(v, nu, x, prec); break;
    }
    if (n < 0 && (n & 1) && (op == GDC_N_BESSELJ || op == GDC_N_BESSELY))
        arb_neg(v, v);
    arb_clear(nu);
}

/* C_n over the ball x from its values at the exact ends (monotone there: inc 1 increasing, 0 decreasing) */
static void bessel_ends(arb_t v, int op, slong n, const arb_t x, int inc, slong prec)
{
    arb_t a, b;
    arf_t L, U;
    arb_init(a);
    arb_init(b);
    arf_init(L);
    arf_init(U);
    arb_get_lbound_arf(L, x, 2 * prec);
    arb_get_ubound_arf(U, x, 2 * prec);
    arb_set_arf(a, L);
    arb_set_arf(b, U);
    bessel_arb(a, op, n, a, prec);
    bessel_arb(b, op, n, b, prec);
    if (!inc)
        arb_swap(a, b);
    arb_get_lbound_arf(L, a, prec);
    arb_get_ubound_arf(U, b, prec);
    if (arb_is_finite(a) && arb_is_finite(b))
        gdc_iv_set_ends(v, L, U, prec);
    else
        arb_indeterminate(v);
    arb_clear(a);
    arb_clear(b);
    arf_clear(L);
    arf_clear(U);
}

/* M_n(a) = sqrt(J_n(a)^2 + Y_n(a)^2) at the exact point a > 0 (M_{-n} = M_n) */
static void bessel_modulus(arb_t r, slong n, const arb_t a, slong prec)
{
    arb_t y;
    arb_init(y);
    bessel_arb(r, GDC_N_BESSELJ, n, a, prec);
    bessel_arb(y, GDC_N_BESSELY, n, a, prec);
    arb_sqr(r, r, prec);
    arb_addmul(r, y, y, prec);
    arb_sqrtpos(r, r, prec);
    arb_clear(y);
}

/* Y_n over the ball x = [m - r, m + r], 0 < a <= m - r (a the exact lower end). Nicholson's formula (DLMF 10.9.30),
 *   J_n(x)^2 + Y_n(x)^2 = (8/pi^2) int_0^inf cosh(2 n t) K_0(2 x sinh t) dt   (x > 0),
 * with K_0 > 0 decreasing on (0, inf) (DLMF 10.32.9), shows that M_n(x) = sqrt(J_n^2 + Y_n^2) decreases on x > 0.
 * So |Y_k(x)| <= M_k(a) on the ball for every k, and |Y_n'| = |Y_{n-1} - Y_{n+1}|/2 <= (M_{n-1}(a) + M_{n+1}(a))/2
 * (DLMF 10.6.1); hence Y_n(x) lies in Y_n(m) + [-r, r] (M_{n-1}(a) + M_{n+1}(a))/2 and in [-M_n(a), M_n(a)]. */
static void bessel_y_wide(arb_t v, slong n, const arb_t x, const arb_t a, slong prec)
{
    arb_t m, d, t;
    arb_init(m);
    arb_init(d);
    arb_init(t);
    arb_set_arf(m, arb_midref(x));
    bessel_arb(m, GDC_N_BESSELY, n, m, prec);
    bessel_modulus(d, n - 1, a, prec);
    bessel_modulus(t, n + 1, a, prec);
    arb_add(d, d, t, prec);
    arb_mul_2exp_si(d, d, -1);
    arf_set_mag(arb_midref(t), arb_radref(x));
    mag_zero(arb_radref(t));
    arb_mul(d, d, t, prec);
    arb_add_error(m, d);                        /* Y_n(m) +- r D */
    bessel_modulus(d, n, a, prec);
    arb_get_ubound_arf(arb_midref(t), d, prec);
    mag_zero(arb_radref(t));
    arb_zero(v);
    arb_add_error(v, t);                        /* [-M_n(a), M_n(a)] */
    if (arb_is_finite(m))
        arb_intersection(v, v, m, prec);
    arb_clear(m);
    arb_clear(d);
    arb_clear(t);
}

/* Y_n over the ball x (x > 0: the caller checks): at a point Arb's value; on a wide ball bessel_y_wide, intersected
 * with Arb's own enclosure of the ball when that is finite */
static void bessel_y(arb_t v, slong n, const arb_t x, slong prec)
{
    arf_t L;
    arb_t a, w;
    if (arb_is_exact(x)) {
        bessel_arb(v, GDC_N_BESSELY, n, x, prec);
        return;
    }
    arf_init(L);
    arb_init(a);
    arb_init(w);
    arb_get_lbound_arf(L, x, prec);
    arb_set_arf(a, L);
    if (arb_is_positive(a))
        bessel_y_wide(v, n, x, a, prec);
    else
        arb_indeterminate(v);
    bessel_arb(w, GDC_N_BESSELY, n, x, prec);
    if (!arb_is_finite(v))
        arb_set(v, w);
    else if (arb_is_finite(w))
        arb_intersection(v, v, w, prec);
    arf_clear(L);
    arb_clear(a);
    arb_clear(w);
}

/* The Bessel function of kind op and integer order n over the ball x:
 * J_n: Arb's enclosure, intersected with J_n(m) + [-r, r] (m the midpoint and r the radius of x: |J_n'| <= 1
 *   on the real line, as J_n' = (J_{n-1} - J_{n+1})/2 and |J_k(x)| <= 1 for k >= 0 and real x, DLMF 10.14.1)
 *   and with [-1, 1] (the same bound);
 * K_n, x > 0: from the ends, K_n being decreasing (K_n(x) = int_0^inf exp(-x cosh t) cosh(n t) dt, DLMF
 *   10.32.9, each integrand decreasing in x);
 * I_n, x >= 0: from the ends, I_n being increasing (its power series, DLMF 10.25.2, has terms
 *   (x/2)^(2k+|n|)/(k! (k+|n|)!) >= 0 increasing in x >= 0; I_{-n} = I_n);
 * Y_n, x > 0: bessel_y;
 * otherwise (I_n across or below 0) Arb's enclosure of the ball. */
void gdc_iv_bessel(arb_t v, int op, slong n, const arb_t x, slong prec)
{
    if (op == GDC_N_BESSELY) {
        bessel_y(v, n, x, prec);
        return;
    }
    if (arb_is_exact(x))
        bessel_arb(v, op, n, x, prec);
    else if (op == GDC_N_BESSELK)
        bessel_ends(v, op, n, x, 0, prec);
    else if (op == GDC_N_BESSELI && arb_is_nonnegative(x))
        bessel_ends(v, op, n, x, 1, prec);
    else
        bessel_arb(v, op, n, x, prec);
    if (op != GDC_N_BESSELJ)
        return;
    if (!arb_is_exact(x)) {
        arb_t m;
        arb_init(m);
        arb_set_arf(m, arb_midref(x));
        bessel_arb(m, op, n, m, prec);
        arb_add_error_mag(m, arb_radref(x));
        if (!arb_is_finite(v))
            arb_set(v, m);
        else if (arb_is_finite(m))
            arb_intersection(v, v, m, prec);
        arb_clear(m);
    }
    gdc_iv_clamp(v, -1, 1, prec);
}

/* the factors by the order recurrences (DLMF 10.6.1, 10.29.1), applied twice for the second:
 *   J, Y: C_n' = (C_{n-1} - C_{n+1})/2,   C_n'' = (C_{n-2} - 2 C_n + C_{n+2})/4;
 *   I:    I_n' = (I_{n-1} + I_{n+1})/2,   I_n'' = (I_{n-2} + 2 I_n + I_{n+2})/4;
 *   K:    K_n' = -(K_{n-1} + K_{n+1})/2,  K_n'' = (K_{n-2} + 2 K_n + K_{n+2})/4;
 * for J both lie in [-1, 1]. */
static void bessel_factors(gdc_evalws_t *ws, int op, slong n, arb_srcptr x, arb_srcptr v, slong prec, gdc_dfac_t *d)
{
    arb_ptr w = ws->tmp + 4, z = ws->tmp + 5;
    int oscill = op == GDC_N_BESSELJ || op == GDC_N_BESSELY;
    gdc_iv_bessel(w, op, n - 1, x, prec);
    gdc_iv_bessel(z, op, n + 1, x, prec);
    gdc_iv_add(d->fa, w, z, oscill, prec);
    arb_mul_2exp_si(d->fa, d->fa, -1);
    if (op == GDC_N_BESSELK)
        arb_neg(d->fa, d->fa);
    if (op == GDC_N_BESSELJ)
        gdc_iv_clamp(d->fa, -1, 1, prec);
    if (!d->want2)
        return;
    gdc_iv_bessel(w, op, n - 2, x, prec);
    gdc_iv_bessel(z, op, n + 2, x, prec);
    gdc_iv_add(d->faa, w, z, 0, prec);
    arb_mul_2exp_si(z, v, 1);
    gdc_iv_add(d->faa, d->faa, z, oscill, prec);
    arb_mul_2exp_si(d->faa, d->faa, -2);
    if (op == GDC_N_BESSELJ)
        gdc_iv_clamp(d->faa, -1, 1, prec);
}

int gdc_node_special(const gdc_claim_t *c, gdc_evalws_t *ws, int i, slong prec, gdc_dfac_t *d)
{
    const gdc_node_t *n = &c->nodes[i];
    arb_ptr v = ws->val + i, t = ws->tmp, u = ws->tmp + 1;
    arb_srcptr x = ws->val + n->a;
    switch (n->op) {
    case GDC_N_LGAMMA:
    case GDC_N_DIGAMMA:
        if (!arb_is_positive(x))
            return 0;
        if (n->op == GDC_N_LGAMMA)
            gdc_iv_lgamma(v, x, t, u, prec);
        else
            gdc_iv_mono(v, x, arb_digamma, 1, t, u, prec);
        if (d->want) {
            if (n->op == GDC_N_LGAMMA)
                gdc_iv_mono(d->fa, x, arb_digamma, 1, t, u, prec);
            else
                gdc_iv_mono(d->fa, x, trigamma, 0, t, u, prec);
        }
        if (d->want2) {
            if (n->op == GDC_N_LGAMMA)
                gdc_iv_mono(d->faa, x, trigamma, 0, t, u, prec);
            else
                gdc_iv_mono(d->faa, x, psi2, 1, t, u, prec);
        }
        return 1;
    case GDC_N_BESSELJ: case GDC_N_BESSELI: case GDC_N_BESSELK: case GDC_N_BESSELY: {
        slong order = fmpz_get_si(fmpq_numref(c->nodes[n->b].q));
        if ((n->op == GDC_N_BESSELK || n->op == GDC_N_BESSELY) && !arb_is_positive(x))
            return 0;
        gdc_iv_bessel(v, n->op, order, x, prec);
        if (d->want) {
            arb_zero(d->fb);
            bessel_factors(ws, n->op, order, x, v, prec, d);
        }
        if (d->want2) {
            arb_zero(d->fab);
            arb_zero(d->fbb);
        }
        return 1;
    }
    }
    return 0;
}
