#!/bin/bash
# The prover's soundness corpus (issue 3, section 5), run from outside through the command line:
#   1. every claim in true/ must come out HOLDS; a claim in hard/ (true, but tight where a first-order
#      branch and bound cannot close: see README.md) may come out HOLDS or UNKNOWN but never FAILS; (bound goals: met, and the certified enclosure must agree
#      with the claim's `expect [LO, HI]`); every claim in false/ must never come out HOLDS and must come
#      out FAILS, except a claim whose file says `# corpus-allow-unknown: WHY` (no exact witness can exist:
#      the only bad points are undefined or irrational), where UNKNOWN is accepted and counted;
#   2. certificates: `gdcert verify` accepts the certificate of a true claim and rejects tampered ones
#      (a leaf changed, the tree changed, the claim changed, truncated, random bytes), also when the
#      tamperer recomputes the certificate's check sum;
#   3. the claim parser on random bytes, binary garbage, truncated and mutated files: exit 2 with a
#      FILE:LINE:COL: message, or (for a truncation that is still a valid claim) a normal verdict; never a
#      crash (exit >= 124 means a signal or the hard timeout).
# Prints one line per check and closes with exactly "N passed, N failed"; exits 1 on any failure.
#
# Environment: GDCERT (the gdcert program, default ./gdcert), srcdir (where tests/prove lives, default .),
# CORPUS_TIME_LIMIT (seconds per claim, default 20), CORPUS_HARD_TIME_LIMIT (per hard/ claim, default 5), CORPUS_FILTER (only claims whose path matches this
# extended regex), CORPUS_QUICK=1 (skip the parser fuzz loops). Temporary files go under mktemp -d only,
# so the script runs in a VPATH build and under `make distcheck` (read-only source tree).

set -u
export LC_ALL=C

GDCERT=${GDCERT:-./gdcert}
srcdir=${srcdir:-.}
CORPUS=${CORPUS_DIR:-$srcdir/tests/prove}
LIMIT=${CORPUS_TIME_LIMIT:-20}
HARD_LIMIT=${CORPUS_HARD_TIME_LIMIT:-5}
FILTER=${CORPUS_FILTER:-}
HARD=$((LIMIT + 60))

if [ ! -x "$GDCERT" ] && ! command -v "$GDCERT" >/dev/null 2>&1; then
    echo "run-corpus.sh: cannot run gdcert at '$GDCERT' (set GDCERT)" >&2
    exit 99
fi
if [ ! -d "$CORPUS/true" ] || [ ! -d "$CORPUS/false" ]; then
    echo "run-corpus.sh: no corpus at '$CORPUS' (set srcdir)" >&2
    exit 99
fi

TMP=$(mktemp -d "${TMPDIR:-/tmp}/gdcert-corpus.XXXXXX") || exit 99
trap 'rm -rf "$TMP"' EXIT

if command -v timeout >/dev/null 2>&1; then
    run_limited() { timeout -s KILL "$HARD" "$@"; }
else
    run_limited() { "$@"; }
fi

npass=0
nfail=0
nunknown_allowed=0
nunknown_false=0
nhard_unknown=0
pass() { npass=$((npass + 1)); echo "PASS: $*"; }
fail() { nfail=$((nfail + 1)); echo "FAIL: $*"; }

now() { date +%s.%N; }
elapsed() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", b - a }'; }

# JSON string or literal field of gdcert's one-line --json output (flat lookup by key, first match).
json_field() { sed -n "s/.*\"$1\":\"\\{0,1\\}\\([^\",}]*\\).*/\\1/p" "$2" | head -n 1; }

# ------------------------------------------------------------------ 1. the corpus

lint_claim() { # kind file -> 0 ok; prints the problem otherwise
    local kind=$1 f=$2
    local word=$kind
    [ "$kind" = hard ] && word=true
    if ! grep -Eq "^# $word( |:|\()" "$f"; then
        echo "no '# $word: REASON' comment"
        return 1
    fi
    if [ "$kind" != false ]; then
        grep -Eq '^expect (holds|\[)' "$f" || { echo "true claim without 'expect holds' or 'expect [LO, HI]'"; return 1; }
    else
        grep -q '^expect fails' "$f" || { echo "false claim without 'expect fails'"; return 1; }
    fi
    return 0
}

