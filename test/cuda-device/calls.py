#!/usr/bin/env python3
"""Writes the calls of the cuda device check (scripts/cuda-device-check.sh),
one per line: the arguments of kiln-call-library after the library, with
inputs made here (deterministic, 4 decimals)."""
import math


def tensor(dtype, shape, values):
    dims = ",".join(str(d) for d in shape)
    return f"{dtype}[{dims}]=" + ",".join(values)


def floats(shape, seed):
    n = math.prod(shape)
    return tensor("float32", shape,
                  [f"{2.5 * math.sin(seed + 0.37 * i):.4f}" for i in range(n)])


x = floats([64, 48], 1)
labels = tensor("int32", [64], [str(i % 32) for i in range(64)])
calls = [
    f"dense {x}",
    f"reductions {x}",
    f"reductions {floats([200, 48], 2)}",
    f"activations {x}",
    f"conv {floats([2, 8, 8, 3], 3)}",
    f"shapes {x} {tensor('int32', [5], ['0', '3', '7', '100', '-1'])}",
    f"loop {floats([12, 48], 4)}",
    f"half {x}",
    f"train {x} {labels} -- train {x} {labels} -- dense {x}",
]
print("\n".join(calls))
