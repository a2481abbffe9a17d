/* Internal interface of the expression evaluator (not installed): the interval building blocks
 * (expr_iv.c), the value and derivative factors of one node (expr_arith.c: arithmetic and piecewise
 * operations, expr_elem.c: elementary functions, expr_special.c: lgamma, digamma and Bessel, expr_reg.c:
 * registry rows), and the static analysis
 * (expr_analyse.c). The driver (expr.c) walks the nodes and applies the chain rule (expr_chain.c). */
#ifndef GDC_PROVE_EXPR_IMPL_H
#define GDC_PROVE_EXPR_IMPL_H

#include "prove/prove.h"

/* ---------------------------------------------------------------- interval building blocks (expr_iv.c)
 * Ball arithmetic on a wide ball overestimates: the ball [1/1000, 3] times itself encloses negative
 * numbers. These work on the ends of the balls (interval arithmetic); ends are rounded outward, and an end
 * that is 0 (or where a function is exact) stays exact so that signs are decided. */
typedef void (*gdc_iv_mono_fn)(arb_t, const arb_t, slong);
void gdc_iv_set_keep(arb_t v, const arf_t a, const arf_t b, int keep, slong prec);
void gdc_iv_set_ends(arb_t v, const arf_t L, const arf_t U, slong prec);
void gdc_iv_clamp(arb_t v, slong lo, slong hi, slong prec);
void gdc_iv_clamp_below(arb_t v);
void gdc_iv_mono(arb_t v, const arb_t x, gdc_iv_mono_fn f, int inc, arb_t t, arb_t u, slong prec);
void gdc_iv_cosh(arb_t v, const arb_t x, arb_t t, arb_t u, slong prec);
void gdc_iv_hull(arb_t v, const arb_t t, const arb_t u, slong prec);
void gdc_iv_intersect(arb_t v, const arb_t e, slong prec);
void gdc_iv_corners(arb_t v, const arb_t x, const arb_t y, int op, slong prec);
void gdc_iv_inv(arb_t v, const arb_t y, slong prec);
int gdc_iv_pow(arb_t v, const arb_t x, const fmpz_t e, arb_t t, arb_t u, slong prec);
void gdc_iv_pow_si(arb_t v, const arb_t x, slong e, arb_t t, arb_t u, slong prec);
void gdc_iv_minmax(arb_t v, const arb_t x, const arb_t y, int op, slong prec);
int gdc_iv_clip_nonneg(arb_t v, slong prec);
/* v = s x, exactly when s is +-2^k (arb_mul_si may round the radius up: -1 * [-1, 0] must stay [0, 1]) */
void gdc_iv_mul_si(arb_t v, const arb_t x, slong s, slong prec);
/* v = x + y (sub: x - y) from the ends: an end that is 0 or a short number stays exact (the ball sum's
 * radius rounds up: [0, a] + [1, b] + [1, b] would end below 2) */
void gdc_iv_add(arb_t v, const arb_t x, const arb_t y, int sub, slong prec);
/* g += f * d, exactly when f or d is exactly +-1 (keeps exact ends such as 1 - cos X >= 0) */
void gdc_iv_acc(arb_t g, const arb_t f, const arb_t d, slong prec);

/* ---------------------------------------------------------------- one node */

/* Scratch balls of ws->tmp: 0, 1 (t, u), 4, 5 (w, z) free for a node; 2, 3, 6, 7, 8 the factors; then the
 * registry call's arguments, outputs, Jacobian and Hessian. */
enum {
    GDC_WS_FA = 2, GDC_WS_FB = 3, GDC_WS_FAA = 6, GDC_WS_FAB = 7, GDC_WS_FBB = 8,
    GDC_WS_ARGS = 9,
    GDC_WS_OUT = GDC_WS_ARGS + GDC_MAX_ARGS,
    GDC_WS_JAC = GDC_WS_OUT + GDC_MAX_OUT,
    GDC_WS_HESS = GDC_WS_JAC + GDC_MAX_OUT * GDC_MAX_ARGS,
    GDC_WS_NTMP = GDC_WS_HESS + GDC_MAX_OUT * GDC_MAX_ARGS * GDC_MAX_ARGS
};

/* How the derivatives of a node follow from its children's (dok): */
enum { GDC_D_NONE = 0, GDC_D_CHAIN = 1, GDC_D_UNION = 2, GDC_D_ZERO = 3 };

/* The derivative factors of a node with respect to its children a and b, over the box:
 * fa = d node/da, fb = d node/db; second order (only when want2): faa, fab, fbb. dok as above; d2ok: the
 * second-order factors are valid (the node is twice differentiable on the box), else the Hessian is unknown. */
typedef struct {
    arb_ptr fa, fb, faa, fab, fbb;
    int want, want2;
    int dok, d2ok;
} gdc_dfac_t;

