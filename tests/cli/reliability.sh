#!/bin/sh
# Hostile output paths and faults (issue 15): nothing half-written, one line naming the file and the reason, checked
# before the work where it can be; conflicting options; one set of precision limits; overflowing exact values.
# The full-disk cases mount a 64 KiB tmpfs (root only; skipped otherwise).
. "$(dirname "$0")/lib.sh"
srcdir=${srcdir:-.}
claim="$srcdir/proofs/003_676a49ed0823cdd9/b1_g_max.claim"          # a bound with a certificate, decided in ms
big="$srcdir/proofs/002_588e28744115f015/l11_min_eig_sharp.claim"   # a larger certificate (several KiB)
spec="$srcdir/tables/003_spurious.spec"

# prove --cert into a missing folder: refused before the search (exit 2, one line naming the path and the reason)
expect_error_mentions '/nonexistent/dir/x.cert' prove --cert /nonexistent/dir/x.cert "$claim"
grep -q 'No such file or directory' "$tmp/err" || bad "prove --cert: no reason given: $(cat "$tmp/err")"
mkdir "$tmp/adir"
expect_error_mentions 'is a folder' prove --cert "$tmp/adir" "$claim"
# conflicting precisions
expect_error_mentions 'conflicting' prove --prec 2048 --max-prec 64 "$claim"
expect_error_mentions 'conflicting' audit --prec 2048 --max-prec 64 "$claim"
# one set of precision limits: audit refuses what verify would refuse (16..65536 bits)
expect_error_mentions '--prec' audit --prec 100000 "$claim"
# audit --write-certs: a missing parent or a regular file is refused before any deciding
expect_error_mentions '/nonexistent/a/b' audit --write-certs /nonexistent/a/b "$claim"
touch "$tmp/afile"
expect_error_mentions 'not a folder' audit --write-certs "$tmp/afile" "$claim"
# table: every output or none
expect_error_mentions '/nonexistent/x.csv' table --output "$tmp/ok.md" --output /nonexistent/x.csv "$spec"
if test -e "$tmp/ok.md"; then bad "table wrote ok.md although the second output failed"; else ok; fi
# a successful write leaves the file whole and no temporary file
run prove --cert "$tmp/c.cert" "$claim"
if test "$status" -eq 0 && test -s "$tmp/c.cert" && ! ls "$tmp"/c.cert.tmp.* >/dev/null 2>&1; then ok
else bad "prove --cert: status $status, files: $(ls "$tmp")"; fi
run verify "$tmp/c.cert" "$claim"
if test "$status" -eq 0; then ok; else bad "verify of the written certificate: status $status: $(cat "$tmp/err")"; fi
# an overflowing exact value whose double is inf has error 0 (correctly rounded), said as an overflow
run eval relu.kernel 1e308 1e308 1
if test "$status" -eq 0 && grep -q 'error   0  (overflow' "$tmp/out"; then ok; else bad "eval overflow: $(tail -1 "$tmp/out")"; fi

# huge dimensions: the exact gauss sums cost time linear in d, so d is limited to 10^6 (refused at once, not minutes)
for id in gauss.norm_tail gauss.angle_tail gauss.binom_fail; do
    expect_error_mentions 'outside its domain' eval $id 1e300
    grep -q '1000000]' "$tmp/err" || bad "eval $id 1e300: the largest d is not named: $(cat "$tmp/err")"
done
expect_error_mentions 'outside its domain' eval gauss.chi2_tail 1e15 2
expect_error_mentions 'outside its domain' eval gauss.lemma51 1e15 0.1
# a claim whose integer variable puts d beyond 10^6 everywhere is an input error at once (it used to run inside
# arb_hypgeom_gamma_upper past any limit)
printf 'claim t.bigd\nvar d in [1e15, 1e15 + 10] integer\nprove gauss.chi2_tail(d, 2) > 0\n' >"$tmp/bigd.claim"
run prove "$tmp/bigd.claim"
if test "$status" -eq 2 && grep -q 'outside its domain' "$tmp/err"; then ok; else bad "prove with d = 1e15: status $status"; fi

