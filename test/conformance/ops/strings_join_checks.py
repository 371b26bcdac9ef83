# tf.strings.join's argument checks (a list of inputs, a string separator,
# one shape or scalars), an empty join, and its one StringJoin node in a
# graph.
import tensorflow as tf
for thunk in [lambda: tf.strings.join("abc"), lambda: tf.strings.join(["a", "b"], separator=1), lambda: tf.strings.join([tf.constant([["a"], ["b"]]), tf.constant(["x", "y"])]), lambda: tf.strings.join([]), lambda: tf.strings.join(["a", tf.constant(["x", "y"])], separator="-"), lambda: tf.strings.join([tf.constant(["p", "q"]), tf.constant(["x", "y"])])]:
    try:
        print(thunk())
    except Exception as e:
        print(type(e).__name__, str(e).splitlines()[0])

@tf.function
def f(s):
    j = tf.strings.join([s, s], separator="+")
    print(j)
    return j
print(f(tf.constant("s")))
