#!/bin/sh
# Theorem 3.2 and Section 5.2 of 004: the no-overlap probability over d against 1/2 - 0.41/sqrt(d), and the
# angle-failure probability against e^(-d/4).
# Run by scripts/make-plots.sh inside the tables folder (gnuplot checked there); reads 004_thm32.csv.
set -e
for term in png svg; do
    if test $term = png; then t="pngcairo size 900,600 noenhanced"; else t="svg size 900,600 noenhanced"; fi
    gnuplot <<GP
set terminal $t
set output "thm32_004.$term"
set datafile separator comma
set multiplot layout 1,2 title "Theorem 3.2 and Section 5.2 (004): initialisation probabilities over the dimension d"
set logscale x
set xlabel "d"
set grid
set key bottom right
set title "P(no overlap with the target's cap)"
set yrange [0.2:0.5]
# columns: d, no_overlap(2-4), asymptote(5-7), certified_lb(8-10), angle_fail(11-13), exp_bound(14-16)
plot "004_thm32.csv" skip 1 using (real(strcol(1))):3 with linespoints lw 2 lc rgb "#08519c" title "exact (certified)", \
     "" skip 1 using (real(strcol(1))):6 with lines lw 1 dt 2 lc rgb "gray30" title "1/2 - 1/sqrt(2 pi d)", \
     "" skip 1 using (real(strcol(1))):9 with lines lw 2 lc rgb "#cb181d" title "1/2 - 0.41/sqrt(d) (claim)"
set title "P(theta(w0, v) > 3 pi/4)"
set logscale y
set yrange [*:*]
set format y "%.0e"
set key bottom left
plot "004_thm32.csv" skip 1 using (real(strcol(1))):12 with linespoints lw 2 lc rgb "#08519c" title "exact (certified)", \
     "" skip 1 using (real(strcol(1))):15 with lines lw 2 lc rgb "#cb181d" title "e^(-d/4) (claim)"
unset multiplot
GP
done
cat > thm32_004.caption <<'CAP'
Theorem 3.2 and Section 5.2 (004_107e0ef2f6021d42.txt), w~0 uniform on a sphere, b_w0 = 0. Left: the
probability of the no-overlap event on which gradient flow fails (seed-004 C20, reconstructed),
P(u1 <= -t0) = ball.coord(d - 2, t0)[1], certified at d = 3, 5, 10, 20, 50, 100, 1000, 10000
(tables/004_thm32.md), with the catalogue's asymptote 1/2 - 1/sqrt(2 pi d) and the bound 1/2 - 0.41/sqrt(d)
certified for every integer d in [3, 10^4] (claim 004.thm32.no_overlap). Right: P(theta(w0, v) > 3 pi/4)
= I_{1/2}((d - 1)/2, 1/2)/2 (gauss.angle_tail) against e^(-d/4), certified for every integer d in [2, 10^4]
(claim 004.sec52.angle_whp; the paper's 1 - e^(Omega(d)) read as 1 - e^(-Omega(d))). Points that underflow
the double range are not drawn.
CAP
