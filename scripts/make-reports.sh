#!/bin/sh
# Regenerate the committed audit report of every paper folder of proofs/ (proofs/NAME/report/: report.txt,
# .md, .tex, .csv, .json and certs/): one `gdcert audit --write-report` over the whole tree, then each folder
# is swapped in by rename. Usage: GDCERT=path/to/gdcert make-reports.sh [PROOFS] (`make reports` runs it on
# the source tree; `make check` compares the committed reports byte for byte, tests/audit/reports_committed.sh).
set -e
proofs=${1:-proofs}
GDCERT=${GDCERT:-gdcert}
tmp="$proofs/.reports.$$"
trap 'rm -rf "$tmp"' EXIT
status=0
"$GDCERT" audit --jobs "${JOBS:-2}" --write-report "$tmp" "$proofs" >/dev/null || status=$?
test "$status" -le 1 || exit "$status" # 2: nothing was written (bad index, unwritable folder)
for new in "$tmp"/*/; do
    name=$(basename "$new")
    test -f "$proofs/$name/PAPER" || continue
    rm -rf "$proofs/$name/report.old"
    test ! -d "$proofs/$name/report" || mv "$proofs/$name/report" "$proofs/$name/report.old"
    mv "$new" "$proofs/$name/report"
    rm -rf "$proofs/$name/report.old"
    echo "proofs/$name/report"
done
test "$status" -eq 0 || echo "make-reports: some verdicts do not match their expectation (see proofs/*/report/report.txt)" >&2
exit $status
