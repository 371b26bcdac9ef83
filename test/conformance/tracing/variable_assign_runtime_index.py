# v[i].assign(x) inside a tf.function with an index known at run time
# (a loop variable, an argument): negative indices count from the end, and
# an index out of range is the kernel's error when the function runs.
import tensorflow as tf
v = tf.Variable(tf.zeros([3, 4]))

@tf.function
def rows(n):
    for i in tf.range(n):
        v[i].assign(tf.cast(tf.range(4) * (i + 1), tf.float32))
        v[i, 2].assign(-1.0)
    return v.read_value()

print(rows(tf.constant(3)))

w = tf.Variable([1, 2, 3])

@tf.function
def put(i, x):
    w[i].assign(x)
    return w.read_value()

print(put(tf.constant(-1), tf.constant(7)))
try:
    put(tf.constant(5), tf.constant(7))
except tf.errors.InvalidArgumentError as e:
    print(str(e).splitlines()[-2] if len(str(e).splitlines()) > 1 else e)
print(w.numpy())
