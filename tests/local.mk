# Registry-driven Check suites (every row of the registry), one program per kind of check so that
# `make -j2 check` runs them in parallel: accuracy (double vs Arb), mpfr (Arb vs MPFR), wide (wide-ball
# soundness), definitions (rigorous integration and Monte Carlo), derivatives (jac/hess against MPFR differences).
# The row contract runs in each.
if HAVE_CHECK
REGISTRY_TESTS = tests/check_registry_accuracy tests/check_registry_mpfr tests/check_registry_wide \
	tests/check_registry_definitions tests/check_registry_deriv
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
endif

# erf.ratio6/erf.ratio7: the special enclosure at w0 = u0 (src/erf/erf_ratio_arb.c), sampled inside boxes
if HAVE_CHECK
check_PROGRAMS += tests/check_erf_ratio
TESTS += tests/check_erf_ratio
tests_check_erf_ratio_SOURCES = tests/check_erf_ratio.c
tests_check_erf_ratio_CFLAGS = $(AM_CFLAGS) $(CHECK_CFLAGS)
tests_check_erf_ratio_LDADD = libgdcert.la $(CHECK_LIBS)
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
tests_check_relu_deriv_SOURCES = tests/check_relu_deriv.c
tests_check_relu_deriv_CFLAGS = $(AM_CFLAGS) $(CHECK_CFLAGS)
tests_check_relu_deriv_LDADD = libgdcert.la $(CHECK_LIBS)
endif
