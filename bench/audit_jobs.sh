#!/bin/sh
# `gdcert audit --jobs N` speed-up (make bench; never a timed test). 1) From one --jobs 1 run: the processor
# time of every claim, and the makespan on 2 workers of the schedule the audit uses (one shared queue, longest
# claim first by the boxes of the committed report) next to the old file-order queue: the speed-up an idle
# 2-core machine gives, independent of other load. 2) The measured wall clock of --jobs 1 and --jobs 2 and the
# load average at the time (the machine is shared: compare the load before trusting these).
GDCERT=${GDCERT:-./gdcert}
PROOFS=${1:-proofs}
tmp=$(mktemp -d "${TMPDIR:-/tmp}/gdcert-bench.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT
"$GDCERT" audit --format csv --jobs 1 "$PROOFS" >"$tmp/csv" || true
awk '
function parse(line,    i, c, q, f, n) {
    n = 1; f = ""; q = 0
    for (i = 1; i <= length(line); i++) {
        c = substr(line, i, 1)
        if (q) { if (c == "\"") { if (substr(line, i + 1, 1) == "\"") { f = f c; i++ } else q = 0 } else f = f c }
        else if (c == "\"") q = 1
        else if (c == ",") { F[n++] = f; f = "" }
        else f = f c
    }
    F[n] = f
    return n
}
# makespan on w workers of jobs taken in the order ord[1..m] (each to the first free worker)
function makespan(w,    i, k, best, end) {
    for (k = 1; k <= w; k++) free_at[k] = 0
    for (i = 1; i <= m; i++) {
        best = 1
        for (k = 2; k <= w; k++) if (free_at[k] < free_at[best]) best = k
        free_at[best] += cpu[ord[i]]
    }
    end = 0
    for (k = 1; k <= w; k++) if (free_at[k] > end) end = free_at[k]
    return end
}
NR == 1 { n = parse($0); for (i = 1; i <= n; i++) col[F[i]] = i; next }
{
    parse($0)
    name = F[col["claim"]]
    if (name == "" || (name in seen)) next
    seen[name] = 1
    m++; names[m] = name; file_order[m] = m; cpu[m] = F[col["cpu_seconds"]] + 0; boxes[m] = F[col["boxes"]] + 0
    sum += cpu[m]; if (cpu[m] > longest) { longest = cpu[m]; longest_name = name }
}
END {
    for (i = 1; i <= m; i++) ord[i] = i
    file_span = makespan(2)
    for (i = 2; i <= m; i++) { x = ord[i]; for (j = i; j > 1 && boxes[ord[j - 1]] < boxes[x]; j--) ord[j] = ord[j - 1]; ord[j] = x }
    lpt_span = makespan(2)
    ideal = sum / 2 > longest ? sum / 2 : longest
    printf "claims %d, processor time %.2f s, longest claim %.2f s (%s)\n", m, sum, longest, longest_name
    for (i = 1; i <= m; i++) ord[i] = i
    for (i = 2; i <= m; i++) { x = ord[i]; for (j = i; j > 1 && cpu[ord[j - 1]] < cpu[x]; j--) ord[j] = ord[j - 1]; ord[j] = x }
    for (i = 1; i <= 5 && i <= m; i++) printf "  %.2f s  %s\n", cpu[ord[i]], names[ord[i]]
    printf "2 workers, file order:     makespan %.2f s, speed-up %.2fx\n", file_span, sum / file_span
    printf "2 workers, longest first:  makespan %.2f s, speed-up %.2fx (bound: %.2fx)\n", lpt_span, sum / lpt_span, sum / ideal
}' "$tmp/csv"
# seconds of processor time (user + system) of the finished children of this shell, from `times` (its second line)
child_cpu() {
    awk 'NR == 2 {
        s = 0
        for (i = 1; i <= 2; i++) { split($i, a, "m"); sub("s", "", a[2]); s += a[1] * 60 + a[2] }
        printf "%.2f", s
    }' "$1"
}
for j in 1 2; do
    load=$(cut -d' ' -f1 /proc/loadavg 2>/dev/null)
    times >"$tmp/c0"
    t0=$(date +%s.%N)
    "$GDCERT" audit --jobs $j "$PROOFS" >/dev/null
    t1=$(date +%s.%N)
    times >"$tmp/c1"
    c=$(echo "$(child_cpu "$tmp/c0") $(child_cpu "$tmp/c1")" | awk '{ printf "%.2f", $2 - $1 }')
    echo "$t0 $t1 $j $load $c" >>"$tmp/runs"
    echo "$t0 $t1 $j $load $c" | awk '{ printf "measured: --jobs %d wall %.2f s, processor %.2f s (load average %s)\n", $3, $2 - $1, $5, $4 }'
done
# the wall-clock ratio is what the machine gave: with other jobs on the 2 cores the second worker gets less
# than a core (processor time stays about the same, wall time does not halve)
awk '{ w[$3] = $2 - $1; c[$3] = $5 } END { if (w[2] > 0) printf "measured: --jobs 2 speed-up %.2fx wall (processor time %.2f s vs %.2f s)\n", w[1] / w[2], c[2], c[1] }' "$tmp/runs"