# Independent check of a bound: the certified [lo, hi] must meet the expect interval of the claim file.
bound_agrees() { # claimfile jsonfile
    local exp lo hi
    exp=$(sed -n 's/^expect *\[\(.*\)\].*/\1/p' "$1")
    lo=$(json_field lo "$2")
    hi=$(json_field hi "$2")
    [ -n "$exp" ] && [ -n "$lo" ] && [ -n "$hi" ] || return 1
    awk -v e="$exp" -v lo="$lo" -v hi="$hi" 'BEGIN {
        split(e, p, ","); elo = p[1] + 0; ehi = p[2] + 0;
        exit !(lo + 0 <= ehi && hi + 0 >= elo) }'
}

t_corpus0=$(now)
for kind in true hard false; do
    for f in "$CORPUS/$kind"/*.claim; do
        [ -e "$f" ] || continue
        rel=$kind/$(basename "$f")
        if [ -n "$FILTER" ] && ! [[ $rel =~ $FILTER ]]; then
            continue
        fi
        if ! why=$(lint_claim "$kind" "$f"); then
            fail "$rel: $why"
            continue
        fi
        out=$TMP/out.json
        t0=$(now)
        lim=$LIMIT
        [ "$kind" = hard ] && lim=$HARD_LIMIT
        run_limited "$GDCERT" prove --json --time-limit "$lim" "$f" >"$out" 2>"$TMP/err"
        rc=$?
        t=$(elapsed "$t0" "$(now)")
        verdict=$(json_field verdict "$out")
        if [ "$rc" -ge 124 ]; then
            fail "$rel: crashed or hung (exit $rc) after ${t}s"
            continue
        fi
        if [ "$kind" = hard ]; then
            # true claims that first-order branch and bound cannot close: HOLDS or UNKNOWN, never FAILS
            case $rc in
            0) pass "$rel: HOLDS in ${t}s" ;;
            3) nhard_unknown=$((nhard_unknown + 1)); pass "$rel: UNKNOWN in ${t}s (hard: allowed)" ;;
            1) fail "$rel: SOUNDNESS: a true claim came out FAILS in ${t}s" ;;
            *) fail "$rel: expected HOLDS or UNKNOWN, got exit $rc in ${t}s $(head -c 200 "$TMP/err")" ;;
            esac
        elif [ "$kind" = true ]; then
            if [ "$rc" -eq 1 ]; then
                fail "$rel: SOUNDNESS: a true claim came out FAILS in ${t}s"
            elif [ "$rc" -ne 0 ]; then
                fail "$rel: expected HOLDS (exit 0), got ${verdict:-?} (exit $rc) in ${t}s $(head -c 200 "$TMP/err")"
            elif grep -q '^bound' "$f"; then
                if ! grep -q '"expect_ok":true' "$out"; then
                    fail "$rel: bound met but gdcert says the enclosure disagrees with expect ($(json_field lo "$out"), $(json_field hi "$out"))"
                elif ! bound_agrees "$f" "$out"; then
                    fail "$rel: certified enclosure [$(json_field lo "$out"), $(json_field hi "$out")] misses the expect interval"
                else
                    pass "$rel: BOUND [$(json_field lo "$out"), $(json_field hi "$out")] in ${t}s"
                fi
            else
                pass "$rel: HOLDS in ${t}s"
            fi
        else
            case $rc in
            1) pass "$rel: FAILS in ${t}s" ;;
            0) fail "$rel: SOUNDNESS: a false claim came out ${verdict:-HOLDS} (exit 0) in ${t}s" ;;
            3)
                nunknown_false=$((nunknown_false + 1))
                if grep -q '^# corpus-allow-unknown:' "$f"; then
                    nunknown_allowed=$((nunknown_allowed + 1))
                    pass "$rel: UNKNOWN in ${t}s (allowed: $(sed -n 's/^# corpus-allow-unknown: *//p' "$f" | head -n 1))"
                else
                    fail "$rel: not refuted: UNKNOWN (exit 3) in ${t}s (sound, but FAILS is required)"
                fi
                ;;
            *) fail "$rel: expected FAILS (exit 1), got exit $rc in ${t}s $(head -c 200 "$TMP/err")" ;;
            esac
        fi
    done
done
t_corpus=$(elapsed "$t_corpus0" "$(now)")
echo "corpus: ${t_corpus}s; UNKNOWN on false claims: $nunknown_false ($nunknown_allowed allowed by their files); UNKNOWN on hard/ claims: $nhard_unknown"

# ------------------------------------------------------------------ 2. certificates

