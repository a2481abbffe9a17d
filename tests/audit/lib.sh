# Shared helpers of the audit and table tests (sourced). GDCERT (the built gdcert) and srcdir come from
# AM_TESTS_ENVIRONMENT; by hand: GDCERT=./gdcert srcdir=/path/to/source sh tests/audit/audit.sh
GDCERT=${GDCERT:-./gdcert}
srcdir=${srcdir:-.}
if ! test -x "$GDCERT"; then
    echo "gdcert binary not found: set GDCERT (got '$GDCERT')" >&2
    exit 99
fi
tmp=$(mktemp -d "${TMPDIR:-/tmp}/gdcert-audit.XXXXXX") || exit 99
trap 'rm -rf "$tmp"' EXIT
fail=0
bad() { fail=$((fail + 1)); echo "FAIL: $*"; }
# run ARGS...: stdout in $tmp/out, stderr in $tmp/err, exit status in $status
run() {
    "$GDCERT" "$@" >"$tmp/out" 2>"$tmp/err" </dev/null
    status=$?
}
finish() {
    if test "$fail" -ne 0; then
        echo "$fail failure(s)"
        exit 1
    fi
    exit 0
}
