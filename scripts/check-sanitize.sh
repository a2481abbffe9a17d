#!/bin/sh
# `make check-sanitize` (issue 15): the test suite on a build with AddressSanitizer, UndefinedBehaviorSanitizer
# (float-to-integer overflow included) and LeakSanitizer. The build is a copy of the distributed tree
# (`make distdir`, so the source tree stays as it is) in BUILDDIR/sanitize, compiled with -O1 -g; every sanitizer
# report goes to a log file and any log fails the run, also where a test would not look at the exit status.
# GDC_TEST_SCALE (default 0.1 here) shortens the registry suites; the Python and installed-program tests are
# skipped (an instrumented libgdcert cannot be loaded by a program without the sanitizer runtime).
# Usage: scripts/check-sanitize.sh TOP_BUILDDIR   (make check-sanitize passes it)
set -eu
top=$(cd "$1" && pwd)
dir="$top/sanitize"
jobs=${GDC_SANITIZE_JOBS:-2}
san="-fsanitize=address,undefined,float-cast-overflow -fno-sanitize-recover=undefined,float-cast-overflow"
rm -rf "$dir"
mkdir -p "$dir/logs"
${MAKE:-make} -s -C "$top" distdir distdir="$dir/src" >/dev/null
cd "$dir/src"
echo "check-sanitize: configuring and building in $dir/src"
./configure -q CFLAGS="-O1 -g -fno-omit-frame-pointer $san" LDFLAGS="$san" >"$dir/configure.log" 2>&1 ||
    { cat "$dir/configure.log"; exit 1; }
${MAKE:-make} -s -j"$jobs" >"$dir/build.log" 2>&1 || { tail -50 "$dir/build.log"; exit 1; }
GDC_SANITIZE=1
GDC_TEST_SCALE=${GDC_TEST_SCALE:-0.1}
ASAN_OPTIONS="detect_leaks=1:log_path=$dir/logs/asan:print_summary=1:strict_string_checks=1"
UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1:log_path=$dir/logs/ubsan"
LSAN_OPTIONS="log_path=$dir/logs/lsan"
export GDC_SANITIZE GDC_TEST_SCALE ASAN_OPTIONS UBSAN_OPTIONS LSAN_OPTIONS
echo "check-sanitize: make check (GDC_TEST_SCALE=$GDC_TEST_SCALE)"
status=0
${MAKE:-make} -j"$jobs" check </dev/null >"$dir/check.log" 2>&1 || status=$?
grep -E '^(# [A-Z]+:|FAIL:|ERROR:)' "$dir/check.log" || true
reports=$(find "$dir/logs" -type f | sort)
if test -n "$reports"; then
    echo "check-sanitize: sanitizer reports:"
    for f in $reports; do
        echo "== $f"
        head -60 "$f"
    done
    status=1
fi
if test "$status" -ne 0; then
    test -f test-suite.log && grep -E -A30 '^(FAIL|ERROR):' test-suite.log | head -200
    echo "check-sanitize: FAILED"
    exit 1
fi
echo "check-sanitize: passed, no sanitizer report"
