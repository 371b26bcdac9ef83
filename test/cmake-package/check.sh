#!/usr/bin/env bash
# ctest `cmake-package`: configures, builds and runs the consumer project in
# this folder against kiln's build tree, then checks the rebuild rules: a
# second build does nothing, a touched script runs kiln again. Last, installs
# kiln into a prefix and builds the project again against that (the
# installed kiln links with the installed runtime).
# Usage: check.sh KILN_BUILD_DIR WORK_DIR
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
kiln_build=$1
work=$2
rm -rf "$work"
mkdir -p "$work/src"
# A copy of the sources, so that touching the script leaves the tree alone.
cp "$here/CMakeLists.txt" "$here/scale.py" "$here/consumer.c" "$work/src/"
cmake -S "$work/src" -B "$work/build" -G Ninja -Dkiln_DIR="$kiln_build" >/dev/null
cmake --build "$work/build" >/dev/null
"$work/build/consumer"
again=$(cmake --build "$work/build")
if grep -q "kiln: compiling" <<<"$again"; then
  echo "error: an up-to-date build ran kiln again" >&2
  exit 1
fi
sleep 1
touch "$work/src/scale.py"
rebuilt=$(cmake --build "$work/build")
if ! grep -q "kiln: compiling" <<<"$rebuilt"; then
  echo "error: a touched script did not run kiln again" >&2
  exit 1
fi
echo "rebuilt after touching scale.py"

cmake --install "$kiln_build" --prefix "$work/prefix" >/dev/null
cmake -S "$work/src" -B "$work/installed" -G Ninja \
  -Dkiln_DIR="$work/prefix/lib/cmake/kiln" >/dev/null
cmake --build "$work/installed" >/dev/null
echo "installed kiln:"
"$work/installed/consumer"
