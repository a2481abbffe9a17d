#!/bin/sh
# Figure 1 of 000_09c7d5b8511ab65b.txt (Sec. 6.2; seed-000 S19, N18, C26): the gradient-descent simulation behind
# tables/000_figure1.csv (trajectories, every 50th iteration and the last) and tables/000_figure1.md (summary next
# to the catalogue's S19 table). A double-precision simulation, not a certificate; the certified facts are the
# claims proofs/000_09c7d5b8511ab65b/fig1_*.claim. About 10-20 s.
# Usage: GDCERT=path/to/gdcert scripts/make-figure1.sh [DIR]   (DIR: default tables; `make figure1` runs it)
set -e
dir=${1:-tables}
GDCERT=${GDCERT:-gdcert}
args="relu.nc_gd --every 50 --format md --quiet"
md="$dir/000_figure1.md"
"$GDCERT" simulate $args --trajectory "$dir/000_figure1.csv" >"$md.tmp"
{
    cat <<'EOF'
# Figure 1 of 000_09c7d5b8511ab65b.txt: gradient descent with a non-centred Gaussian input

Yehudai and Shamir, Sec. 6.2 and Figure 1 (catalogue seed-000 N18, S19; the gradient is seed-000 C26): gradient
descent w <- w - eta grad F(w) with eta = 1e-3 on F(w) = E[(relu(w.x) - relu(v.x))^2]/2, x ~ N((0, 1), I_2),
v = (1, 0), from w1 = (-1, 1), w2 = (-1, 0.5), w3 = (-1, 0); 60000 iterations each. The paper claims convergence to
v, an angle theta(w, v) that is initially increasing, and angles covering (0, pi].

**This is a double-precision simulation, not a certificate** (the gradient is the double kernel of the registry row
relu.nc_grad, accurate to a few units in the error measure of `gdcert check`). Written by scripts/make-figure1.sh:

    gdcert simulate relu.nc_gd --every 50 --format md --quiet --trajectory tables/000_figure1.csv > (below)

The trajectories (every 50th iteration and the last) are in 000_figure1.csv (run,step,wx,wy,theta,dist_to_v,F,norm);
the plot is figure1.png (scripts/plots/figure1.sh). Per run, each quantity's smallest and largest value with its
step and its largest change in one step ("largest step": every angle between the smallest and the largest is within
that step of an iterate), and the first step of each event: "crosses the ray -v" (wy changes sign with wx < 0) and
"theta < 0.1".

EOF
    cat "$md.tmp"
    cat <<'EOF'

The catalogue's S19 table (/work/shared/research/seed-000.md; an independent Python implementation, 24-point
Gauss-Legendre per piece):

| init | initial theta | max theta | crosses ray -v at | min norm of w | first iter with theta < 0.1 | dist(w, v) at iter 60000 |
|---|---|---|---|---|---|---|
| (-1, 1) | 2.3562 | 3.14144 (iter 2396) | iter 2397, w = (-0.1738, -4e-5) | 0.078 (iter 6200) | 7922 | 2.9e-7 |
| (-1, 0.5) | 2.6779 | 3.14149 (iter 1042) | iter 1042, w = (-0.5343, -5e-5) | 0.187 (iter 7179) | 9914 | 3.8e-7 |
| (-1, 0) | pi (then decreases) | pi (at start) | - (starts on it) | 0.296 (iter 8081) | 11521 | 4.3e-7 |

Certified (`gdcert prove`, proofs/000_09c7d5b8511ab65b/): under gradient flow the angle's derivative
d theta/dt = (wy gx - wx gy)/|w|^2 is positive at w1 and w2 (fig1_w1_angle_rate, fig1_w2_angle_rate); the first GD
step with eta = 1e-3 increases theta at w1 and w2 (fig1_w1_first_step, fig1_w2_first_step); at w3 on the ray -v the
velocity -grad F(w3) = (1/2, -1/sqrt(2 pi)) leaves the ray (fig1_w3_leaves_ray); F(v) = 0 and grad F(v) = 0
(fig1_optimum). The later course of the trajectories (crossing of the ray, convergence) is simulated only.
EOF
} >"$md"
rm -f "$md.tmp"
echo "make-figure1.sh: wrote $dir/000_figure1.csv and $md"
