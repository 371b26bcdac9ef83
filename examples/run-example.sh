#!/usr/bin/env bash
# Compiles examples/NAME.py (default: model) to a shared library and header
# with kiln, builds the C program examples/call_NAME.c against it and the
# kiln runtime, and runs it. Usage: examples/run-example.sh BUILD_DIR [NAME]
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
build=$(cd "${1:-$here/../build}" && pwd)
out="$build/examples"
mkdir -p "$out"
name="${2:-model}"
kiln="$build/bin/kiln"
"$kiln" compile "$here/$name.py" -o "$out/lib$name.so"
"$kiln" compile "$here/$name.py" -o "$out/$name.h" --emit=header
"$kiln" compile "$here/$name.py" -o "$out/$name.json" --emit=manifest
cc -std=c11 -Wall -Wextra -I"$out" -I"$here/../runtime/include" \
  "$here/call_$name.c" -o "$out/call_$name" \
  -L"$out" -l"$name" -L"$build/runtime" -lkilnrt \
  -Wl,-rpath,"$out" -Wl,-rpath,"$build/runtime"
"$out/call_$name" "$out/lib$name.so"
