# Messages of op arguments a newcomer gets wrong, eagerly and in a function:
# a float count for tf.linspace, a gather axis past the rank, a reshape
# size below -1, concat of no tensors, a float reduction axis, %-formatting
# a vector, and jacobian without pfor on a non-persistent tape.
import numpy as np
import tensorflow as tf


def show(fn, *args, **kwargs):
    try:
        print(fn(*args, **kwargs))
    except Exception as e:
        lines = [line.strip() for line in str(e).splitlines()]
        lines = [line for line in lines if line and "__inference" not in line]
        print(type(e).__name__ + ":", lines[-1])


m = tf.ones([2, 3])

show(tf.linspace, 0.0, 1.0, 2.5)
show(tf.linspace, 0.0, 1.0, tf.constant(3.0))
show(tf.linspace, 0.0, 1.0, tf.constant(3, tf.int64))
show(tf.function(lambda n: tf.linspace(0.0, 1.0, n)), tf.constant(2.0))
show(tf.function(lambda: tf.linspace(0.0, 1.0, 2.5)))

show(tf.gather, m, [0], axis=3)
show(tf.gather, m, [0], axis=-3)
show(tf.function(lambda x: tf.gather(x, [0], axis=3)), m)
show(tf.function(lambda x: tf.gather(x, [0], axis=-3)), m)

show(tf.reshape, m, [-2, 3])
show(tf.reshape, m, [-2, -3])
show(tf.reshape, m, [2, -2])
show(tf.function(lambda x: tf.reshape(x, [-2, 3])), m)

show(tf.concat, [], 0)
show(tf.function(lambda: tf.concat([], 0)))

show(tf.reduce_sum, m, axis=0.5)
show(tf.reduce_sum, m, axis=[0.5])
show(tf.reduce_max, m, axis=tf.constant(1.0))
show(tf.function(lambda x: tf.reduce_sum(x, axis=0.5)), m)

for spec in ("%d", "%f", "%x", "%e"):
    show(lambda: spec % tf.constant([1, 2]))
    show(lambda: spec % np.array([1, 2]))
show(lambda: "%.2f" % tf.constant(1.5))

x = tf.Variable(2.0)
with tf.GradientTape() as tape:
    y = x * x
show(tape.jacobian, y, x, experimental_use_pfor=False)
with tf.GradientTape(persistent=True) as tape:
    y = x * x
show(tape.jacobian, y, x, experimental_use_pfor=False)
