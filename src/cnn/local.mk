# cnn: the one-hidden-layer non-overlapping CNN of 003 (seed-003 C1, C6, C12, C17, C20)
libgdcert_la_SOURCES += \
	src/cnn/cnn.h src/cnn/cnn_defs.h src/cnn/cnn_g.c src/cnn/cnn_double.c src/cnn/cnn_arb.c src/cnn/cnn_mpfr.c \
	src/cnn/cnn_defs.c src/cnn/cnn_regimes.c src/cnn/cnn_rows.c
cnnhdrdir = $(pkgincludedir)/cnn
cnnhdr_HEADERS = src/cnn/cnn.h
