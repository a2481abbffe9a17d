/* Arb enclosure of relu.nc_grad: grad F and F for x ~ N((0, m), I_2), v = (1, 0) (000_09c7d5b8511ab65b.txt
 * Sec. 6.2, Figure 1; seed-000 C26), rigorous for any balls wx, wy, m.
 *
 * Proof of the method.
 * (1) C26: E[h(x)] = int h(u(phi)) W(phi) dphi over one turn, u = (cos phi, sin phi), for h homogeneous of degree
 *     2, with 2 pi W = e^{-m^2/2} M3(m sin phi) and M3(b) = b^2 + 2 + sqrt(2 pi) e^{b^2/2} b (b^2 + 3) Phi(b)
 *     (x = rho u: the density of N(mu, I) is e^{-|mu|^2/2} e^{-rho^2/2 + rho mu.u}/(2 pi), dx = rho drho dphi,
 *     and int_0^inf rho^3 e^{-rho^2/2 + b rho} drho = M3(b) by J_n = b J_{n-1} + (n-1) J_{n-2}, J_1 = 1 + b J_0,
 *     J_0 = sqrt(2 pi) e^{b^2/2} Phi(b)). Since m^2 - b^2 = m^2 cos^2 phi,
 *       2 pi W(phi) = e^{-m^2/2} (b^2 + 2) + b (b^2 + 3) sqrt(2 pi) e^{-m^2 cos^2 phi/2} erfc(-b/sqrt2)/2,
 *     an entire function of phi (erfc, exp, sin, cos are entire). The gradient integrand
 *     (relu(w.u) - relu(v.u)) 1(w.u > 0) u and the loss integrand (relu(w.u) - relu(v.u))^2/2 are degree-2
 *     homogeneous in x.
 * (2) Every integral below is G(q; a, b) = int_a^b (q.u) e^{i phi} W(phi) dphi, whose real and imaginary parts are
 *     the two components of int_a^b (q.u) u W: the integrand is entire in phi, so acb_calc_integrate (with the
 *     substitution phi = a + (b - a) s, s in [0, 1]) needs no analyticity test (the `order` argument is ignored).
 *     With ball endpoints and ball parameters (q, m) the integrator evaluates the integrand, and bounds it on its
 *     ellipses, for all values in the balls at once, so its output contains G(q; a, b) for every q, m, a, b in
 *     the balls. Hence uncertain kink positions are rigorous as long as, for every w in the box, the formula used
 *     is the true integrand on the true piece; that is what the case split guarantees:
 *   (c) wy > 0 on the whole box: arg w in (0, pi), k1 = arg w - pi/2 = atan2(-wx, wy) in (-pi/2, pi/2), and the
 *       pieces are v-only [-pi/2, k1], I = [k1, pi/2] (both active, integrand ((w - v).u) u W), w-only
 *       [pi/2, k1 + pi] (integrand (w.u) u W). The ordering holds for every w with wy > 0.
 *   (d) wy < 0 on the whole box: k2 = arg w + pi/2 = atan2(wx, -wy) in (-pi/2, pi/2); w-only [k2 - pi, -pi/2],
 *       I = [-pi/2, k2], v-only [k2, pi/2].
 *       In (c) and (d): grad F = G(w - v; I) + G(w; w-only), and since q.G(q; piece) = int (q.u)^2 W,
 *       F = (w - v).G(w - v; I)/2 + w.G(w; w-only)/2 + v.G(v; v-only)/2.
 *   (b) wy exactly 0, wx > 0 on the box: one piece I = [-pi/2, pi/2], grad F = G(w - v; I), F = (w - v).grad F/2.
 *       wy exactly 0, wx < 0: w-only [pi/2, 3 pi/2]; grad F = G(w; w-only), F = w.grad F/2 + 1/4, where
 *       1/4 = E[relu(x1)^2]/2 exactly (x1 = v.x ~ N(0, 1) because mu.v = 0).
 *   (e) wy straddles 0 (then wx > 0 or wx < 0 on the whole box, since 0 is not in it): the order of the kinks of
 *       w and v is uncertain, so the order-free decomposition relu(w.x) 1(w.x > 0) = w.x 1(w.x > 0) is used:
 *       grad F = G(w; A) - G(v; A n V), F = w.G(w; A)/2 + 1/4 - w.G(v; A n V), with A = [k1, k1 + pi] the active
 *       half-turn of w and V = {v.u > 0}. For wx > 0, arg w = atan(wy/wx) in (-pi/2, pi/2) and
 *       A n V = [max(k1, -pi/2), min(k1 + pi, pi/2)]; for wx < 0, arg w = atan(wy/wx) + pi in (pi/2, 3 pi/2) and
 *       A n V = [min(k1, pi/2), pi/2] u [3 pi/2, max(k1 + pi, 3 pi/2)] (each empty, i.e. of length 0, for half of
 *       the box). max/min of balls enclose the max/min for every point, so these ball endpoints contain the true
 *       ends for every w in the box; an interval [a, b] with a > b possible inside the balls only widens the
 *       enclosure. (This form cancels near w = v, which costs precision but not rigour; the point evaluations
 *       use (b)-(d).)
 *   (a) 0 in the w box: exactly w = 0 gives the convention value (sigma'(0) = 1, seed-000 C5)
 *       grad F(0) = -E[relu(x1) x] = -(1/2, m/sqrt(2 pi)), F(0) = 1/4; otherwise the gradient is indeterminate
 *       (it is discontinuous at 0) and F is enclosed by 0 <= E[relu(w.x)^2]/2 <= |w|^2 E|x|^2/2 and
 *       0 <= E[relu(w.x) relu(x1)] <= (E[relu(w.x)^2] E[relu(x1)^2])^{1/2} <= |w| ((2 + m^2)/2)^{1/2}
 *       (Cauchy-Schwarz, E|x|^2 = 2 + m^2): F in [1/4 - |w| ((2 + m^2)/2)^{1/2}, 1/4 + |w|^2 (2 + m^2)/2].
 *   Exactly w = v gives F = 0 and grad F = 0; exactly m = 0 and wy = 0 give the second component 0 (x2 -> -x2
 *   is then a symmetry of the law and of the integrand).
 * (f) Each piece integral is computed between the exact midpoints of its end balls, plus, for each end ball E of
 *     radius r, the sliver bound r sup_E |g| (real interval evaluation of the piece's analytic integrand g over E,
 *     for all parameters in their balls): int_{a*}^{b*} g = int_{am}^{bm} g + int_{a*}^{am} g + int_{bm}^{b*} g for
 *     oriented integrals, and |int_{a*}^{am} g| <= |a* - am| sup_E |g|. So an uncertain kink is bounded by
 *     interval evaluation on its uncertain arc, as C26 suggests, and costs its width once.
 * (g) On a wide box the integrator's bounds on complex ellipses can be very loose (a wide m makes e^{m^2 ...}
 *     huge there); the piece integral also lies in sum_j |s_j| F(s_j) over 32 real sub-balls s_j of [0, 1] (mean
 *     value; erfc of a real ball from its two ends, erfc being decreasing; m^2 cos^2/2 cut at 0 from below), and
 *     the intersection of the two enclosures is kept (both contain the integral for every point of the box).
 * Each acb_calc_integrate has relative goal prec (absolute tolerance 2^(-2 prec)); its output is rigorous whether or
 * not the goal was met. Enclosures on small boxes are a few times the box width times |grad of the outputs|. */
