# tf.no_op, tf.group and tf.control_dependencies eagerly and inside
# tf.function, and tf.nn.embedding_lookup.
import tensorflow as tf

print(tf.no_op(), tf.group())
with tf.control_dependencies([tf.constant(1)]):
    print(tf.constant(2))

v = tf.Variable(1.0)

@tf.function
def f(x):
    op = tf.no_op()
    update = v.assign_add(x)
    g = tf.group(update, op)
    print(op.name, op.type, g.name, tf.no_op().name)
    with tf.control_dependencies([update, g]):
        z = tf.identity(v.read_value())
    return z * 2.0

print(f(tf.constant(3.0)))
print(f(tf.constant(1.0)), v.numpy())
table = tf.constant([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]])
print(tf.nn.embedding_lookup(table, tf.constant([2, 0])))
print(tf.nn.embedding_lookup([table], [[1], [2]]))

@tf.function
def lookup(ids):
    return tf.reduce_sum(tf.nn.embedding_lookup(table, ids), axis=1)

print(lookup(tf.constant([0, 1, 2, 1])))
