# Shared by the committed-figure tests of 001 (sourced after tests/audit/lib.sh): committed SCRIPT TARGET FILE...
# runs scripts/SCRIPT into $tmp (it fails, set -e, when gdcert simulate does, e.g. when a double value leaves its
# Arb enclosure) and compares each FILE with tables/FILE byte for byte; TARGET is the make target that rewrites them.
committed() {
    script=$1 target=$2
    shift 2
    GDCERT="$GDCERT" sh "$srcdir/scripts/$script" "$tmp" >"$tmp/out" 2>"$tmp/err" ||
        bad "scripts/$script failed: $(head -3 "$tmp/err")"
    for f in "$@"; do
        if ! test -f "$tmp/$f"; then
            bad "scripts/$script wrote no $f"
        elif ! cmp -s "$tmp/$f" "$srcdir/tables/$f"; then
            bad "tables/$f differs from a fresh run (run 'make $target'): $(diff "$srcdir/tables/$f" "$tmp/$f" | head -4)"
        fi
    done
}
