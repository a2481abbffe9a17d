#!/bin/sh
# Every paper folder of proofs/ has a statement index (INDEX) and a CATALOGUE, every catalogue item is covered
# (a claim, a table spec that exists, a registry row) or explained (not-numeric), and every claim file is
# listed by some statement (`gdcert audit --coverage`, which reads but does not decide).
. "${srcdir:-.}/tests/audit/lib.sh"
n=0
for paper in "$srcdir"/proofs/*/; do
    test -f "$paper/PAPER" || continue
    n=$((n + 1))
    run audit --coverage "$paper"
    test "$status" -eq 0 || bad "$(basename "$paper"): exit $status: $(head -8 "$tmp/out") $(cat "$tmp/err")"
done
test "$n" -gt 0 || bad "no paper folder under $srcdir/proofs"
finish