#include "relu/relu_nc.h"

typedef struct {
    arb_t lo, len, qx, qy, m, half_m2, e_all, c_erfc, inv_sqrt2;
} nc_param_t;

/* (q.u) e^{i phi} 2 pi W(phi) (b - a), phi = a + (b - a) s */
static int nc_integrand(acb_ptr out, const acb_t s, void *param, slong order, slong prec)
{
    (void)order; /* entire in s: no analyticity check needed */
    nc_param_t *p = param;
    acb_t phi, sn, cs, b, b2, t1, t2, e;
    acb_init(phi); acb_init(sn); acb_init(cs); acb_init(b); acb_init(b2); acb_init(t1); acb_init(t2); acb_init(e);
    acb_mul_arb(phi, s, p->len, prec);
    acb_add_arb(phi, phi, p->lo, prec);
    acb_sin_cos(sn, cs, phi, prec);
    acb_mul_arb(b, sn, p->m, prec);
    acb_sqr(b2, b, prec);
    /* t1 = e^{-m^2/2} (b^2 + 2) */
    acb_add_ui(t1, b2, 2, prec);
    acb_mul_arb(t1, t1, p->e_all, prec);
    /* t2 = b (b^2 + 3) (sqrt(2 pi)/2) e^{-m^2 cos^2/2} erfc(-b/sqrt2) */
    acb_mul_arb(e, b, p->inv_sqrt2, prec);
    acb_neg(e, e);
    acb_hypgeom_erfc(t2, e, prec);
    acb_sqr(e, cs, prec);
    acb_mul_arb(e, e, p->half_m2, prec);
    acb_neg(e, e);
    acb_exp(e, e, prec);
    acb_mul(t2, t2, e, prec);
    acb_add_ui(e, b2, 3, prec);
    acb_mul(e, e, b, prec);
    acb_mul(t2, t2, e, prec);
    acb_mul_arb(t2, t2, p->c_erfc, prec);
    acb_add(t1, t1, t2, prec); /* 2 pi W */
    /* (qx cos + qy sin) (cos + i sin) */
    acb_mul_arb(e, cs, p->qx, prec);
    acb_mul_arb(t2, sn, p->qy, prec);
    acb_add(e, e, t2, prec);
    acb_mul_onei(sn, sn);
    acb_add(cs, cs, sn, prec);
    acb_mul(e, e, cs, prec);
    acb_mul(out, e, t1, prec);
    acb_mul_arb(out, out, p->len, prec);
    acb_clear(phi); acb_clear(sn); acb_clear(cs); acb_clear(b); acb_clear(b2); acb_clear(t1); acb_clear(t2);
    acb_clear(e);
    return 0;
}

