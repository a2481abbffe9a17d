#!/bin/sh
# One spelling of the output format on every subcommand that prints results: --format F (text or json for list,
# eval, check, prove, verify; md, csv, tex, json for table; text, md, csv, json for simulate; text, md, tex, csv, json
# for audit), --json as an alias of --format json, and an unknown format is a usage error naming the choices.
srcdir=${srcdir:-.}
. "$srcdir/tests/cli/lib.sh"
printf 'claim f.sin\nvar x in [0, 1]\nprove sin(x) <= x\nexpect holds\n' >"$tmp/f.claim"
"$GDCERT" prove --cert "$tmp/f.cert" "$tmp/f.claim" >/dev/null 2>&1 || bad "prove --cert of a true claim"

for cmd in "list" "eval relu.h 1" "check --points 50 --def-points 2 --mc-samples 100 relu.step" \
    "prove $tmp/f.claim" "verify $tmp/f.cert $tmp/f.claim"; do
    # shellcheck disable=SC2086
    run $cmd --format json
    test "$status" -eq 0 && head -c 1 "$tmp/out" | grep -q '{' || bad "gdcert $cmd --format json: exit $status, output $(head -c 60 "$tmp/out")"
    # --json: the same object (fields that time the run removed)
    sed 's/"seconds": *[0-9.eE+-]*//g' "$tmp/out" >"$tmp/a"
    # shellcheck disable=SC2086
    run $cmd --json
    sed 's/"seconds": *[0-9.eE+-]*//g' "$tmp/out" >"$tmp/b"
    cmp -s "$tmp/a" "$tmp/b" || bad "gdcert $cmd: --json differs from --format json: $(diff "$tmp/a" "$tmp/b" | head -4)"
    # shellcheck disable=SC2086
    run $cmd --format text
    test "$status" -eq 0 && ! head -c 1 "$tmp/out" | grep -q '{' || bad "gdcert $cmd --format text: exit $status"
    # shellcheck disable=SC2086
    expect_usage_error $cmd --format xml
    grep -q "unknown format 'xml' (text or json)" "$tmp/err" || bad "gdcert $cmd --format xml: $(cat "$tmp/err")"
done
expect_usage_error table --format xml "$srcdir/tests/audit/small.table"
grep -q "(text, md, csv, tex or json)" "$tmp/err" || bad "table --format xml: $(cat "$tmp/err")"
expect_usage_error simulate relu.nc_gd --format xml
grep -q "(text, md, csv or json)" "$tmp/err" || bad "simulate --format xml: $(cat "$tmp/err")"
expect_usage_error audit --format xml "$srcdir/tests/audit/paper"
finish
