# tf.split and tf.unstack are one Split, SplitV or Unpack node with an output
# per piece, as in TensorFlow: printed pieces are split:0, split:1, unstack:2,
# their operands named split/split_dim (and a top-level Const for SplitV's
# sizes); eagerly, with run-time dimensions, under a tape, and on strings.
import tensorflow as tf

x = tf.reshape(tf.range(12.0), [3, 4])
print(tf.split(x, 2, axis=1))
print(tf.split(x, [1, 3], axis=1))
print(tf.split(x, [2, -1]))
print(tf.unstack(x))
print(tf.unstack(x, axis=1))
print(tf.split(tf.constant(["a", "b", "c", "d"]), 2))
print(tf.unstack(tf.constant([[True, False]])))


@tf.function
def f(x):
    a, b = tf.split(x, 2, axis=1)
    c, d = tf.split(x, [1, 3], axis=1)
    rows = tf.unstack(x)
    print(a, b, c, d)
    print(rows)
    k = tf.constant(1.0)
    print(k)
    return a + b, c, d, rows[2]


print(f(x))
g = f.get_concrete_function(x).graph
print([(n.name, n.op, list(n.input)) for n in g.as_graph_def().node])


@tf.function(input_signature=[tf.TensorSpec([None, 4])])
def dyn(x):
    a, b = tf.split(x, 2, axis=1)
    return a * 2.0, tf.unstack(x, axis=1)[3]


print(dyn(x))
with tf.GradientTape() as tape:
    tape.watch(x)
    p, q = tf.split(x, [3, 1], axis=1)
    r0, r1, r2 = tf.unstack(x)
    loss = tf.reduce_sum(p * 2.0) + tf.reduce_sum(r1 * 3.0)
print(tape.gradient(loss, x))


@tf.function
def grads(x):
    with tf.GradientTape() as tape:
        tape.watch(x)
        p, q = tf.split(x, 2)
        loss = tf.reduce_sum(q * q) + tf.reduce_sum(tf.unstack(x, axis=1)[0])
    return tape.gradient(loss, x)


print(grads(tf.reshape(tf.range(8.0), [4, 2])))
