#!/usr/bin/env python3
"""Record TensorFlow goldens for kiln's conformance scripts.

Usage: scripts/record-tf-goldens.py [--python PYTHON] [-j N] [SCRIPT ...]

With no SCRIPT, records every test/conformance/**/*.py. For each script it
runs `PYTHON SCRIPT` (default: .venv/bin/python, made by
scripts/setup-tf-venv.sh) in the script's folder with TF_CPP_MIN_LOG_LEVEL=3,
CUDA_VISIBLE_DEVICES="", TF_ENABLE_ONEDNN_OPTS=0, PYTHONHASHSEED=0 and
PYTHONIOENCODING=utf-8, and writes SCRIPT's .expected golden next to it. The
format is the one of the CPython goldens (test/tools/check_golden.py reads
both), with a first line `# kiln-golden tensorflow=<v> python=<v> sha256=<s>`.
Goldens are never written by hand. A script whose output depends on the
CPU vendor (the last bits of x86's approximate reciprocals, which Eigen's
kernels use) keeps a golden per vendor, SCRIPT.<vendor_id>.expected, recorded
with --cpu-variant on a machine of that vendor; an existing one for this
machine's vendor is the one rewritten. Likewise a script whose output differs
on processors without AVX-512 (TensorFlow's float32 products take other oneDNN
kernels there) keeps SCRIPT.noavx512.expected, recorded with --isa-variant on
such a host, and rewritten there; and a script whose sums show Eigen's
cache blocking keeps SCRIPT.l1d-<size>.expected per L1 data cache size,
recorded with --cache-variant. Scripts are recorded N at a time
(default: the number of CPUs); each one takes a few seconds, most of it
TensorFlow's import.

Scripts may import only `tensorflow as tf`, `numpy as np`, `math` and `sys` (for
tf.print's `output_stream=sys.stdout`, which puts its text in the golden);
plain `import` statements, nothing else. Any other import is refused, and
then nothing is recorded.

Before stderr is summarized (first line, script frames, last line), lines
that TensorFlow's native code logs no matter what the script does are dropped
(NOISE_PATTERNS below): C++ log lines (`2024-01-01 00:00:00.000000: I
tensorflow/...`, absl's `E0000 00:00:...` form, `WARNING: All log messages
before absl::InitializeLog()...`) and the continuation line of the CPU
instruction notice. Python-level TensorFlow warnings (`WARNING:tensorflow:...`)
and tracebacks are real output and are kept. kiln prints no such noise, so the
checker does not filter.
"""

import argparse
import concurrent.futures
import ast
import glob
import os
import re
import subprocess
import sys

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(REPO, "test", "tools"))
sys.dont_write_bytecode = True  # keep test/tools free of __pycache__
import check_golden  # noqa: E402  (shared golden format and stderr summary)

TIMEOUT_S = 300
DEFAULT_PYTHON = os.path.join(REPO, ".venv", "bin", "python")
CONFORMANCE = os.path.join(REPO, "test", "conformance")
# The standard-library modules are kiln's own (tracer/StdlibModules.cpp).
ALLOWED_IMPORTS = {("tensorflow", "tf"), ("numpy", "np"), ("sys", None),
                   ("math", None), ("os", None), ("os.path", None),
                   ("time", None), ("logging", None), ("warnings", None),
                   ("collections", None), ("typing", None),
                   ("dataclasses", None), ("functools", None),
                   ("itertools", None), ("random", None),
                   ("operator", None), ("json", None), ("copy", None),
                   ("heapq", None), ("bisect", None),
                   ("contextlib", None), ("abc", None),
                   ("enum", None), ("argparse", None), ("shutil", None),
                   ("tempfile", None)}
# Output that differs from run to run: memory addresses (a printed Function
# or object, the retracing warning) and Python object ids.
UNSTABLE_RE = re.compile(rb"0x[0-9a-fA-F]{6,}|\bid=\d{6,}")

