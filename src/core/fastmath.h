/* Hardware fma for the double kernels where the CPU has it, without requiring it at build time (internal header).
 * On x86-64 without -mfma, fma() is a library call; GCC's target_clones builds a kernel twice (with and without the
 * FMA instructions) and the loader picks one per machine (ifunc). fma() is correctly rounded either way and C11 mode
 * (with -ffp-contract=off, Makefile.am) contracts no a*b + c, so both clones return the same bits: only the cost of the
 * fma() calls differs. Elsewhere (clang, other targets) the macro is empty. */
#ifndef GDC_CORE_FASTMATH_H
#define GDC_CORE_FASTMATH_H
#if defined(__GNUC__) && !defined(__clang__) && defined(__x86_64__) && defined(__linux__) && !defined(__FMA__)
#define GDC_FMA_CLONES __attribute__((target_clones("fma", "default")))
#else
#define GDC_FMA_CLONES
#endif
/* helpers of cloned kernels: inlined into each clone, so that they are built for its target too */
#if defined(__GNUC__)
#define GDC_INLINE __attribute__((always_inline)) inline
#else
#define GDC_INLINE inline
#endif
/* sin and cos of one argument in one call with GCC (glibc's sincos shares the range reduction and returns the same
 * values as sin and cos); clang has no __builtin_sincos */
#include <math.h>
static GDC_INLINE void gdc_sin_cos(double t, double *s, double *c)
{
#if defined(__GNUC__) && !defined(__clang__)
    __builtin_sincos(t, s, c);
#else
    *s = sin(t);
    *c = cos(t);
#endif
}
#endif