/* The same integrand over a real ball s (for the direct enclosure on wide boxes): re + i im encloses
 * (q.u) e^{i phi} 2 pi W(phi) (b - a) for every real phi = a + (b - a) s', s' in s, and every parameter in its ball.
 * erfc is decreasing on the real line, so erfc of a real ball is taken from its two ends (no blow-up for wide b). */
static void nc_integrand_real(arb_t re, arb_t im, const arb_t s, const nc_param_t *p, slong prec)
{
    arb_t phi, sn, cs, b, b2, t1, t2, e, lo, hi;
    arb_init(phi); arb_init(sn); arb_init(cs); arb_init(b); arb_init(b2); arb_init(t1); arb_init(t2); arb_init(e);
    arb_init(lo); arb_init(hi);
    arb_mul(phi, s, p->len, prec);
    arb_add(phi, phi, p->lo, prec);
    arb_sin_cos(sn, cs, phi, prec);
    arb_mul(b, sn, p->m, prec);
    gdc_arb_sqr(b2, b, prec);
    arb_add_ui(t1, b2, 2, prec);
    arb_mul(t1, t1, p->e_all, prec);
    arb_mul(e, b, p->inv_sqrt2, prec);
    arb_neg(e, e);
    gdc_arb_endpoints(lo, hi, e, prec);
    arb_hypgeom_erfc(lo, lo, prec);
    arb_hypgeom_erfc(hi, hi, prec);
    arb_union(t2, lo, hi, prec);
    gdc_arb_sqr(e, cs, prec);
    arb_mul(e, e, p->half_m2, prec);
    arb_nonnegative_part(e, e); /* m^2 cos^2/2 >= 0: the ball product may reach below 0 on wide boxes */
    arb_neg(e, e);
    arb_exp(e, e, prec);
    arb_mul(t2, t2, e, prec);
    arb_add_ui(e, b2, 3, prec);
    arb_mul(e, e, b, prec);
    arb_mul(t2, t2, e, prec);
    arb_mul(t2, t2, p->c_erfc, prec);
    arb_add(t1, t1, t2, prec); /* 2 pi W */
    arb_mul(e, cs, p->qx, prec);
    arb_mul(t2, sn, p->qy, prec);
    arb_add(e, e, t2, prec); /* q.u */
    arb_mul(e, e, t1, prec);
    arb_mul(e, e, p->len, prec);
    arb_mul(re, e, cs, prec);
    arb_mul(im, e, sn, prec);
    arb_clear(phi); arb_clear(sn); arb_clear(cs); arb_clear(b); arb_clear(b2); arb_clear(t1); arb_clear(t2);
    arb_clear(e); arb_clear(lo); arb_clear(hi);
}

