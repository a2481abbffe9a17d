#!/bin/sh
# Build the libFuzzer targets of tests/fuzz/ with clang (AddressSanitizer, UndefinedBehaviorSanitizer,
# LeakSanitizer) and run each from its committed seed corpus (issue 15). Any crash, leak, timeout (10 s per input)
# or out-of-memory fails the run.
#   scripts/fuzz.sh [SECONDS [TARGET...]]   SECONDS per target (default 60); TARGET: claim table_spec cert (all)
# Run from a configured build tree of this source tree (gdc_config.h and config.h are taken from it); set
# GDC_FUZZ_DIR to keep the built targets, their working corpora and crash files somewhere (default: a temporary
# folder, removed at the end unless something was found). Needs clang with libFuzzer (Debian 12: clang-14).
# GDC_FUZZ_MERGE=1: after a clean run of a target, its grown corpus is minimised into the committed seed corpus
# tests/fuzz/corpus/TARGET/ (libFuzzer -set_cover_merge=1 -use_counters=0: an input is added only if it reaches a
# code edge the corpus does not; the committed files are kept). Commit the new files.
set -u
secs=${1:-60}
test $# -gt 0 && shift
targets=${*:-claim table_spec cert}
here=$(pwd)
src=$(cd "$(dirname "$0")/.." && pwd)
cc=${CLANG:-clang}
command -v "$cc" >/dev/null 2>&1 || { echo "fuzz.sh: no clang (apt-get install clang)" >&2; exit 2; }
test -f "$here/src/gdc_config.h" || { echo "fuzz.sh: run from a configured build tree (no src/gdc_config.h)" >&2; exit 2; }
work=${GDC_FUZZ_DIR:-$(mktemp -d "${TMPDIR:-/tmp}/gdcert-fuzz.XXXXXX")}
mkdir -p "$work"
if pkg-config --exists flint-arb 2>/dev/null || test -e /usr/lib/x86_64-linux-gnu/libflint-arb.so; then
    libs="-lflint-arb -lflint"
else
    libs="-lflint"
fi
srcs=$(ls "$src"/src/*/*.c | grep -v /src/cli/)
status=0
for t in $targets; do
    bin="$work/fuzz_$t"
    echo "fuzz.sh: building fuzz_$t"
    # the library sources are compiled once into objects shared by the targets
    if ! test -f "$work/lib.a"; then
        mkdir -p "$work/obj"
        # two compilers at a time (FOLDER_FILE.o per source)
        printf '%s\n' $srcs | CC="$cc" SRC="$src" HERE="$here" OBJ="$work/obj" xargs -P "${GDC_FUZZ_JOBS:-2}" -n 1 sh -c '
            o="$OBJ/$(echo "$1" | sed "s|^$SRC/src/||; s|/|_|g; s|\.c\$|.o|")"
            exec "$CC" -c -g -O1 -fsanitize=fuzzer-no-link,address,undefined -fno-sanitize-recover=undefined \
                -std=c11 -D_DEFAULT_SOURCE -ffp-contract=off -I"$SRC/src" -I"$HERE/src" -I"$HERE" \
                -DGDC_PROOFS_DIR="\"\"" "$1" -o "$o"' sh || exit 2
        ar rcs "$work/lib.a" "$work"/obj/*.o || exit 2
    fi
    "$cc" -g -O1 -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=undefined -std=c11 -D_DEFAULT_SOURCE \
        -I"$src/src" -I"$here/src" -I"$here" "$src/tests/fuzz/fuzz_$t.c" "$work/lib.a" $libs -lmpfr -lgmp -lm \
        -lpthread -o "$bin" || exit 2
    mkdir -p "$work/corpus_$t"
    cp "$src/tests/fuzz/corpus/$t"/* "$work/corpus_$t/"
    echo "fuzz.sh: running fuzz_$t for $secs s"
    (cd "$work" && ASAN_OPTIONS=detect_leaks=1 "$bin" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 \
        -max_len=4096 -print_final_stats=1 "corpus_$t" >"$work/fuzz_$t.log" 2>&1)
    rc=$?
    grep -E '^(stat::number_of_executed_units|stat::peak_rss_mb)|^#[0-9]+.*DONE' "$work/fuzz_$t.log"
    if test "$rc" -ne 0; then
        echo "fuzz.sh: fuzz_$t FAILED (exit $rc):"
        grep -E -A40 '^==[0-9]+==ERROR|runtime error|Timeout|out-of-memory|deadly signal' "$work/fuzz_$t.log" | head -80
        ls "$work"/crash-* "$work"/leak-* "$work"/timeout-* "$work"/oom-* 2>/dev/null
        status=1
    elif test "${GDC_FUZZ_MERGE:-0}" = 1; then
        n0=$(ls "$src/tests/fuzz/corpus/$t" | wc -l)
        (cd "$work" && ASAN_OPTIONS=detect_leaks=0 "$bin" -set_cover_merge=1 -use_counters=0 -timeout=10 \
            -rss_limit_mb=2048 -max_len=4096 "$src/tests/fuzz/corpus/$t" "corpus_$t" >"$work/merge_$t.log" 2>&1) ||
            { echo "fuzz.sh: merging the corpus of fuzz_$t failed (see $work/merge_$t.log)"; status=1; }
        echo "fuzz.sh: corpus/$t: $n0 -> $(ls "$src/tests/fuzz/corpus/$t" | wc -l) files"
    fi
done
if test "$status" -eq 0 && test -z "${GDC_FUZZ_DIR:-}"; then
    rm -rf "$work"
else
    echo "fuzz.sh: targets, logs and findings in $work"
fi
exit "$status"
