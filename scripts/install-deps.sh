#!/usr/bin/env bash
# Installs the Debian packages kiln needs to build and test. Idempotent: it
# runs apt-get update/install only when something is missing.
set -euo pipefail

packages=(
  cmake ninja-build ccache g++ git python3
  llvm-19-dev llvm-19-tools libmlir-19-dev mlir-19-tools
  clang-19 lld-19 libclang-rt-19-dev
  antlr4 libantlr4-runtime-dev
  libcli11-dev nlohmann-json3-dev catch2
)

missing=()
for p in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$p")
  fi
done

if [ ${#missing[@]} -eq 0 ]; then
  exit 0
fi

echo "kiln: installing ${missing[*]}"
sudo_cmd=()
if [ "$(id -u)" -ne 0 ]; then sudo_cmd=(sudo); fi
export DEBIAN_FRONTEND=noninteractive
"${sudo_cmd[@]}" apt-get update -qq
"${sudo_cmd[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}"
