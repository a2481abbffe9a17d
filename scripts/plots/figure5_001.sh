#!/bin/sh
# Figure 5 (section 4.1) of 001: the population loss and ||w1 + w2|| against the step, k = 2, v = (1, -1), mu = 0.1.
# Run by scripts/make-plots.sh inside the tables folder (gnuplot checked there); reads 001_figure5.csv.
# (columns: run, step, loss, sum_norm, theta, dist, then the enclosures' ends loss_lo, loss_hi, sum_norm_lo, ...)
set -e
for term in png svg; do
    if test $term = png; then t="pngcairo size 900,600 noenhanced"; else t="svg size 900,600 noenhanced"; fi
    gnuplot <<GP
set terminal $t
set output "figure5_001.$term"
set datafile separator comma
set logscale y
set format y "1e%T"
set xlabel "step"
set ylabel "value"
set title "001 Figure 5: population GD, k = 2, v = (1, -1), mu = 0.1, start of scale 1e-8 (d = 100)"
set xrange [0:250]
set yrange [1e-14:10]
set grid
# the certified enclosures' upper ends (columns 8, 10) drawn as the curves: they are narrow at every step
plot "001_figure5.csv" skip 1 using 2:8 with lines lw 2 lc rgb "#cb181d" title "population loss (upper end of its enclosure)", \
     "001_figure5.csv" skip 1 using 2:10 with lines lw 2 lc rgb "#08519c" title "||w1 + w2|| (upper end of its enclosure)"
GP
done
cat > figure5_001.caption <<'CAP'
Figure 5 of 001_66813dc1ca3a5435.txt (section 4.1): exact population gradient descent of
x -> relu(w1.x) - relu(w2.x) towards a.x (a = e1, d = 100), step mu = 0.1, from one start of scale 1e-8 (ours, the
paper gives none; stated in tables/001_figure5.md). Curves: the upper ends of rigorous Arb enclosures
(`gdcert simulate twolayer.gd --ball`) of the loss (red) and of ||w1 + w2|| (blue) at every step 0..250; every
enclosure is finite and narrow up to step 250 (relative width below 1e-15), and the double recursion stays within
simulate's tolerance 1e-9 max(1, |value|) of them. Certified: ||w1 + w2|| decreases strictly at each of the 250
steps of the exact recursion from the stated start (upper end below the previous lower end). Measured: the loss falls by
the factor (1 - mu/2)^2 = 0.9025 per step (1.75e-5 at step 100, 6.14e-10 at step 200), ||w1 + w2|| by 1 - mu/2
after the first step: both go to zero at a linear rate, as the paper says.
CAP
