#!/usr/bin/env python3
"""Compare `kiln run SCRIPT` against the golden recorded next to SCRIPT.

Usage: check_golden.py KILN_BINARY SCRIPT [RUN_OPTION...]

RUN_OPTIONs go to `kiln run` before SCRIPT (--emulate-cuda checks the cuda
target's transformations against the same goldens).

The golden (SCRIPT with .py replaced by .expected, or by .<vendor>.expected
when the host CPU's vendor has a golden of its own: see golden_path) is
written by
scripts/record-python-goldens.py (CPython goldens, test/interpreter/) or by
scripts/record-tf-goldens.py (TensorFlow goldens, test/conformance/); its
format is:

    # kiln-golden python=<version> sha256=<sha256 of the script bytes>
      or, for TensorFlow goldens,
    # kiln-golden tensorflow=<version> python=<version> sha256=<sha256>
    # exit: <exit code>
    # stderr-first: <first line of stderr>          (only if stderr non-empty)
    # stderr-frame: line <N>, in <name>            (zero or more)
    # stderr-last: <last non-empty line of stderr>  (only if stderr non-empty)
    # ---
    <stdout, byte for byte>

Checked: the golden is not stale (sha256 matches the script), the exit code,
stdout byte for byte and, when the golden has stderr lines, stderr's first
line, the traceback frames that belong to the script (from the last
"Traceback (most recent call last):" block only) and stderr's last non-empty
line. Exit 0 on success, 1 on a mismatch, 2 on a usage error.

The first line needs sha256= and at least one of python= / tensorflow=;
the order of its key=value fields does not matter.

Only the Python standard library is used; both recording scripts import the
helpers below so that both sides summarize stderr identically.
"""

import difflib
import hashlib
import os
import re
import signal
import subprocess
import sys

TIMEOUT_S = 60
# `--emulate-cuda` compiles each kernel's grid loops on the host as well:
# ops/concat_many (600 kernels) takes about 56 s there on a 2-core AVX2
# machine, almost all of it in LLVM's code generation of one long function.
EMULATION_TIMEOUT_S = 120
TRACEBACK_HEADER = "Traceback (most recent call last):"
FRAME_RE = re.compile(r'^\s*File "(?P<path>.*)", line (?P<line>\d+), in (?P<name>.+?)\s*$')
SEPARATOR = b"# ---"
RECORD_HINT = "scripts/record-python-goldens.py"
TF_RECORD_HINT = "scripts/record-tf-goldens.py"


def record_hint(script, golden=None):
    """The script that (re)records SCRIPT's golden."""
    if golden is not None:
        return TF_RECORD_HINT if golden.get("tensorflow") else RECORD_HINT
    parts = os.path.abspath(script).replace("\\", "/").split("/")
    return TF_RECORD_HINT if "conformance" in parts else RECORD_HINT


class GoldenError(Exception):
    """A golden file that cannot be used (missing, malformed, stale)."""


def cpu_vendor():
    """The host CPU's vendor_id ("GenuineIntel", "AuthenticAMD"), or None."""
    try:
        with open("/proc/cpuinfo", encoding="utf-8", errors="replace") as f:
            for line in f:
                if line.startswith("vendor_id"):
                    return line.split(":", 1)[1].strip() or None
    except OSError:
        pass
    return None


def cpu_flags():
    """The host CPU's feature flags (/proc/cpuinfo), an empty set if unknown."""
    try:
        with open("/proc/cpuinfo", encoding="utf-8", errors="replace") as f:
            for line in f:
                if line.startswith("flags"):
                    return set(line.split(":", 1)[1].split())
    except OSError:
        pass
    return set()


def l1d_size():
    """The host's level-1 data cache per core as Linux names its size
    ("48K"), or None if unknown."""
    base = "/sys/devices/system/cpu/cpu0/cache"
    try:
        for index in sorted(os.listdir(base)):
            def read(name):
                with open(os.path.join(base, index, name), encoding="utf-8") as f:
                    return f.read().strip()
            if read("level") == "1" and read("type") == "Data":
                return read("size") or None
    except OSError:
        pass
    return None


