#!/usr/bin/env python3
"""Writes the calls of the cuda device check (scripts/cuda-device-check.sh)
for one of test/cuda-device's scripts, one per line: the arguments of
kiln-call-library after the library, with inputs made here (deterministic,
4 decimals).

  calls.py model|ops|timing"""
import math
import sys


def tensor(dtype, shape, values):
    dims = ",".join(str(d) for d in shape)
    return f"{dtype}[{dims}]=" + ",".join(values)


def floats(shape, seed, dtype="float32"):
    n = math.prod(shape)
    return tensor(dtype, shape,
                  [f"{2.5 * math.sin(seed + 0.37 * i):.4f}" for i in range(n)])


def integers(shape, seed, dtype="int32"):
    n = math.prod(shape)
    return tensor(dtype, shape,
                  [str(int(40 * math.sin(seed + 0.61 * i))) for i in range(n)])


x = floats([64, 48], 1)
labels = tensor("int32", [64], [str(i % 32) for i in range(64)])
images = floats([2, 8, 8, 3], 3)
calls = {
    "model": [
        f"dense {x}",
        f"reductions {x}",
        f"reductions {floats([200, 48], 2)}",
        f"activations {x}",
        f"conv {images}",
        f"shapes {x} {tensor('int32', [5], ['0', '3', '7', '100', '-1'])}",
        f"loop {floats([12, 48], 4)}",
        f"half {x}",
        f"train {x} {labels} -- train {x} {labels} -- dense {x}",
    ],
    "ops": [
        f"trig {x}",
        f"exps {x}",
        f"rounding {x}",
        f"doubles {floats([16, 48], 5, 'float64')}",
        f"halves {x}",
        f"integers {integers([16, 48], 6)} {integers([16, 48], 7, 'int64')}",
        f"booleans {x}",
        f"indices {x}",
        f"layout {x}",
        f"images {images}",
        f"products {x}",
    ],
    # The timed functions: one argument, the number of elements.
    "timing": [
        "matmul_512 int32[]=262144",
        "elementwise_4m int32[]=4194304",
        "rows_1024 int32[]=1048576",
        "conv_32 int32[]=131072",
    ],
}
print("\n".join(calls[sys.argv[1]]))
