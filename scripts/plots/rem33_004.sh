#!/bin/sh
# Remark 3.3 of 004: F(0) of the half-cap mixture scaled by d^4 (bounded: Theta(r^2/d^4)) and by d^2 (tends
# to 0, so the printed Omega(r/d^2) fails).
# Run by scripts/make-plots.sh inside the tables folder (gnuplot checked there); reads 004_rem33.csv.
set -e
for term in png svg; do
    if test $term = png; then t="pngcairo size 900,600 noenhanced"; else t="svg size 900,600 noenhanced"; fi
    gnuplot <<GP
set terminal $t
set output "rem33_004.$term"
set datafile separator comma
set logscale xy
set format y "%.0e"
set xlabel "d"
set ylabel "F(0) (r = 1), scaled"
set title "Remark 3.3 (004): F(0) of the half-cap mixture is Theta(r^2/d^4), not Omega(r/d^2)"
set grid
set key bottom left
set xrange [1:1000]
# columns: d, f0_ball(2-4), paper_bound(5-7), ratio(8-10), f0_mix_d4(11-13), f0_mix_d2(14-16)
plot "004_rem33.csv" skip 1 using (real(strcol(1))):12 with linespoints lw 2 lc rgb "#08519c" title "d^4 F(0) (certified)", \
     "" skip 1 using (real(strcol(1))):15 with linespoints lw 2 lc rgb "#cb181d" title "d^2 F(0) (certified; the remark needs it bounded below)", \
     1.0/64 with lines dt 2 lc rgb "gray30" title "1/64 and 1/16: the certified bounds on d^4 F(0)", \
     1.0/16 with lines dt 2 lc rgb "gray30" notitle
GP
done
cat > rem33_004.caption <<'CAP'
Remark 3.3 (004_107e0ef2f6021d42.txt), the half-cap mixture (half the mass uniform on the cap
{x1 > r - r/(4d^2)} of the ball B_r, half on the rest), r = 1. Blue: d^4 F(0), red: d^2 F(0), certified
enclosures at d = 1, 2, 3, 5, 10, 20, 50, 100, 1000 (tables/004_rem33.md, from ball.coord). d^2 F(0) tends
to 0, so the printed F(0) = Omega(r/d^2) fails (claim 004.rem33.mixture_printed); the corrected
r^2/(64 d^4) <= F(0) <= r^2/(16 d^4) (dashed) is certified for every integer d in [1, 1000] (claims
004.rem33.mixture_lower and _upper; seed-004 B5, S1).
CAP
