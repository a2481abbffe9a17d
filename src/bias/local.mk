# bias: the biased-ReLU family of 004_107e0ef2f6021d42.txt (seed-004 C9-C15): Gaussian moments, Owen's T,
# the bivariate normal CDF (double kernels, Arb with derivative enclosures, MPFR, rows, definition checks)
libgdcert_la_SOURCES += \
	src/bias/bias.h src/bias/bias_gl20.h src/bias/bias_grid.h src/bias/bias_regimes.h src/bias/bias_defs.h \
	src/bias/bias_double.c src/bias/bias_arb.c src/bias/bias_mpfr.c src/bias/bias_rows.c \
	src/bias/bias_regimes.c src/bias/bias_defs.c src/bias/bias_mc.c \
	src/bias/bias_cross.h src/bias/bias_cross_double.c src/bias/bias_cross_arb.c src/bias/bias_cross_mpfr.c \
	src/bias/bias_grad_arb.c src/bias/bias_grad_mpfr.c src/bias/bias_bvn_mpfr.c
biashdrdir = $(pkgincludedir)/bias
biashdr_HEADERS = src/bias/bias.h

# derivative enclosures (mean-value inclusion on boxes, central differences), exact values, no early underflow
if HAVE_CHECK
check_PROGRAMS += tests/check_bias
TESTS += tests/check_bias
tests_check_bias_SOURCES = tests/check_bias.c
tests_check_bias_CFLAGS = $(AM_CFLAGS) $(CHECK_CFLAGS)
tests_check_bias_LDADD = libgdcert.la $(CHECK_LIBS)
endif
