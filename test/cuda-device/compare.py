#!/usr/bin/env python3
"""Compares the cuda library's results with the CPU library's
(scripts/cuda-device-check.sh): EXPECTED ACTUAL, each kiln-call-library -p
output, line by line. Shapes and integers must be equal; floats within a
relative 2e-3 (the GPU rounds transcendental functions and sums
differently). Exit 0 when all agree."""
import sys


def main(expected_path, actual_path):
    expected = open(expected_path).read().split("\n")
    actual = open(actual_path).read().split("\n")
    if len(expected) != len(actual):
        print(f"FAIL: {len(actual)} result lines, expected {len(expected)}")
        return 1
    worst, bad = 0.0, 0
    for line, (e, a) in enumerate(zip(expected, actual), 1):
        et, at = e.split(" "), a.split(" ")
        header_e = e.split("]")[0]
        header_a = a.split("]")[0]
        if header_e != header_a or len(et) != len(at):
            print(f"FAIL line {line}: {a[:80]!r}, expected {e[:80]!r}")
            bad += 1
            continue
        values_e = e.split("]", 1)[1].split() if "]" in e else []
        values_a = a.split("]", 1)[1].split() if "]" in a else []
        for x, y in zip(values_e, values_a):
            try:
                fx, fy = float(x), float(y)
            except ValueError:
                fx = fy = None
            if x == y or fx == fy or (fx != fx and fy != fy):
                ok, err = True, 0.0  # equal, both infinite, both NaN
            elif fx is None or "." not in x + y and "e" not in x + y:
                ok, err = False, float("inf")  # words, integers: exact
            else:
                err = abs(fx - fy) / max(1.0, abs(fx))
                ok = err <= 2e-3
            worst = max(worst, err if err == err else 0.0)
            if not ok:
                print(f"FAIL line {line}: {y} where the CPU gives {x}")
                bad += 1
                break
    print(f"{'FAIL' if bad else 'OK'}: {len(expected)} lines, "
          f"{bad} differ; largest relative difference {worst:.2e}")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1], sys.argv[2]))
