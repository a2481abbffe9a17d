#!/bin/sh
# The Python module in the build tree: the unit tests (tests/python/test_gdcert.py) and the numpy example of
# README.md (the code block of its section "Python"). Skipped (77) without a python3 that imports numpy.
test -z "${GDC_SANITIZE:-}" || { echo "SKIP: sanitizer build (make check-sanitize): the instrumented library needs the sanitizer runtime loaded first"; exit 77; }
set -u
top=$(dirname "$GDCERT")
py=
for c in ${PYTHON:-} python3 /usr/bin/python3; do
  if [ -n "$c" ] && "$c" -c 'import numpy' >/dev/null 2>&1; then py=$c; break; fi
done
[ -n "$py" ] || { echo "SKIP: no python3 with numpy"; exit 77; }
lib="$top/.libs/libgdcert.so"
[ -e "$lib" ] || { echo "SKIP: no shared libgdcert in the build tree"; exit 77; }
GDCERT_LIB=$lib; export GDCERT_LIB
PYTHONPATH=$(cd "$srcdir/python" && pwd); export PYTHONPATH
tmp=$(mktemp -d) || exit 99
trap 'rm -rf "$tmp"' EXIT
"$py" "$srcdir/tests/python/test_gdcert.py" -v || exit 1
sed -n '/^## Python/,/^## /p' "$srcdir/README.md" | sed -n '/^```python$/,/^```$/p' | sed '1d;$d' >"$tmp/example.py"
[ -s "$tmp/example.py" ] || { echo "FAIL: no Python example in README.md"; exit 1; }
(cd "$tmp" && "$py" example.py) || { echo "FAIL: the README numpy example"; exit 1; }
echo "PASS: Python module and README example"