typedef struct {
    nc_param_t p;
    slong prec, wp;
    int wide; /* some input is a ball of positive radius */
} nc_ctx_t;

/* Sub-intervals of the direct enclosure used on wide boxes (see integrate) */
#define NC_DIRECT_PIECES 32

static void ctx_init(nc_ctx_t *c, const arb_t m, slong prec)
{
    nc_param_t *p = &c->p;
    arb_init(p->lo); arb_init(p->len); arb_init(p->qx); arb_init(p->qy); arb_init(p->m); arb_init(p->half_m2);
    arb_init(p->e_all); arb_init(p->c_erfc); arb_init(p->inv_sqrt2);
    c->prec = prec;
    /* b^6/6 cancellation in 2 pi W for b < 0 (|b| <= |m| on the real line, a little more on the ellipses) */
    c->wp = prec + 30;
    if (arb_is_finite(m)) {
        mag_t mm;
        mag_init(mm);
        arb_get_mag(mm, m);
        if (mag_cmp_2exp_si(mm, 1) > 0)
            c->wp += 3 * mag_get_d_log2_approx(mm) + 10;
        mag_clear(mm);
    }
    arb_set(p->m, m);
    gdc_arb_sqr(p->half_m2, m, c->wp);
    arb_mul_2exp_si(p->half_m2, p->half_m2, -1);
    arb_neg(p->e_all, p->half_m2);
    arb_exp(p->e_all, p->e_all, c->wp);
    arb_const_pi(p->c_erfc, c->wp);
    arb_mul_2exp_si(p->c_erfc, p->c_erfc, 1);
    arb_sqrt(p->c_erfc, p->c_erfc, c->wp);
    arb_mul_2exp_si(p->c_erfc, p->c_erfc, -1); /* sqrt(2 pi)/2 */
    arb_rsqrt_ui(p->inv_sqrt2, 2, c->wp);
}

static void ctx_clear(nc_ctx_t *c)
{
    nc_param_t *p = &c->p;
    arb_clear(p->lo); arb_clear(p->len); arb_clear(p->qx); arb_clear(p->qy); arb_clear(p->m); arb_clear(p->half_m2);
    arb_clear(p->e_all); arb_clear(p->c_erfc); arb_clear(p->inv_sqrt2);
}

