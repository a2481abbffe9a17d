#!/bin/sh
# Lemma 6.3 of 000: printed threshold vs the true one h(t)/pi, failure region shaded.
# Run by scripts/make-plots.sh inside the tables folder (gnuplot checked there); reads lemma63_thresholds.csv.
set -e
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
