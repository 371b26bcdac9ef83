# tf.while_loop outside a function runs as a Python loop and returns its
# loop variables as tensors (Python numbers included), in their structure;
# a body must return a sequence like its loop variables.
import tensorflow as tf

i, s = tf.while_loop(lambda i, s: i < 5, lambda i, s: (i + 1, s + i), [0, 0])
print(i, s)
print(tf.while_loop(lambda i: i < 10, lambda i: (i * 2,), (1,)))
print(tf.while_loop(lambda i: i < 0, lambda i: i + 1, [5]))
print(tf.while_loop(lambda i: i < 3, lambda i: [i + 1], [0]))
print(tf.while_loop(lambda i, x: i < 3, lambda i, x: (i + 1, x * 2.0), (0, 1.5)))
print(tf.cond(tf.constant(True), lambda: 1, lambda: 2))
for loop_vars in ([0], [tf.constant(0)], 0):
    try:
        tf.while_loop(lambda i: i < 3, lambda i: i + 1, loop_vars)
    except (TypeError, ValueError) as e:
        print(type(e).__name__ + ":", e)
