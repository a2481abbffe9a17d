# Registry-driven Check suites (every row of the registry), one program per kind of check so that
# `make -j2 check` runs them in parallel: accuracy (double vs Arb), mpfr (Arb vs MPFR), wide (wide-ball
# soundness), definitions (rigorous integration and Monte Carlo), derivatives (jac/hess against MPFR differences),
# special (exact special arguments: domain ends, 0, +-1, pi/2, pi, ... and their products).
# The row contract runs in each.
if HAVE_CHECK
REGISTRY_TESTS = tests/check_registry_accuracy tests/check_registry_mpfr tests/check_registry_wide \
	tests/check_registry_definitions tests/check_registry_deriv tests/check_registry_special
check_PROGRAMS += $(REGISTRY_TESTS)
TESTS += $(REGISTRY_TESTS)
tests_check_registry_accuracy_SOURCES = tests/check_registry.c
tests_check_registry_accuracy_CPPFLAGS = $(AM_CPPFLAGS) -DGDC_REGISTRY_CASE=1
tests_check_registry_accuracy_CFLAGS = $(AM_CFLAGS) $(CHECK_CFLAGS)
tests_check_registry_accuracy_LDADD = libgdcert.la $(CHECK_LIBS)
tests_check_registry_mpfr_SOURCES = tests/check_registry.c
tests_check_registry_mpfr_CPPFLAGS = $(AM_CPPFLAGS) -DGDC_REGISTRY_CASE=2
tests_check_registry_mpfr_CFLAGS = $(AM_CFLAGS) $(CHECK_CFLAGS)
tests_check_registry_mpfr_LDADD = libgdcert.la $(CHECK_LIBS)
tests_check_registry_wide_SOURCES = tests/check_registry.c
tests_check_registry_wide_CPPFLAGS = $(AM_CPPFLAGS) -DGDC_REGISTRY_CASE=3
tests_check_registry_wide_CFLAGS = $(AM_CFLAGS) $(CHECK_CFLAGS)
tests_check_registry_wide_LDADD = libgdcert.la $(CHECK_LIBS)
tests_check_registry_definitions_SOURCES = tests/check_registry.c
tests_check_registry_definitions_CPPFLAGS = $(AM_CPPFLAGS) -DGDC_REGISTRY_CASE=4
tests_check_registry_definitions_CFLAGS = $(AM_CFLAGS) $(CHECK_CFLAGS)
tests_check_registry_definitions_LDADD = libgdcert.la $(CHECK_LIBS)
tests_check_registry_deriv_SOURCES = tests/check_registry.c
tests_check_registry_deriv_CPPFLAGS = $(AM_CPPFLAGS) -DGDC_REGISTRY_CASE=5
tests_check_registry_deriv_CFLAGS = $(AM_CFLAGS) $(CHECK_CFLAGS)
tests_check_registry_deriv_LDADD = libgdcert.la $(CHECK_LIBS)
tests_check_registry_special_SOURCES = tests/check_registry.c
tests_check_registry_special_CPPFLAGS = $(AM_CPPFLAGS) -DGDC_REGISTRY_CASE=6
tests_check_registry_special_CFLAGS = $(AM_CFLAGS) $(CHECK_CFLAGS)
tests_check_registry_special_LDADD = libgdcert.la $(CHECK_LIBS)
endif

# erf.ratio6/erf.ratio7: the special enclosure at w0 = u0 (src/erf/erf_ratio_arb.c), sampled inside boxes
if HAVE_CHECK
check_PROGRAMS += tests/check_erf_ratio
TESTS += tests/check_erf_ratio
tests_check_erf_ratio_SOURCES = tests/check_erf_ratio.c
tests_check_erf_ratio_CFLAGS = $(AM_CFLAGS) $(CHECK_CFLAGS)
tests_check_erf_ratio_LDADD = libgdcert.la $(CHECK_LIBS)
endif

# the erf rows' derivative enclosures against the paper's gradient/Hessian formulas of other rows (C19, C20, C22,
# C31, Lemma 2)
if HAVE_CHECK
check_PROGRAMS += tests/check_erf_deriv
TESTS += tests/check_erf_deriv
tests_check_erf_deriv_SOURCES = tests/check_erf_deriv.c tests/row_hess_eval.h
tests_check_erf_deriv_CFLAGS = $(AM_CFLAGS) $(CHECK_CFLAGS)
tests_check_erf_deriv_LDADD = libgdcert.la $(CHECK_LIBS)
endif

# gdcert simulate: Figure 1 of 000 against the catalogue's S19 table, trajectory CSV, bad input
TESTS += tests/cli/simulate.sh
EXTRA_DIST += tests/cli/simulate.sh

# vector / general-point APIs of the FC families (cosine_fc.h, erf_fc.h) against the rows, known values, the
# closed forms and finite differences
if HAVE_CHECK
check_PROGRAMS += tests/check_fc_vector
TESTS += tests/check_fc_vector
tests_check_fc_vector_SOURCES = tests/check_fc_vector.c
tests_check_fc_vector_CFLAGS = $(AM_CFLAGS) $(CHECK_CFLAGS)
tests_check_fc_vector_LDADD = libgdcert.la $(CHECK_LIBS)
endif

# derivative enclosures of the ReLU rows: exact signs at touching points, corr_ratio through (1, 0), accuracy in the
# hard regimes far beyond the double range
if HAVE_CHECK
check_PROGRAMS += tests/check_relu_deriv
TESTS += tests/check_relu_deriv
tests_check_relu_deriv_SOURCES = tests/check_relu_deriv.c tests/row_hess_eval.h
tests_check_relu_deriv_CFLAGS = $(AM_CFLAGS) $(CHECK_CFLAGS)
tests_check_relu_deriv_LDADD = libgdcert.la $(CHECK_LIBS)
endif
# Batch calls (gdc_eval_n) and the ReLU/erf Gram matrices against rigorous values from the vectors (issue 14)
if HAVE_CHECK
check_PROGRAMS += tests/check_batch
TESTS += tests/check_batch
tests_check_batch_SOURCES = tests/check_batch.c
tests_check_batch_CFLAGS = $(AM_CFLAGS) $(CHECK_CFLAGS)
tests_check_batch_LDADD = libgdcert.la $(CHECK_LIBS)
endif

# A program built against the installed tree with pkg-config alone (the README example; make install DESTDIR=tmp)
TESTS += tests/install/installed.sh
EXTRA_DIST += tests/install/installed.sh

# derivative enclosures of the gauss and cosine rows: accuracy in every hard regime, documented indeterminate
# entries, the jet algebra on a function with known derivatives
if HAVE_CHECK
check_PROGRAMS += tests/check_gc_deriv
TESTS += tests/check_gc_deriv
tests_check_gc_deriv_SOURCES = tests/check_gc_deriv.c
tests_check_gc_deriv_CFLAGS = $(AM_CFLAGS) $(CHECK_CFLAGS)
tests_check_gc_deriv_LDADD = libgdcert.la $(CHECK_LIBS)
endif
# The regularized incomplete beta (src/core/betainc*.c) and gauss.cap: closed forms, angle_tail, Arb and MPFR.
check_PROGRAMS += tests/check_betainc
TESTS += tests/check_betainc
tests_check_betainc_SOURCES = tests/check_betainc.c
tests_check_betainc_CFLAGS = $(AM_CFLAGS) $(CHECK_CFLAGS)
tests_check_betainc_LDADD = libgdcert.la $(CHECK_LIBS)
