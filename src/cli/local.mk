# The gdcert command line: main.c dispatches to one file per subcommand (src/cli/cmd_NAME.c).
# Other folders append their subcommands with `gdcert_SOURCES += src/cli/cmd_NAME.c` in their own local.mk.
bin_PROGRAMS += gdcert
gdcert_SOURCES += \
	src/cli/main.c src/cli/commands.h \
	src/cli/cli_util.c src/cli/cli_util.h src/cli/cli_output.c src/cli/cli_output.h \
	src/cli/cmd_list.c src/cli/cmd_eval.c src/cli/cmd_check.c \
	src/cli/cmd_simulate.c src/cli/sim_print.c src/cli/sim_print.h
gdcert_LDADD = libgdcert.la -lpthread

# command-line tests (scripts; GDCERT and srcdir come from AM_TESTS_ENVIRONMENT)
CLI_TESTS = tests/cli/reliability.sh tests/cli/audit_tree.sh \
	tests/cli/list.sh tests/cli/eval.sh tests/cli/bad_input.sh tests/cli/help.sh tests/cli/format.sh
TESTS += $(CLI_TESTS)
EXTRA_DIST += $(CLI_TESTS) tests/cli/lib.sh
