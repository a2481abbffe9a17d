# The audit (issue 4): `gdcert audit` decides every claim file of proofs/ and reports per paper;
# `gdcert table` certifies parameter sweeps (specs in tables/); `make tables` and `make plots` regenerate
# the committed tables and plots; the proofs/ tree is installed under $(pkgdatadir)/proofs.
libgdcert_la_SOURCES += \
	src/audit/audit.h src/audit/fmt.c src/audit/meta.c src/audit/audit_run.c src/audit/audit_report.c \
	src/audit/index.c src/audit/verdict.c src/audit/papers.c src/audit/report_internal.h src/audit/report_md_tex.c \
	src/audit/report_data.c src/audit/report_write.c src/audit/audit_parallel.c \
	src/audit/table_spec.c src/audit/table_run.c src/audit/table_print.c

gdcert_SOURCES += src/cli/cmd_audit.c src/cli/cmd_table.c

dist_man_MANS += man/gdcert-audit.1 man/gdcert-table.1

# ---- tests
if HAVE_CHECK
check_PROGRAMS += tests/audit/check_fmt
TESTS += tests/audit/check_fmt
tests_audit_check_fmt_SOURCES = tests/audit/check_fmt.c
tests_audit_check_fmt_CFLAGS = $(AM_CFLAGS) $(CHECK_CFLAGS)
tests_audit_check_fmt_LDADD = libgdcert.la $(CHECK_LIBS)
check_PROGRAMS += tests/audit/check_index
TESTS += tests/audit/check_index
tests_audit_check_index_SOURCES = tests/audit/check_index.c
tests_audit_check_index_CFLAGS = $(AM_CFLAGS) $(CHECK_CFLAGS)
tests_audit_check_index_LDADD = libgdcert.la $(CHECK_LIBS)
endif
AUDIT_TESTS = tests/audit/audit.sh tests/audit/index.sh tests/audit/table.sh tests/audit/tables_committed.sh \
	tests/audit/plots_committed.sh tests/audit/coverage.sh tests/audit/reports_committed.sh tests/audit/tex_reports.sh
TESTS += $(AUDIT_TESTS)
EXTRA_DIST += $(AUDIT_TESTS) tests/audit/lib.sh tests/audit/small.table

# ---- the proofs tree (installed) and the tables (specs, outputs, plots, captions)
DIST_SRCDIRS += proofs tables tests/audit/paper tests/audit/mismatch tests/audit/indexed

install-data-local: install-proofs
uninstall-local: uninstall-proofs
.PHONY: install-proofs uninstall-proofs tables plots reports
install-proofs:
	$(MKDIR_P) "$(DESTDIR)$(pkgdatadir)"
	rm -rf "$(DESTDIR)$(pkgdatadir)/proofs"
	cp -R "$(srcdir)/proofs" "$(DESTDIR)$(pkgdatadir)/proofs"
	chmod -R u+w,go+rX "$(DESTDIR)$(pkgdatadir)/proofs"
uninstall-proofs:
	rm -rf "$(DESTDIR)$(pkgdatadir)/proofs"

# `make tables`: regenerate every committed table from its spec (tables/NAME.table -> NAME.md, NAME.csv)
# into the source tree; `make check` (tests/audit/tables_committed.sh) verifies them byte for byte.
tables: gdcert$(EXEEXT)
	GDCERT="$(abs_builddir)/gdcert$(EXEEXT)" $(SHELL) "$(srcdir)/scripts/make-tables.sh" "$(srcdir)/tables"

# `make reports`: regenerate the committed audit report of every paper folder (proofs/NAME/report/) into the
# source tree; `make check` (tests/audit/reports_committed.sh) verifies them byte for byte.
reports: gdcert$(EXEEXT)
	GDCERT="$(abs_builddir)/gdcert$(EXEEXT)" $(SHELL) "$(srcdir)/scripts/make-reports.sh" "$(srcdir)/proofs"

# `make plots`: the PNG and SVG plots of tables/ (gnuplot), from freshly certified CSV tables.
plots: gdcert$(EXEEXT)
	GDCERT="$(abs_builddir)/gdcert$(EXEEXT)" $(SHELL) "$(srcdir)/scripts/make-plots.sh" "$(srcdir)/tables"
