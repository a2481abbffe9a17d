# cnn: the one-hidden-layer non-overlapping CNN of 003 (seed-003 C1, C6, C12, C17, C20)
libgdcert_la_SOURCES += \
	src/cnn/cnn.h src/cnn/cnn_defs.h src/cnn/cnn_g.c src/cnn/cnn_double.c src/cnn/cnn_arb.c src/cnn/cnn_mpfr.c \
	src/cnn/cnn_defs.c src/cnn/cnn_regimes.c src/cnn/cnn_rows.c src/cnn/cnn_gd.c src/cnn/cnn_vec.c \
	src/cnn/cnn_grad.c
cnnhdrdir = $(pkgincludedir)/cnn
cnnhdr_HEADERS = src/cnn/cnn.h

if HAVE_CHECK
check_PROGRAMS += tests/check_cnn
TESTS += tests/check_cnn
tests_check_cnn_SOURCES = tests/check_cnn.c
tests_check_cnn_CFLAGS = $(AM_CFLAGS) $(CHECK_CFLAGS)
tests_check_cnn_LDADD = libgdcert.la $(CHECK_LIBS)
check_PROGRAMS += tests/check_cnn_identities
TESTS += tests/check_cnn_identities
tests_check_cnn_identities_SOURCES = tests/check_cnn_identities.c tests/mpoly_ring.h
tests_check_cnn_identities_CFLAGS = $(AM_CFLAGS) $(CHECK_CFLAGS)
tests_check_cnn_identities_LDADD = libgdcert.la $(CHECK_LIBS)
endif
# `make figure1b`: Figure 1(b) of 003 (tables/003_figure1b.csv and .md in the source tree, certified enclosures; ~1 s)
.PHONY: figure1b
figure1b: gdcert$(EXEEXT)
	GDCERT="$(abs_builddir)/gdcert$(EXEEXT)" $(SHELL) "$(srcdir)/scripts/make-figure1b.sh" "$(srcdir)/tables"
