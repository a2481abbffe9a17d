# The prover (issue 3): claim files, certified branch and bound, certificates and their checker.
libgdcert_la_SOURCES += \
	src/prove/prove.h src/prove/sha256.c src/prove/parse.c src/prove/parse_impl.h src/prove/parse_let.c src/prove/parse_include.c src/prove/parse_file.h src/prove/parse_file.c src/prove/expr.c src/prove/expr_impl.h src/prove/expr_iv.c \
	src/prove/expr_arith.c src/prove/expr_elem.c src/prove/expr_special.c src/prove/expr_xmsin3.c src/prove/expr_reg.c src/prove/expr_rowcache.c src/prove/expr_rowmemo.c src/prove/expr_chain.c src/prove/expr_analyse.c \
	src/prove/box.c \
	src/prove/search_impl.h src/prove/search.c src/prove/search_tree.c src/prove/search_box.c \
	src/prove/search_point.c src/prove/search_result.c src/prove/form_interval.c src/prove/form_meanvalue.c \
	src/prove/form_monotone.c src/prove/form_taylor.c src/prove/form_boundary.c src/prove/cert.c src/prove/checker.c
provehdrdir = $(pkgincludedir)/prove
provehdr_HEADERS = src/prove/prove.h

gdcert_SOURCES += src/cli/cmd_prove.c src/cli/cmd_verify.c

dist_man_MANS += man/gdcert-claim.5 man/gdcert-prove.1

if HAVE_CHECK
check_PROGRAMS += tests/check_prove_unit
TESTS += tests/check_prove_unit
tests_check_prove_unit_SOURCES = tests/check_prove_unit.c
tests_check_prove_unit_CFLAGS = $(AM_CFLAGS) $(CHECK_CFLAGS)
tests_check_prove_unit_LDADD = libgdcert.la $(CHECK_LIBS)
check_PROGRAMS += tests/check_prove_forms
TESTS += tests/check_prove_forms
tests_check_prove_forms_SOURCES = tests/check_prove_forms.c
tests_check_prove_forms_CFLAGS = $(AM_CFLAGS) $(CHECK_CFLAGS)
tests_check_prove_forms_LDADD = libgdcert.la $(CHECK_LIBS)
check_PROGRAMS += tests/check_prove_lang
TESTS += tests/check_prove_lang
tests_check_prove_lang_SOURCES = tests/check_prove_lang.c
tests_check_prove_lang_CFLAGS = $(AM_CFLAGS) $(CHECK_CFLAGS)
tests_check_prove_lang_LDADD = libgdcert.la $(CHECK_LIBS)
endif

BENCH_PROGS += bench/bench_prove
EXTRA_PROGRAMS += bench/bench_prove
bench_bench_prove_SOURCES = bench/bench_prove.c
bench_bench_prove_LDADD = libgdcert.la
bench_bench_prove_CPPFLAGS = $(AM_CPPFLAGS) -DGDC_SRCDIR='"$(abs_top_srcdir)"'

BENCH_PROGS += bench/bench_prove_goals
EXTRA_PROGRAMS += bench/bench_prove_goals
bench_bench_prove_goals_SOURCES = bench/bench_prove_goals.c
bench_bench_prove_goals_LDADD = libgdcert.la
