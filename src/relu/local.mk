# relu: the ReLU arc-cosine family (double kernels, Arb, MPFR, vector API, registry rows, definition checks)
libgdcert_la_SOURCES += \
	src/relu/relu.h src/relu/relu_regimes.h src/relu/relu_defs.h \
	src/relu/relu_double.c src/relu/relu_arb.c src/relu/relu_mpfr.c src/relu/relu_vec.c \
	src/relu/relu_rows.c src/relu/relu_regimes.c src/relu/relu_defs.c src/relu/relu_mc.c
reluhdrdir = $(pkgincludedir)/relu
reluhdr_HEADERS = src/relu/relu.h

if HAVE_CHECK
check_PROGRAMS += tests/check_relu_special
TESTS += tests/check_relu_special
tests_check_relu_special_SOURCES = tests/check_relu_special.c
tests_check_relu_special_CFLAGS = $(AM_CFLAGS) $(CHECK_CFLAGS)
tests_check_relu_special_LDADD = libgdcert.la $(CHECK_LIBS)
endif
libgdcert_la_SOURCES += src/relu/relu_nc_rows.c
