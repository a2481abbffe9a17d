#!/bin/sh
# gdcert eval: values at points where the closed forms are known exactly, the JSON object and its fields,
# agreement of the double, the Arb ball and the MPFR value, and exact domain ends.
. "$(dirname "$0")/lib.sh"

# eval_json ID ARG...: runs eval --json, status 0 and empty stderr, JSON in $tmp/out
eval_json() {
    run eval --json "$@"
    if test "$status" -eq 0 && ! test -s "$tmp/err"; then ok; else bad "eval --json $*: status $status: $(cat "$tmp/err")"; fi
}

# json_assert EXPR: python3 expression over d (the parsed object) and its helpers must be true
json_assert() {
    if ! have_python || test "$status" -ne 0; then  # a failed run is already counted
        return 0
    fi
    if python3 -c '
import json, sys
from fractions import Fraction as F
d = json.load(open(sys.argv[1]))
expr = sys.argv[2]
assert set(d) == {"id", "args", "outputs"}, d.keys()
for o in d["outputs"]:
    assert set(o) == {"double", "ball_mid", "ball_rad", "mpfr", "error"}, o.keys()
    assert isinstance(o["double"], (int, float)) and isinstance(o["error"], (int, float))
    assert isinstance(o["ball_mid"], str) and isinstance(o["ball_rad"], str) and isinstance(o["mpfr"], str)
    F(o["ball_mid"]); F(o["ball_rad"]); F(o["mpfr"])   # decimals
# the MPFR value lies in the Arb ball (the ball is rigorous; MPFR rounding is far smaller than 1e-30 rel.)
def inball(o):
    m, r, v = F(o["ball_mid"]), F(o["ball_rad"]), F(o["mpfr"])
    return abs(v - m) <= r + abs(m) * F(1, 10**30)
def close(a, b, rel):
    return abs(F(a) - F(b)) <= rel * abs(F(b))
out = d["outputs"]
sys.exit(0 if eval("(" + expr + ")") else 1)
' "$tmp/out" "$1"; then ok; else bad "eval --json: assertion failed: $1 on $(cat "$tmp/out")"; fi
}

# relu.h(0) = pi, relu.J(0) = 0, relu.step(0) = 1/2, relu.step(pi) = 0
eval_json relu.h 0
json_assert 'd["id"] == "relu.h" and d["args"] == [0] and len(out) == 1 and inball(out[0])
             and close(out[0]["ball_mid"], "3.14159265358979323846264338327950288", F(1, 10**30))
             and out[0]["double"] == 3.141592653589793 and out[0]["error"] <= 2'
eval_json relu.J 0
json_assert 'out[0]["double"] == 0 and F(out[0]["ball_mid"]) == 0 and F(out[0]["ball_rad"]) == 0'
eval_json relu.step 0
json_assert 'out[0]["double"] == 0.5 and inball(out[0]) and out[0]["error"] <= 2'
eval_json relu.step 0x1.921fb54442d18p+1
json_assert 'abs(out[0]["double"]) < 1e-16 and inball(out[0]) and out[0]["error"] <= 2'

# near pi the textbook formula loses every digit: h(pi - e) = e^3/3 - e^5/30 + ..., e = pi - fl(pi)
# = 1.2246467991473532e-16, so h(fl(pi)) = 6.122253391089247e-49 (computed with exact rationals)
eval_json relu.h 3.141592653589793
json_assert 'close(out[0]["ball_mid"], "6.122253391089247e-49", F(1, 10**8)) and inball(out[0])
             and out[0]["error"] <= 2 and close(repr(out[0]["double"]), out[0]["ball_mid"], F(1, 10**15))'

# several outputs: relu.hess_eig at r = 1, t = pi/2: 1/2, 1/2 - 1/pi, 1/2 - 1/(2 pi)
eval_json relu.hess_eig 1 1.5707963267948966
json_assert 'len(out) == 3 and all(inball(o) and o["error"] <= 4 for o in out)
             and abs(out[0]["double"] - 0.5) < 1e-15 and abs(out[1]["double"] - 0.18169011381620932) < 1e-9'

# relu.loss at w = v (r = 1, t = 0) is exactly 0; the ball must contain 0
eval_json relu.loss 1 0
json_assert 'abs(out[0]["double"]) <= 1e-300 and abs(F(out[0]["ball_mid"])) <= F(out[0]["ball_rad"])'

# --prec changes the number of digits of the ball and of the MPFR value
eval_json --prec 256 relu.h 1
json_assert 'len(out[0]["mpfr"].split("e")[0]) >= 70 and inball(out[0])'
run eval --prec=64 --json relu.h 1
if test "$status" -eq 0; then ok; else bad "eval --prec=64: status $status"; fi

# the text output names every part
run eval relu.grad 0.5 1
if test "$status" -eq 0; then ok; else bad "eval relu.grad: status $status"; fi
for word in double arb mpfr error 'out\[1\]'; do
    grep -q "$word" "$tmp/out" && ok || bad "eval text output lacks '$word'"
done

# exact domain ends: the largest double below pi is inside [0, pi]; -0 is 0
run eval relu.h 3.1415926535897931
test "$status" -eq 0 && ok || bad "eval relu.h 3.1415926535897931: status $status"
run eval relu.h -0
test "$status" -eq 0 && ok || bad "eval relu.h -0: status $status"
run eval -- relu.step 1
test "$status" -eq 0 && ok || bad "eval -- relu.step 1: status $status"

finish
