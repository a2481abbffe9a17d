#!/bin/sh
# A program outside the tree builds against the installed library with pkg-config alone (issue 14, section 4):
# `make install DESTDIR=tmp`, then the C example of README.md ("Using the library from C", the one code block of
# that section) is compiled with `pkg-config --cflags --libs gdcert` and run: it uses the registry, a batch call, a
# Gram matrix and Arb functions (ball arithmetic of the API), and checks its own results (exit 0). Skipped (77)
# without pkg-config or a C compiler.
set -u
test -z "${GDC_SANITIZE:-}" || { echo "SKIP: sanitizer build (make check-sanitize): the instrumented library needs the sanitizer runtime loaded first"; exit 77; }
top=$(dirname "$GDCERT")
tmp=$(mktemp -d) || exit 99
trap 'rm -rf "$tmp"' EXIT
command -v pkg-config >/dev/null 2>&1 || { echo "SKIP: no pkg-config"; exit 77; }
cc=${CC:-cc}
command -v "$cc" >/dev/null 2>&1 || { echo "SKIP: no C compiler"; exit 77; }

${MAKE:-make} -s -C "$top" install DESTDIR="$tmp/root" >"$tmp/install.log" 2>&1 || {
  cat "$tmp/install.log"; echo "FAIL: make install DESTDIR"; exit 1; }
pc=$(find "$tmp/root" -name gdcert.pc | head -n 1)
[ -n "$pc" ] || { echo "FAIL: gdcert.pc not installed"; exit 1; }
inc=$(find "$tmp/root" -type d -path '*/include/gdcert' | head -n 1)
# internal headers stay out of the installed tree
for h in core/xcheck.h core/dd.h core/series.h core/normal_quad.h gauss/dd.h gauss/special.h; do
  [ ! -e "$inc/$h" ] || { echo "FAIL: internal header $h installed"; exit 1; }
done
# the example: the code block of README's section "Using the library from C"
sed -n '/^## Using the library from C/,/^## /p' "$srcdir/README.md" |
  sed -n '/^```c$/,/^```$/p' | sed '1d;$d' >"$tmp/example.c"
[ -s "$tmp/example.c" ] || { echo "FAIL: no C example in README.md"; exit 1; }
PKG_CONFIG_PATH=$(dirname "$pc"); export PKG_CONFIG_PATH
PKG_CONFIG_SYSROOT_DIR="$tmp/root"; export PKG_CONFIG_SYSROOT_DIR
flags=$(pkg-config --cflags --libs gdcert) || { echo "FAIL: pkg-config --cflags --libs gdcert"; exit 1; }
# shellcheck disable=SC2086
"$cc" -std=c11 -Wall -Wextra -Werror -o "$tmp/example" "$tmp/example.c" $flags || {
  echo "FAIL: the README example does not build with: $flags"; exit 1; }
libdir=$(dirname "$(find "$tmp/root" -name 'libgdcert.so' | head -n 1)")
LD_LIBRARY_PATH="$libdir${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}" "$tmp/example" >"$tmp/out" || {
  cat "$tmp/out"; echo "FAIL: the README example exits non-zero"; exit 1; }
cat "$tmp/out"
# the Python module, where it was installed (with a python3 that has numpy)
pkg=$(find "$tmp/root" -type d -path '*-packages/gdcert' | head -n 1)
if [ -n "$pkg" ]; then
  [ -f "$pkg/_paths.py" ] || { echo "FAIL: $pkg/_paths.py not installed"; exit 1; }
  for py in ${PYTHON:-} python3 /usr/bin/python3; do
    if [ -n "$py" ] && "$py" -c 'import numpy' >/dev/null 2>&1; then
      PYTHONPATH=$(dirname "$pkg") GDCERT_LIB="$libdir/libgdcert.so" "$py" -c \
        'import gdcert; assert gdcert.eval("relu.h", 0.0) == 3.141592653589793' ||
        { echo "FAIL: the installed Python module"; exit 1; }
      echo "installed Python module: ok ($py)"
      break
    fi
  done
fi
echo "PASS: README example built with pkg-config against the installed tree"
