# The prover's soundness corpus (issue 3, section 5): tests/prove/run-corpus.sh runs `gdcert prove` on every
# claim in tests/prove/{true,hard,false}/, tampers with certificates and feeds the parser bad input.
# The fuzz target tests/fuzz/fuzz_claim.c is built by hand with clang (tests/fuzz/README.md), not by make.
# AM_TESTS_ENVIRONMENT is shared by every script test (tests/cli, tests/audit, tests/prove): define it once.
AM_TESTS_ENVIRONMENT = GDCERT=$(abs_top_builddir)/gdcert; export GDCERT; srcdir=$(srcdir); export srcdir;
TESTS += tests/prove/run-corpus.sh
DIST_SRCDIRS += tests/prove tests/fuzz
