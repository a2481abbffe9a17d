#!/bin/sh
# gdcert list: every registry id appears, with its arguments and domains; --json is valid JSON.
. "$(dirname "$0")/lib.sh"

run list
if test "$status" -eq 0 && test -s "$tmp/out" && ! test -s "$tmp/err"; then ok; else bad "list: status $status"; fi
cp "$tmp/out" "$tmp/list.txt"

run list --json
if test "$status" -eq 0 && ! test -s "$tmp/err"; then ok; else bad "list --json: status $status"; fi
cp "$tmp/out" "$tmp/list.json"

# the ids, from the JSON when python3 is there, else from the text listing (lines that start with an id)
if have_python; then
    if python3 -c '
import json, sys
d = json.load(open(sys.argv[1]))
rows = d["rows"]
assert len(rows) > 0
for r in rows:
    assert isinstance(r["id"], str) and "." in r["id"], r
    assert len(r["args"]) >= 1 and all(a["name"] and a["domain"][0] in "[(" for a in r["args"]), r
    assert len(r["outputs"]) >= 1 and r["source"], r
    assert r["max_err"] > 0, r
    dv = r["deriv"]
    assert isinstance(dv["first"], bool) and isinstance(dv["second"], bool), r
    assert dv["first"] or not dv["second"], r
    assert not (dv["first"] and dv["no_deriv"] is not None), r
    # issue 9: every ReLU row has first and second order, except the numerical integral relu.nc_grad,
    # a documented exception
    if r["id"].startswith("relu."):
        if r["id"] == "relu.nc_grad":
            assert not dv["first"] and dv["no_deriv"], r
        else:
            assert dv["first"] and dv["second"], r
    print(r["id"])
' "$tmp/list.json" >"$tmp/ids"; then ok; else bad "list --json: not valid JSON with the fields"; fi
else
    grep '^[a-z_0-9]*\.[A-Za-z_0-9]*$' "$tmp/list.txt" >"$tmp/ids"
fi
n=$(wc -l <"$tmp/ids")
if test "$n" -gt 0; then ok; else bad "list: no ids found"; fi

# every id of the listing can be looked up by eval (argument count error names the id) and check --help
# accepts ids; every id appears in both listings exactly once
for id in $(cat "$tmp/ids"); do
    c=$(grep -c "^$id\$" "$tmp/list.txt")
    if test "$c" -eq 1; then ok; else bad "list: id $id appears $c times in the text listing"; fi
    c=$(grep -c "\"id\": \"$id\"" "$tmp/list.json")
    if test "$c" -eq 1; then ok; else bad "list --json: id $id appears $c times"; fi
    expect_error_mentions "$id" eval "$id"
done

# the ReLU family of the foundation issue is registered
for id in relu.h relu.J relu.step relu.kernel relu.loss relu.grad relu.corr relu.corr_ratio \
          relu.norm_rate relu.angle_rate relu.hess_eig; do
    if grep -q "^$id\$" "$tmp/ids"; then ok; else bad "list: $id missing"; fi
done

# domains are printed with their brackets: t in [0, pi] for relu.h
if grep -A3 '^relu.h$' "$tmp/list.txt" | grep -q 't in \[0, pi\]'; then ok; else bad "list: relu.h domain"; fi
# derivatives: relu.h has both orders, relu.nc_grad names its reason
if grep -A6 '^relu.h$' "$tmp/list.txt" | grep -q 'deriv:  first and second order'; then ok; else bad "list: relu.h deriv"; fi
if grep -A8 '^relu.nc_grad$' "$tmp/list.txt" | grep -q 'deriv:  none: numerical integration'; then ok; else bad "list: relu.nc_grad no_deriv"; fi

finish