# Recompute the `check` line (SHA-256 of every line above it), as a careful tamperer would.
reseal() { # in out
    local body=$TMP/body.txt
    sed '/^check /,$d' "$1" >"$body"
    { cat "$body"; echo "check $(sha256sum "$body" | cut -d' ' -f1)"; } >"$2"
}
# Replace the tree block (lines between `tree N` and `end`) by the string $2 and fix its length.
set_tree() { # in newtree out
    awk -v t="$2" '
        /^tree / { print "tree " length(t); for (i = 1; i <= length(t); i += 76) print substr(t, i, 76); skip = 1; next }
        /^end$/ { skip = 0 }
        !skip { print }' "$1" >"$3"
}
get_tree() { sed -n '/^tree /,/^end$/p' "$1" | sed '1d;$d' | tr -d '\n'; }

expect_rejected() { # label cert claim
    "$GDCERT" verify "$2" "$3" >"$TMP/vout" 2>&1
    local rc=$?
    if [ "$rc" -eq 1 ] || [ "$rc" -eq 2 ]; then
        pass "verify rejects $1 (exit $rc)"
    elif [ "$rc" -eq 0 ]; then
        fail "verify ACCEPTED $1: $(head -c 200 "$TMP/vout")"
    else
        fail "verify crashed on $1 (exit $rc)"
    fi
}

