#!/usr/bin/env python3
"""Times kiln beside TensorFlow, JAX and NumPy on the cases in bench/cases.

Each case is a TensorFlow script with one tf.function `f` and an
input_signature. kiln compiles it to a shared library (`kiln compile`), and
this script calls the library's typed entry point through ctypes; the same
`f` runs under TensorFlow, and the NumPy and JAX versions below compute the
same thing. Every implementation gets the same inputs, their results are
checked against TensorFlow's, and each is timed in this one process: the
median of several repeats of a batch of calls. The report gives the times
and each one's ratio to kiln's (above 1: kiln is faster).

Needs the venv that scripts/setup-tf-venv.sh --with-bench makes (JAX is
optional: its column says "n/a" without it) and a build of kiln.

  .venv/bin/python bench/run.py [--kiln build/bin/kiln] [--cases mlp,...]
                                [--repeats 7] [--json out.json]
"""

import argparse
import ctypes
import importlib.util
import json
import os
import subprocess
import sys
import tempfile
import time

import numpy as np

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
os.environ.setdefault("TF_ENABLE_ONEDNN_OPTS", "0")
os.environ.setdefault("CUDA_VISIBLE_DEVICES", "")
import tensorflow as tf  # noqa: E402

try:
    import jax  # noqa: E402
    import jax.numpy as jnp  # noqa: E402

    jax.config.update("jax_platforms", "cpu")
except ImportError:
    jax = None

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)


# ---- the cases' NumPy and JAX versions, and their inputs ----------------


def mlp_weights(xp):
    w1 = (xp.arange(784 * 128, dtype=np.float32) % 17.0 - 8.0).reshape(784, 128) / 100.0
    w2 = (xp.arange(128 * 10, dtype=np.float32) % 13.0 - 6.0).reshape(128, 10) / 50.0
    return w1, w2


def mlp(xp):
    w1, w2 = mlp_weights(xp)

    def run(x):
        h = xp.maximum(x @ w1 + np.float32(0.1), 0)
        z = h @ w2
        e = xp.exp(z - z.max(axis=1, keepdims=True))
        return e / e.sum(axis=1, keepdims=True)

    return run


def elementwise(xp):
    def run(x):
        y = xp.tanh(x) * np.float32(0.5) + np.float32(0.25)
        return xp.where(y > 0.3, xp.exp(-y), y * y)

    return run


def logsumexp(xp):
    def run(x):
        m = x.max(axis=1, keepdims=True)
        return m[:, 0] + xp.log(xp.exp(x - m).sum(axis=1))

    return run


def rnn_grad_numpy():
    w = (np.arange(64 * 64, dtype=np.float32) % 7.0 - 3.0).reshape(64, 64) / 40.0

    def run(xs):
        hs = [np.zeros((32, 64), np.float32)]
        for t in range(xs.shape[0]):
            hs.append(np.tanh(hs[-1] @ w + xs[t]))
        g = 2 * hs[-1]
        out = np.empty_like(xs)
        for t in reversed(range(xs.shape[0])):
            g = g * (1 - hs[t + 1] * hs[t + 1])
            out[t] = g
            g = g @ w.T
        return out

    return run


def rnn_grad_jax():
    w = (jnp.arange(64 * 64, dtype=jnp.float32) % 7.0 - 3.0).reshape(64, 64) / 40.0

    def loss(xs):
        def step(h, x):
            h = jnp.tanh(h @ w + x)
            return h, None

        h, _ = jax.lax.scan(step, jnp.zeros((32, 64), jnp.float32), xs)
        return jnp.sum(h * h)

    return jax.grad(loss)


def cnn_filters(xp):
    k1 = (xp.arange(3 * 3 * 1 * 32, dtype=np.float32) % 11.0 - 5.0).reshape(3, 3, 1, 32) / 20.0
    k2 = (xp.arange(3 * 3 * 32 * 64, dtype=np.float32) % 13.0 - 6.0).reshape(3, 3, 32, 64) / 60.0
    return k1, k2


