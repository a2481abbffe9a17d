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
    m++; file_order[m] = m; cpu[m] = F[col["cpu_seconds"]] + 0; boxes[m] = F[col["boxes"]] + 0
    sum += cpu[m]; if (cpu[m] > longest) longest = cpu[m]
}
END {
    for (i = 1; i <= m; i++) ord[i] = i
    file_span = makespan(2)
    for (i = 2; i <= m; i++) { x = ord[i]; for (j = i; j > 1 && boxes[ord[j - 1]] < boxes[x]; j--) ord[j] = ord[j - 1]; ord[j] = x }
    lpt_span = makespan(2)
    ideal = sum / 2 > longest ? sum / 2 : longest
    printf "claims %d, processor time %.2f s, longest claim %.2f s\n", m, sum, longest
    printf "2 workers, file order:     makespan %.2f s, speed-up %.2fx\n", file_span, sum / file_span
    printf "2 workers, longest first:  makespan %.2f s, speed-up %.2fx (bound: %.2fx)\n", lpt_span, sum / lpt_span, sum / ideal
}' "$tmp/csv"
for j in 1 2; do
    load=$(cut -d' ' -f1 /proc/loadavg 2>/dev/null)
    t0=$(date +%s.%N)
    "$GDCERT" audit --jobs $j "$PROOFS" >/dev/null
    t1=$(date +%s.%N)
    echo "$t0 $t1 $j $load" | awk '{ printf "measured: --jobs %d wall %.2f s (load average %s)\n", $3, $2 - $1, $4 }'
done
