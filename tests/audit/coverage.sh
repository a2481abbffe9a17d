#!/bin/sh
# Every paper folder of proofs/ has a statement index (INDEX) and a CATALOGUE, every catalogue item is covered
# (a claim, a table spec that exists, a registry row) or explained (not-numeric), and every claim file is
# listed by some statement and has a `says` line (`gdcert audit --coverage`, which reads but does not decide);
# and every witness of the committed report names the meaning of its variables (`var ... means TEXT`; the
# report is checked against a fresh audit by reports_committed.sh).
. "${srcdir:-.}/tests/audit/lib.sh"
n=0
for paper in "$srcdir"/proofs/*/; do
    test -f "$paper/PAPER" || continue
    n=$((n + 1))
    run audit --coverage "$paper"
    test "$status" -eq 0 || bad "$(basename "$paper"): exit $status: $(head -8 "$tmp/out") $(cat "$tmp/err")"
    if test -f "$paper/report/report.txt" && grep -q '(meaning not given)' "$paper/report/report.txt"; then
        bad "$(basename "$paper"): $(grep -c '(meaning not given)' "$paper/report/report.txt") witnesses in report/report.txt without the meaning of their variables (add 'means TEXT' to the var lines)"
    fi
done
test "$n" -gt 0 || bad "no paper folder under $srcdir/proofs"
finish