def golden_path(script, cpu_variant=False, isa_variant=False,
                host_isa=True, cache_variant=False):
    """SCRIPT's golden: SCRIPT.noavx512.expected on a host without AVX-512
    when there is one (or `isa_variant` asks for it); else
    SCRIPT.l1d-<size>.expected when there is one for the host's L1 data
    cache (or `cache_variant` asks for it); else SCRIPT.<vendor>.expected
    when the host CPU's vendor has one (or `cpu_variant` asks for it); else
    SCRIPT.expected.

    Eigen cuts a product's k into blocks by the L1 data cache it reads
    from the processor, and kiln does the same on the host it compiles
    on, so a script whose sums show those blocks keeps a golden per L1
    size (recorded with --cache-variant).

    x86's approximate reciprocal and reciprocal square root (RCPPS,
    RSQRTPS) differ in their last bits between Intel's and AMD's CPUs; both
    TensorFlow's Eigen kernels and kiln's code use them, so a script whose
    output shows those bits keeps one golden per vendor. Without AVX-512,
    TensorFlow's oneDNN kernels (its float32 MatMul's) and some Eigen packet
    functions sum and round otherwise, and kiln follows the host it runs
    on, so such a script also keeps a golden recorded on such a host.
    With `host_isa` false that golden is not taken (the cuda target's
    products sum as oneDNN's AVX-512 kernels do on any host).
    """
    if not script.endswith(".py"):
        raise GoldenError(f"{script}: not a .py script")
    without_avx512 = "avx512f" not in cpu_flags()
    if host_isa and without_avx512:
        variant = f"{script[:-3]}.noavx512.expected"
        if isa_variant or os.path.exists(variant):
            return variant
    elif isa_variant:
        raise GoldenError("a .noavx512 golden is recorded on a host without "
                          "AVX-512; this one has it")
    l1d = l1d_size()
    if l1d:
        variant = f"{script[:-3]}.l1d-{l1d}.expected"
        if cache_variant or os.path.exists(variant):
            return variant
    elif cache_variant:
        raise GoldenError("this host does not say the size of its L1 data "
                          "cache")
    vendor = cpu_vendor()
    if vendor:
        variant = f"{script[:-3]}.{vendor}.expected"
        if cpu_variant or os.path.exists(variant):
            return variant
    return script[:-3] + ".expected"


def sha256_of(path):
    with open(path, "rb") as f:
        return hashlib.sha256(f.read()).hexdigest()


def _frame_matches(path, script_name):
    return path == script_name or path.endswith("/" + script_name) \
        or path.endswith("\\" + script_name)


def summarize_stderr(stderr_bytes, script_name, script_dir=None):
    """Return (first_line, frames, last_line) of a stderr, or None if empty.

    frames is a list of "line N, in NAME" strings, one for each
    `File "...", line N, in NAME` line after the LAST traceback header whose
    path is the script itself (its path ends with script_name). The
    script's folder (script_dir) is cut from the lines, as from
    "/checkout/test/x.py:7: UserWarning: ...": a golden must pass from any
    checkout.
    """
    text = stderr_bytes.decode("utf-8", errors="replace")
    if text == "":
        return None
    if script_dir:
        text = text.replace(script_dir.rstrip("/") + "/", "")
    # Split on "\n" only: str.splitlines would also split on \f, \x1c, \u2028...
    lines = [line[:-1] if line.endswith("\r") else line for line in text.split("\n")]
    first = lines[0]
    last = ""
    for line in reversed(lines):
        if line.strip():
            last = line
            break
    start = 0
    for i, line in enumerate(lines):
        if line.strip() == TRACEBACK_HEADER:
            start = i + 1
    frames = []
    if any(line.strip() == TRACEBACK_HEADER for line in lines):
        for line in lines[start:]:
            m = FRAME_RE.match(line)
            if m and _frame_matches(m.group("path"), script_name):
                frames.append(f"line {m.group('line')}, in {m.group('name')}")
    return first, frames, last


def format_header(python_version, sha, exit_code, stderr_summary,
                  tensorflow_version=None):
    """The header lines of a golden, as text ending with the separator line.

    With tensorflow_version the first line is
    `# kiln-golden tensorflow=<tf> python=<py> sha256=<sha>` (a TensorFlow
    golden), otherwise `# kiln-golden python=<py> sha256=<sha>`.
    """
    tf_field = f"tensorflow={tensorflow_version} " if tensorflow_version else ""
    out = [f"# kiln-golden {tf_field}python={python_version} sha256={sha}",
           f"# exit: {exit_code}"]
    if stderr_summary is not None:
        first, frames, last = stderr_summary
        out.append(f"# stderr-first: {first}")
        for frame in frames:
            out.append(f"# stderr-frame: {frame}")
        out.append(f"# stderr-last: {last}")
    out.append(SEPARATOR.decode())
    return "\n".join(out) + "\n"