# Lines of stderr that are TensorFlow start-up/native logging noise, not
# program output. Each is matched against a whole line.
NOISE_PATTERNS = [
    # TensorFlow's C++ logging: "2024-05-01 12:00:00.123456: I tensorflow/..."
    re.compile(r"^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\.\d+: [IWEF] \S+:\d+\] .*$"),
    # absl/XLA C++ logging: "E0000 00:00:1714560000.123456   1234 file.cc:12] ..."
    re.compile(r"^[IWEF]\d{4} \d\d:\d\d:\d+\.\d+\s+\d+ \S+:\d+\] .*$"),
    re.compile(r"^WARNING: All log messages before absl::InitializeLog\(\) is called "
               r"are written to STDERR$"),
    # Continuation line of the "This TensorFlow binary is optimized to use
    # available CPU instructions..." notice.
    re.compile(r"^To enable the following instructions: .*rebuild TensorFlow with the "
               r"appropriate compiler flags\.$"),
]


def is_noise(line):
    return any(p.match(line) for p in NOISE_PATTERNS)


def filter_noise(stderr_bytes):
    """Drop noise lines from stderr; return (kept bytes, number dropped)."""
    text = stderr_bytes.decode("utf-8", errors="replace")
    kept, dropped = [], 0
    for line in text.split("\n"):
        if is_noise(line.rstrip("\r")):
            dropped += 1
        else:
            kept.append(line)
    return "\n".join(kept).encode("utf-8"), dropped


def check_imports(path):
    """Return a list of 'line N: ...' descriptions of disallowed imports."""
    with open(path, "rb") as f:
        source = f.read()
    try:
        tree = ast.parse(source, filename=path)
    except SyntaxError as e:
        return [f"line {e.lineno}: does not parse ({e.msg})"]
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                if (alias.name, alias.asname) not in ALLOWED_IMPORTS:
                    as_part = f" as {alias.asname}" if alias.asname else ""
                    found.append(f"line {node.lineno}: import {alias.name}{as_part}")
        elif isinstance(node, ast.ImportFrom):
            if node.level == 0 and (node.module, None) in ALLOWED_IMPORTS and \
                    node.module not in ("tensorflow", "numpy"):
                continue
            found.append(f"line {node.lineno}: from {'.' * node.level}{node.module or ''} "
                         f"import ...")
        elif (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
              and node.func.id == "__import__"):
            found.append(f"line {node.lineno}: __import__(...)")
    return found


def versions(python):
    code = ("import os, platform\n"
            "os.environ['TF_CPP_MIN_LOG_LEVEL'] = '3'\n"
            "from importlib import metadata\n"
            "print(platform.python_version(), metadata.version('tensorflow-cpu'))\n")
    out = subprocess.run([python, "-c", code], capture_output=True, text=True)
    if out.returncode != 0:
        raise RuntimeError(out.stderr.strip().splitlines()[-1] if out.stderr.strip()
                           else f"{python} failed")
    py, tf = out.stdout.split()
    return py, tf


def record(python, py_version, tf_version, script, cpu_variant=False,
           isa_variant=False, cache_variant=False):
    script = os.path.abspath(script)
    script_dir, script_name = os.path.split(script)
    env = dict(os.environ, PYTHONHASHSEED="0", PYTHONIOENCODING="utf-8",
               PYTHONDONTWRITEBYTECODE="1", TF_CPP_MIN_LOG_LEVEL="3",
               CUDA_VISIBLE_DEVICES="", TF_ENABLE_ONEDNN_OPTS="0")
    for var in ("PYTHONWARNINGS", "PYTHONSTARTUP", "PYTHONINSPECT", "PYTHONUTF8",
                "PYTHONDEVMODE", "PYTHONOPTIMIZE", "PYTHONPATH", "TF_XLA_FLAGS",
                "TF_FORCE_GPU_ALLOW_GROWTH"):
        env.pop(var, None)
    proc = subprocess.run([python, script_name], cwd=script_dir, env=env,
                          stdin=subprocess.DEVNULL, capture_output=True, timeout=TIMEOUT_S)
    stderr, dropped = filter_noise(proc.stderr)
    summary = check_golden.summarize_stderr(stderr, script_name, script_dir)
    if summary is not None and not stderr.strip():
        summary = None  # only noise (and blank lines) on stderr
    check_golden.write_golden(script, py_version, proc.returncode, proc.stdout,
                              summary, tensorflow_version=tf_version,
                              cpu_variant=cpu_variant, isa_variant=isa_variant,
                              cache_variant=cache_variant)
    return proc, summary, dropped


