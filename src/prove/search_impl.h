/* Internal interface of the search (not installed): the bisection tree and its queues (search_tree.c),
 * points tried as counterexamples or feasible points (search_point.c), one box (search_box.c), and the
 * enclosure forms, each a unit with one entry point:
 *   form_interval.c   plain interval extension of the objective over the box
 *   form_meanvalue.c  f(c) + grad f(X).(X - c)
 *   form_monotone.c   a partial derivative of fixed sign moves the minimum to a face
 *   form_taylor.c     second order: f(p) + grad f(p).(X - p) + (X - p)^T Hess f(X) (X - p)/2, at the centre
 *   form_boundary.c   the same expansion at a corner of the box (a point of a face where f - g vanishes)
 * The search driver (search.c) is the branch and bound over these. */
#ifndef GDC_PROVE_SEARCH_IMPL_H
#define GDC_PROVE_SEARCH_IMPL_H

#include <stdint.h>
#include <time.h>
#include "prove/prove.h"

/* Precision ceiling for witnesses and for boxes whose ends are non-dyadic range ends: a counterexample
 * that needs more precision than the budget's max_prec is still certified up to this (bits). */
#define GDC_PROVE_PREC_CEILING 4096
#define GDC_PROVE_NPREC 16                   /* cached root boxes: prec * 2^k, k < GDC_PROVE_NPREC */

typedef struct {
    int child;                       /* first of two children, -1 */
    int depth;
    slong prec;
    char code;                       /* 0 pending, leaf letter, split digit, 'U' undecided */
    char method;                     /* bound goals: the leaf method of the best lower bound */
    char undefined;                  /* a registry argument lies outside its domain on the whole box: the claim
                                        is undefined there, the box is never split nor decided */
    char noval;                      /* the interval form gave no finite enclosure on the box (last evaluation) */
    signed char smear;               /* 1 + the dimension of largest |df/dx_i| w_i on the box (0: unknown) */
    char faces[GDC_PROVE_MAX_VARS];  /* M leaves: '.lh' per variable; B leaves: 'lhc' (expansion point) */
    unsigned touch;                  /* bit 2i: lo is the root's lo; bit 2i+1: hi is the root's hi */
    unsigned wtried;                 /* touch bits whose boundary witness point was tried at precision wprec (here,
                                        or by the parent along the split dimension: the same point) */
    slong wprec;
    arb_ptr box;                     /* 2n balls lo_0, hi_0, lo_1, ... while live */
    arf_t low;                       /* lower end of the best objective enclosure (-inf if undefined) */
    double key;
} tnode_t;

typedef struct {
    const gdc_claim_t *c;
    const gdc_budget_t *b;
    gdc_result_t *r;
    int n, bound, strict, obj, upto;
    unsigned int_first;              /* integer variables that feed an integer argument of a row: split first */
    unsigned grad_blocked;           /* a box wide in one of these gives the objective no gradient (the
                                        derivative forms are skipped there): gdc_expr_grad_blocked */
    gdc_evalws_t ws;
    arb_ptr root_lo, root_hi;        /* the root box at the starting precision */
    arb_ptr root_at[GDC_PROVE_NPREC];/* 2n balls: the root ends recomputed at prec * 2^k (NULL: not yet) */
    arb_ptr x, cpt, fbox, fcpt, diffx, gp, hx, dv;
    arb_ptr gbox;                    /* the objective's gradient over the current box (gbox_ok), kept from the
                                        derivative forms for the boundary witnesses (search_box.c) */
    int gbox_ok;
    unsigned gbox_flat;              /* ws.flat when gbox was kept */
    long form_try[2], form_ok[2];    /* second-order (0) and boundary (1) forms: attempts and decisions */
    int corner_low;                  /* form_boundary: sign of the lower end of f at the chosen corner */
    long iv_try;                     /* the interval form on boxes below the root: attempts, and its last 32 */
    uint32_t iv_last;                /* outcomes (bit 0 the latest; 1: it decided the box) */
    int dv_ok;                       /* the derivative forms' evaluation over the box: the objective defined
                                        there, no argument of a row certainly outside its domain */
    int hx_state;                    /* s->hx holds Hess f over the current box: 0 not computed, 1 yes, -1 unknown */
    arb_t enc, gc, tmp;
    tnode_t *t;
    int nt, capt;
    int *heap;
    int nh, caph;
    int *fifo;                       /* prove goals: live boxes in creation order (breadth-first picks) */
    int nq, hq, capq;
    struct timespec t0;
    double last_progress;
    int stop;                        /* budget exhausted */
    int failed;                      /* witness found */
    mag_t tolq;                      /* bound: tol/8 (an enclosure this narrow needs no more precision) */
    arf_t best_hi;                   /* bound: best (smallest) upper end at a feasible point */
    int have_best;
} sctx_t;

