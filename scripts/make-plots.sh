#!/bin/sh
# Draw the plots of tables/ with gnuplot (PNG and SVG) from the certified CSV tables written by
# `make tables` (scripts/make-tables.sh), and write a caption file for each saying what was certified.
# Usage: make-plots.sh [DIR]   (`make plots` runs it on the source tree; needs gnuplot, e.g. gnuplot-nox)
set -e
dir=${1:-tables}
if ! command -v gnuplot >/dev/null 2>&1; then
    echo "make-plots.sh: gnuplot not found (Debian: apt-get install gnuplot-nox)" >&2
    exit 2
fi
for f in thm42_sweep.csv lemma63_thresholds.csv; do
    if ! test -f "$dir/$f"; then
        echo "make-plots.sh: $dir/$f missing: run 'make tables' first" >&2
        exit 2
    fi
done
cd "$dir"

# --- Theorem 4.2: certified band of min corr_ratio against the paper's constant (log-log)
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

# --- Lemma 6.3: printed threshold vs the true one h(t)/pi, failure region shaded
for term in png svg; do
    if test $term = png; then t="pngcairo size 900,600 noenhanced"; else t="svg size 900,600 noenhanced"; fi
    gnuplot <<GP
set terminal $t
set output "lemma63_thresholds.$term"
set datafile separator comma
set xlabel "theta(w, v)"
set ylabel "||w|| threshold for d/dt ||w||^2 >= 0"
set title "Lemma 6.3: printed threshold vs the true one (Gaussian or any spherically symmetric D)"
set xrange [0:pi]
set yrange [0:1.05]
set grid
set arrow from 0.880134852068, graph 0 to 0.880134852068, graph 1 nohead dt 2 lc rgb "gray40"
set label "theta_c in [0.880134852067, 0.880134852069]" at 0.93, 0.08
# columns: i, angle, angle_lo, angle_hi, printed, printed_lo, printed_hi, true, true_lo, true_hi, printed_safe
plot "lemma63_thresholds.csv" skip 1 using 3:(\$6 > \$10 ? \$10 : 1/0):(\$6 > \$10 ? \$6 : 1/0) with filledcurves lc rgb "#fcae91" title "printed lemma fails: h(t)/pi < ||w|| <= printed threshold", \
     "" skip 1 using 3:6 with lines lw 2 lc rgb "#cb181d" title "printed: max{(sin t + cos t)/2, sin t (1 + cos t)/2}", \
     "" skip 1 using 3:9 with lines lw 2 lc rgb "#08519c" title "true: h(t)/pi = (sin t + (pi - t) cos t)/pi"
GP
done
cat > lemma63_thresholds.caption <<'CAP'
Lemma 6.3 (000_09c7d5b8511ab65b.txt). Red: the printed norm threshold max{(sin t + cos t)/2,
sin t (1 + cos t)/2}; blue: the true threshold h(t)/pi (d/dt ||w||^2 = -||w||^2 + ||w|| h(t)/pi for the
Gaussian, the same sign for every spherically symmetric D). Both curves are certified enclosures at
t = i pi/64 (tables/lemma63_thresholds.table). Shaded: the points below the printed threshold where the
norm nevertheless decreases, i.e. where the lemma as printed fails. The dashed line is the crossing angle,
certified in [0.880134852067, 0.880134852069] by the claims 000.lemma63.crossing.below and .above; beyond it
(t up to 3) the printed threshold is certified to exceed the true one.
CAP
echo "plots written to $dir: thm42_gauss.png/.svg, lemma63_thresholds.png/.svg (+ .caption)"
