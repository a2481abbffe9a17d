#!/bin/sh
# Figure 1(b) of 003_676a49ed0823cdd9.txt (Du et al.; seed-003 N3, C20): population gradient descent of the
# non-overlapping CNN with p = 20, k = 25 from the two sign pairs of one random start, written as tables/003_figure1b.csv
# (every 10th of 2000 steps, with rigorous Arb enclosures of every quantity: `gdcert simulate cnn.gd --ball`) and
# tables/003_figure1b.md (the summary). The paper gives no step size and no a*; ours are stated in the md. About 1 s.
# Usage: GDCERT=path/to/gdcert scripts/make-figure1b.sh [DIR]   (DIR: default tables; `make figure1b` runs it)
set -e
dir=${1:-tables}
GDCERT=${GDCERT:-gdcert}
# a* with ||a*||^2 = 25, 1'a* = 5, ||w*|| = 1; eta = 0.05; v0 at the typical angle of a uniform v in R^20,
# cos(phi0) = 1/sqrt(20) (phi0 = 1.3452829208967654), a0 = 0.2 a* (||a0|| = 1 = |1'a*| ||w*||/sqrt(k), the radius of
# Theorem 3.2's ball); run 1 is the sign pair (v, a) of Theorem 3.1, run 2 the pair (-v, -a) of Theorem 3.3
runs="--run phi0=1.3452829208967654,x0=5,s0=1,n0=1 --run phi0=1.7963097326930277,x0=-5,s0=-1,n0=1"
args="cnn.gd --param k=25 --param W=1 --param N=25 --param S=5 --param eta=0.05 $runs --steps 2000 --every 10 --ball"
md="$dir/003_figure1b.md"
# shellcheck disable=SC2086
"$GDCERT" simulate $args --format md --quiet --trajectory "$dir/003_figure1b.csv" >"$md.tmp"
{
    cat <<'HEAD'
# Figure 1(b) of 003_676a49ed0823cdd9.txt: gradient descent on the one-hidden-layer CNN

Du, Lee, Tian, Poczos, Singh, Figure 1(b) (catalogue seed-003 N3): population gradient descent with filter size
p = 20 and k = 25 patches from the two sign pairs of one random initialisation, one converging to the global minimum
and one to the spurious local minimum. The paper gives no step size, no a* and no initialisation; ours:
||w*|| = 1, ||a*||^2 = 25, 1'a* = 5 (the spurious minimum exists: pi 25 < (25 + pi - 1) 25), eta = 0.05,
cos(phi0) = 1/sqrt(20) (the typical angle of a uniform v in R^20), a0 = 0.2 a* (on the sphere of Theorem 3.2's ball,
radius |1'a*| ||w*||/sqrt(k) = 1). Run 1 is the sign pair (v, a) of Theorem 3.1 (a0'a* > 0, phi0 < pi/2), run 2 the
pair (-v, -a) of Theorem 3.3.

The loss is computed by the exact five-scalar recursion of population gradient descent (seed-003 C20, checked in
tests/check_cnn.c against explicit gradient descent on vectors). **The trajectory is certified**: every quantity at
every step comes with a rigorous Arb enclosure of the exact recursion from these parameters (the *_lo, *_hi columns of
003_figure1b.csv; `gdcert simulate --ball`), and the double values lie inside them. Written by
scripts/make-figure1b.sh:

    gdcert simulate cnn.gd --param k=25 --param W=1 --param N=25 --param S=5 --param eta=0.05 \
        --run phi0=1.3452829208967654,x0=5,s0=1,n0=1 --run phi0=1.7963097326930277,x0=-5,s0=-1,n0=1 \
        --steps 2000 --every 10 --ball --format md --trajectory tables/003_figure1b.csv

Run 2 approaches the spurious loss ell_sp = ((pi - 2) 25 + pi 25/(25 + pi - 1))/(4 (pi - 1)) = 3.66940969
(ell_sp/||a*||^2 = 0.1467764; registry row cnn.spurious_loss) from above, only sublinearly (seed-003 E18): its angle
increases from the first step (Lemma 4.2's monotonicity does not apply: a'a* < 0).

HEAD
    cat "$md.tmp"
} >"$md"
rm -f "$md.tmp"
echo "make-figure1b.sh: wrote $dir/003_figure1b.csv and $md"
