# ball: coordinates of the uniform distribution on a ball (004_107e0ef2f6021d42.txt, Theorems 3.1, 3.2,
# Remark 3.3; seed-004 C7, C8): density, tail and ReLU moments by the incomplete beta function.
libgdcert_la_SOURCES += \
	src/ball/ball.h src/ball/ball_util.h src/ball/ball_util.c src/ball/ball_coord_arb.c \
	src/ball/ball_coord_mpfr.c src/ball/ball_double.c src/ball/ball_coord_defs.c src/ball/ball_rows.c \
	src/ball/ball_disk.h src/ball/ball_disk_arb.c src/ball/ball_disk_breaks.c src/ball/ball_disk_sweep.c \
	src/ball/ball_disk_jets.c src/ball/ball_disk_bounds.c src/ball/ball_disk_edge.c src/ball/ball_disk_mpfr.c \
	src/ball/ball_grad_arb.c src/ball/ball_grad_mpfr.c \
	src/ball/ball_cube.h src/ball/ball_cube_arb.c src/ball/ball_cube_mpfr.c \
	src/ball/ball_dcross_arb.c src/ball/ball_dcross_mpfr.c src/ball/ball_dcross_defs.c \
	src/ball/ball_dcross_quad.c src/ball/ball_dcross_closed.c
ballhdrdir = $(pkgincludedir)/ball
ballhdr_HEADERS = src/ball/ball.h

if HAVE_CHECK
check_PROGRAMS += tests/check_ball
TESTS += tests/check_ball
tests_check_ball_SOURCES = tests/check_ball.c
tests_check_ball_CFLAGS = $(AM_CFLAGS) $(CHECK_CFLAGS)
tests_check_ball_LDADD = libgdcert.la $(CHECK_LIBS)
endif

# ball.dcross's closed form at points against the MPFR reference, central differences and the quadrature
if HAVE_CHECK
check_PROGRAMS += tests/check_dcross_closed
TESTS += tests/check_dcross_closed
tests_check_dcross_closed_SOURCES = tests/check_dcross_closed.c
tests_check_dcross_closed_CFLAGS = $(AM_CFLAGS) $(CHECK_CFLAGS)
tests_check_dcross_closed_LDADD = libgdcert.la $(CHECK_LIBS)
endif
