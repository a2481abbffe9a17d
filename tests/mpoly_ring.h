/* A polynomial ring Q[generators] with a bank of temporaries, for the exact symbolic identity tests
 * (tests/check_cnn_identities.c, tests/check_relu_identities.c): each identity is expanded with FLINT's fmpq_mpoly
 * and the two sides compared as polynomials, which proves it for every real value of the generators. */
#ifndef GDC_TESTS_MPOLY_RING_H
#define GDC_TESTS_MPOLY_RING_H
#include <flint/fmpq_mpoly.h>

#define NT 24

/* a polynomial ring with n generators and NT temporaries */
typedef struct {
    fmpq_mpoly_ctx_t ctx;
    fmpq_mpoly_t t[NT];
} ring_t;

static inline void ring_init(ring_t *R, slong n)
{
    fmpq_mpoly_ctx_init(R->ctx, n, ORD_LEX);
    for (int i = 0; i < NT; i++)
        fmpq_mpoly_init(R->t[i], R->ctx);
}

static inline void ring_clear(ring_t *R)
{
    for (int i = 0; i < NT; i++)
        fmpq_mpoly_clear(R->t[i], R->ctx);
    fmpq_mpoly_ctx_clear(R->ctx);
}

/* shorthands on R->t[]: A = B op C (aliasing allowed) */
#define T(i) (R->t[i])
#define GEN(a, v) fmpq_mpoly_gen(T(a), v, R->ctx)
#define SET(a, b) fmpq_mpoly_set(T(a), T(b), R->ctx)
#define SI(a, v) fmpq_mpoly_set_si(T(a), v, R->ctx)
#define ADD(a, b, c) fmpq_mpoly_add(T(a), T(b), T(c), R->ctx)
#define SUB(a, b, c) fmpq_mpoly_sub(T(a), T(b), T(c), R->ctx)
#define MUL(a, b, c) fmpq_mpoly_mul(T(a), T(b), T(c), R->ctx)
#define MULSI(a, b, v) fmpq_mpoly_scalar_mul_si(T(a), T(b), v, R->ctx)
#define DIVSI(a, b, v) fmpq_mpoly_scalar_div_si(T(a), T(b), v, R->ctx)
#define EQUAL(a, b) fmpq_mpoly_equal(T(a), T(b), R->ctx)

#endif