/* res = G(q; a, b) * 2 pi (complex: real part x component, imaginary part y component) */
static void integrate(acb_t res, nc_ctx_t *c, const arb_t qx, const arb_t qy, const arb_t a, const arb_t b)
{
    slong wp = c->wp;
    acb_t s0, s1;
    mag_t tol;
    acb_calc_integrate_opt_t opt;
    acb_init(s0); acb_init(s1);
    mag_init(tol);
    acb_calc_integrate_opt_init(opt);
    acb_zero(s0);
    acb_one(s1);
    mag_set_ui_2exp_si(tol, 1, -2 * c->prec);
    /* Integrate between the exact midpoints am, bm of the end balls; for the true ends a*, b*,
     * int_{a*}^{b*} g = int_{am}^{bm} g + int_{a*}^{am} g + int_{bm}^{b*} g, and each sliver is at most the radius of
     * its end ball times sup |g| over that ball (real interval evaluation; g is this piece's analytic integrand, so
     * the bound holds whatever the order of a*, am). This charges an uncertain kink once, instead of through every
     * node of the rule. */
    arb_t am, bm;
    arb_init(am); arb_init(bm);
    arb_get_mid_arb(am, a);
    arb_get_mid_arb(bm, b);
    arb_set(c->p.qx, qx);
    arb_set(c->p.qy, qy);
    mag_t err_re, err_im;
    mag_init(err_re); mag_init(err_im);
    for (int end = 0; end < 2; end++) {
        arb_srcptr e = end ? b : a;
        if (mag_is_zero(arb_radref(e)))
            continue;
        arb_t one_s, re, im;
        mag_t t;
        arb_init(one_s); arb_init(re); arb_init(im);
        mag_init(t);
        arb_set(c->p.lo, e);
        arb_one(c->p.len);
        arb_zero(one_s);
        nc_integrand_real(re, im, one_s, &c->p, wp); /* g over the end ball */
        arb_get_mag(t, re);
        mag_addmul(err_re, t, arb_radref(e));
        arb_get_mag(t, im);
        mag_addmul(err_im, t, arb_radref(e));
        arb_clear(one_s); arb_clear(re); arb_clear(im);
        mag_clear(t);
    }
    arb_set(c->p.lo, am);
    arb_sub(c->p.len, bm, am, wp);
    acb_calc_integrate(res, nc_integrand, &c->p, s0, s1, c->prec, tol, opt, wp); /* rigorous even if the goal is
                                                                                 missed (then only wider) */
    if (c->wide) {
        /* On a wide box the integrator's bounds on complex ellipses (e.g. e^{m^2 ...} for a wide m) can be far
         * looser than real interval evaluation: int_0^1 F = sum_j int_{s_j} F, and each term lies in |s_j| times
         * the enclosure of F over the real ball s_j (real and imaginary parts separately). Both results enclose
         * the integral for every point of the box, so their intersection does too. */
        acb_t sum;
        arb_t sj, re, im;
        acb_init(sum);
        arb_init(sj); arb_init(re); arb_init(im);
        for (int j = 0; j < NC_DIRECT_PIECES; j++) {
            arf_t lo, hi;
            arf_init(lo); arf_init(hi);
            arf_set_si(lo, j);
            arf_set_si(hi, j + 1);
            arf_div_si(lo, lo, NC_DIRECT_PIECES, wp, ARF_RND_FLOOR);
            arf_div_si(hi, hi, NC_DIRECT_PIECES, wp, ARF_RND_CEIL);
            arb_set_interval_arf(sj, lo, hi, wp);
            nc_integrand_real(re, im, sj, &c->p, wp);
            arb_add(acb_realref(sum), acb_realref(sum), re, wp);
            arb_add(acb_imagref(sum), acb_imagref(sum), im, wp);
            arf_clear(lo); arf_clear(hi);
        }
        acb_div_si(sum, sum, NC_DIRECT_PIECES, wp);
        if (!arb_intersection(acb_realref(res), acb_realref(res), acb_realref(sum), wp))
            arb_indeterminate(acb_realref(res)); /* cannot happen: both enclose the same set */
        if (!arb_intersection(acb_imagref(res), acb_imagref(res), acb_imagref(sum), wp))
            arb_indeterminate(acb_imagref(res));
        acb_clear(sum);
        arb_clear(sj); arb_clear(re); arb_clear(im);
    }
    arb_add_error_mag(acb_realref(res), err_re);
    arb_add_error_mag(acb_imagref(res), err_im);
    mag_clear(err_re); mag_clear(err_im);
    arb_clear(am); arb_clear(bm);
    acb_clear(s0); acb_clear(s1);
    mag_clear(tol);
}

/* q.G (real), G complex */
static void dot(arb_t res, const arb_t qx, const arb_t qy, const acb_t g, slong prec)
{
    arb_t t;
    arb_init(t);
    arb_mul(res, qx, acb_realref(g), prec);
    arb_mul(t, qy, acb_imagref(g), prec);
    arb_add(res, res, t, prec);
    arb_clear(t);
}

