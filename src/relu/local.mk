# relu: the ReLU arc-cosine family (double kernels, Arb, MPFR, vector API, registry rows, definition checks)
libgdcert_la_SOURCES += \
	src/relu/relu.h src/relu/relu_regimes.h src/relu/relu_defs.h \
	src/relu/relu_double.c src/relu/relu_arb.c src/relu/relu_mpfr.c src/relu/relu_vec.c \
	src/relu/relu_rows.c src/relu/relu_regimes.c src/relu/relu_defs.c src/relu/relu_mc.c \
	src/relu/relu_deriv.h src/relu/relu_deriv.c src/relu/relu_deriv_corr.c
# Gram matrix (NNGP kernel) from two sets of vectors
libgdcert_la_SOURCES += src/relu/relu_gram.c
# relu.nngp, relu.ntk: the deep kernels (NNGP and NTK of a bias-free ReLU network of depth L)
libgdcert_la_SOURCES += \
	src/relu/relu_row_double.h src/relu/relu_corr_path.h src/relu/relu_deep.h src/relu/relu_deep.c src/relu/relu_deep_arb.c src/relu/relu_deep_mpfr.c \
	src/relu/relu_deep_regimes.c src/relu/relu_deep_defs.c
reluhdrdir = $(pkgincludedir)/relu
reluhdr_HEADERS = src/relu/relu.h

if HAVE_CHECK
check_PROGRAMS += tests/check_relu_special
TESTS += tests/check_relu_special
tests_check_relu_special_SOURCES = tests/check_relu_special.c
tests_check_relu_special_CFLAGS = $(AM_CFLAGS) $(CHECK_CFLAGS)
tests_check_relu_special_LDADD = libgdcert.la $(CHECK_LIBS)
# exact symbolic proofs (FLINT fmpq_mpoly) of C23's algebra and of 000 Theorem 4.2's identity near theta = pi
check_PROGRAMS += tests/check_relu_identities
TESTS += tests/check_relu_identities
tests_check_relu_identities_SOURCES = tests/check_relu_identities.c tests/mpoly_ring.h
tests_check_relu_identities_CFLAGS = $(AM_CFLAGS) $(CHECK_CFLAGS)
tests_check_relu_identities_LDADD = libgdcert.la $(CHECK_LIBS)
check_PROGRAMS += tests/check_relu_bounds
TESTS += tests/check_relu_bounds
tests_check_relu_bounds_SOURCES = tests/check_relu_bounds.c
tests_check_relu_bounds_CFLAGS = $(AM_CFLAGS) $(CHECK_CFLAGS)
tests_check_relu_bounds_LDADD = libgdcert.la $(CHECK_LIBS)
# the regime tests of the fast double kernels (loss, angle_rate, hess_eig) at their thresholds, against Arb
check_PROGRAMS += tests/check_relu_fast
TESTS += tests/check_relu_fast
tests_check_relu_fast_SOURCES = tests/check_relu_fast.c
tests_check_relu_fast_CFLAGS = $(AM_CFLAGS) $(CHECK_CFLAGS)
tests_check_relu_fast_LDADD = libgdcert.la $(CHECK_LIBS)
check_PROGRAMS += tests/check_relu_deep
TESTS += tests/check_relu_deep
tests_check_relu_deep_SOURCES = tests/check_relu_deep.c
tests_check_relu_deep_CFLAGS = $(AM_CFLAGS) $(CHECK_CFLAGS)
tests_check_relu_deep_LDADD = libgdcert.la $(CHECK_LIBS)
endif
libgdcert_la_SOURCES += src/relu/relu_nc_rows.c
# relu.nc_grad: the non-centred Gaussian of Figure 1 (seed-000 C26, S19) and `gdcert simulate`
libgdcert_la_SOURCES += \
	src/relu/relu_nc.h src/relu/relu_nc_m3.c src/relu/relu_nc_double.c src/relu/relu_nc_arb.c \
	src/relu/relu_nc_mpfr.c src/relu/relu_nc_defs.c
# `make figure1`: the Figure 1 simulation (tables/000_figure1.csv and .md in the source tree; about 20 s)
.PHONY: figure1
figure1: gdcert$(EXEEXT)
	GDCERT="$(abs_builddir)/gdcert$(EXEEXT)" $(SHELL) "$(srcdir)/scripts/make-figure1.sh" "$(srcdir)/tables"
libgdcert_la_SOURCES += src/relu/relu_nc_gd.c
# relu.corr and relu.corr_ratio: each double form's premise and error at the edges of its region (issue 14)
if HAVE_CHECK
check_PROGRAMS += tests/check_relu_corr_paths
TESTS += tests/check_relu_corr_paths
tests_check_relu_corr_paths_SOURCES = tests/check_relu_corr_paths.c
tests_check_relu_corr_paths_CFLAGS = $(AM_CFLAGS) $(CHECK_CFLAGS)
tests_check_relu_corr_paths_LDADD = libgdcert.la $(CHECK_LIBS)
endif
