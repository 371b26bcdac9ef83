# tf.print formats tensors inside lists, tuples and dicts in place, with dict keys sorted as tf.nest orders them;
# a scalar string tensor is quoted unless it is the only argument.
import sys
import tensorflow as tf
tf.print({"b": 1, "a": 2}, [1, "a"], ("x",), {2: "u", 1: "v"}, output_stream=sys.stdout)
tf.print({"b": tf.constant(1), "a": 2}, {2: tf.constant(5), 1: "v"}, output_stream=sys.stdout)
tf.print([tf.constant("a"), tf.constant(["b", "c"])], output_stream=sys.stdout)
tf.print(tf.constant("solo"), output_stream=sys.stdout)
tf.print([tf.constant(True), tf.constant(2.5, tf.float64)], output_stream=sys.stdout)
@tf.function
def f(s):
    tf.print(s, output_stream=sys.stdout)
    tf.print(s, s, output_stream=sys.stdout)
    tf.print({"q": s}, output_stream=sys.stdout)
    return s
f(tf.constant("str"))
@tf.function
def g(x, s):
    tf.print(["a", x, 1.5, None, True], (x,), {"k": {"z": x, "a": [s]}}, output_stream=sys.stdout)
    tf.print("x:", [x], "s:", s, [s], sep="|", output_stream=sys.stdout)
    tf.print([], {}, (), [[x]], summarize=1, output_stream=sys.stdout)
    return x
g(tf.constant([1.0, 2.0, 3.0]), tf.constant("hi"))
x = tf.constant([1, 2])
tf.print(["a", x, 1.5], {"k": (x, "b")}, tf.constant("hey"), [tf.constant("hey")], output_stream=sys.stdout)
tf.print([tf.constant(3.5)], output_stream=sys.stdout)
