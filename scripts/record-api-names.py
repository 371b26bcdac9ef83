#!/usr/bin/env python3
"""Record what the real modules behind kiln's stand-ins hold.

Usage: scripts/record-api-names.py [--python PYTHON]

Runs PYTHON (default: .venv/bin/python, made by scripts/setup-tf-venv.sh),
imports TensorFlow, NumPy and math, and writes tracer/ApiNames.txt: for each
module kiln provides, its name in kiln, its `__name__` in Python and its
`dir()`; for the tensor and array classes, their qualified name, their
`__name__` and their `dir()`. kiln uses them for the AttributeError of a name the real module
lacks ("module 'tensorflow._api.v2.nn' has no attribute 'relus'") and for
CPython's "Did you mean" suggestion, which looks through dir(). The file is
data recorded from the real modules, like the conformance goldens, and is
never written by hand.
"""
import argparse
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# kiln's module name -> the expression for the real module.
MODULES = [
    ("tensorflow", "tf"),
    ("tensorflow.autograph", "tf.autograph"),
    ("tensorflow.autograph.experimental", "tf.autograph.experimental"),
    ("tensorflow.bitwise", "tf.bitwise"),
    ("tensorflow.compat", "tf.compat"),
    ("tensorflow.compat.v1.logging", "tf.compat.v1.logging"),
    ("tensorflow.config", "tf.config"),
    ("tensorflow.debugging", "tf.debugging"),
    ("tensorflow.dtypes", "tf.dtypes"),
    ("tensorflow.errors", "tf.errors"),
    ("tensorflow.image", "tf.image"),
    ("tensorflow.io", "tf.io"),
    ("tensorflow.linalg", "tf.linalg"),
    ("tensorflow.math", "tf.math"),
    ("tensorflow.nest", "tf.nest"),
    ("tensorflow.nn", "tf.nn"),
    ("tensorflow.random", "tf.random"),
    ("tensorflow.strings", "tf.strings"),
    ("tensorflow.sysconfig", "tf.sysconfig"),
    ("tensorflow.test", "tf.test"),
    ("numpy", "np"),
    ("numpy.random", "np.random"),
    ("math", "math"),
    # Classes whose instances users reach, named as AttributeError names
    # them: their dir() is what CPython suggests from.
    ("tensorflow.python.framework.ops.EagerTensor", "type(tf.constant(1))"),
    ("numpy.ndarray", "np.ndarray"),
    ("tensorflow.python.framework.tensor_shape.TensorShape", "tf.TensorShape"),
    ("tensorflow.python.framework.tensor.TensorSpec", "tf.TensorSpec"),
    ("tensorflow.python.framework.dtypes.DType", "tf.DType"),
    ("tensorflow.python.ops.resource_variable_ops.ResourceVariable",
     "type(tf.Variable(1.0))"),
    ("tensorflow.python.eager.backprop.GradientTape", "tf.GradientTape"),
    ("tensorflow.python.ops.tensor_array_ops.TensorArray", "tf.TensorArray"),
    ("tensorflow.python.eager.polymorphic_function.polymorphic_function."
     "Function", "type(tf.function(lambda: 1))"),
    ("tensorflow.python.eager.polymorphic_function.concrete_function."
     "ConcreteFunction",
     "type(tf.function(lambda: 1).get_concrete_function())"),
    # Python's own types, for dir() of their values (and of the script's
    # classes, which start from object's names).
    ("builtins.object", "object"),
    ("builtins.BaseException", "BaseException"),
    ("builtins.list", "list"),
    ("builtins.dict", "dict"),
    ("builtins.str", "str"),
    ("builtins.bytes", "bytes"),
    ("builtins.tuple", "tuple"),
    ("builtins.set", "set"),
    ("builtins.frozenset", "frozenset"),
    ("builtins.int", "int"),
    ("builtins.float", "float"),
    ("builtins.bool", "bool"),
    ("builtins.NoneType", "type(None)"),
    ("builtins.function", "type(lambda: 0)"),
]

PROGRAM = """
import math, sys
import numpy as np
import tensorflow as tf
print("# Recorded by scripts/record-api-names.py from tensorflow=" +
      tf.__version__ + " numpy=" + np.__version__ + " python=" +
      sys.version.split()[0] + "; not written by hand.")
print("# <kiln module> <Python __name__> <dir() names...>")
for kiln_name, expr in MODULES:
    module = eval(expr)
    print(kiln_name, module.__name__, " ".join(dir(module)))
""".replace("MODULES", repr(MODULES))


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--python", default=os.path.join(ROOT, ".venv", "bin", "python"))
    args = parser.parse_args()
    env = dict(os.environ, TF_CPP_MIN_LOG_LEVEL="3", CUDA_VISIBLE_DEVICES="")
    out = subprocess.run([args.python, "-c", PROGRAM], env=env, check=True,
                         stdout=subprocess.PIPE, text=True).stdout
    target = os.path.join(ROOT, "tracer", "ApiNames.txt")
    with open(target, "w") as f:
        f.write(out)
    print("recorded", os.path.relpath(target, ROOT))


if __name__ == "__main__":
    sys.exit(main())
