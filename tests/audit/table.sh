#!/bin/sh
# gdcert table on a small spec: certified cells, every format, reproducible output, spec errors.
. "${srcdir:-.}/tests/audit/lib.sh"
S="$srcdir/tests/audit/small.table"

run table "$S"
test "$status" -eq 0 || bad "table: exit $status: $(cat "$tmp/err")"
cp "$tmp/out" "$tmp/first.md"
# min over x in [0, 1] of (x - a)^2 + a: a = 0 -> 0 (x = 0), a = 1/2 -> 1/2, a = 2 -> 3 (x = 1)
# (a = 0: the minimum 0 is attained at the box's corner; its enclosure is [0, hi] with hi <= tol, or exactly 0
# when the second-order/boundary forms certify the lower end 0 and the corner x = 0 the upper end 0)
grep -Eq '^\| 0 \| (\[0, [0-9.]*e-1[0-9]\]|0) \| .* \| FAILS \|$' "$tmp/out" || bad "row a = 0 wrong: $(grep '^| 0 ' "$tmp/out")"
grep -q '^| 1/2 | 0.5 | 1 | HOLDS |$' "$tmp/out" || bad "row a = 1/2 wrong: $(grep '^| 1/2 ' "$tmp/out")"
grep -q '^| 2 | 3 | 6 | HOLDS |$' "$tmp/out" || bad "row a = 2 wrong: $(grep '^| 2 ' "$tmp/out")"
grep -q '`positive` FAILS for 0.' "$tmp/out" || bad "FAILS summary missing"
run table "$S"
cmp -s "$tmp/out" "$tmp/first.md" || bad "two runs give different tables"
run table --format csv "$S"
head -1 "$tmp/out" | grep -q '^a,lowest,lowest_lo,lowest_hi,twice,twice_lo,twice_hi,positive$' || bad "csv header: $(head -1 "$tmp/out")"
run table --format json "$S"
grep -q '"certified": true' "$tmp/out" || bad "json"
run table --format tex "$S"
grep -q 'begin{tabular}' "$tmp/out" || bad "tex"
run table --output "$tmp/x.md" --output "$tmp/x.csv" "$S"
test "$status" -eq 0 && cmp -s "$tmp/x.md" "$tmp/first.md" && grep -q lowest_lo "$tmp/x.csv" || bad "--output by extension"
# spec errors: one line naming the file and line
printf 'claim t\nparam a in {1, x}\nvar x in [0, 1]\ncolumn c = a\n' >"$tmp/bad1.table"
printf 'claim t\nvar x in [0, 1]\ncolumn c = x\n' >"$tmp/bad2.table"
printf 'claim t\nvar x in [0, 1]\n' >"$tmp/bad3.table"
for f in bad1 bad2 bad3; do
    run table "$tmp/$f.table"
    lines=$(wc -l <"$tmp/err")
    test "$status" -eq 2 && test "$lines" -eq 1 && grep -q "$f.table" "$tmp/err" || bad "$f: exit $status, stderr: $(cat "$tmp/err")"
done
run table
test "$status" -eq 2 || bad "missing SPEC: exit $status"
finish