def cnn_numpy():
    k1, k2 = cnn_filters(np)

    def conv_same(x, k):
        # The 3x3 windows of the zero-padded images as [n, h, w, 9 * c]
        # patches, times the filters as a [9 * c, f] matrix.
        n, h, w, c = x.shape
        p = np.pad(x, ((0, 0), (1, 1), (1, 1), (0, 0)))
        patches = np.concatenate([p[:, i:i + h, j:j + w, :]
                                  for i in range(3) for j in range(3)], axis=3)
        return patches.reshape(-1, 9 * c) @ k.reshape(9 * c, -1)

    def run(x):
        n = x.shape[0]
        h = np.maximum(conv_same(x, k1), 0).reshape(n, 28, 28, 32)
        h = h.reshape(n, 14, 2, 14, 2, 32).max(axis=(2, 4))
        return np.maximum(conv_same(h, k2), 0).reshape(n, 14, 14, 64)

    return run


def cnn_jax():
    k1, k2 = cnn_filters(jnp)

    def conv_same(x, k):
        return jax.lax.conv_general_dilated(
            x, k, (1, 1), "SAME", dimension_numbers=("NHWC", "HWIO", "NHWC"))

    def run(x):
        h = jnp.maximum(conv_same(x, k1), 0)
        h = jax.lax.reduce_window(h, -jnp.inf, jax.lax.max, (1, 2, 2, 1),
                                  (1, 2, 2, 1), "VALID")
        return jnp.maximum(conv_same(h, k2), 0)

    return run


def inputs_for(shape, seed):
    rng = np.random.default_rng(seed)
    return rng.standard_normal(shape).astype(np.float32)


CASES = {
    "mlp": {
        "numpy": lambda: mlp(np),
        "jax": lambda: mlp(jnp),
        "tolerance": 1e-5,
    },
    "elementwise": {
        "numpy": lambda: elementwise(np),
        "jax": lambda: elementwise(jnp),
        "tolerance": 1e-5,
    },
    "logsumexp": {
        "numpy": lambda: logsumexp(np),
        "jax": lambda: logsumexp(jnp),
        "tolerance": 1e-4,
    },
    "cnn": {
        "numpy": cnn_numpy,
        "jax": cnn_jax,
        "tolerance": 1e-4,
    },
    "rnn_grad": {
        "numpy": rnn_grad_numpy,
        "jax": rnn_grad_jax,
        "tolerance": 1e-4,
    },
}


# ---- kiln: compile, then call the typed entry point ---------------------

CTYPES = {"float32": ctypes.c_float, "int32": ctypes.c_int32, "float64": ctypes.c_double}
NUMPY = {"float32": np.float32, "int32": np.int32, "float64": np.float64}


def kiln_function(kiln, script, workdir, cpu):
    name = os.path.splitext(os.path.basename(script))[0]
    lib = os.path.join(workdir, "lib" + name + ".so")
    subprocess.run([kiln, "compile", script, "-o", lib, "--target-cpu", cpu],
                   check=True)
    manifest = json.loads(
        subprocess.run([kiln, "compile", script, "--emit=manifest", "-o", "-"],
                       check=True, capture_output=True, text=True).stdout)
    fn = next(f for f in manifest["functions"] if f["name"] == "f")
    handle = ctypes.CDLL(lib)
    entry = getattr(handle, fn["typed_entry_point"])
    entry.restype = ctypes.c_int
    libc = ctypes.CDLL(None)
    outs = fn["outputs"]
    shapes = [(ctypes.c_int64 * len(i["shape"]))(*i["shape"]) for i in fn["inputs"]]
    out_ptrs = [ctypes.POINTER(CTYPES[o["dtype"]])() for o in outs]
    out_shapes = [(ctypes.c_int64 * max(1, len(o["shape"])))() for o in outs]

    def invoke(arrays, keep):
        args = []
        for a, s in zip(arrays, shapes):
            args += [a.ctypes.data_as(ctypes.c_void_p), s]
        for p, s in zip(out_ptrs, out_shapes):
            args += [ctypes.byref(p), s]
        if entry(*args) != 0:
            raise RuntimeError(name + ": the kiln call failed")
        # Each output is a malloc'd buffer the caller frees (a copy first
        # when the values are kept).
        values = []
        for p, s, o in zip(out_ptrs, out_shapes, outs):
            if keep:
                shape = [s[i] for i in range(len(o["shape"]))]
                count = int(np.prod(shape)) if shape else 1
                values.append(np.ctypeslib.as_array(p, shape=(count,))
                              .copy().reshape(shape))
            libc.free(p)
        return values

    def call(*arrays):
        invoke(arrays, False)

    def result(*arrays):
        values = invoke(arrays, True)
        return values[0] if len(values) == 1 else values

    return call, result, fn["inputs"]