def write_golden(script, python_version, exit_code, stdout, stderr_summary,
                 tensorflow_version=None, cpu_variant=False,
                 isa_variant=False, cache_variant=False):
    """Write SCRIPT's golden from one recorded run (both recorders use this).

    Refuses stdout that names the script's folder: a golden must pass from
    any checkout. Round-trips through parse_golden so a golden the checker
    cannot read is never written.
    """
    script = os.path.abspath(script)
    script_dir, script_name = os.path.split(script)
    if script_dir.encode("utf-8") in stdout:
        raise SystemExit(f"{script_name} prints its own absolute path "
                         f"({script_dir}); print less of the message so the "
                         "golden passes from any checkout")
    header = format_header(python_version, sha256_of(script), exit_code,
                           stderr_summary, tensorflow_version=tensorflow_version)
    data = header.encode("utf-8") + stdout
    parsed = parse_golden(data)
    assert parsed["stdout"] == stdout and parsed["exit"] == exit_code
    assert parsed["stderr"] == stderr_summary
    assert parsed.get("tensorflow") == tensorflow_version
    with open(golden_path(script, cpu_variant, isa_variant,
                          cache_variant=cache_variant), "wb") as f:
        f.write(data)


def parse_golden(data):
    """Parse golden bytes into a dict.

    Keys: python (None in a TensorFlow golden without python=), tensorflow
    (None in a CPython golden), sha256, exit (int), stderr (None or
    (first, frames, last)), stdout (bytes).
    """
    pos = 0
    header = []
    while True:
        nl = data.find(b"\n", pos)
        if nl < 0:
            raise GoldenError("no '# ---' separator line")
        line = data[pos:nl]
        pos = nl + 1
        if line == SEPARATOR:
            break
        header.append(line.decode("utf-8"))
    stdout = data[pos:]
    if not header or not header[0].startswith("# kiln-golden "):
        raise GoldenError("first line is not '# kiln-golden python=... sha256=...' "
                          "or '# kiln-golden tensorflow=... sha256=...'")
    fields = dict(kv.split("=", 1) for kv in header[0][len("# kiln-golden "):].split())
    if "sha256" not in fields or ("python" not in fields and "tensorflow" not in fields):
        raise GoldenError("first line lacks sha256= or both python= and tensorflow=")
    result = {"python": fields.get("python"), "tensorflow": fields.get("tensorflow"),
              "sha256": fields["sha256"], "exit": None, "stdout": stdout}
    first = last = None
    frames = []
    for line in header[1:]:
        if line.startswith("# exit: "):
            result["exit"] = int(line[len("# exit: "):])
        elif line.startswith("# stderr-first: "):
            first = line[len("# stderr-first: "):]
        elif line.startswith("# stderr-frame: "):
            frames.append(line[len("# stderr-frame: "):])
        elif line.startswith("# stderr-last: "):
            last = line[len("# stderr-last: "):]
        else:
            raise GoldenError(f"unknown header line: {line!r}")
    if result["exit"] is None:
        raise GoldenError("no '# exit:' line")
    if (first is None) != (last is None):
        raise GoldenError("stderr-first and stderr-last must come together")
    result["stderr"] = None if first is None else (first, frames, last)
    return result


def _stdout_lines(data):
    text = data.decode("utf-8", errors="backslashreplace")
    lines = text.splitlines(keepends=True)
    if lines and not lines[-1].endswith(("\n", "\r")):
        lines[-1] += "\n\\ No newline at end of stdout\n"
    return lines


def _report_lines(exit_code, stderr_summary, stdout):
    lines = [f"exit: {exit_code}\n"]
    if stderr_summary is not None:
        first, frames, last = stderr_summary
        lines.append(f"stderr-first: {first}\n")
        lines.extend(f"stderr-frame: {frame}\n" for frame in frames)
        lines.append(f"stderr-last: {last}\n")
    lines.append("---- stdout ----\n")
    lines.extend(_stdout_lines(stdout))
    return lines


