# The eager shape errors of binary ops: a Python operand of a generated op
# (tf.maximum(t, [1., 2.]), t * [1., 2.]) ends the message without
# ' name: '; an operator's Python left operand and the wrappers that convert
# first keep it; kiln's composites report TensorFlow's op.
import tensorflow as tf

t = tf.constant([[-1, 0., 10.], [-1, 0, 10]])
b = tf.constant([[True, False, True]] * 2)
v = tf.Variable([1., 2.])
L = [1., 2.]
calls = {
    "maximum": lambda: tf.maximum(t, L),
    "minimum": lambda: tf.minimum(L, t),
    "maximum var": lambda: tf.maximum(t, v),
    "greater": lambda: tf.greater(t, L),
    "equal": lambda: tf.equal(t, L),
    "floormod": lambda: tf.math.floormod(t, L),
    "atan2": lambda: tf.math.atan2(t, L),
    "pow": lambda: tf.pow(t, L),
    "multiply": lambda: tf.multiply(t, L),
    "add": lambda: tf.add(t, L),
    "divide": lambda: tf.divide(t, L),
    "logical_and": lambda: tf.logical_and(b, [True, False]),
    "t * L": lambda: t * L,
    "t * v": lambda: t * v,
    "t > L": lambda: t > L,
    "L - t": lambda: L - t,
    "clip_by_value": lambda: tf.clip_by_value(t, [[[2, 1]]], 100),
    "divide_no_nan": lambda: tf.math.divide_no_nan(t, L),
    "xdivy": lambda: tf.math.xdivy(t, L),
    "xlogy": lambda: tf.math.xlogy(t, tf.constant(L)),
    "squared_difference": lambda: tf.math.squared_difference(t, L),
    "squared_difference tensors":
        lambda: tf.math.squared_difference(t, tf.constant(L)),
}
for k, f in calls.items():
  try:
    f()
  except tf.errors.InvalidArgumentError as e:
    print(k, "|", str(e).split("\n")[0].split("}} ")[-1])

for name, fn in [("squared_difference", tf.math.squared_difference),
                 ("xdivy", tf.math.xdivy),
                 ("divide_no_nan", tf.math.divide_no_nan)]:
  @tf.function
  def g(a, b):
    return fn(a, b)
  try:
    g(t, tf.constant(L))
  except ValueError as e:
    print(name, "|", str(e).strip().split("\n")[-1])
