#!/usr/bin/env bash
# Creates .venv/ in the repository root with real TensorFlow (CPU build) and
# NumPy, pinned, for recording the conformance goldens in test/conformance/
# (scripts/record-tf-goldens.py) and, with --with-bench, JAX for bench/.
#
# Usage: scripts/setup-tf-venv.sh [--with-bench]
#
# Idempotent: when .venv/ already holds the pinned versions it does nothing.
# Needs python3.11 (the pinned wheels are cp311) and access to PyPI only.
# A first run downloads about 600 MB and takes a few minutes.
set -euo pipefail

TF_VERSION=2.20.0      # tensorflow-cpu; has a cp311 manylinux x86_64 wheel
NUMPY_VERSION=2.2.6    # TensorFlow 2.20 needs numpy>=1.26; pinned so
                       # t.numpy() printing cannot drift between recordings
JAX_VERSION=0.7.2      # jax[cpu], only with --with-bench

with_bench=0
for arg in "$@"; do
  case "$arg" in
    --with-bench) with_bench=1 ;;
    -h|--help) sed -n '2,10p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "setup-tf-venv: unknown argument: $arg" >&2; exit 2 ;;
  esac
done

root=$(cd "$(dirname "$0")/.." && pwd)
venv="$root/.venv"
py="$venv/bin/python"

installed_version() {  # installed_version DIST -> version or empty
  [ -x "$py" ] || return 0
  "$py" - "$1" <<'EOF' 2>/dev/null || true
import sys
from importlib import metadata
try:
    print(metadata.version(sys.argv[1]))
except metadata.PackageNotFoundError:
    pass
EOF
}

up_to_date() {
  [ "$(installed_version tensorflow-cpu)" = "$TF_VERSION" ] || return 1
  [ "$(installed_version numpy)" = "$NUMPY_VERSION" ] || return 1
  if [ "$with_bench" = 1 ]; then
    [ "$(installed_version jax)" = "$JAX_VERSION" ] || return 1
  fi
  return 0
}

if up_to_date; then
  pins="tensorflow-cpu==$TF_VERSION numpy==$NUMPY_VERSION"
  [ "$with_bench" = 1 ] && pins="$pins jax==$JAX_VERSION"
  echo "setup-tf-venv: $venv already has $pins"
  exit 0
fi

base_python=${PYTHON:-python3}
ver=$("$base_python" -c 'import sys; print("%d.%d" % sys.version_info[:2])')
if [ "$ver" != "3.11" ]; then
  echo "setup-tf-venv: warning: $base_python is Python $ver; the pins were chosen for 3.11" >&2
fi

if [ ! -x "$py" ]; then
  echo "setup-tf-venv: creating $venv"
  "$base_python" -m venv "$venv"
fi

start=$(date +%s)
"$py" -m pip install --disable-pip-version-check --quiet --upgrade pip
pkgs=("tensorflow-cpu==$TF_VERSION" "numpy==$NUMPY_VERSION")
if [ "$with_bench" = 1 ]; then
  pkgs+=("jax[cpu]==$JAX_VERSION")
fi
echo "setup-tf-venv: installing ${pkgs[*]}"
"$py" -m pip install --disable-pip-version-check "${pkgs[@]}"

if ! up_to_date; then
  echo "setup-tf-venv: install finished but the pinned versions are not in place" >&2
  exit 1
fi
# Smoke test: TensorFlow imports and runs an op.
TF_CPP_MIN_LOG_LEVEL=3 CUDA_VISIBLE_DEVICES="" "$py" -c \
  'import tensorflow as tf; assert int(tf.reduce_sum(tf.ones([2, 3]))) == 6; print("setup-tf-venv: tensorflow", tf.__version__, "works")'
echo "setup-tf-venv: done in $(( $(date +%s) - start )) s"