def run_with_timeout(argv, cwd, env, timeout):
    """subprocess.run, but on timeout kill the whole process group (the
    command and anything it started), not only the direct child."""
    posix = os.name == "posix"
    with subprocess.Popen(argv, cwd=cwd, env=env, stdin=subprocess.DEVNULL,
                          stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                          start_new_session=posix) as p:
        try:
            out, err = p.communicate(timeout=timeout)
        except subprocess.TimeoutExpired:
            if posix:
                try:
                    os.killpg(p.pid, signal.SIGKILL)
                except ProcessLookupError:
                    pass
            else:
                p.kill()
            p.communicate()
            raise
    return subprocess.CompletedProcess(argv, p.returncode, out, err)


def check(kiln, script, run_options=(), timeout=TIMEOUT_S):
    """Return (ok, message). run_options go to `kiln run` before the script."""
    script = os.path.abspath(script)
    script_dir, script_name = os.path.split(script)
    rel = os.path.relpath(script)
    try:
        gpath = golden_path(script,
                            host_isa="--emulate-cuda" not in run_options)
    except GoldenError as e:
        return False, f"FAIL {rel}: {e}"
    if not os.path.exists(gpath):
        return False, (f"FAIL {rel}: no golden {os.path.relpath(gpath)}; record it with "
                       f"{record_hint(script)} {rel}")
    try:
        with open(gpath, "rb") as f:
            golden = parse_golden(f.read())
    except (GoldenError, ValueError, UnicodeDecodeError) as e:
        return False, f"FAIL {rel}: bad golden: {e}"
    actual_sha = sha256_of(script)
    if golden["sha256"] != actual_sha:
        return False, (f"FAIL {rel}: stale golden (script sha256 {actual_sha[:12]}..., "
                       f"golden recorded for {golden['sha256'][:12]}...); the script "
                       f"changed since its golden was recorded: re-record it with "
                       f"{record_hint(script, golden)} {rel}")

    if os.sep in kiln or (os.altsep and os.altsep in kiln):
        kiln = os.path.abspath(kiln)
    env = dict(os.environ, PYTHONHASHSEED="0", PYTHONIOENCODING="utf-8")
    try:
        proc = run_with_timeout([kiln, "run", *run_options, script_name],
                                script_dir, env, timeout)
    except subprocess.TimeoutExpired:
        return False, f"FAIL {rel}: '{kiln} run' timed out after {timeout} s"
    except OSError as e:
        return False, f"FAIL {rel}: cannot run {kiln}: {e}"

    expected_stderr = golden["stderr"]
    actual_stderr = None
    if expected_stderr is not None:
        actual_stderr = (summarize_stderr(proc.stderr, script_name, script_dir)
                         or ("<no stderr>", [], "<no stderr>"))
    ok = (proc.returncode == golden["exit"] and proc.stdout == golden["stdout"]
          and actual_stderr == expected_stderr)
    if ok:
        return True, f"PASS {rel}"

    expected = _report_lines(golden["exit"], expected_stderr, golden["stdout"])
    actual = _report_lines(proc.returncode, actual_stderr, proc.stdout)
    if golden["tensorflow"]:
        source = f"TensorFlow {golden['tensorflow']}"
    else:
        source = f"CPython {golden['python']}"
    diff = "".join(difflib.unified_diff(expected, actual,
                                        fromfile=f"expected ({source})",
                                        tofile=f"actual ({os.path.basename(kiln)} run)"))
    msg = [f"FAIL {rel}", diff.rstrip("\n")]
    if not diff.strip() or expected == actual:
        msg.append("outputs differ in bytes the diff cannot show:")
        msg.append(f"expected stdout: {golden['stdout']!r}")
        msg.append(f"actual stdout:   {proc.stdout!r}")
    if proc.stderr and (expected_stderr is None or actual_stderr != expected_stderr):
        msg.append("---- actual stderr ----")
        msg.append(proc.stderr.decode("utf-8", errors="backslashreplace").rstrip("\n"))
    return False, "\n".join(msg)


def main(argv):
    if len(argv) < 3 or argv[1] in ("-h", "--help"):
        print(__doc__.strip().splitlines()[2], file=sys.stderr)
        return 2
    options = argv[3:]
    ok, message = check(argv[1], argv[2], options,
                        EMULATION_TIMEOUT_S if "--emulate-cuda" in options
                        else TIMEOUT_S)
    print(message, file=sys.stdout if ok else sys.stderr)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv))
