#!/bin/sh
# gdcert --help / --version, and --help of every subcommand: exit 0, text on stdout, nothing on stderr.
. "$(dirname "$0")/lib.sh"

check_ok() {
    run "$@"
    if test "$status" -eq 0 && test -s "$tmp/out" && ! test -s "$tmp/err"; then
        ok
    else
        bad "gdcert $*: status $status, stderr: $(cat "$tmp/err")"
    fi
}

check_ok --help
grep -q '^Usage: gdcert' "$tmp/out" && ok || bad "--help: no Usage line"
for sub in list eval check prove verify audit table; do
    grep -q "^  $sub " "$tmp/out" && ok || bad "--help does not list $sub"
done

check_ok --version
head -n 1 "$tmp/out" | grep -q '^gdcert [0-9][0-9.]*' && ok || bad "--version: first line '$(head -n 1 "$tmp/out")'"

# the bug-report path (README "Reporting a bug", AC_INIT's bug-report field): the issue tracker, named by both
tracker='Report bugs to: the gdcert issue tracker'
grep -q "^$tracker" "$tmp/out" && ok || bad "--version does not name the issue tracker"
grep -q "gdcert --version" "$tmp/out" && ok || bad "--version does not say to include its output"
check_ok --help
grep -q "^$tracker" "$tmp/out" && ok || bad "--help does not name the issue tracker"
grep -q "Reporting a bug" "$tmp/out" && ok || bad "--help does not point to the README section"
top="$(dirname "$0")/../.."
grep -q "^## Reporting a bug" "$top/README.md" && ok || bad "README has no section 'Reporting a bug'"
grep -q '^AC_INIT(.*\[the gdcert issue tracker' "$top/configure.ac" && ok || bad "AC_INIT names another address"

for sub in list eval check prove verify audit table; do
    check_ok "$sub" --help
    grep -q "gdcert $sub" "$tmp/out" && ok || bad "$sub --help does not name the subcommand"
done

finish