/* F when 0 may lie in the w box (case (a) of the proof) */
static void loss_near_origin(arb_t res, const arb_t wx, const arb_t wy, const arb_t m, slong prec)
{
    arb_t r2, s, t;
    arb_init(r2); arb_init(s); arb_init(t);
    gdc_arb_sqr(r2, wx, prec);
    gdc_arb_sqr(t, wy, prec);
    arb_add(r2, r2, t, prec); /* |w|^2 */
    gdc_arb_sqr(s, m, prec);
    arb_add_ui(s, s, 2, prec); /* E|x|^2 */
    arb_mul(t, r2, s, prec);
    arb_mul_2exp_si(t, t, -1); /* upper: |w|^2 (2 + m^2)/2 */
    arb_mul(s, s, r2, prec);
    arb_mul_2exp_si(s, s, -1);
    arb_sqrtpos(s, s, prec); /* |w| ((2 + m^2)/2)^{1/2} */
    arb_t lo, hi;
    arb_init(lo); arb_init(hi);
    arb_one(lo);
    arb_mul_2exp_si(lo, lo, -2);
    arb_add(hi, lo, t, prec);
    arb_sub(lo, lo, s, prec);
    /* [lower end of lo, upper end of hi], and F >= 0 */
    arf_t a, b;
    arf_init(a); arf_init(b);
    arb_get_lbound_arf(a, lo, prec);
    arb_get_ubound_arf(b, hi, prec);
    if (arf_sgn(a) < 0)
        arf_zero(a);
    if (arf_is_finite(a) && arf_is_finite(b))
        arb_set_interval_arf(res, a, b, prec);
    else
        arb_indeterminate(res);
    arf_clear(a); arf_clear(b);
    arb_clear(lo); arb_clear(hi);
    arb_clear(r2); arb_clear(s); arb_clear(t);
}

/* case (a) of the enclosure: a box around w = 0 (the exact point: grad = (-1/2, -m/sqrt(2 pi)), F = 1/4) */
static void grad_at_origin(arb_ptr out, const arb_t wx, const arb_t wy, const arb_t m, slong prec)
{
    if (arb_is_zero(wx) && arb_is_zero(wy)) {
        arb_one(out);
        arb_mul_2exp_si(out, out, -1);
        arb_neg(out, out);
        arb_const_pi(out + 1, prec + 10);
        arb_mul_2exp_si(out + 1, out + 1, 1);
        arb_rsqrt(out + 1, out + 1, prec + 10);
        arb_mul(out + 1, out + 1, m, prec);
        arb_neg(out + 1, out + 1);
        arb_one(out + 2);
        arb_mul_2exp_si(out + 2, out + 2, -2);
    } else {
        arb_indeterminate(out);
        arb_indeterminate(out + 1);
        loss_near_origin(out + 2, wx, wy, m, prec);
    }
}

/* the constants of the angular integrals: pi, pi/2, 1, 0, and (w - v)_x */
typedef struct {
    arb_t pi, hp, one, zero, qx;
} nc_consts_t;

/* cases (c), (d): wy > 0 or wy < 0 on the box; g = 2 pi grad F, f = 4 pi F */
static void grad_wy_signed(acb_t g, arb_t f, nc_ctx_t *c, const nc_consts_t *k, const arb_t wx, const arb_t wy)
{
    slong wp = c->wp;
    arb_t a, b, t, kk;
    acb_t g2, g3;
    arb_init(a); arb_init(b); arb_init(t); arb_init(kk);
    acb_init(g2); acb_init(g3);
    if (arb_is_positive(wy)) {
        arb_neg(t, wx);
        arb_atan2(kk, t, wy, wp); /* k1 */
        arb_neg(a, k->hp);
        integrate(g3, c, k->one, k->zero, a, kk); /* v-only */
        integrate(g, c, k->qx, wy, kk, k->hp);    /* I */
        arb_add(b, kk, k->pi, wp);
        integrate(g2, c, wx, wy, k->hp, b);       /* w-only */
    } else {
        arb_neg(t, wy);
        arb_atan2(kk, wx, t, wp); /* k2 */
        arb_sub(a, kk, k->pi, wp);
        arb_neg(b, k->hp);
        integrate(g2, c, wx, wy, a, b);           /* w-only */
        integrate(g, c, k->qx, wy, b, kk);        /* I */
        integrate(g3, c, k->one, k->zero, kk, k->hp); /* v-only */
    }
    dot(f, k->qx, wy, g, wp); /* 4 pi F = (w - v).G_I + w.G_w-only + v.G_v-only */
    dot(t, wx, wy, g2, wp);
    arb_add(f, f, t, wp);
    arb_add(f, f, acb_realref(g3), wp);
    acb_add(g, g, g2, wp);
    arb_clear(a); arb_clear(b); arb_clear(t); arb_clear(kk);
    acb_clear(g2); acb_clear(g3);
}

