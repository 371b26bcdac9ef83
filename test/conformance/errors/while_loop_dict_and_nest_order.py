# tf.while_loop unpacks its loop variables into cond(*loop_vars): a dict's
# are its keys, which the lambdas then index (eagerly the arity fails
# first). Structure checks walk pairs of children before comparing
# lengths, so a difference inside the common part is the one reported.
import tensorflow as tf

try:
  tf.while_loop(lambda s: s["i"] < 3, lambda s: {"i": s["i"] + 1},
                {"i": tf.constant(0), "x": tf.constant(1.0)})
except TypeError as e:
  print(type(e).__name__, e)


@tf.function
def g():
  return tf.while_loop(lambda s: s["i"] < 3, lambda s: {"i": s["i"] + 1},
                       {"i": tf.constant(0)})


try:
  g()
except TypeError as e:
  print(type(e).__name__, str(e).splitlines()[-1].strip())

print(tf.while_loop(lambda s: s["i"] < 3,
                    lambda s: [{"i": s["i"] + 1, "x": s["x"] * 2}],
                    [{"i": tf.constant(0), "x": tf.constant(1.0)}]))
for a, b in [([1, [2]], [[1], 2, 3]), ([1, 2], [1, 2, 3]), ([[1]], [1, 2]),
             ({"a": 1}, {"a": 1, "b": 2}), (([1],), ([1, 2], 3))]:
  try:
    tf.nest.assert_same_structure(a, b)
  except ValueError as e:
    print(str(e).split("More specifically: ")[1].split("\n")[0])
