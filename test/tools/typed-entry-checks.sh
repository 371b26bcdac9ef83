#!/usr/bin/env bash
# Compiles typed_entry.py to a library and header, builds
# typed_entry_checks.c against them and runs it. Usage:
# test/tools/typed-entry-checks.sh BUILD_DIR
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
build=$(cd "$1" && pwd)
out="$build/test/typed-entry"
mkdir -p "$out"
"$build/bin/kiln" compile "$here/typed_entry.py" -o "$out/libtyped_entry.so"
"$build/bin/kiln" compile "$here/typed_entry.py" -o "$out/typed_entry.h" \
  --emit=header
cc -std=c11 -Wall -Wextra -Werror -I"$out" "$here/typed_entry_checks.c" \
  -o "$out/typed_entry_checks" -L"$out" -ltyped_entry -Wl,-rpath,"$out"
"$out/typed_entry_checks"
