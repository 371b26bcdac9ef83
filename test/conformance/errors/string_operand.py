# A Python string operand: add makes a string tensor that the kernel
# rejects; the other ops convert it to the tensor's dtype, which fails with
# a TypeError; truediv's hint leaves it a string and the dtypes disagree.
# Tensors define no __divmod__.
import tensorflow as tf
t = tf.constant(1.5)
for label, fn in [("+", lambda: t + "a"), ("add", lambda: tf.add(t, "a")), ("==", lambda: t == "a"),
                  ("%", lambda: t % "x"), ("equal", lambda: tf.equal(t, "a")), ("<", lambda: t < "a"),
                  ("r+", lambda: "a" + t), ("!=", lambda: t != "a"),
                  ("divmod", lambda: divmod(tf.constant(7), 2))]:
    try:
        print(label, fn())
    except Exception as e:
        print(label, type(e).__name__, str(e).splitlines()[0][:150])
i = tf.constant(3)
for label, fn in [("-", lambda: t - "a"), ("/", lambda: t / "a"), ("//", lambda: t // "a"), ("**", lambda: t ** "a"),
                  ("max", lambda: tf.maximum(t, "a")), ("subtract", lambda: tf.subtract(t, "a")), ("multiply", lambda: tf.multiply(t, "a")),
                  ("i==", lambda: i == "a"), ("i-", lambda: i - "a"), ("i&", lambda: i & "a"),
                  ("mod", lambda: tf.math.floormod(t, "a")), ("r-", lambda: "a" - t), (">=", lambda: t >= "a")]:
    try:
        print(label, fn())
    except Exception as e:
        print(label, type(e).__name__, str(e).splitlines()[0][:150])
