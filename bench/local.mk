# Benchmarks: `make bench` builds every program of BENCH_PROGS (each folder appends its own) and runs it.
# They are EXTRA_PROGRAMS: not built by `make` or `make check`.
BENCH_PROGS += bench/bench_kernels
EXTRA_PROGRAMS += bench/bench_kernels
bench_bench_kernels_SOURCES = bench/bench_kernels.c
bench_bench_kernels_LDADD = libgdcert.la
CLEANFILES += $(BENCH_PROGS)

bench: $(BENCH_PROGS) libgdcert.la gdcert$(EXEEXT)
	@for p in $(BENCH_PROGS); do echo "== $$p"; ./$$p || exit 1; echo; done
	@for py in $(PYTHON) python3 /usr/bin/python3; do \
	  if $$py -c 'import numpy' >/dev/null 2>&1; then \
	    echo "== bench/bench_python.py ($$py)"; \
	    GDCERT_LIB="$(abs_builddir)/.libs/libgdcert.so" PYTHONPATH="$(abs_srcdir)/python" $$py "$(srcdir)/bench/bench_python.py" || exit 1; \
	    break; \
	  fi; \
	done
	@echo "== bench/audit_jobs.sh"; GDCERT=./gdcert$(EXEEXT) $(SHELL) "$(srcdir)/bench/audit_jobs.sh" "$(srcdir)/proofs"
EXTRA_DIST += bench/audit_jobs.sh
.PHONY: bench
EXTRA_DIST += bench/bench_python.py
