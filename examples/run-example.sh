#!/usr/bin/env bash
# Compiles examples/model.py to a shared library and header with kiln, builds
# the C program examples/call_model.c against it and the kiln runtime, and
# runs it. Usage: examples/run-example.sh BUILD_DIR
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
build=$(cd "${1:-$here/../build}" && pwd)
out="$build/examples"
mkdir -p "$out"
kiln="$build/bin/kiln"
"$kiln" compile "$here/model.py" -o "$out/libmodel.so"
"$kiln" compile "$here/model.py" -o "$out/model.h" --emit=header
"$kiln" compile "$here/model.py" -o "$out/model.json" --emit=manifest
cc -std=c11 -Wall -Wextra -I"$out" -I"$here/../runtime/include" \
  "$here/call_model.c" -o "$out/call_model" \
  -L"$out" -lmodel -L"$build/runtime" -lkilnrt \
  -Wl,-rpath,"$out" -Wl,-rpath,"$build/runtime"
"$out/call_model" "$out/libmodel.so"
