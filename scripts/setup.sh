#!/bin/bash
# gdcert set-up for a fresh Debian 12 machine (run as root from a clone of the repository):
# installs the Debian packages that are missing, builds gdcert in the source tree, then runs the main job
# (`./gdcert audit`: every claim file under proofs/). Idempotent: a second run installs nothing and rebuilds only what changed.
#   --no-run   stop after the build (used by .ci/run)
set -euo pipefail

run_main=1
for arg in "$@"; do
    case "$arg" in
    --no-run) run_main=0 ;;
    -h | --help)
        echo "Usage: bash scripts/setup.sh [--no-run]"
        echo "Install missing Debian packages, build gdcert, run './gdcert audit' (unless --no-run)."
        exit 0
        ;;
    *)
        echo "setup.sh: unknown option '$arg'" >&2
        exit 2
        ;;
    esac
done

cd "$(dirname "${BASH_SOURCE[0]}")/.."

packages="build-essential libmpfr-dev libflint-dev libflint-arb-dev check autoconf automake libtool pkg-config gnuplot-nox python3-numpy"
missing=""
for p in $packages; do
    if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
        missing="$missing $p"
    fi
done
if test -n "$missing"; then
    echo "setup.sh: installing$missing"
    if test "$(id -u)" -ne 0; then
        sudo=sudo
    else
        sudo=
    fi
    export DEBIAN_FRONTEND=noninteractive
    $sudo apt-get update -q
    # shellcheck disable=SC2086
    $sudo apt-get install -y -q --no-install-recommends $missing
fi

if ! test -x configure || test configure.ac -nt configure; then
    autoreconf -fi
fi
if ! test -f Makefile || ! test -x config.status; then
    ./configure
fi
make -j2

if test "$run_main" -eq 1; then
    ./gdcert audit
fi