# input files: one size limit (64 MiB) for claims, certificates and table specs, and the reason on every failure
mkdir "$tmp/folder.claim"
truncate -s 100M "$tmp/huge.claim"   # sparse: no disk used
expect_error_mentions 'is a folder, not a file' prove "$tmp/folder.claim"
expect_error_mentions 'cannot open (No such file or directory)' prove "$tmp/missing.claim"
expect_error_mentions 'larger than the limit of 64 MiB' prove "$tmp/huge.claim"
expect_error_mentions 'larger than the limit of 64 MiB' verify "$tmp/huge.claim" "$claim"
expect_error_mentions 'is a folder, not a file' verify "$tmp/folder.claim" "$claim"
expect_error_mentions 'larger than the limit of 64 MiB' verify "$tmp/c.cert" "$tmp/huge.claim"
expect_error_mentions 'larger than the limit of 64 MiB' table "$tmp/huge.claim"
expect_error_mentions 'is a folder, not a file' table "$tmp/folder.claim"
run audit "$tmp/huge.claim"    # a claim file the audit cannot read is an ERROR row with the reason, exit 1
if test "$status" -eq 1 && grep -q 'larger than the limit of 64 MiB' "$tmp/out"; then ok
else bad "audit of an over-limit claim: status $status: $(grep -i limit "$tmp/out")"; fi
cp "$claim" "$tmp/locked.claim"
cp "$tmp/c.cert" "$tmp/locked.cert"
chmod 000 "$tmp/locked.claim" "$tmp/locked.cert"
if other_user; then
    for args in "prove $tmp/locked.claim" "verify $tmp/locked.cert $claim" "table $tmp/locked.claim"; do
        $as_user "$GDCERT" $args >"$tmp/out" 2>"$tmp/err" </dev/null
        if test $? -eq 2 && grep -q 'cannot open (Permission denied)' "$tmp/err"; then ok
        else bad "gdcert $args as another user: $(cat "$tmp/err")"; fi
    done
fi

# --time-limit holds for claims over rows with expensive special functions (issue 15, section 4): chi2_tail near the
# top of its range (d up to 10^6, Arb's incomplete gamma function) with a 1 s limit ends within seconds (the claim is
# true: P(chi2_d >= c d) >= exp(-d (c - 1 - log c)/2)/poly(d) is about e^-25; UNKNOWN today, HOLDS would also do)
printf 'claim t.chi2\nvar d in [900000, 1000000] integer\nvar c in [1.001, 1.01]\nprove gauss.chi2_tail(d, c) >= 1e-300\n' \
    >"$tmp/chi2.claim"
t0=$(date +%s)
run prove --time-limit 1 "$tmp/chi2.claim"
t1=$(date +%s)
if { test "$status" -eq 3 || test "$status" -eq 0; } && test $((t1 - t0)) -le 6; then ok
else bad "prove --time-limit 1 over chi2_tail: status $status after $((t1 - t0)) s (expected 3 or 0 within 6 s)"; fi

# A row evaluation sees the time limit (issue 15, section 4): one gauss.lemma51 integral at d near 10^6 takes seconds
# (15 s at 64 bits, minutes at 1024 on a loaded machine), so a limit checked only between boxes overran it (6 s for
# this claim at --time-limit 2 before the row had a deadline). With fn_arb_timed the integral gives up at the
# deadline: the verdict is UNKNOWN (exit 3, a budget ran out) and the run ends within the limit + 10%, measured as
# the prover's own time and as the process's wall time beyond a run that does no work (start-up under load).
printf 'claim t.l51\nvar d in [999999, 1000000] integer\nvar t in [0.1, 0.2]\nprove gauss.lemma51(d, t)[0] >= 0\n' \
    >"$tmp/l51.claim"
ms() { echo $(($(date +%s%N) / 1000000)); }
# prove_within MS ARGS...: `prove ARGS` must end UNKNOWN (exit 3) within MS milliseconds, as its own time and as wall
# time beyond that of a run that does no work. In the sanitizer build (make check-sanitize) the process's exit runs
# LeakSanitizer's scan of the heap, which after a 4096-bit run takes 75-150 ms on an idle machine (measured: wall
# 2150-2224 ms with leak detection, 2074 ms without, 2023-2033 ms for the plain build, own time 2.002 s each time):
# that is the instrument's work, not the prover's, so there the wall bound gets 500 ms more; the own time keeps MS.
prove_within() {
    lim=$1
    shift
    wall_lim=$lim
    test -z "${GDC_SANITIZE:-}" || wall_lim=$((lim + 500))
    t0=$(ms)
    run prove --help
    t1=$(ms)
    run prove "$@"
    t2=$(ms)
    wall=$((t2 - t1 - (t1 - t0)))
    own=$(sed -n 's/.*, time \([0-9.]*\) s,.*/\1/p' "$tmp/out")
    if test "$status" -eq 3 && grep -q 'UNKNOWN' "$tmp/out" && test "$wall" -le "$wall_lim" &&
        awk -v t="$own" -v l="$lim" 'BEGIN { exit !(t != "" && t * 1000 <= l) }'; then ok
    else bad "prove $*: status $status, own time $own s, $wall ms of wall time (at most $wall_lim ms)"; fi
}
prove_within 2200 --time-limit 2 "$tmp/l51.claim"
# the bias rows integrate Phi2 and Owen's T numerically (acb_calc_integrate); at 4096 bits one Phi2 over this box
# takes minutes (504 s of wall time, 136 s of processor time, for the claim below at --time-limit 1 before bias.bvn
# had fn_arb_timed, load 10). Their integrands give up at the deadline (the result indeterminate), so the claim ends
# UNKNOWN within the limit + 10%. (The claim is true: Phi2 >= 0.)
printf 'claim t.bvn\nvar h in [-1, 1]\nvar k in [-1, 1]\nvar rho in [0.2, 0.8]\nprove bias.bvn(h, k, rho) >= 0\n' \
    >"$tmp/bvn.claim"
