#!/bin/sh
# The committed Figure 4 tables of 001 (tables/001_figure4.csv, 001_figure4_scaled.csv, 001_figure4.md; seed-001
# N24) are exactly what scripts/make-figure4-001.sh writes now: the whole run (7 scaled steps and 30000 plain steps
# with rigorous enclosures, about 3 s of CPU) into a temporary folder, compared byte for byte. The script fails (set -e)
# when gdcert simulate does, e.g. when a double value leaves its Arb enclosure. After a change: `make figure4_001`.
. "${srcdir:-.}/tests/audit/lib.sh"
. "$srcdir/tests/twolayer/committed_lib.sh"
committed make-figure4-001.sh figure4_001 001_figure4.csv 001_figure4_scaled.csv 001_figure4.md
# the plain run's table must not be empty: a header and 30000/25 + 1 rows
rows=$(wc -l <"$srcdir/tables/001_figure4.csv")
test "$rows" -eq 1202 || bad "tables/001_figure4.csv has $rows lines, expected 1202 (header, steps 0, 25, ..., 30000)"
# the goal of the plain run's enclosures (Lohner's mean-value form, src/core/simulate_lohner.c): certified at every
# recorded step, so no enclosure end is nan or inf (the interval step alone gave nan from step 100 on)
grep -qi 'nan\|inf' "$srcdir/tables/001_figure4.csv" "$srcdir/tables/001_figure4_scaled.csv" &&
    bad "an enclosure in tables/001_figure4*.csv is not finite"
finish