# ---- timing -------------------------------------------------------------


def timed(fn, args, repeats):
    """Median seconds per call: batches of calls lasting about 0.2 s each."""
    fn(*args)  # warm up (JIT compilation, caches)
    start = time.perf_counter()
    fn(*args)
    once = max(time.perf_counter() - start, 1e-6)
    batch = max(1, int(0.2 / once))
    samples = []
    for _ in range(repeats):
        start = time.perf_counter()
        for _ in range(batch):
            fn(*args)
        samples.append((time.perf_counter() - start) / batch)
    samples.sort()
    return samples[len(samples) // 2]


def load_case(path):
    spec = importlib.util.spec_from_file_location(
        "case_" + os.path.basename(path)[:-3], path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--kiln", default=os.path.join(ROOT, "build", "bin", "kiln"))
    parser.add_argument("--cases", default=",".join(CASES))
    parser.add_argument("--repeats", type=int, default=7)
    parser.add_argument("--target-cpu", default="native",
                        help="kiln's --target-cpu (TensorFlow and JAX use "
                        "the host's vector units too)")
    parser.add_argument("--json", help="also write the results here")
    args = parser.parse_args()

    rows = []
    with tempfile.TemporaryDirectory() as workdir:
        for name in args.cases.split(","):
            case = CASES[name]
            script = os.path.join(HERE, "cases", name + ".py")
            call, result, specs = kiln_function(args.kiln, script, workdir,
                                                args.target_cpu)
            inputs = [inputs_for(s["shape"], seed) for seed, s in enumerate(specs)]
            tf_fn = load_case(script).f
            tf_args = [tf.constant(a) for a in inputs]
            expected = tf_fn(*tf_args).numpy()
            impls = {
                "kiln": (call, inputs, result(*inputs)),
                "tensorflow": (tf_fn, tf_args, expected),
            }
            if jax is not None:
                jfn = jax.jit(case["jax"]())
                jargs = [jnp.asarray(a) for a in inputs]
                impls["jax"] = (lambda *a, f=jfn: f(*a).block_until_ready(),
                                jargs, np.asarray(jfn(*jargs)))
            npfn = case["numpy"]()
            impls["numpy"] = (npfn, inputs, npfn(*inputs))
            # kiln aims at TensorFlow's rounding (docs/numerics.md): say
            # whether it got there, beside the timing.
            row = {"case": name,
                   "bitwise": bool(np.array_equal(impls["kiln"][2], expected))}
            for impl, (fn, fargs, value) in impls.items():
                if not np.allclose(value, expected, rtol=case["tolerance"],
                                   atol=case["tolerance"]):
                    raise SystemExit(f"{name}: {impl}'s result differs from TensorFlow's")
                row[impl] = timed(fn, fargs, args.repeats)
            rows.append(row)

    columns = ["kiln", "tensorflow", "jax", "numpy"]
    print(f"{'case':<12}" + "".join(f"{c + ' us':>16}" for c in columns) +
          "".join(f"{c + '/kiln':>16}" for c in columns[1:]) +
          f"{'kiln == tf':>12}")
    for row in rows:
        line = f"{row['case']:<12}"
        for c in columns:
            line += f"{row[c] * 1e6:>16.1f}" if c in row else f"{'n/a':>16}"
        for c in columns[1:]:
            line += f"{row[c] / row['kiln']:>16.2f}" if c in row else f"{'n/a':>16}"
        line += f"{'bitwise' if row['bitwise'] else 'close':>12}"
        print(line)
    if args.json:
        with open(args.json, "w") as out:
            json.dump(rows, out, indent=2)


if __name__ == "__main__":
    main()
