# Registry-driven Check suites (every row of the registry).
if HAVE_CHECK
check_PROGRAMS += tests/check_registry
TESTS += tests/check_registry
tests_check_registry_SOURCES = tests/check_registry.c
tests_check_registry_CFLAGS = $(AM_CFLAGS) $(CHECK_CFLAGS)
tests_check_registry_LDADD = libgdcert.la $(CHECK_LIBS)
endif
