#!/usr/bin/env bash
# The cuda target on a real NVIDIA GPU (docs/cuda.md). CI has no GPU, so
# this runs by hand where a GPU machine is lent:
#
#   scripts/cuda-device-check.sh prepare [BUILD_DIR] [OUT_DIR] [ARCH]
#   bash OUT_DIR/run.sh            # on the GPU machine
#
# `prepare` (here, with a kiln build) compiles test/cuda-device/model.py for
# the CPU and for cuda (--cuda-arch ARCH, default sm_90), writes the calls
# (test/cuda-device/calls.py) and records the CPU library's results with
# kiln-call-library. OUT_DIR (default BUILD_DIR/cuda-device-check) then
# holds everything `run` needs: the GPU machine needs only its NVIDIA
# driver, bash and python3, not kiln or LLVM. `run` makes the same calls
# on the cuda library and compares the results (test/cuda-device/compare.py).
set -euo pipefail
set -f # the calls' words hold brackets: no globbing

here=$(cd "$(dirname "$0")/.." && pwd)
if [[ "${1:-}" != prepare ]]; then
  echo "usage: $0 prepare [BUILD_DIR] [OUT_DIR] [ARCH]" >&2
  exit 2
fi
build=$(cd "${2:-$here/build}" && pwd)
out=${3:-$build/cuda-device-check}
arch=${4:-sm_90}
kiln="$build/bin/kiln"
if [[ -e "$out" && ! -e "$out/run.sh" ]]; then
  echo "$out exists and is not a check made by this script: not replacing it" >&2
  exit 2
fi
rm -rf "$out"
mkdir -p "$out"
"$kiln" compile "$here/test/cuda-device/model.py" -o "$out/libcpu.so"
"$kiln" compile --target=cuda --cuda-arch="$arch" \
  "$here/test/cuda-device/model.py" -o "$out/libcuda.so"
cp "$build/bin/kiln-call-library" "$out/call-library"
cp "$here/test/cuda-device/compare.py" "$out/"
python3 "$here/test/cuda-device/calls.py" > "$out/calls.txt"
# One process a line: each starts from the variables' initial values.
while IFS= read -r call; do
  # shellcheck disable=SC2086  # the arguments are words without spaces
  "$out/call-library" -p "$out/libcpu.so" $call
done < "$out/calls.txt" > "$out/expected.txt"

cat > "$out/run.sh" <<'RUN'
#!/usr/bin/env bash
# Made by scripts/cuda-device-check.sh prepare: calls the cuda library as
# the CPU library was called and compares (exit 0: they agree).
set -uo pipefail
set -f
dir=$(cd "$(dirname "$0")" && pwd)
command -v nvidia-smi > /dev/null && nvidia-smi -L
# The libraries were linked against glibc 2.36 (Debian 12); they need 2.34.
ldd --version 2> /dev/null | head -1
status=0
while IFS= read -r call; do
  # shellcheck disable=SC2086
  "$dir/call-library" -p "$dir/libcuda.so" $call || status=1
done < "$dir/calls.txt" > "$dir/actual.txt"
[ $status = 0 ] || echo "a call failed (its message is above)"
python3 "$dir/compare.py" "$dir/expected.txt" "$dir/actual.txt" || status=1
# A first timing: the first call 200 times, on the GPU and on the CPU.
TIMEFORMAT="%R s"
for lib in libcuda.so libcpu.so; do
  echo -n "$lib, 200 calls of $(sed -n 1p "$dir/calls.txt" | cut -d' ' -f1): "
  # shellcheck disable=SC2046
  time "$dir/call-library" -n 200 "$dir/$lib" $(sed -n 1p "$dir/calls.txt")
done
exit $status
RUN
chmod +x "$out/run.sh"
echo "prepared $out ($(wc -l < "$out/expected.txt") result lines); on the GPU machine: bash $out/run.sh"
