# Shared machinery: registry, domains, angles, series, accuracy measure, cross-checks, rng.
libgdcert_la_SOURCES += \
	src/core/registry.c src/core/registry.h src/core/families.h \
	src/core/domain.c src/core/eval.c \
	src/core/rng.c src/core/rng.h src/core/input_file.c src/core/input_file.h src/core/deadline.c src/core/deadline.h \
	src/core/accuracy.c src/core/xcheck.c src/core/xcheck_deriv.c src/core/xcheck_special.c src/core/xcheck.h
corehdrdir = $(pkgincludedir)/core
# installed: the public headers (gdcert.h includes them); the others are internal
corehdr_HEADERS = src/core/registry.h src/core/rng.h
libgdcert_la_SOURCES += src/core/angle.c src/core/angle.h src/core/series.c src/core/series.h src/core/dd.h src/core/dd_elem.h \
	src/core/fastmath.h
corehdr_HEADERS += src/core/angle.h
# Rigorous 1-D Gaussian expectations and seeded Monte Carlo (definition checks of cosine and erf).
libgdcert_la_SOURCES += src/core/normal_quad.c src/core/normal_quad.h
# Gauss-Legendre nodes in MPFR (MPFR versions of gauss.lemma51 and relu.nc_grad).
libgdcert_la_SOURCES += src/core/mpfr_gl.c src/core/mpfr_gl.h
# Second-order forward jets over Arb balls (derivative enclosures of registry rows).
libgdcert_la_SOURCES += src/core/jet.c src/core/jet_elem.c src/core/jet_row.c src/core/jet.h
corehdr_HEADERS += src/core/jet.h
# Dynamics for `gdcert simulate`: the list and the generic runner (double and Arb).
libgdcert_la_SOURCES += src/core/dynamics.c src/core/dynamics.h src/core/simulate.c src/core/simulate.h \
	src/core/simulate_lohner.c src/core/simulate_lohner.h
corehdr_HEADERS += src/core/dynamics.h src/core/simulate.h
# Batch calls over arrays (gdc_eval_n) and Gram matrices from norms and Kahan angles (issue 14).
libgdcert_la_SOURCES += src/core/batch.c src/core/batch.h src/core/gram.c src/core/gram.h
corehdr_HEADERS += src/core/batch.h src/core/gram.h
# row accessors and certified enclosures as strings, for foreign-function callers (python/gdcert)
libgdcert_la_SOURCES += src/core/access.c src/core/access.h
corehdr_HEADERS += src/core/access.h
# The regularized incomplete beta I_x(a, b) (double, Arb, MPFR) for the spherical-cap probabilities (gauss.cap).
# Integer arguments of the Arb kernels (exact integers, integer ranges of boxes).
libgdcert_la_SOURCES += src/core/arb_int.c src/core/arb_int.h
libgdcert_la_SOURCES += src/core/betainc.c src/core/betainc_arb.c src/core/betainc_mpfr.c src/core/betainc.h
# The arc-cosine profile h(t) = sin t + (pi - t) cos t and pi - h in Arb (relu.h and cnn's g).
libgdcert_la_SOURCES += src/core/arccos_profile_arb.c src/core/arccos_profile.h

# the mean-value (Lohner) propagation of simulate --ball: soundness against 256-bit runs, Jacobians against divided
# differences, a wrong Jacobian detected (a few seconds)
if HAVE_CHECK
check_PROGRAMS += tests/check_simulate_lohner
TESTS += tests/check_simulate_lohner
tests_check_simulate_lohner_SOURCES = tests/check_simulate_lohner.c
tests_check_simulate_lohner_CFLAGS = $(AM_CFLAGS) $(CHECK_CFLAGS)
tests_check_simulate_lohner_LDADD = libgdcert.la $(CHECK_LIBS)
endif
