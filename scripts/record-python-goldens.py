#!/usr/bin/env python3
"""Record CPython goldens for kiln's interpreter conformance scripts.

Usage: scripts/record-python-goldens.py [--python PYTHON] [SCRIPT ...]

With no SCRIPT, records every test/interpreter/*.py. For each script it runs
`PYTHON SCRIPT` (default python3) in the script's folder with
PYTHONHASHSEED=0 and PYTHONIOENCODING=utf-8 and writes SCRIPT's .expected
golden next to it (the format is described in test/tools/check_golden.py,
which reads it back). Goldens are never written by hand.

Scripts must not import anything: a script with an import statement (or a
call of __import__) is refused, and then nothing is recorded.
"""

import argparse
import ast
import glob
import os
import subprocess
import sys

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(REPO, "test", "tools"))
sys.dont_write_bytecode = True  # keep test/tools free of __pycache__
import check_golden  # noqa: E402  (shared golden format and stderr summary)

TIMEOUT_S = 120


def find_imports(path):
    """Return a list of 'line N: ...' descriptions of imports in a script."""
    with open(path, "rb") as f:
        source = f.read()
    try:
        tree = ast.parse(source, filename=path)
    except SyntaxError as e:
        return [f"line {e.lineno}: does not parse ({e.msg})"]
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names = ", ".join(a.name for a in node.names)
            found.append(f"line {node.lineno}: import {names}")
        elif isinstance(node, ast.ImportFrom):
            found.append(f"line {node.lineno}: from {'.' * node.level}{node.module or ''} import ...")
        elif (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
              and node.func.id == "__import__"):
            found.append(f"line {node.lineno}: __import__(...)")
    return found


def python_version(python):
    out = subprocess.run([python, "-c", "import platform; print(platform.python_version())"],
                         capture_output=True, text=True, check=True)
    return out.stdout.strip()


def record(python, version, script):
    script = os.path.abspath(script)
    script_dir, script_name = os.path.split(script)
    env = dict(os.environ, PYTHONHASHSEED="0", PYTHONIOENCODING="utf-8",
               PYTHONDONTWRITEBYTECODE="1")
    for var in ("PYTHONWARNINGS", "PYTHONSTARTUP", "PYTHONINSPECT", "PYTHONUTF8",
                "PYTHONDEVMODE", "PYTHONOPTIMIZE"):
        env.pop(var, None)
    proc = subprocess.run([python, script_name], cwd=script_dir, env=env,
                          stdin=subprocess.DEVNULL, capture_output=True, timeout=TIMEOUT_S)
    summary = check_golden.summarize_stderr(proc.stderr, script_name,
                                           script_dir)
    check_golden.write_golden(script, version, proc.returncode, proc.stdout,
                              summary)
    return proc, summary


def main():
    parser = argparse.ArgumentParser(description=__doc__.strip().splitlines()[0])
    parser.add_argument("--python", default="python3",
                        help="the CPython to record with (default: python3)")
    parser.add_argument("scripts", nargs="*", metavar="SCRIPT")
    args = parser.parse_args()

    scripts = args.scripts or sorted(glob.glob(os.path.join(REPO, "test", "interpreter", "*.py")))
    if not scripts:
        print("record-python-goldens: no scripts", file=sys.stderr)
        return 2

    refused = False
    for script in scripts:
        if not script.endswith(".py") or not os.path.isfile(script):
            print(f"record-python-goldens: {script}: not a .py file", file=sys.stderr)
            refused = True
            continue
        for problem in find_imports(script):
            print(f"record-python-goldens: refusing {script}: {problem} "
                  f"(interpreter conformance scripts must not import anything)",
                  file=sys.stderr)
            refused = True
    if refused:
        print("record-python-goldens: nothing recorded", file=sys.stderr)
        return 1

    version = python_version(args.python)
    for script in scripts:
        rel = os.path.relpath(script)
        try:
            proc, summary = record(args.python, version, script)
        except subprocess.TimeoutExpired:
            print(f"record-python-goldens: {rel}: timed out after {TIMEOUT_S} s",
                  file=sys.stderr)
            return 1
        note = f"exit {proc.returncode}"
        if summary is not None:
            note += f", {summary[2]}"
            if proc.returncode == 0:
                note += "  (warning: stderr output with exit 0)"
        print(f"recorded {rel}: {note}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
