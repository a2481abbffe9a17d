# gauss: Gaussian geometry and initialisation probabilities (000_09c7d5b8511ab65b.txt Lemma B.1, Lemma 5.1,
# Theorem 3.1, the initialisation probabilities after Theorem 6.4).
libgdcert_la_SOURCES += \
	src/gauss/gauss.h src/gauss/dd.h src/gauss/special.h src/gauss/special.c src/gauss/util.c \
	src/gauss/wedge.c src/gauss/lemma51.c src/gauss/angle_tail.c src/gauss/gamma.c src/gauss/binom.c \
	src/gauss/gauss_rows.c src/gauss/gauss_deriv.c src/gauss/cap.c src/gauss/budget.c
gausshdrdir = $(pkgincludedir)/gauss
gausshdr_HEADERS = src/gauss/gauss.h
