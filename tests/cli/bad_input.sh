#!/bin/sh
# Bad input: exit status 2, exactly one line on stderr naming the problem, nothing on stdout.
. "$(dirname "$0")/lib.sh"

# no subcommand, unknown subcommand, unknown global option
expect_usage_error
expect_error_mentions frobnicate frobnicate
expect_error_mentions --bogus --bogus

# eval: missing id, unknown id, wrong number of arguments
expect_usage_error eval
expect_error_mentions relu.nope eval relu.nope 1
expect_error_mentions relu.h eval relu.h
expect_error_mentions relu.h eval relu.h 1 2
expect_error_mentions relu.loss eval relu.loss 1
expect_error_mentions relu.loss eval relu.loss 1 2 3 4 5 6 7 8 9

# eval: non-numeric, NaN, infinite, overflowing
expect_error_mentions abc eval relu.h abc
expect_error_mentions 1x eval relu.h 1x
expect_error_mentions 'not a number' eval relu.h ''
expect_error_mentions NaN eval relu.h nan
expect_error_mentions NaN eval relu.h -nan
expect_error_mentions NaN eval relu.loss 1 NAN
expect_error_mentions inf eval relu.h inf
expect_error_mentions inf eval relu.h -inf
expect_error_mentions 1e999 eval relu.h 1e999

# eval: outside the domain, decided exactly (the double just above pi is outside [0, pi])
expect_error_mentions domain eval relu.h 4
expect_error_mentions domain eval relu.h -0.5
expect_error_mentions domain eval relu.h 3.1415926535897936
expect_error_mentions domain eval relu.h -4.9e-324
expect_error_mentions domain eval relu.loss -1 1
expect_error_mentions domain eval relu.angle_rate 0 1
expect_error_mentions domain eval relu.hess_eig 0 1

# eval: bad options
expect_error_mentions --bogus eval --bogus relu.h 1
expect_error_mentions --prec eval --prec abc relu.h 1
expect_error_mentions --prec eval --prec 1 relu.h 1
expect_error_mentions --prec eval --prec=99999999999999999999 relu.h 1
expect_error_mentions --prec eval relu.h 1 --prec
expect_error_mentions -x eval -x relu.h 1

# list: bad option, unexpected argument
expect_error_mentions --bogus list --bogus
expect_error_mentions extra list extra

# check: unknown id, bad options and values
expect_error_mentions relu.nope check relu.nope
expect_error_mentions --bogus check --bogus
expect_error_mentions --points check --points 0
expect_error_mentions --points check --points x
expect_error_mentions --points check --points
expect_error_mentions --seed check --seed -1
expect_error_mentions --seed check --seed 1.5
expect_error_mentions --jobs check --jobs 0

finish
