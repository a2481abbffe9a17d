#!/bin/sh
# The committed audit reports (proofs/NAME/report/) are exactly what `gdcert audit --write-report` writes now:
# every paper folder of proofs/ has one, and every file (reports in five formats, certificates) is the same,
# byte for byte. After a change of a claim, an INDEX or the report code: `make reports`.
. "${srcdir:-.}/tests/audit/lib.sh"
"$GDCERT" audit --jobs 2 --write-report "$tmp/rep" "$srcdir/proofs" >/dev/null 2>"$tmp/err"
status=$?
test "$status" -le 1 || bad "gdcert audit --write-report: exit $status: $(cat "$tmp/err")"
n=0
for paper in "$srcdir"/proofs/*/; do
    test -f "$paper/PAPER" || continue
    name=$(basename "$paper")
    n=$((n + 1))
    if ! test -d "$paper/report"; then
        bad "proofs/$name has no committed report (run 'make reports')"
        continue
    fi
    diff -r "$tmp/rep/$name" "$paper/report" >"$tmp/diff" 2>&1 ||
        bad "proofs/$name/report differs from a fresh audit (run 'make reports'): $(head -6 "$tmp/diff")"
done
test "$n" -gt 0 || bad "no paper folder under $srcdir/proofs"
finish
