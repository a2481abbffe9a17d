# twolayer: the two-neuron ReLU network for linear targets of 001 (seed-001 C5, C12, C13)
libgdcert_la_SOURCES += \
	src/twolayer/twolayer.h src/twolayer/twolayer_defs.h src/twolayer/twolayer_jet.h src/twolayer/twolayer_jet.c \
	src/twolayer/twolayer_double.c src/twolayer/twolayer_arb.c src/twolayer/twolayer_mpfr.c \
	src/twolayer/twolayer_defs.c src/twolayer/twolayer_regimes.c src/twolayer/twolayer_rows.c \
	src/twolayer/twolayer_gd.c
twolayerhdrdir = $(pkgincludedir)/twolayer
twolayerhdr_HEADERS = src/twolayer/twolayer.h

if HAVE_CHECK
check_PROGRAMS += tests/check_twolayer
TESTS += tests/check_twolayer
tests_check_twolayer_SOURCES = tests/check_twolayer.c
tests_check_twolayer_CFLAGS = $(AM_CFLAGS) $(CHECK_CFLAGS)
tests_check_twolayer_LDADD = libgdcert.la $(CHECK_LIBS)
endif
