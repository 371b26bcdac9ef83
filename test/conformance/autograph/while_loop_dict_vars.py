# tf.while_loop's loop variables and tf.cond's results may hold dicts: they
# are flattened in tf.nest's order (sorted keys) and rebuilt with the
# caller's keys.
import tensorflow as tf


@tf.function
def f():
    return tf.while_loop(lambda i, st: i < 3,
                         lambda i, st: (i + 1, {"b": st["b"] * 2, "a": st["a"] + i}),
                         (tf.constant(0), {"b": tf.constant(1.0), "a": tf.constant(0)}))


print(f())


@tf.function
def g(x):
    return tf.cond(x > 0, lambda: {"y": x * 2, "n": [x, x + 1]},
                   lambda: {"y": -x, "n": [x, x - 1]})


print(g(tf.constant(3)))
print(g(tf.constant(-3)))
