#!/bin/sh
# Regenerate every certified table of tables/: for each spec NAME.table (or NAME.spec), NAME.md and NAME.csv
# (with certified NAME_lo/NAME_hi ends, for the plots). Usage: GDCERT=path/to/gdcert make-tables.sh [DIR]
# (`make tables` runs it on the source tree; `make check` verifies the committed outputs byte for byte.)
set -e
dir=${1:-tables}
GDCERT=${GDCERT:-gdcert}
status=0
for spec in "$dir"/*.table "$dir"/*.spec; do
    test -f "$spec" || continue
    name=${spec%.*}
    echo "gdcert table $spec"
    "$GDCERT" table --output "$name.md" --output "$name.csv" "$spec" || status=1
done
exit $status
