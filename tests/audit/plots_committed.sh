#!/bin/sh
# The committed plots of tables/ are exactly what their scripts draw now from the committed CSV tables: run
# scripts/make-plots.sh (one scripts/plots/NAME.sh per plot) in a temporary folder holding copies of the CSV
# files and compare every NAME.png, NAME.svg and NAME.caption byte for byte (gnuplot's PNG and SVG output is
# deterministic). The CSV tables themselves are checked by tables_committed.sh. Skipped without gnuplot.
. "${srcdir:-.}/tests/audit/lib.sh"
if ! command -v gnuplot >/dev/null 2>&1; then
    echo "gnuplot not found: plots not compared (Debian: apt-get install gnuplot-nox)"
    exit 77
fi
cp "$srcdir"/tables/*.csv "$tmp"/ || exit 99
sh "$srcdir/scripts/make-plots.sh" "$tmp" >"$tmp/log" 2>&1 || bad "make-plots.sh failed: $(tail -3 "$tmp/log")"
n=0
for script in "$srcdir"/scripts/plots/*.sh; do
    name=$(basename "$script" .sh)
    for ext in png svg caption; do
        n=$((n + 1))
        if ! test -f "$srcdir/tables/$name.$ext"; then
            bad "tables/$name.$ext is not committed (run 'make plots')"
        elif ! cmp -s "$tmp/$name.$ext" "$srcdir/tables/$name.$ext"; then
            bad "tables/$name.$ext differs from what scripts/plots/$name.sh draws now (run 'make plots')"
        fi
    done
done
test "$n" -gt 0 || bad "no plot script found under $srcdir/scripts/plots"
echo "$n plot files compared"
finish
