# A Python string next to a number tensor: eagerly the conversion fails;
# while tracing, a reflected operator's string is converted first (and
# fails), Add's right operand fails Add's input check, and other ops'
# right operands fail to convert to the parameter's type.
import tensorflow as tf
def a1(x): return "value: " + x
def a2(x): return x + "a"
def a3(x): return "v" * x
def a4(x): return x * "v"
def a5(x): return "v" - x
def a6(x): return x - "v"
def a7(x): return "q" < x
def a8(x): return x < "q"
def a9(x): return x / "q"
def a10(x): return tf.add(x, "q")
def a12(x): return x == "q"
for f in [a1, a2, a3, a5, a6, a7, a8, a9, a10, a12]:
    for g in [f, tf.function(f)]:
        try:
            g(tf.constant(1.0))
            print("ok")
        except Exception as e:
            print(type(e).__name__, str(e).splitlines()[-1])
# (Eagerly, `x * "v"` fails inside TensorFlow's sequence-repeat check.)
try:
    tf.function(a4)(tf.constant(1.0))
except TypeError as e:
    print(type(e).__name__, str(e).splitlines()[-1])
