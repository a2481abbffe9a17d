# The Gaussian-cosine family (seed-002 Section 3).
libgdcert_la_SOURCES += \
	src/cosine/cosine.h src/cosine/cosine_ecc.c src/cosine/cosine_grad.c src/cosine/cosine_hess.c \
	src/cosine/cosine_defs.c src/cosine/cosine_rows.c
cosinehdrdir = $(pkgincludedir)/cosine
cosinehdr_HEADERS = src/cosine/cosine.h
libgdcert_la_SOURCES += src/cosine/cosine_fc_rows.c
libgdcert_la_SOURCES += src/cosine/cosine_fc.h src/cosine/cosine_fc.c src/cosine/cosine_fc_defs.c
# Derivative enclosures (jets of the stable forms).
libgdcert_la_SOURCES += src/cosine/cosine_jet.h src/cosine/cosine_jet.c src/cosine/cosine_deriv.c \
	src/cosine/cosine_fc_deriv.c