/* Value of node i (not GDC_N_REG) from its children's values in ws: 1 if defined on the box, 0 if not.
 * Fills the factors of d when d->want. */
int gdc_node_arith(const gdc_claim_t *c, gdc_evalws_t *ws, int i, slong prec, gdc_dfac_t *d);
int gdc_node_elem(const gdc_claim_t *c, gdc_evalws_t *ws, int i, slong prec, gdc_dfac_t *d);
int gdc_node_special(const gdc_claim_t *c, gdc_evalws_t *ws, int i, slong prec, gdc_dfac_t *d);
/* Enclosures of special functions over a ball (expr_special.c; t, u scratch): lgamma (x > 0) and the Bessel
 * function of kind op (GDC_N_BESSELJ, I, K or Y) and any integer order n (J_{-n} = (-1)^n J_n, I_{-n} = I_n,
 * K_{-n} = K_n, Y_{-n} = (-1)^n Y_n); K and Y need x > 0 (the caller checks). */
void gdc_iv_lgamma(arb_t v, const arb_t x, arb_t t, arb_t u, slong prec);
void gdc_iv_bessel(arb_t v, int op, slong n, const arb_t x, slong prec);
/* xmsin3(x) = (x - sin x)/x^3 (1/6 at 0) over the ball x, with its derivative factors (expr_xmsin3.c) */
int gdc_node_xmsin3(gdc_evalws_t *ws, arb_ptr v, arb_srcptr x, slong prec, gdc_dfac_t *d);
/* A registry row: value, and (order 1, 2) its gradient and Hessian straight into ws by the chain rule
 * through the argument nodes. Returns 1 if defined (every argument certainly inside the row's domain). */
int gdc_node_reg(const gdc_claim_t *c, gdc_evalws_t *ws, int i, slong prec, int order);

/* The row calls of one evaluation shared by the nodes of one row (expr_rowcache.c): init and clear with the
 * workspace, begin at every evaluation; get copies a call made earlier in the same evaluation by a node of
 * the same row at the same argument balls, precision and key (0 value, 1 Jacobian, 2 Hessian), put keeps one. */
void gdc_rowcache_init(gdc_evalws_t *ws, const gdc_claim_t *c);
void gdc_rowcache_clear(gdc_evalws_t *ws);
void gdc_rowcache_begin(gdc_evalws_t *ws);
int gdc_rowcache_get(gdc_evalws_t *ws, const gdc_claim_t *c, int i, arb_srcptr args, int key, arb_ptr out,
                     arb_ptr jac, arb_ptr hess, slong prec);
void gdc_rowcache_put(gdc_evalws_t *ws, const gdc_claim_t *c, int i, arb_srcptr args, int key, arb_srcptr out,
                      arb_srcptr jac, arb_srcptr hess, slong prec);

/* Row calls at exact points kept for the life of the workspace (expr_rowmemo.c), for rows with an integer
 * argument: eligible when every argument ball is exact; get copies a kept call of the same row, exact
 * arguments, key (as above) and precision (1 if found); put keeps a call (not when an output is not finite);
 * clear frees them with the workspace; hits counts the copies (tests). */
int gdc_rowmemo_eligible(const gdc_row_t *row, arb_srcptr args);
int gdc_rowmemo_get(gdc_evalws_t *ws, const gdc_row_t *row, arb_srcptr args, int key, arb_ptr out, arb_ptr jac,
                    arb_ptr hess, slong prec);
void gdc_rowmemo_put(gdc_evalws_t *ws, const gdc_row_t *row, arb_srcptr args, int key, arb_srcptr out,
                     arb_srcptr jac, arb_srcptr hess, slong prec);
void gdc_rowmemo_clear(gdc_evalws_t *ws);
long gdc_rowmemo_hits(const gdc_evalws_t *ws);

/* Chain rule for a node with children a, b (expr_chain.c): gradient (order >= 1) and Hessian (order 2). */
void gdc_chain_grad(const gdc_claim_t *c, gdc_evalws_t *ws, int i, const gdc_dfac_t *d, slong prec);
void gdc_chain_hess(const gdc_claim_t *c, gdc_evalws_t *ws, int i, const gdc_dfac_t *d, slong prec);

/* Static analysis (expr_analyse.c): nonneg and canon of ws (see prove.h), and (domains) the registry
 * arguments whose variable range lies inside the row's domain exactly (ws->dom_end). */
void gdc_expr_analyse(const gdc_claim_t *c, gdc_evalws_t *ws, int domains);
/* a workspace without the domain analysis (canon and nonneg only) */
void gdc_expr_ws_plain(gdc_evalws_t *ws, const gdc_claim_t *c);

static inline int gdc_is_int_const(const gdc_claim_t *c, int i)
{
    return c->nodes[i].op == GDC_N_NUM && fmpz_is_one(fmpq_denref(c->nodes[i].q));
}

#endif
