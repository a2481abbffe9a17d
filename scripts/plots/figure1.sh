#!/bin/sh
# Figure 1 of 000 (Sec. 6.2): gradient-descent trajectories in the plane and the angle theta(w, v) per iteration.
# Run by scripts/make-plots.sh inside the tables folder (gnuplot checked there); reads 000_figure1.csv.
set -e
for term in png svg; do
    if test $term = png; then t="pngcairo size 1200,520 noenhanced"; else t="svg size 1200,520 noenhanced"; fi
    gnuplot <<GP
set terminal $t
set output "figure1.$term"
set datafile separator comma
# columns: run, step, wx, wy, theta, dist_to_v, F, norm (every 50th iteration and the last; scripts/make-figure1.sh)
set multiplot layout 1,2 title "Figure 1 of 000 (Sec. 6.2): GD, eta = 1e-3, x ~ N((0, 1), I_2), v = (1, 0) -- double-precision simulation, not a certificate"
set xlabel "w_x"
set ylabel "w_y"
set grid
set key right top
set size ratio -1
set xrange [-1.1:1.2]
set yrange [-0.35:1.1]
plot "000_figure1.csv" skip 1 using (\$1 == 1 ? \$3 : 1/0):4 with lines lw 2 lc rgb "#08519c" title "w1 = (-1, 1)", \
     "" skip 1 using (\$1 == 2 ? \$3 : 1/0):4 with lines lw 2 lc rgb "#31a354" title "w2 = (-1, 0.5)", \
     "" skip 1 using (\$1 == 3 ? \$3 : 1/0):4 with lines lw 2 lc rgb "#e6550d" title "w3 = (-1, 0)", \
     "" skip 1 using ((\$2 == 0) ? \$3 : 1/0):4 with points pt 7 ps 1.2 lc rgb "black" title "starting points", \
     "-" using 1:2 with points pt 2 ps 2.5 lw 3 lc rgb "#cb181d" title "minimum w = v", \
     0 with lines lw 1 dt 2 lc rgb "gray" notitle
1,0
e
set size noratio
set xlabel "iteration"
set ylabel "theta(w, v) (rad)"
set xrange [0:20000]
set yrange [0:3.3]
set ytics ("0" 0, "pi/4" pi/4, "pi/2" pi/2, "3pi/4" 3*pi/4, "pi" pi)
set key right center
set lmargin 12
plot "000_figure1.csv" skip 1 using (\$1 == 1 ? \$2 : 1/0):5 with lines lw 2 lc rgb "#08519c" title "w1", \
     "" skip 1 using (\$1 == 2 ? \$2 : 1/0):5 with lines lw 2 lc rgb "#31a354" title "w2", \
     "" skip 1 using (\$1 == 3 ? \$2 : 1/0):5 with lines lw 2 lc rgb "#e6550d" title "w3", \
     pi with lines lw 1 dt 2 lc rgb "gray" notitle
unset multiplot
GP
done
cat > figure1.caption <<'CAP'
Figure 1 of 000_09c7d5b8511ab65b.txt (Sec. 6.2) reproduced: gradient descent w <- w - 1e-3 grad F(w) on
F(w) = E[(relu(w.x) - relu(v.x))^2]/2 with x ~ N((0, 1), I_2) and v = (1, 0), from w1 = (-1, 1), w2 = (-1, 0.5) and
w3 = (-1, 0) (tables/000_figure1.csv: every 50th of 60000 iterations; `gdcert simulate`, scripts/make-figure1.sh).
Left: the trajectories in the plane, the minimum w = v marked by a red cross; right: the angle theta(w, v) for the
first 20000 iterations (afterwards it decays to about 2e-7). THIS IS A DOUBLE-PRECISION SIMULATION, NOT A
CERTIFICATE: the gradient is the double kernel of relu.nc_grad (accurate to a few ulps in gdcert's error measure).
The angles of w1 and w2 first increase, reach pi - 1.5e-4 and pi - 1e-4 (w crosses the ray -v at iterations 2397 and
1042), then fall to nearly 0 (w crosses the ray of v near iterations 7900 and 9900) and decay; w3 starts on the ray
-v and leaves it at once; all three converge to v (||w - v|| ~ 3e-7 after 60000 steps; every number agrees with the
catalogue's independent reproduction, seed-000 S19). Certified by gdcert prove (proofs/000_09c7d5b8511ab65b/fig1_*):
the angle's derivative under gradient flow, (wy gx - wx gy)/|w|^2, is positive at w1 and w2; the first GD step
(eta = 1e-3) increases the angle at w1 and w2; at w3 the velocity -grad F(w3) = (1/2, -1/sqrt(2 pi)) leaves the ray;
F(v) = 0 and grad F(v) = 0. The crossings, the later course and the convergence are simulated only.
CAP
