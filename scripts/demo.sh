#!/usr/bin/env bash
# kiln's main job on the bundled example: build, run the script as Python
# would, and show its AST.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
"$root/scripts/build.sh"
kiln="$root/build/bin/kiln"
example="$root/examples/fibonacci.py"
echo "== kiln check $example"
"$kiln" check "$example" && echo "ok"
echo "== kiln run $example"
"$kiln" run "$example"
echo "== kiln dump --stage=ast $example (first 25 lines)"
"$kiln" dump --stage=ast "$example" | head -25
