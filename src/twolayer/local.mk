# twolayer: the two-neuron ReLU network for linear targets of 001 (seed-001 C5, C9, C11, C12, C13, C17, C18, C19)
libgdcert_la_SOURCES += \
	src/twolayer/twolayer.h src/twolayer/twolayer_defs.h \
	src/twolayer/twolayer_double.c src/twolayer/twolayer_arb.c src/twolayer/twolayer_mpfr.c \
	src/twolayer/twolayer_defs.c src/twolayer/twolayer_regimes.c src/twolayer/twolayer_rows.c \
	src/twolayer/twolayer_gd.c src/twolayer/twolayer_hess.c src/twolayer/twolayer_hess_def.c \
	src/twolayer/twolayer_general.c src/twolayer/twolayer_gd_k.c src/twolayer/twolayer_halfspace.c \
	src/twolayer/twolayer_wedge.c src/twolayer/twolayer_tent.c \
	src/twolayer/twolayer_gd.h src/twolayer/twolayer_gd_jac.c \
	src/twolayer/twolayer_corr.c src/twolayer/twolayer_corr_defs.c \
	src/twolayer/twolayer_corr_ratio.c
twolayerhdrdir = $(pkgincludedir)/twolayer
twolayerhdr_HEADERS = src/twolayer/twolayer.h

if HAVE_CHECK
check_PROGRAMS += tests/check_twolayer
TESTS += tests/check_twolayer
tests_check_twolayer_SOURCES = tests/check_twolayer.c
tests_check_twolayer_CFLAGS = $(AM_CFLAGS) $(CHECK_CFLAGS)
tests_check_twolayer_LDADD = libgdcert.la $(CHECK_LIBS)
check_PROGRAMS += tests/check_twolayer_corr
TESTS += tests/check_twolayer_corr
tests_check_twolayer_corr_SOURCES = tests/check_twolayer_corr.c tests/mvt_inclusion.h
tests_check_twolayer_corr_CFLAGS = $(AM_CFLAGS) $(CHECK_CFLAGS)
tests_check_twolayer_corr_LDADD = libgdcert.la $(CHECK_LIBS)
check_PROGRAMS += tests/check_twolayer_corr_ratio
TESTS += tests/check_twolayer_corr_ratio
tests_check_twolayer_corr_ratio_SOURCES = tests/check_twolayer_corr_ratio.c tests/mvt_inclusion.h
tests_check_twolayer_corr_ratio_CFLAGS = $(AM_CFLAGS) $(CHECK_CFLAGS)
tests_check_twolayer_corr_ratio_LDADD = libgdcert.la $(CHECK_LIBS)
endif
# `make figure4_001`: Figure 4 (section 4.3) of 001 (tables/001_figure4.csv, 001_figure4_scaled.csv and .md in the
# source tree, certified enclosures at every step; ~3 s of CPU)
.PHONY: figure4_001
figure4_001: gdcert$(EXEEXT)
	GDCERT="$(abs_builddir)/gdcert$(EXEEXT)" $(SHELL) "$(srcdir)/scripts/make-figure4-001.sh" "$(srcdir)/tables"
EXTRA_DIST += scripts/make-figure4-001.sh tests/twolayer/figure4_committed.sh
# the committed Figure 4 tables are reproduced byte for byte by a fresh run (~3 s of CPU)
TESTS += tests/twolayer/figure4_committed.sh
# `make figure5_001`: Figure 5 (section 4.1) of 001 (tables/001_figure5.csv and .md in the source tree, certified
# enclosures; ~0.1 s)
.PHONY: figure5_001
figure5_001: gdcert$(EXEEXT)
	GDCERT="$(abs_builddir)/gdcert$(EXEEXT)" $(SHELL) "$(srcdir)/scripts/make-figure5-001.sh" "$(srcdir)/tables"
EXTRA_DIST += scripts/make-figure5-001.sh tests/twolayer/figure5_committed.sh tests/twolayer/committed_lib.sh
# the committed Figure 5 tables are reproduced byte for byte by a fresh run (~0.1 s)
TESTS += tests/twolayer/figure5_committed.sh
# `make figure2_001`: Figure 2 (section 4.1) of 001 (tables/001_figure2.csv and .md in the source tree; a double
# simulation, twolayer.gd_k has no Arb path; ~0.5 s)
.PHONY: figure2_001
figure2_001: gdcert$(EXEEXT)
	GDCERT="$(abs_builddir)/gdcert$(EXEEXT)" $(SHELL) "$(srcdir)/scripts/make-figure2-001.sh" "$(srcdir)/tables"
EXTRA_DIST += scripts/make-figure2-001.sh tests/twolayer/figure2_committed.sh
# the committed Figure 2 tables are reproduced byte for byte by a fresh run (~0.5 s)
TESTS += tests/twolayer/figure2_committed.sh
