# The erf (arcsine-kernel) family (seed-002 Section 4); uses src/core/normal_quad.{c,h}.
libgdcert_la_SOURCES += \
	src/erf/erf.h src/erf/erf_kernel.c src/erf/erf_lemma2.c src/erf/erf_defs.c src/erf/erf_rows.c
erfhdrdir = $(pkgincludedir)/erf
erfhdr_HEADERS = src/erf/erf.h
# Gram matrix (NNGP kernel) from two sets of vectors
libgdcert_la_SOURCES += src/erf/erf_gram.c
libgdcert_la_SOURCES += src/erf/erf_fc_rows.c src/erf/erf_ratio_rows.c
# Theorem 6/7 inner-product ratios (erf.ratio6, erf.ratio7; rows in erf_ratio_rows.c)
libgdcert_la_SOURCES += src/erf/erf_ratio.h src/erf/erf_ratio.c src/erf/erf_ratio_arb.c src/erf/erf_ratio_mpfr.c \
	src/erf/erf_ratio_defs.c
libgdcert_la_SOURCES += src/erf/erf_fc.h src/erf/erf_fc_internal.h src/erf/erf_fc.c src/erf/erf_fc_arb.c src/erf/erf_fc_direct.c src/erf/erf_fc_mpfr.c src/erf/erf_fc_defs.c
libgdcert_la_SOURCES += src/erf/erf_ratio_iv.h
# derivative enclosures (fn_arb_jac, fn_arb_hess) by second-order jets
libgdcert_la_SOURCES += src/erf/erf_jet.h src/erf/erf_deriv.c src/erf/erf_fc_deriv.c src/erf/erf_ratio_deriv.c