/* case (b): wy = 0 exactly, wx > 0 or wx < 0 (0 is not in the box) */
static void grad_wy_zero(acb_t g, arb_t f, nc_ctx_t *c, const nc_consts_t *k, const arb_t wx)
{
    slong wp = c->wp;
    arb_t a;
    arb_init(a);
    if (arb_is_positive(wx)) {
        arb_neg(a, k->hp);
        integrate(g, c, k->qx, k->zero, a, k->hp);
        dot(f, k->qx, k->zero, g, wp);
    } else {
        arb_add(a, k->hp, k->pi, wp);
        integrate(g, c, wx, k->zero, k->hp, a);
        dot(f, wx, k->zero, g, wp);
        arb_add(f, f, k->pi, wp); /* + 1/4 * 4 pi */
    }
    arb_clear(a);
}

/* case (e): wy straddles 0, wx of one sign: 4 pi F = w.G(w; A) + pi - 2 w.G(v; A n V), 2 pi grad = G(w; A) - G(v; A n V) */
static void grad_wy_straddles(acb_t g, arb_t f, nc_ctx_t *c, const nc_consts_t *k, const arb_t wx, const arb_t wy)
{
    slong wp = c->wp;
    arb_t k1, k2, lo, hi, t;
    acb_t g2, g3;
    arb_init(k1); arb_init(k2); arb_init(lo); arb_init(hi); arb_init(t);
    acb_init(g2); acb_init(g3);
    arb_div(t, wy, wx, wp);
    arb_atan(t, t, wp); /* atan(wy/wx) */
    if (arb_is_negative(wx))
        arb_add(t, t, k->pi, wp);
    arb_sub(k1, t, k->hp, wp);
    arb_add(k2, t, k->hp, wp);
    integrate(g, c, wx, wy, k1, k2); /* G(w; A) */
    acb_zero(g2);                    /* G(v; A n V) */
    if (arb_is_positive(wx)) {
        arb_neg(lo, k->hp);
        arb_max(lo, lo, k1, wp);
        arb_min(hi, k2, k->hp, wp);
        integrate(g2, c, k->one, k->zero, lo, hi);
    } else {
        arb_min(lo, k1, k->hp, wp);
        integrate(g3, c, k->one, k->zero, lo, k->hp);
        acb_add(g2, g2, g3, wp);
        arb_add(lo, k->pi, k->hp, wp); /* 3 pi/2 */
        arb_max(hi, k2, lo, wp);
        integrate(g3, c, k->one, k->zero, lo, hi);
        acb_add(g2, g2, g3, wp);
    }
    dot(f, wx, wy, g, wp);
    dot(t, wx, wy, g2, wp);
    arb_mul_2exp_si(t, t, 1);
    arb_sub(f, f, t, wp);
    arb_add(f, f, k->pi, wp);
    acb_sub(g, g, g2, wp);
    arb_clear(k1); arb_clear(k2); arb_clear(lo); arb_clear(hi); arb_clear(t);
    acb_clear(g2); acb_clear(g3);
}

