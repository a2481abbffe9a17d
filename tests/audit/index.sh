#!/bin/sh
# gdcert audit on a paper folder with a statement index (tests/audit/indexed: INDEX, CATALOGUE, five claims):
# statements in index order with the verdicts the rules of gdcert-audit(1) give (Lemma 1: the printed claim
# FAILS and the corrected one HOLDS, so REFUTED with the correction certified; Theorem 2: an instance and a
# step hold, no printed claim, so CONFIRMED ON PART; Remark 3: NOT NUMERIC), labels never cut, witnesses with
# the meaning of their variables, the unlisted claim and the missing catalogue item reported, every format,
# --jobs 2 giving the same report, --write-report, and bad indexes (exit 2, one line FILE:LINE).
. "${srcdir:-.}/tests/audit/lib.sh"
P="$srcdir/tests/audit/indexed"

run audit "$P"
test "$status" -eq 0 || bad "audit of the indexed paper: exit $status: $(cat "$tmp/err")"
test -s "$tmp/err" && bad "progress written to stderr that is not a terminal: $(head -c 200 "$tmp/err")"
if command -v script >/dev/null 2>&1; then # on a terminal: one progress line per decided claim
    script -qc "'$GDCERT' audit --jobs 2 '$P' >/dev/null" "$tmp/tty" >/dev/null 2>&1 </dev/null
    grep -q '\[5/5\]' "$tmp/tty" || bad "no per-claim progress on a terminal"
fi
grep -q '^  Lemma 1: REFUTED; corrected version certified' "$tmp/out" || bad "Lemma 1 is not REFUTED with the correction certified"
grep -q '^  Theorem 2 (a label longer than the thirty-five characters the old report kept): CONFIRMED ON PART (at one tolerance; sin x <= x on \[0, 2\])' "$tmp/out" ||
    bad "Theorem 2: label cut or verdict not CONFIRMED ON PART with the instance and step notes"
grep -q '^  Remark 3: NOT NUMERIC (a sentence about conventions)' "$tmp/out" || bad "Remark 3 is not NOT NUMERIC"
# paper order: the order of INDEX, not of the file names
order=$(grep -n '^  \(Lemma 1\|Theorem 2\|Remark 3\)' "$tmp/out" | cut -d: -f1 | tr '\n' ' ')
lemma=$(echo "$order" | cut -d' ' -f1); thm=$(echo "$order" | cut -d' ' -f2); rem=$(echo "$order" | cut -d' ' -f3)
test -n "$rem" && test "$lemma" -lt "$thm" && test "$thm" -lt "$rem" || bad "statements not in index order ($order)"
grep -q 'printed: refutes *idx.printed_fails' "$tmp/out" || bad "the printed claim's row does not say it refutes"
grep -q 'corrected: holds *idx.corrected_holds' "$tmp/out" || bad "the corrected claim's row does not say it holds"
grep -q 'where x: the angle of the lemma' "$tmp/out" || bad "the witness does not name its variable's meaning"
grep -q "Claims that no statement of INDEX lists (1)" "$tmp/out" && grep -q 'idx.unlisted' "$tmp/out" ||
    bad "the unlisted claim is not reported"
grep -q 'Coverage: 4 catalogue items: 2 covered, 1 not numeric, 1 missing' "$tmp/out" || bad "coverage line wrong"
grep -q 'missing N1 a number nobody checked' "$tmp/out" || bad "the missing item is not named"

# --coverage: no deciding; exit 1 for the missing item and the unlisted claim
run audit --coverage "$P"
test "$status" -eq 1 || bad "--coverage with a missing item: exit $status, expected 1"
grep -q 'missing N1' "$tmp/out" && grep -q 'unlisted claim idx.unlisted' "$tmp/out" || bad "--coverage does not name the gaps"