prove_within 2200 --prec 4096 --time-limit 2 "$tmp/bvn.claim"
# the same through the cross-moment rows (bias.corr: Phi2 inside the gradient jets; 8.7 s of wall time at
# --time-limit 2 before, load 10)
printf 'claim t.corr\nvar s in [0.5, 2]\nvar bw in [-1, 1]\nvar t in [0.5, 2]\nvar bv in [-1, 1]\nvar theta in [0.5, 2.5]\nprove bias.corr(s, bw, t, bv, theta) >= 0\n' \
    >"$tmp/corr.claim"
prove_within 2200 --prec 1024 --time-limit 2 "$tmp/corr.claim"

# a row whose one Arb call cannot be interrupted (gauss.chi2_tail: arb_hypgeom_gamma_upper over a c ball takes up to
# 8 s at 4096 bits): it refuses to start a call its measured cost model says cannot finish before the deadline, so
# the claim ends within the limit, UNKNOWN (before: 4.8 s). Allowed: the limit + 0.2 s rather than + 10% (0.1 s),
# because at a 1 s limit 10% is within the start-up and scheduling jitter of a loaded machine; the run that does no
# work is subtracted as above. Without a limit the same claim still decides: it is true by the Chernoff bound
# P(chi2_d >= cd) <= (c e^(1-c))^(d/2) <= (1.5 e^-0.5)^(999990/2) < 10^-20000 for c >= 1.5 (decided here at the
# default 64 bits, in milliseconds: at 4096 bits it takes 15 s).
printf 'claim t.chi2\nvar d in [999990, 1000000] integer\nvar c in [1.5, 2]\nprove gauss.chi2_tail(d, c) <= 1e-1000\n' \
    >"$tmp/chi2.claim"
prove_within 1200 --prec 4096 --time-limit 1 "$tmp/chi2.claim"
run prove --time-limit 0 "$tmp/chi2.claim"
if test "$status" -eq 0 && grep -q 'HOLDS' "$tmp/out"; then ok
else bad "prove --time-limit 0 over gauss.chi2_tail at d = 10^6: status $status: $(cat "$tmp/out")"; fi

# full disk: a 64 KiB tmpfs filled up to a few hundred bytes
full="$tmp/full"
mkdir "$full"
if mount -t tmpfs -o size=64k tmpfs "$full" 2>/dev/null; then
    trap 'umount "$full" 2>/dev/null; rm -rf "$tmp"' EXIT # never leave the mount behind, whatever fails
    dd if=/dev/zero of="$full/filler" bs=1024 count=63 2>/dev/null
    sync
    run prove --cert "$full/x.cert" "$big"
    if test "$status" -eq 2 && grep -q "x.cert" "$tmp/err" && grep -q 'No space left' "$tmp/err"; then ok
    else bad "prove --cert on a full disk: status $status: $(cat "$tmp/err")"; fi
    if ls "$full" | grep -qv '^filler$'; then bad "full disk: left $(ls "$full")"; else ok; fi
    run table --output "$full/t.md" --output "$full/t.csv" "$spec"
    if test "$status" -eq 2 && grep -q 'No space left' "$tmp/err"; then ok
    else bad "table on a full disk: status $status: $(cat "$tmp/err")"; fi
    if ls "$full" | grep -qv '^filler$'; then bad "full disk: table left $(ls "$full")"; else ok; fi
    run simulate cnn.gd --steps 2000 --trajectory "$full/traj.csv" --quiet
    if test "$status" -eq 2 && grep -q 'traj.csv' "$tmp/err"; then ok
    else bad "simulate --trajectory on a full disk: status $status: $(cat "$tmp/err")"; fi
    if ls "$full" | grep -qv '^filler$'; then bad "full disk: simulate left $(ls "$full")"; else ok; fi
    umount "$full"
else
    echo "SKIP: full-disk cases (cannot mount a tmpfs: not root?)"
fi
finish
