#!/bin/sh
# The committed tables of tables/ are exactly what their specs give now: regenerate each NAME.table (or
# NAME.spec) that has a committed NAME.md into a temporary folder and compare byte for byte (md and csv).
. "${srcdir:-.}/tests/audit/lib.sh"
n=0
for spec in "$srcdir"/tables/*.table "$srcdir"/tables/*.spec; do
    test -f "$spec" || continue
    name=$(basename "$spec")
    name=${name%.*}
    test -f "$srcdir/tables/$name.md" || continue
    n=$((n + 1))
    "$GDCERT" table --output "$tmp/$name.md" --output "$tmp/$name.csv" "$spec" >/dev/null 2>"$tmp/err"
    cmp -s "$tmp/$name.md" "$srcdir/tables/$name.md" ||
        bad "tables/$name.md differs from a fresh 'gdcert table' (run 'make tables'): $(diff "$srcdir/tables/$name.md" "$tmp/$name.md" | head -4)"
    if test -f "$srcdir/tables/$name.csv"; then
        cmp -s "$tmp/$name.csv" "$srcdir/tables/$name.csv" || bad "tables/$name.csv differs from a fresh 'gdcert table'"
    fi
done
test "$n" -gt 0 || bad "no committed table found under $srcdir/tables"
finish