static inline int gdc_holds(const arb_t d, int strict)
{
    return strict ? arb_is_positive(d) : arb_is_nonnegative(d);
}

static inline int gdc_fails(const arb_t d, int strict)
{
    return strict ? arb_is_nonpositive(d) : arb_is_negative(d);
}

/* search_tree.c */
int gdc_tree_new(sctx_t *s);
void gdc_tree_free_box(sctx_t *s, tnode_t *nd);
int gdc_tree_less(const sctx_t *s, int a, int b);
int gdc_tree_push(sctx_t *s, int id);          /* the best-first heap */
int gdc_tree_pop(sctx_t *s);
int gdc_tree_enqueue(sctx_t *s, int id);       /* the breadth-first queue */
int gdc_tree_split_dim(const sctx_t *s, const tnode_t *nd);
int gdc_tree_split(sctx_t *s, int id, int dim);
int gdc_tree_emit(sctx_t *s);

/* search_box.c: the box of a node as balls at prec (range ends recomputed at prec), its exact centre,
 * its flat dimensions; deciding one node */
void gdc_search_balls(sctx_t *s, arb_srcptr box, unsigned touch, arb_ptr x, slong prec);
void gdc_search_centre(const sctx_t *s, arb_srcptr box, arb_ptr c);
unsigned gdc_search_flat(const sctx_t *s, arb_srcptr box);
void gdc_search_set_box(sctx_t *s, arb_srcptr box, unsigned touch);
int gdc_search_process(sctx_t *s, int id);
double gdc_search_elapsed(const sctx_t *s);

/* search_result.c */
double gdc_search_volume_frac(const sctx_t *s, arb_srcptr box);
void gdc_search_report_live(sctx_t *s, const int *ids, int nids);
void gdc_search_check_expect(const gdc_claim_t *c, gdc_result_t *r, slong prec);
void gdc_search_refresh(sctx_t *s, arb_ptr box, unsigned touch, slong prec);
/* the root ends at prec (2n balls: lo_0..lo_n-1, hi_0..hi_n-1), cached; NULL if they cannot be computed */
arb_srcptr gdc_search_root_at(sctx_t *s, slong prec);

/* search_point.c */
int gdc_point_witness(sctx_t *s, arb_srcptr p, slong prec, int evaluated);
void gdc_point_feasible(sctx_t *s, arb_srcptr p, slong prec, int evaluated);
int gdc_point_assumptions(const sctx_t *s, int *plausible);

/* The forms. Each returns 1 and an enclosure enc of the objective over the box (box balls in s->x, set by
 * gdc_search_balls at prec; the box's own ends in box), or 0 if it cannot enclose it. */
int gdc_form_interval(sctx_t *s, arb_t enc, slong prec);
int gdc_form_meanvalue(sctx_t *s, arb_srcptr box, arb_t enc, slong prec);
/* monotone: faces[i] the face chosen per variable; *strict the strictness the face must decide
 * (relaxed on an open range end); returns 0 if no partial derivative has a fixed sign. */
int gdc_form_monotone(sctx_t *s, const tnode_t *nd, char *faces, int *strict, arb_t enc, slong prec);
int gdc_form_taylor(sctx_t *s, arb_srcptr box, arb_t enc, slong prec);
/* the Hessian of the objective over the box (s->x) into s->hx, once per box and precision; 1 if known */
int gdc_form_hessian(sctx_t *s, slong prec);
/* boundary: the corner of the expansion in corner[i] ('l', 'h'; 'c' for a flat dimension) */
int gdc_form_boundary(sctx_t *s, const tnode_t *nd, char *corner, arb_t enc, slong prec);
/* The second-order bound shared by form_taylor and form_boundary: with fp = f(p), g = grad f(p) (n balls),
 * H = Hess f(X) (n*n balls) and the ranges dv[i] of x_i - p_i over the box (exact balls; flat: 0),
 * enc encloses f on the box. The diagonal terms are bounded exactly as one-dimensional quadratics. */
void gdc_taylor_bound(arb_t enc, const arb_t fp, arb_srcptr g, arb_srcptr H, arb_srcptr dv, int n, slong prec);

#endif
