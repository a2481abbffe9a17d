# Shared helpers of the command-line tests (sourced by tests/cli/*.sh).
# GDCERT: path of the gdcert binary (set by AM_TESTS_ENVIRONMENT); ./gdcert when run by hand.
GDCERT=${GDCERT:-./gdcert}
if ! test -x "$GDCERT"; then
    echo "gdcert binary not found: set GDCERT (got '$GDCERT')" >&2
    exit 99
fi
tmp=$(mktemp -d "${TMPDIR:-/tmp}/gdcert-cli.XXXXXX") || exit 99
trap 'rm -rf "$tmp"' EXIT
pass=0
fail=0

ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL: $*"; }

# run ARGS...: runs gdcert, leaving stdout in $tmp/out, stderr in $tmp/err and the status in $status
run() {
    "$GDCERT" "$@" >"$tmp/out" 2>"$tmp/err" </dev/null
    status=$?
}

# expect_usage_error ARGS...: exit status 2, exactly one line on stderr, nothing on stdout
expect_usage_error() {
    run "$@"
    lines=$(wc -l <"$tmp/err")
    if test "$status" -ne 2; then
        bad "gdcert $*: exit status $status, expected 2"
    elif test "$lines" -ne 1; then
        bad "gdcert $*: $lines lines on stderr, expected 1: $(cat "$tmp/err")"
    elif test -s "$tmp/out"; then
        bad "gdcert $*: wrote to stdout: $(head -c 200 "$tmp/out")"
    else
        ok
    fi
}

# expect_error_mentions WORD ARGS...: like expect_usage_error, and the stderr line contains WORD
expect_error_mentions() {
    word=$1
    shift
    expect_usage_error "$@"
    if test "$status" -eq 2 && ! grep -q -- "$word" "$tmp/err"; then
        bad "gdcert $*: stderr does not mention '$word': $(cat "$tmp/err")"
    fi
}

# other_user: sets $as_user to a command prefix that runs gdcert as a user for whom mode 000 means unreadable
# (nothing as a non-root user; setpriv to the user nobody as root, with $tmp opened to it), or prints why not and
# returns 1
other_user() {
    as_user=""
    if test "$(id -u)" -ne 0; then
        return 0
    fi
    if ! command -v setpriv >/dev/null 2>&1; then
        echo "SKIP: unreadable files (root, and no setpriv to switch to the user nobody)"
        return 1
    fi
    as_user="setpriv --reuid=65534 --regid=65534 --clear-groups"
    chmod 755 "$tmp"
    if ! $as_user "$GDCERT" list >/dev/null 2>&1; then
        echo "SKIP: unreadable files (the user nobody cannot run $GDCERT)"
        return 1
    fi
}

have_python() { command -v python3 >/dev/null 2>&1; }

finish() {
    echo "$pass passed, $fail failed"
    test "$fail" -eq 0
}
