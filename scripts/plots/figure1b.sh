#!/bin/sh
# Figure 1(b) of 003 (Du et al.): the loss of population GD from the two sign pairs, log scale, and the spurious loss.
# Run by scripts/make-plots.sh inside the tables folder (gnuplot checked there); reads 003_figure1b.csv.
set -e
for term in png svg; do
    if test $term = png; then t="pngcairo size 900,560 noenhanced"; else t="svg size 900,560 noenhanced"; fi
    gnuplot <<GP
set terminal $t
set output "figure1b.$term"
set datafile separator comma
# columns: run, step, phi, loss, x, s, n, r, then phi_lo, phi_hi, loss_lo, loss_hi, ... (scripts/make-figure1b.sh)
set title "Figure 1(b) of 003: population GD, p = 20, k = 25, eta = 0.05 (certified enclosures of the exact recursion)"
set xlabel "iteration"
set ylabel "loss / ||a*||^2"
set logscale y
set format y "1e%T"
set grid
set key right center
set xrange [0:2000]
set yrange [1e-32:1]
plot "003_figure1b.csv" skip 1 using (\$1 == 1 ? \$2 : 1/0):(\$4/25) with lines lw 2 lc rgb "#08519c" title "sign pair of Theorem 3.1: global minimum", \
     "" skip 1 using (\$1 == 2 ? \$2 : 1/0):(\$4/25) with lines lw 2 lc rgb "#e6550d" title "sign pair of Theorem 3.3: spurious minimum", \
     0.14677638754 with lines lw 1 dt 2 lc rgb "gray" title "spurious loss ell_sp/||a*||^2 = 0.1467764"
GP
done
cat > figure1b.caption <<'CAP'
Figure 1(b) of 003_676a49ed0823cdd9.txt (Du et al.) reproduced: the population loss (divided by ||a*||^2) of gradient
descent on the non-overlapping CNN with p = 20, k = 25, ||w*|| = 1, ||a*||^2 = 25, 1'a* = 5, eta = 0.05, from one
start (cos phi0 = 1/sqrt(20), a0 = 0.2 a*) with the sign pair of Theorem 3.1 (blue: the loss falls below 1e-29 in
2000 steps) and of Theorem 3.3 (orange: the loss decreases to the spurious loss 0.1467764 ||a*||^2, dashed, only
sublinearly). The paper gives no step size or a*: these are ours (tables/003_figure1b.md). The curves are the exact
five-scalar recursion of population GD (seed-003 C20; gdcert simulate cnn.gd), and every plotted value lies inside
a rigorous Arb enclosure of it (the *_lo, *_hi columns of tables/003_figure1b.csv).
CAP