# a claim without a reading is a coverage gap too
mkdir "$tmp/nosays"
cp "$P"/PAPER "$P"/CATALOGUE "$P"/INDEX "$P"/*.claim "$tmp/nosays/"
grep -v '^says' "$P/step_holds.claim" >"$tmp/nosays/step_holds.claim"
run audit --coverage "$tmp/nosays"
test "$status" -eq 1 && grep -q "claim idx.step_holds .* has no 'says' line" "$tmp/out" || bad "--coverage does not report a claim without says"

# formats: md (statement table first, claims in <details>), tex (booktabs), csv (a row per claim), json;
# md and tex without timings by default; --jobs 2 gives the same report
run audit --format md "$P"
first_table=$(grep -n '^| Statement | Reads | Verdict' "$tmp/out" | cut -d: -f1)
first_details=$(grep -n '^<details>' "$tmp/out" | head -1 | cut -d: -f1)
test -n "$first_table" && test -n "$first_details" && test "$first_table" -lt "$first_details" ||
    bad "md: no statement table before the <details> blocks"
grep -q ' s |$\| s of deciding' "$tmp/out" && bad "md shows timings by default"
cp "$tmp/out" "$tmp/md1"
run audit --format md --jobs 2 "$P"
cmp -s "$tmp/md1" "$tmp/out" || bad "--jobs 2 changes the md report: $(diff "$tmp/md1" "$tmp/out" | head -4)"
run audit --format tex "$P"
grep -q '\\toprule' "$tmp/out" && grep -q '\\bottomrule' "$tmp/out" && grep -q 'REFUTED; corrected version certified' "$tmp/out" ||
    bad "tex: no booktabs table with the verdicts"
grep -q 'idx.printed\\_fails' "$tmp/out" || bad "tex: underscores not escaped"
run audit --format csv "$P"
test "$(head -1 "$tmp/out")" = "paper,statement,statement_verdict,role,bearing,note,claim,file,says,verdict,detail,lo,hi,expect,match,boxes,seconds,cpu_seconds" ||
    bad "csv header: $(head -1 "$tmp/out")"
test "$(sed 's/"[^"]*"//g' "$tmp/out" | awk -F, '{ print NF }' | sort -u | wc -l)" -eq 1 || bad "csv: rows of different widths"
# rows: 2 + 2 claims, 1 not-numeric statement, 1 unlisted claim
test "$(wc -l <"$tmp/out")" -eq 7 || bad "csv: $(wc -l <"$tmp/out") lines, expected 7"
run audit --json "$P"
grep -q '"verdict": "REFUTED"' "$tmp/out" && grep -q '"missing": 1' "$tmp/out" && grep -q '"unlisted": \["idx.unlisted"\]' "$tmp/out" ||
    bad "json: statement verdicts, coverage or unlisted claims missing"
grep -q '"lo": "-0.25' "$tmp/out" || bad "json: no lo end of the bound" # -0.25 exactly, or its outward-rounded enclosure

# --write-report: every format and the certificates; the same bytes on a second run
run audit --write-report "$tmp/rep" "$P"
test "$status" -eq 0 || bad "--write-report: exit $status: $(cat "$tmp/err")"
for f in report.txt report.md report.tex report.csv report.json certs/fix_holds.cert certs/inst_bound.cert; do
    test -f "$tmp/rep/indexed/$f" || bad "--write-report did not write indexed/$f"
done
ls -a "$tmp/rep" | grep -q '^\.gdcert' && bad "--write-report left its staging folder"
grep -q ' s$\|wall clock' "$tmp/rep/indexed/report.txt" && bad "the written text report has timings"
mv "$tmp/rep" "$tmp/rep1"
run audit --jobs 2 --write-report "$tmp/rep" "$P"
diff -r "$tmp/rep1" "$tmp/rep" >/dev/null || bad "--write-report differs between runs: $(diff -r "$tmp/rep1" "$tmp/rep" | head -3)"
run verify "$tmp/rep/indexed/certs/fix_holds.cert" "$P/fix_holds.claim"
test "$status" -eq 0 || bad "gdcert verify rejects a written certificate"
: >"$tmp/afile"
run audit --write-report "$tmp/afile/sub" "$P"
test "$status" -eq 2 && test "$(wc -l <"$tmp/err")" -eq 1 && test ! -s "$tmp/out" ||
    bad "--write-report into an unwritable place: exit $status, $(wc -l <"$tmp/err") stderr lines, expected 2 and 1, no report"

run audit --write-report "$tmp/r2" --write-certs "$tmp/c2" "$P"
test "$status" -eq 2 && test "$(wc -l <"$tmp/err")" -eq 1 || bad "--write-report with --write-certs: exit $status"

# bad indexes: exit 2, one line naming INDEX and the line
mkdir "$tmp/bad"
cp "$P"/PAPER "$P"/*.claim "$tmp/bad/"
printf 'statement Lemma 1\n  reads x\n  claim idx.printed_fails printed\n  claim idx.no_such_claim step\n' >"$tmp/bad/INDEX"
run audit "$tmp/bad"
test "$status" -eq 2 && test "$(wc -l <"$tmp/err")" -eq 1 && grep -q "INDEX:4: unknown claim 'idx.no_such_claim'" "$tmp/err" ||
    bad "unknown claim name: exit $status, stderr $(cat "$tmp/err")"
printf 'claim idx.printed_fails\nvar x in [0, 2\nprove cos(x) >= 1/2\n' >"$tmp/bad/p_fails.claim"
run audit "$tmp/bad"
test "$status" -eq 2 && grep -q "INDEX:3: unknown claim 'idx.printed_fails' .*p_fails.claim:2:" "$tmp/err" ||
    bad "a listed claim whose file does not parse: exit $status, stderr $(cat "$tmp/err")"
cp "$P/p_fails.claim" "$tmp/bad/"
printf 'statement Lemma 1\n  reads x\n  claim idx.printed_fails believed\n' >"$tmp/bad/INDEX"
run audit "$tmp/bad"
test "$status" -eq 2 && grep -q "INDEX:3: unknown role 'believed'" "$tmp/err" || bad "bad role: exit $status, stderr $(cat "$tmp/err")"
finish
