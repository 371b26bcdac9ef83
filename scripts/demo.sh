#!/usr/bin/env bash
# kiln's main job on the bundled example: build kiln, compile
# examples/model.py to a shared library and header, and call it from the C
# program examples/call_model.c (through the runtime's dispatching call and
# a typed entry point).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
"$root/scripts/build.sh"
echo "== kiln run examples/model.py (what TensorFlow would print)"
"$root/build/bin/kiln" run "$root/examples/model.py"
echo "== kiln compile examples/model.py, then examples/call_model.c calls it"
"$root/examples/run-example.sh" "$root/build"
