#!/usr/bin/env bash
# The cuda target on a real NVIDIA GPU (docs/cuda.md). CI has no GPU, so
# this runs by hand where a GPU machine is lent:
#
#   scripts/cuda-device-check.sh prepare [BUILD_DIR] [OUT_DIR] [ARCH]
#   bash OUT_DIR/run.sh            # on the GPU machine
#
# `prepare` (here, with a kiln build) compiles each of test/cuda-device's
# scripts (model.py, ops.py, timing.py) for the CPU and for cuda
# (--cuda-arch ARCH, default sm_90), writes their calls
# (test/cuda-device/calls.py) and records the CPU libraries' results with
# kiln-call-library. OUT_DIR (default BUILD_DIR/cuda-device-check) then
# holds everything `run` needs: the GPU machine needs only its NVIDIA
# driver, bash and python3, not kiln or LLVM. `run` makes the same calls
# on the cuda libraries, compares the results (test/cuda-device/compare.py)
# and times some of the calls on both.
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
scripts="model ops timing"
kiln="$build/bin/kiln"
if [[ -e "$out" && ! -e "$out/run.sh" ]]; then
  echo "$out exists and is not a check made by this script: not replacing it" >&2
  exit 2
fi
rm -rf "$out"
mkdir -p "$out"
cp "$build/bin/kiln-call-library" "$out/call-library"
cp "$here/test/cuda-device/compare.py" "$out/"
for script in $scripts; do
  # The CPU libraries for the default target CPU, x86-64-v3; the timed
  # one also for x86-64, which has no FMA instruction (each fused
  # multiply-add of a product is a call of libm's fmaf there).
  "$kiln" compile "$here/test/cuda-device/$script.py" -o "$out/$script-cpu.so"
  [[ $script == timing ]] &&
    "$kiln" compile --target-cpu=x86-64 "$here/test/cuda-device/$script.py" \
      -o "$out/$script-cpu-x86-64.so"
  "$kiln" compile --target=cuda --cuda-arch="$arch" \
    "$here/test/cuda-device/$script.py" -o "$out/$script-cuda.so"
  python3 "$here/test/cuda-device/calls.py" "$script" > "$out/$script-calls.txt"
  # One process a line: each starts from the variables' initial values.
  while IFS= read -r call; do
    # shellcheck disable=SC2086  # the arguments are words without spaces
    "$out/call-library" -p "$out/$script-cpu.so" $call
  done < "$out/$script-calls.txt" > "$out/$script-expected.txt"
done
echo "$scripts" > "$out/scripts.txt"

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
for script in $(cat "$dir/scripts.txt"); do
  echo -n "$script: "
  while IFS= read -r call; do
    # shellcheck disable=SC2086
    "$dir/call-library" -p "$dir/$script-cuda.so" $call || status=1
  done < "$dir/$script-calls.txt" > "$dir/$script-actual.txt"
  python3 "$dir/compare.py" "$dir/$script-expected.txt" \
    "$dir/$script-actual.txt" || status=1
done
[ $status = 0 ] || echo "a call failed or differs (see above)"
# Timings: each call of timing.py, and model.py's first, 21 times in one
# process on the GPU and on the CPU (timing.py's also for x86-64); the
# first call loads the GPU's kernels.
{ sed -n 1p "$dir/model-calls.txt" | sed 's/^/model /'
  sed 's/^/timing /' "$dir/timing-calls.txt"; } |
  while read -r script call; do
    libs="cuda cpu"
    [ "$script" = timing ] && libs="$libs cpu-x86-64"
    for lib in $libs; do
      echo -n "$script-$lib.so "
      # shellcheck disable=SC2086
      "$dir/call-library" -t -n 21 "$dir/$script-$lib.so" $call
    done
  done
exit $status
RUN
chmod +x "$out/run.sh"
echo "prepared $out ($(cd "$out" && set +f && cat ./*-expected.txt | wc -l) result lines); on the GPU machine: bash $out/run.sh"