void gdc_relu_nc_grad_arb(arb_ptr out, const arb_t wx, const arb_t wy, const arb_t m, slong prec)
{
    if (!arb_is_finite(wx) || !arb_is_finite(wy) || !arb_is_finite(m)) {
        arb_indeterminate(out);
        arb_indeterminate(out + 1);
        arb_indeterminate(out + 2);
        return;
    }
    if (arb_is_one(wx) && arb_is_zero(wy)) { /* w = v */
        arb_zero(out);
        arb_zero(out + 1);
        arb_zero(out + 2);
        return;
    }
    if (arb_contains_zero(wx) && arb_contains_zero(wy)) { /* (a) */
        grad_at_origin(out, wx, wy, m, prec);
        return;
    }
    nc_ctx_t c;
    ctx_init(&c, m, prec);
    c.wide = !(arb_is_exact(wx) && arb_is_exact(wy) && arb_is_exact(m));
    slong wp = c.wp;
    nc_consts_t k;
    arb_t f, t;
    acb_t g;
    arb_init(k.pi); arb_init(k.hp); arb_init(k.one); arb_init(k.zero); arb_init(k.qx);
    arb_init(f); arb_init(t);
    acb_init(g);
    arb_const_pi(k.pi, wp);
    arb_mul_2exp_si(k.hp, k.pi, -1);
    arb_one(k.one);
    arb_sub_ui(k.qx, wx, 1, wp); /* (w - v)_x */
    if (arb_is_positive(wy) || arb_is_negative(wy))
        grad_wy_signed(g, f, &c, &k, wx, wy);
    else if (arb_is_zero(wy))
        grad_wy_zero(g, f, &c, &k, wx);
    else
        grad_wy_straddles(g, f, &c, &k, wx, wy);
    /* g = 2 pi grad F, f = 4 pi F */
    arb_mul_2exp_si(t, k.pi, 1);
    arb_div(out, acb_realref(g), t, prec);
    arb_div(out + 1, acb_imagref(g), t, prec);
    arb_mul_2exp_si(t, k.pi, 2);
    arb_div(out + 2, f, t, prec);
    if (arb_is_zero(m) && arb_is_zero(wy))
        arb_zero(out + 1);
    arb_clear(k.pi); arb_clear(k.hp); arb_clear(k.one); arb_clear(k.zero); arb_clear(k.qx);
    arb_clear(f); arb_clear(t);
    acb_clear(g);
    ctx_clear(&c);
}

void gdc_relu_nc_m3_arb(arb_t res, const arb_t b, slong prec)
{
    if (!arb_is_finite(b)) {
        arb_indeterminate(res);
        return;
    }
    /* the terms are about b^2 e^{b^2/2}... and cancel to about 6/b^4 for b < 0: 3 log2(1 + b^2) more bits */
    slong wp = prec + 20;
    mag_t mb;
    mag_init(mb);
    arb_get_mag(mb, b);
    if (mag_cmp_2exp_si(mb, 0) > 0)
        wp += 6 * mag_get_d_log2_approx(mb) + 4;
    mag_clear(mb);
    arb_t b2, t, e;
    arb_init(b2); arb_init(t); arb_init(e);
    gdc_arb_sqr(b2, b, wp);
    /* sqrt(2 pi) e^{b^2/2} Phi(b) = sqrt(pi/2) e^{b^2/2} erfc(-b/sqrt2) */
    arb_rsqrt_ui(t, 2, wp);
    arb_mul(t, t, b, wp);
    arb_neg(t, t);
    arb_hypgeom_erfc(t, t, wp);
    arb_mul_2exp_si(e, b2, -1);
    arb_exp(e, e, wp);
    arb_mul(t, t, e, wp);
    arb_const_pi(e, wp);
    arb_mul_2exp_si(e, e, -1);
    arb_sqrt(e, e, wp);
    arb_mul(t, t, e, wp);
    arb_add_ui(e, b2, 3, wp);
    arb_mul(e, e, b, wp);
    arb_mul(t, t, e, wp);
    arb_add_ui(e, b2, 2, wp);
    arb_add(res, e, t, prec);
    arb_clear(b2); arb_clear(t); arb_clear(e);
}
