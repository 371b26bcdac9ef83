# Python values a dtype cannot hold: the eager conversion's TypeError, and
# inside a function the graph constant's ("Expected int32, but got ..."), and
# the ops' own errors for tensors of two dtypes.
import tensorflow as tf
v = tf.Variable(1)

cases = {
    "constant": lambda: tf.constant(2.5, tf.int32),
    "add": lambda: tf.add(tf.constant(1), 2.5),
    "plus": lambda: tf.constant(1) + 2.5,
    "assign": lambda: v.assign(2.5),
    "zeros": lambda: tf.zeros("3"),
    "cast_str": lambda: tf.constant("x") + 1,
}


def run(graph):
    for name, fn in cases.items():
        try:
            (tf.function(fn) if graph else fn)()
            print(name, "ok")
        except Exception as e:
            print(name, type(e).__name__, str(e).strip().splitlines()[-1])


run(False)
run(True)
