#!/bin/sh
# gdcert audit on a small paper folder: verdicts against expectations, open questions, formats, --jobs
# giving the same report, --write-certs writing certificates that gdcert verify accepts, MISMATCH -> exit 1,
# bad input -> exit 2 with one line on stderr.
. "${srcdir:-.}/tests/audit/lib.sh"
P="$srcdir/tests/audit/paper"

run audit "$P"
test "$status" -eq 0 || bad "audit of the test paper: exit $status, expected 0: $(cat "$tmp/err")"
grep -q 'A test paper for gdcert audit' "$tmp/out" || bad "paper title not shown"
grep -q 'Lemma 1 (Eq. 3)' "$tmp/out" || bad "statement label not taken from source"
grep -q 'sin x is at most x on \[0, 2\]' "$tmp/out" || bad "says line not shown"
grep 'test.a_holds' "$tmp/out" | grep -q 'HOLDS' || bad "a_holds is not HOLDS"
grep 'test.b_fails' "$tmp/out" | grep -q 'FAILS' || bad "b_fails is not FAILS"
grep -q 'witness x~' "$tmp/out" || bad "no witness shown for b_fails"
grep 'test.c_bound' "$tmp/out" | grep -q 'min -0.25' || bad "bound enclosure of c_bound not shown as -0.25"
grep 'test.d_open' "$tmp/out" | grep -q 'open' || bad "d_open not reported as an open question"
grep -q '4 claims: 3 match, 0 MISMATCH, 1 open' "$tmp/out" || bad "summary line wrong: $(grep claims "$tmp/out")"

# md and json, and the same report with --jobs 2 (times removed)
run audit --format json "$P"
test "$status" -eq 0 || bad "json: exit $status"
grep -q '"match": "ok"' "$tmp/out" || bad "json has no match field"
grep -q '"status": "pass"' "$tmp/out" || bad "json status is not pass"
run audit --format md "$P"
sed 's/| [0-9.]* s |$/| T |/; s/[0-9.]* s of deciding/T/; s/[0-9.]* s wall clock/T/' "$tmp/out" >"$tmp/md1"
run audit --format md --jobs 2 "$P"
sed 's/| [0-9.]* s |$/| T |/; s/[0-9.]* s of deciding/T/; s/[0-9.]* s wall clock/T/' "$tmp/out" >"$tmp/md2"
cmp -s "$tmp/md1" "$tmp/md2" || bad "--jobs 2 changes the report: $(diff "$tmp/md1" "$tmp/md2" | head -5)"

# certificates
run audit --write-certs "$tmp/certs" "$P"
test -f "$tmp/certs/paper/a_holds.cert" || bad "no certificate written for a_holds"
if test -f "$tmp/certs/paper/a_holds.cert"; then
    run verify "$tmp/certs/paper/a_holds.cert" "$P/a_holds.claim"
    test "$status" -eq 0 || bad "gdcert verify rejects the audit's certificate: $(cat "$tmp/out" "$tmp/err")"
fi

# a wrong expectation
run audit "$srcdir/tests/audit/mismatch"
test "$status" -eq 1 || bad "wrong expectation: exit $status, expected 1"
grep -q 'MISMATCH' "$tmp/out" || bad "wrong expectation not reported as MISMATCH"

# a claim file given directly, and GDCERT_PROOFS as the default tree
run audit "$P/a_holds.claim"
test "$status" -eq 0 || bad "single claim file: exit $status"
GDCERT_PROOFS="$P" "$GDCERT" audit >"$tmp/out" 2>"$tmp/err" </dev/null
test $? -eq 0 && grep -q 'test.a_holds' "$tmp/out" || bad "GDCERT_PROOFS not used as the default tree"

# bad input: exit 2, one line on stderr
for args in "$tmp/does-not-exist" "--format xml $P" "--jobs 0 $P" "--bogus"; do
    run audit $args
    lines=$(wc -l <"$tmp/err")
    test "$status" -eq 2 && test "$lines" -eq 1 || bad "audit $args: exit $status with $lines stderr lines, expected 2 and 1"
done
printf 'claim x\nvar x in [0, 1\nprove x >= 0\n' >"$tmp/broken.claim"
run audit "$tmp/broken.claim"
test "$status" -eq 1 && grep -q 'ERROR' "$tmp/out" || bad "a claim with a parse error is not reported as ERROR with exit 1"
run audit --help
test "$status" -eq 0 && grep -q 'Usage: gdcert audit' "$tmp/out" || bad "audit --help"
finish
