# Eager tf.while_loop packs its results as the loop variables' type specs:
# every Python number becomes a tensor, nested in dicts and lists too.
import tensorflow as tf
print(tf.while_loop(lambda i, d: i < 2, lambda i, d: (i + 1, {"a": d["a"] + 1.0}), [0, {"a": 0.0}]))
print(tf.while_loop(lambda i, d: i < 2, lambda i, d: (i + 1, [d[0] + 1.0]), [0, [0.0]]))
print(tf.while_loop(lambda i, d: i < 2, lambda i, d: (i + 1, (d[0] + 1, True)), (0, (0.5, False))))
print(tf.while_loop(lambda i: i < 3, lambda i: (i + 1,), [0]))