def main():
    parser = argparse.ArgumentParser(description=__doc__.strip().splitlines()[0])
    parser.add_argument("--python", default=DEFAULT_PYTHON,
                        help="the Python with TensorFlow to record with "
                             "(default: .venv/bin/python)")
    parser.add_argument("-j", "--jobs", type=int, default=os.cpu_count() or 1,
                        help="record this many scripts at a time (default: CPU count)")
    parser.add_argument("--cpu-variant", action="store_true",
                        help="write SCRIPT.<vendor>.expected, the golden for "
                             "this CPU's vendor only (for scripts that print "
                             "the last bits of approximate reciprocals)")
    parser.add_argument("--isa-variant", action="store_true",
                        help="write SCRIPT.noavx512.expected, the golden for "
                             "hosts without AVX-512 (record it on one), for "
                             "scripts whose float32 products or packet math "
                             "differ there")
    parser.add_argument("--cache-variant", action="store_true",
                        help="write SCRIPT.l1d-<size>.expected, the golden "
                             "for hosts with this L1 data cache size, for "
                             "scripts whose products show Eigen's cache "
                             "blocking")
    parser.add_argument("scripts", nargs="*", metavar="SCRIPT")
    args = parser.parse_args()

    scripts = args.scripts or sorted(
        glob.glob(os.path.join(CONFORMANCE, "**", "*.py"), recursive=True))
    if not scripts:
        print("record-tf-goldens: no scripts", file=sys.stderr)
        return 2

    refused = False
    for script in scripts:
        if not script.endswith(".py") or not os.path.isfile(script):
            print(f"record-tf-goldens: {script}: not a .py file", file=sys.stderr)
            refused = True
            continue
        for problem in check_imports(script):
            print(f"record-tf-goldens: refusing {script}: {problem} (conformance scripts "
                  f"may only `import tensorflow as tf`, `import numpy as np` and the "
                  f"standard-library modules kiln has)",
                  file=sys.stderr)
            refused = True
    if refused:
        print("record-tf-goldens: nothing recorded", file=sys.stderr)
        return 1

    if not os.path.exists(args.python):
        print(f"record-tf-goldens: {args.python} not found; run scripts/setup-tf-venv.sh",
              file=sys.stderr)
        return 1
    try:
        py_version, tf_version = versions(args.python)
    except (RuntimeError, ValueError) as e:
        print(f"record-tf-goldens: cannot get TensorFlow's version from {args.python}: {e}",
              file=sys.stderr)
        return 1

    failed = False
    with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, args.jobs)) as pool:
        futures = [pool.submit(record, args.python, py_version, tf_version, script,
                               args.cpu_variant, args.isa_variant,
                               args.cache_variant)
                   for script in scripts]
        for script, future in zip(scripts, futures):
            rel = os.path.relpath(script)
            try:
                proc, summary, dropped = future.result()
            except subprocess.TimeoutExpired:
                print(f"record-tf-goldens: {rel}: timed out after {TIMEOUT_S} s "
                      f"(no golden written)", file=sys.stderr)
                failed = True
                continue
            report(rel, proc, summary, dropped)
    return 1 if failed else 0


def report(rel, proc, summary, dropped):
    note = f"exit {proc.returncode}"
    if summary is not None:
        note += f", {summary[2]}"
        if proc.returncode == 0:
            note += "  (note: stderr output with exit 0)"
    if dropped:
        note += f"  ({dropped} noise line(s) dropped from stderr)"
    recorded = proc.stdout + "\n".join(summary[:1] + tuple(summary[1]) + summary[2:]
                                       if summary else ()).encode("utf-8")
    if UNSTABLE_RE.search(recorded):
        note += "  (WARNING: output has an address or object id; make the script deterministic)"
    print(f"recorded {rel}: {note}", flush=True)


if __name__ == "__main__":
    sys.exit(main())
