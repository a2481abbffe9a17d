#!/bin/sh
# The audit's tree walk on hostile trees (issue 15): a claim that cannot be decided because of where it sits is an
# ERROR row with its reason and exit 1, never dropped from a report that then says PASS. Cases: a claim 17 folders
# deep (decided: the walk goes 64 levels deep), a folder deeper than 64 levels, a claim path over 1023 characters,
# a dangling *.claim link, a link back to an enclosing folder, and a folder the user cannot read (run as the user
# nobody with setpriv when the tests run as root; as a non-root user directly; skipped if neither works).
. "$(dirname "$0")/lib.sh"
srcdir=${srcdir:-.}
good="$srcdir/tests/audit/paper/a_holds.claim"   # `expect holds`, decided in milliseconds

# tree NAME: a fresh paper-less folder $tmp/NAME holding one good claim (so that a lost row would leave PASS)
tree() {
    t="$tmp/$1"
    mkdir -p "$t"
    cp "$good" "$t/good.claim"
}
# expect_error_row WHAT TEXT: the audit of $t exits 1, has an ERROR row whose reason contains TEXT, and still
# decides the good claim
expect_error_row() {
    run audit "$t"
    if test "$status" -ne 1; then
        bad "$1: exit $status, expected 1: $(tail -3 "$tmp/out") $(cat "$tmp/err")"
    elif ! grep -q ERROR "$tmp/out" || ! grep -q -- "$2" "$tmp/out"; then
        bad "$1: no ERROR row saying '$2': $(grep -i error "$tmp/out")"
    elif ! grep 'test.a_holds' "$tmp/out" | grep -q HOLDS; then
        bad "$1: the good claim was not decided"
    else
        ok
    fi
}

# 17 folders deep: decided like any other claim (it used to be skipped: the walk stopped at 16)
tree deep17
d="$t"
for i in $(seq 1 17); do d="$d/d"; done
mkdir -p "$d"
cp "$good" "$d/deep.claim"
run audit "$t"
n=$(grep -c 'test.a_holds *HOLDS' "$tmp/out")
if test "$status" -eq 0 && test "$n" -eq 2; then ok; else bad "claim 17 deep: exit $status, $n HOLDS rows (expected 2)"; fi

# deeper than 64 levels: the folder is an ERROR row
tree deep65
d="$t"
for i in $(seq 1 65); do d="$d/d"; done
mkdir -p "$d"
cp "$good" "$d/deep.claim"
expect_error_row "folder 65 deep" "nested deeper than 64 levels"

# a claim path over 1023 characters (5 folders of 220 characters)
tree long
long=$(printf '%0220d' 0)
d="$t/$long/$long/$long/$long/$long"
mkdir -p "$d"
cp "$good" "$d/x.claim"
expect_error_row "path over 1023 characters" "longer than the limit of 1023"

# a dangling claim link
tree dangling
ln -s "$tmp/nonexistent.claim" "$t/gone.claim"
expect_error_row "dangling link" "a link to a missing file"

# a link back to an enclosing folder: an ERROR row, not 64 copies of the same claims
tree loop
mkdir "$t/sub"
ln -s .. "$t/sub/up"
expect_error_row "link loop" "a loop"
n=$(grep -c 'test.a_holds' "$tmp/out")
test "$n" -eq 1 || bad "link loop: the good claim appears $n times"

# a folder that cannot be read, as a user who cannot read it
tree locked
mkdir "$t/sub"
cp "$good" "$t/sub/x.claim"
chmod 000 "$t/sub"
if other_user; then
    $as_user "$GDCERT" audit "$t" >"$tmp/out" 2>"$tmp/err" </dev/null
    status=$?
    if test "$status" -eq 1 && grep -q 'sub: cannot read the folder (Permission denied)' "$tmp/out"; then ok
    else bad "unreadable folder: exit $status: $(grep -i error "$tmp/out") $(cat "$tmp/err")"; fi
fi
chmod 755 "$t/sub"

# an INDEX that exists but cannot be read (here a folder) is an input error, not "no index"
cp -R "$srcdir/tests/audit/paper" "$tmp/badindex"
rm -f "$tmp/badindex/INDEX"
mkdir "$tmp/badindex/INDEX"
expect_error_mentions 'INDEX: is a folder, not a file' audit "$tmp/badindex"

# a top-level path that does not exist: an input error naming the reason (exit 2)
expect_error_mentions 'No such file or directory' audit "$tmp/nonexistent"
finish
