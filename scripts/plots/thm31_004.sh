#!/bin/sh
# Theorem 3.1 of 004: the exact stuck probability against the printed bound 1/2 - eps sqrt(d).
# Run by scripts/make-plots.sh inside the tables folder (gnuplot checked there); reads 004_thm31.csv.
set -e
for term in png svg; do
    if test $term = png; then t="pngcairo size 900,600 noenhanced"; else t="svg size 900,600 noenhanced"; fi
    gnuplot <<GP
set terminal $t
set output "thm31_004.$term"
set datafile separator comma
set xlabel "s = eps sqrt(d)"
set ylabel "P(GD stays at w0)"
set title "Theorem 3.1 (004): exact stuck probability (1 - eps E|w~|)/2 vs the printed 1/2 - eps sqrt(d)"
set xrange [0:1]
set yrange [-0.5:0.5]
set grid
set key bottom left
# columns: d, s, cube_norm(3-5), exact(6-8), jensen(9-11), printed(12-14); every curve is linear in s
sel(d) = (real(strcol(1)) == d ? real(strcol(2)) : 1/0)
plot "004_thm31.csv" skip 1 using (sel(1)):7 with linespoints lw 2 lc rgb "#08519c" title "exact, d = 1", \
     "" skip 1 using (sel(10)):7 with linespoints lw 2 lc rgb "#3182bd" title "exact, d = 10", \
     "" skip 1 using (sel(10000)):7 with linespoints lw 2 lc rgb "#6baed6" title "exact, d = 10^4", \
     "" skip 1 using (sel(1)):10 with lines lw 2 dt 2 lc rgb "gray30" title "Jensen: (1 - s/sqrt(3))/2 (every d)", \
     "" skip 1 using (sel(1)):13 with lines lw 2 lc rgb "#cb181d" title "printed: 1/2 - s"
GP
done
cat > thm31_004.caption <<'CAP'
Theorem 3.1 (004_107e0ef2f6021d42.txt). With every coordinate of w0 from U[-1, 1] and x~ uniform on the ball
of radius eps, GD stays at w0 with probability (1 - eps E|w~|)/2 for s = eps sqrt(d) <= 1 (seed-004 C19,
reconstructed), E|w~| = ball.cube_norm(d). Blue: the exact probability for d = 1, 10, 10^4 (certified at
s = 0.01, 0.1, 0.5, 1, tables/004_thm31.md; exactly linear in s between them); dashed: the Jensen bound
(1 - s/sqrt(3))/2, approached as d grows; red: the printed 1/2 - s, loose by 2 sqrt(3) in the s term. The
exact probability exceeds the printed bound for every integer d in [1, 10^4] (claim
004.thm31.exact_exceeds_printed) and, by Jensen, for every d.
CAP