cert_claims="sqrt_above_chord_1_4 cos_ge_1_minus_x three_var_amgm_corners assume_disk_linear relu_corr_ratio_ge_0_22_delta_pi2 relu_h_bound_max"
[ -n "$FILTER" ] && cert_claims=""
for name in $cert_claims; do
    claimf=$CORPUS/true/$name.claim
    [ -e "$claimf" ] || { fail "cert: missing $claimf"; continue; }
    cert=$TMP/$name.cert
    rm -f "$cert"
    run_limited "$GDCERT" prove --quiet --time-limit "$LIMIT" --cert "$cert" "$claimf" >/dev/null 2>&1
    rc=$?
    if [ "$rc" -ne 0 ] || [ ! -s "$cert" ]; then
        fail "cert $name: prove --cert gave exit $rc and no certificate"
        continue
    fi
    if "$GDCERT" verify "$cert" "$claimf" >"$TMP/vout" 2>&1; then
        pass "verify accepts the certificate of $name"
    else
        fail "verify rejects the untouched certificate of $name: $(head -c 200 "$TMP/vout")"
        continue
    fi
    tree=$(get_tree "$cert")
    nv=$(sed -n 's/^vars //p' "$cert")
    t=$TMP/t.cert
    # control: rewriting the same tree and resealing must still be accepted, so that the rejections
    # below come from the changed content and not from the rewriting
    set_tree "$cert" "$tree" "$t.0"; reseal "$t.0" "$t"
    if "$GDCERT" verify "$t" "$claimf" >"$TMP/vout" 2>&1; then
        pass "verify accepts the rewritten and resealed certificate of $name (control)"
    else
        fail "verify rejects the rewritten, unchanged certificate of $name (tamper tests would be vacuous): $(head -c 200 "$TMP/vout")"
    fi

    # (a) a leaf changed. A1: the first interval/mean-value leaf claimed "excluded by an assumption"
    # (only meaningful for a claim without assumptions). A2: a monotone leaf moved to the other face.
    if ! grep -q '^assume' "$claimf" && [[ $tree == *[IC]* ]]; then
        set_tree "$cert" "$(printf '%s' "$tree" | sed 's/[IC]/A/')" "$t.0"; reseal "$t.0" "$t"
        expect_rejected "$name with a leaf changed to 'excluded' (resealed)" "$t" "$claimf"
    fi
    if [[ $tree == *M* ]]; then
        pre=${tree%%M*}
        rest=${tree#*M}
        faces=${rest:0:$nv}
        if [[ $faces == *[lh]* ]]; then
            k=${faces%%[lh]*}
            k=${#k}
            c=${faces:$k:1}
            [ "$c" = l ] && c=h || c=l
            faces="${faces:0:$k}$c${faces:$((k + 1))}"
            set_tree "$cert" "${pre}M$faces${rest:$nv}" "$t.0"; reseal "$t.0" "$t"
            expect_rejected "$name with a monotone leaf moved to the other face (resealed)" "$t" "$claimf"
        fi
    fi
    # an interval leaf where the search used a finer form: replace every mean-value/monotone leaf by I
    if [[ $tree == *[CM]* ]]; then
        set_tree "$cert" "$(printf '%s' "$tree" | sed 's/M[.lh]*/I/g; s/C/I/g')" "$t.0"; reseal "$t.0" "$t"
        "$GDCERT" verify "$t" "$claimf" >"$TMP/vout" 2>&1
        rc=$?
        # plain intervals may legitimately decide some of these boxes; only a crash is wrong here,
        # and an acceptance is checked for being a genuinely decided tree by the checker itself.
        if [ "$rc" -le 2 ]; then pass "verify handles $name with all leaves as interval leaves (exit $rc)"; else fail "verify crashed (exit $rc) on $name with interval leaves"; fi
    fi
    # (b) the tree changed: the whole box as one leaf; the first split on a dimension the claim lacks;
    # the last leaf dropped (tree incomplete); one split removed.
    for leaf in I C A; do
        set_tree "$cert" "$leaf" "$t.0"; reseal "$t.0" "$t"
        expect_rejected "$name with the tree replaced by one '$leaf' leaf (resealed)" "$t" "$claimf"
    done
    if [[ $tree =~ ^[0-9] ]]; then
        set_tree "$cert" "9${tree:1}" "$t.0"; reseal "$t.0" "$t"
        expect_rejected "$name with the first split on dimension 9 (resealed)" "$t" "$claimf"
        set_tree "$cert" "${tree:1}" "$t.0"; reseal "$t.0" "$t"
        expect_rejected "$name with the root split removed (resealed)" "$t" "$claimf"
    fi
    set_tree "$cert" "${tree%?}" "$t.0"; reseal "$t.0" "$t"
    expect_rejected "$name with the last tree character dropped (resealed)" "$t" "$claimf"
    # a changed character without resealing
    sed '/^tree /{n;s/^\(.\)/\1\1/;}' "$cert" >"$t"
    expect_rejected "$name with a tree character doubled (not resealed)" "$t" "$claimf"
    sed 's/^prec \([0-9]*\)/prec 1\1/' "$cert" >"$t.0"; reseal "$t.0" "$t"
    # a different precision is not a forgery (the checker may re-decide at any precision): no crash only
    "$GDCERT" verify "$t" "$claimf" >/dev/null 2>&1
    rc=$?
    if [ "$rc" -le 2 ]; then pass "verify handles $name with another precision (exit $rc)"; else fail "verify crashed (exit $rc) on $name with another precision"; fi

    # (c) the claim changed by one character (a digit of a constant in the goal), certificate untouched
    cm=$TMP/changed.claim
    awk '!done && /^(prove|bound)/ { if (sub(/[1-9]/, "7")) done = 1; else if (sub(/0/, "3")) done = 1 } { print }' "$claimf" >"$cm"
    if cmp -s "$cm" "$claimf"; then
        fail "cert $name: could not change a digit of the goal"
    else
        expect_rejected "$name against a claim with one digit of the goal changed" "$cert" "$cm"
    fi
    sed 's/^claim-sha256 \(.\)/claim-sha256 0\1/; s/^claim-sha256 0\(.\)\(.*\)$/claim-sha256 \2\1/' "$cert" >"$t.0"; reseal "$t.0" "$t"
    expect_rejected "$name with the claim hash changed (resealed)" "$t" "$claimf"

    # (d) truncated
    n=$(wc -c <"$cert")
    for cut in 0 1 $((n / 3)) $((n / 2)) $((n - 20)) $((n - 1)); do
        head -c "$cut" "$cert" >"$t"
        expect_rejected "$name truncated to $cut of $n bytes" "$t" "$claimf"
    done
    sed '/^end$/,$d' "$cert" >"$t"
    expect_rejected "$name cut before 'end'" "$t" "$claimf"
done

# (e) random bytes as a certificate (deterministic, seeded)
randbytes() { # seed n -> stdout
    awk -v s="$1" -v n="$2" 'BEGIN { srand(s); for (i = 0; i < n; i++) printf "%c", 1 + int(rand() * 255) }'
}
if [ -z "$FILTER" ]; then
    claimf=$CORPUS/true/sqrt_above_chord_1_4.claim
    for seed in 1 2 3 4 5; do
        randbytes "$seed" $((seed * 97)) >"$TMP/r.cert"
        expect_rejected "random bytes as a certificate (seed $seed)" "$TMP/r.cert" "$claimf"
    done
    { printf 'gdcert-certificate 1\n'; randbytes 9 300; } >"$TMP/r.cert"
    expect_rejected "a certificate header followed by random bytes" "$TMP/r.cert" "$claimf"
    printf 'gdcert-certificate 1\0\0\0\n\377\376tree 99999999999999999999\n' >"$TMP/r.cert"
    expect_rejected "a certificate with NUL bytes and a huge tree length" "$TMP/r.cert" "$claimf"
fi

# (f) a claim with `include`: its certificate checks, and no longer once an included definition changes (the
# claim hash covers the included text); a copy of the claim and its include folder is changed, never the corpus
if [ -z "$FILTER" ]; then
    mkdir -p "$TMP/inc/true" "$TMP/inc/include"
    cp "$CORPUS/true/lang_include_gelu_sq.claim" "$TMP/inc/true/"
    cp "$CORPUS"/include/*.inc "$TMP/inc/include/"
    claimf=$TMP/inc/true/lang_include_gelu_sq.claim
    run_limited "$GDCERT" prove --quiet --time-limit "$LIMIT" --cert "$TMP/inc.cert" "$claimf" >/dev/null 2>&1
    "$GDCERT" verify "$TMP/inc.cert" "$claimf" >/dev/null 2>&1 &&
        pass "verify accepts the certificate of a claim with include" ||
        fail "verify rejects the certificate of a claim with include"
    printf '# a comment changes nothing\n' >>"$TMP/inc/include/squares.inc"
    "$GDCERT" verify "$TMP/inc.cert" "$claimf" >/dev/null 2>&1 &&
        pass "verify accepts it after a comment is added to an included file" ||
        fail "verify rejects it after only a comment was added to an included file"
    sed -i 's/u\*u/u*u*1/' "$TMP/inc/include/squares.inc"
    expect_rejected "a certificate whose claim's included file changed" "$TMP/inc.cert" "$claimf"
fi

# ------------------------------------------------------------------ 3. the parser on bad input

# gdcert prove on a file that is not a valid claim: exit 2 and "FILE:LINE:COL: ..." on stderr.
expect_parse_error() { # label file
    run_limited "$GDCERT" prove --quiet --time-limit 2 "$2" >/dev/null 2>"$TMP/perr"
    local rc=$?
    if [ "$rc" -ge 124 ]; then
        fail "parser crashed on $1 (exit $rc)"
    elif [ "$rc" -ne 2 ]; then
        fail "parser: $1 gave exit $rc, not 2"
    elif ! grep -Eq "^$(printf '%s' "$2" | sed 's/[][\.*^$/]/\\&/g'):[0-9]+:[0-9]+: " "$TMP/perr"; then
        fail "parser: $1: no FILE:LINE:COL: message: $(head -c 200 "$TMP/perr")"
    else
        pass "parser rejects $1: $(head -n 1 "$TMP/perr" | sed "s|^$TMP/||" | head -c 120)"
    fi
}
# gdcert prove on a possibly valid mutation of a claim: any verdict, or a parse error as above.
expect_no_crash() { # label file
    run_limited "$GDCERT" prove --quiet --time-limit 2 --max-boxes 20000 "$2" >/dev/null 2>"$TMP/perr"
    local rc=$?
    case $rc in
    0 | 1 | 3) pass "no crash on $1 (exit $rc)" ;;
    2)
        if grep -Eq '^[^ ]+:[0-9]+:[0-9]+: ' "$TMP/perr"; then
            pass "no crash on $1 (parse error)"
        else
            fail "$1: exit 2 without a FILE:LINE:COL: message: $(head -c 200 "$TMP/perr")"
        fi
        ;;
    *) fail "crash on $1 (exit $rc)" ;;
    esac
}

if [ -z "$FILTER" ]; then
    : >"$TMP/empty.claim"
    expect_parse_error "an empty file" "$TMP/empty.claim"
    printf '# only a comment\n\n   \n' >"$TMP/comment.claim"
    expect_parse_error "a file with only comments" "$TMP/comment.claim"
    printf 'claim x\nvar x in [0, 1]\nprove x <= 1\0garbage\n' >"$TMP/nul.claim"
    expect_parse_error "a claim with a NUL byte" "$TMP/nul.claim"
    printf 'claim x\nvar x in [0, 1]\nprove x <= 1 +\n' >"$TMP/dangling.claim"
    expect_parse_error "a dangling operator" "$TMP/dangling.claim"
    printf 'claim x\nvar x in [0, 1]\nprove x <= ((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((1\n' >"$TMP/parens.claim"
    expect_parse_error "unbalanced parentheses" "$TMP/parens.claim"
    { printf 'claim x\nvar x in [0, 1]\nprove x <= '; for i in $(seq 1 3000); do printf '('; done; printf '1'; for i in $(seq 1 3000); do printf ')'; done; printf '\n'; } >"$TMP/deep.claim"
    expect_no_crash "3000 nested parentheses" "$TMP/deep.claim"
    printf 'claim x\nvar x in [0, 1]\nprove x <= 1e999999999999\n' >"$TMP/exp.claim"
    expect_parse_error "a huge decimal exponent" "$TMP/exp.claim"
    printf 'claim x\nvar x in [0, 1]\nprove relu.nosuch(x) <= 1\n' >"$TMP/id.claim"
    expect_parse_error "an unknown registry id" "$TMP/id.claim"
    printf 'claim x\nvar x in [0, 1]\nprove relu.grad(x, x)[7] <= 1\n' >"$TMP/idx.claim"
    expect_parse_error "an output index out of range" "$TMP/idx.claim"
    printf 'claim x\nvar x in [0, 1]\nprove relu.h(x, x) <= 1\n' >"$TMP/nargs.claim"
    expect_parse_error "a registry call with the wrong number of arguments" "$TMP/nargs.claim"
    printf 'claim x\nvar x in [0, 1]\nprove x <= 1\nprove x <= 2\n' >"$TMP/twogoals.claim"
    expect_parse_error "two goals" "$TMP/twogoals.claim"
    # the program itself as binary garbage (a libtool build keeps the real binary in .libs/)
    bin=$(dirname "$GDCERT")/.libs/$(basename "$GDCERT")
    [ -f "$bin" ] || bin=$(command -v "$GDCERT" 2>/dev/null || echo "$GDCERT")
    head -c 4096 "$bin" >"$TMP/binary.claim"
    randbytes 77 4096 | tr 'a-z' '\000-\031' >"$TMP/garbage.claim"
    expect_parse_error "the first 4 KB of the gdcert program" "$TMP/binary.claim"
    expect_parse_error "binary garbage with NUL bytes" "$TMP/garbage.claim"
    for seed in 11 12 13 14 15 16 17 18 19 20; do
        randbytes "$seed" $((seed * 31)) >"$TMP/rand$seed.claim"
        expect_parse_error "random bytes (seed $seed)" "$TMP/rand$seed.claim"
    done
    if [ "${CORPUS_QUICK:-0}" != 1 ]; then
        # truncations of real claims at many cut points, and single-byte mutations
        for name in true/assume_disk_linear false/relu_norm_rate_lemma63_counterexample true/relu_corr_ratio_r1_bound_min true/three_var_let_symmetric; do
            src=$CORPUS/$name.claim
            n=$(wc -c <"$src")
            step=$((n / 12 + 1))
            for ((cut = 1; cut < n; cut += step)); do
                head -c "$cut" "$src" >"$TMP/trunc.claim"
                expect_no_crash "$name truncated to $cut of $n bytes" "$TMP/trunc.claim"
            done
            for seed in 1 2 3 4 5 6; do
                awk -v s="$seed" 'BEGIN { srand(s); RS = "\001" } {
                    for (k = 0; k < 3; k++) { p = 1 + int(rand() * length($0));
                        $0 = substr($0, 1, p - 1) sprintf("%c", 1 + int(rand() * 126)) substr($0, p + 1) }
                    printf "%s", $0 }' "$src" >"$TMP/mut.claim"
                expect_no_crash "$name with 3 random bytes changed (seed $seed)" "$TMP/mut.claim"
            done
        done
    fi
    # usage errors
    "$GDCERT" prove >/dev/null 2>&1
    rc=$?
    [ "$rc" -eq 2 ] && pass "prove without a claim: exit 2" || fail "prove without a claim: exit $rc, not 2"
    "$GDCERT" prove "$TMP/does-not-exist.claim" >/dev/null 2>&1
    rc=$?
    [ "$rc" -eq 2 ] && pass "prove on a missing file: exit 2" || fail "prove on a missing file: exit $rc, not 2"
    "$GDCERT" verify "$TMP/does-not-exist.cert" "$CORPUS/true/sqrt_above_chord_1_4.claim" >/dev/null 2>&1
    rc=$?
    [ "$rc" -eq 2 ] && pass "verify on a missing certificate: exit 2" || fail "verify on a missing certificate: exit $rc, not 2"
fi

echo "$npass passed, $nfail failed"
[ "$nfail" -eq 0 ]
