#!/usr/bin/env bash
# Installs what is missing, builds kiln and runs the whole test suite:
# unit tests, lit tests, conformance scripts and a bounded fuzz run.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
"$root/scripts/build.sh"
cd "$root/build"
ctest --output-on-failure -j2
