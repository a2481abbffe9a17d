# The Python module (issue 14, section 3): python/gdcert, pure Python over libgdcert through ctypes and numpy.
# `make install` puts it in the system Python's directory (configure's PYTHON, /usr/bin/python3 by default) with a
# _paths.py naming where the library and the program were installed; tests/python/run.sh tests it in the build tree
# (skipped without python3 and numpy).
if HAVE_PYTHON
gdcertpydir = $(pythondir)/gdcert
gdcertpy_PYTHON = python/gdcert/__init__.py
nodist_gdcertpy_PYTHON = python/gdcert/_paths.py
endif
EXTRA_DIST += python/gdcert/__init__.py
CLEANFILES += python/gdcert/_paths.py
python/gdcert/_paths.py: Makefile
	$(MKDIR_P) python/gdcert
	printf 'LIBDIR = "%s"\nBINDIR = "%s"\n' "$(libdir)" "$(bindir)" >$@

TESTS += tests/python/run.sh
EXTRA_DIST += tests/python/run.sh tests/python/test_gdcert.py
