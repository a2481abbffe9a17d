# Shared machinery: registry, domains, angles, series, accuracy measure, cross-checks, rng.
libgdcert_la_SOURCES += \
	src/core/registry.c src/core/registry.h src/core/families.h \
	src/core/domain.c src/core/eval.c \
	src/core/rng.c src/core/rng.h \
	src/core/accuracy.c src/core/xcheck.c src/core/xcheck_deriv.c src/core/xcheck.h
corehdrdir = $(pkgincludedir)/core
corehdr_HEADERS = src/core/registry.h src/core/rng.h src/core/xcheck.h
libgdcert_la_SOURCES += src/core/angle.c src/core/angle.h src/core/series.c src/core/series.h
corehdr_HEADERS += src/core/angle.h src/core/series.h src/core/dd.h
# Rigorous 1-D Gaussian expectations and seeded Monte Carlo (definition checks of cosine and erf).
libgdcert_la_SOURCES += src/core/normal_quad.c src/core/normal_quad.h
corehdr_HEADERS += src/core/normal_quad.h
# Gauss-Legendre nodes in MPFR (MPFR versions of gauss.lemma51 and relu.nc_grad).
libgdcert_la_SOURCES += src/core/mpfr_gl.c src/core/mpfr_gl.h
# Dynamics for `gdcert simulate`: the list and the generic runner (double and Arb).
libgdcert_la_SOURCES += src/core/dynamics.c src/core/dynamics.h src/core/simulate.c src/core/simulate.h
corehdr_HEADERS += src/core/dynamics.h src/core/simulate.h
