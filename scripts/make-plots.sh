#!/bin/sh
# Draw the plots of tables/ with gnuplot (PNG and SVG) from the certified CSV tables written by
# `make tables` (scripts/make-tables.sh): one script per plot in scripts/plots/NAME.sh, run inside DIR; each
# writes NAME.png, NAME.svg and NAME.caption (what was certified) and names the CSV files it reads on its
# third line ("# Run by ... reads A.csv, B.csv.").
# Usage: make-plots.sh [DIR]   (`make plots` runs it on the source tree; needs gnuplot, e.g. gnuplot-nox)
set -e
dir=${1:-tables}
here=$(cd "$(dirname "$0")" && pwd)
if ! command -v gnuplot >/dev/null 2>&1; then
    echo "make-plots.sh: gnuplot not found (Debian: apt-get install gnuplot-nox)" >&2
    exit 2
fi
cd "$dir"
for script in "$here"/plots/*.sh; do
    name=$(basename "$script" .sh)
    for csv in $(sed -n '3s/.*reads \(.*\)\./\1/p' "$script" | tr ',' ' '); do
        if ! test -f "$csv"; then
            echo "make-plots.sh: $dir/$csv missing (needed by $name): run 'make tables' first" >&2
            exit 2
        fi
    done
    sh "$script"
    echo "plot $name: $dir/$name.png, $name.svg, $name.caption"
done
