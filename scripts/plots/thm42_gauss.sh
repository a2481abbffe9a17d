#!/bin/sh
# Theorem 4.2 of 000: certified band of min relu.corr_ratio against the paper's constant (log-log).
# Run by scripts/make-plots.sh inside the tables folder (gnuplot checked there); reads thm42_sweep.csv.
set -e
for term in png svg; do
    if test $term = png; then t="pngcairo size 900,600 noenhanced"; else t="svg size 900,600 noenhanced"; fi
    gnuplot <<GP
set terminal $t
set output "thm42_gauss.$term"
set datafile separator comma
set logscale xy
set format y "%.0e"
set xlabel "delta (the angle margin: theta(w, v) <= pi - delta)"
set ylabel "min of <grad F(w), w - v> / ||w - v||^2"
set title "Theorem 4.2, Gaussian input, ReLU: certified minimum over ||w|| <= 2 vs the paper's constant"
set key left top
set grid
# columns: i, delta_value, delta_value_lo, delta_value_hi, min_ratio, min_ratio_lo, min_ratio_hi, paper, paper_lo, paper_hi
set xrange [0.01:4]
plot "thm42_sweep.csv" skip 1 using 3:6:7 with filledcurves lc rgb "#9ecae1" notitle, \
     "" skip 1 using 3:6 with lines lw 2 lc rgb "#08519c" title "certified minimum (enclosure narrower than the line)", \
     "" skip 1 using 3:9 with linespoints lw 2 lc rgb "#cb181d" pt 7 ps 0.6 title "paper: e^-2/(pi sqrt 2) sin^3(delta/4)"
GP
done
cat > thm42_gauss.caption <<'CAP'
Theorem 4.2 (000_09c7d5b8511ab65b.txt, Eq. 6) for x ~ N(0, I_d) and the ReLU. Blue band: the certified
enclosure of min relu.corr_ratio(r, t) = <grad F(w), w - v>/||w - v||^2 over r = ||w|| in [0, 2] and
theta = t in [0, pi - delta], for delta = pi 2^(-i/3), i = 0..24, computed by gdcert's branch and bound
(tables/thm42_sweep.table, relative tolerance 1e-4 of the paper's constant). Red: the paper's constant with
the best alpha = 2, e^-2/(pi sqrt 2) sin^3(delta/4). The paper's inequality holds with a slack of 46 (delta = pi)
to about 223 (small delta); see tables/thm42_gauss.md for the certified slack ratios and the verdicts.
CAP

