# Tensor == and != run Equal with incompatible_shape_error=False: shapes
# that cannot broadcast compare unequal (one scalar), eagerly and while
# tracing. Python's own comparisons (in, list.count, list.index, list ==)
# use the tensor's == and then its truth value, which a symbolic tensor
# refuses.
import tensorflow as tf
a = tf.constant([1, 2]); b = tf.constant([1, 2, 3])
print(a == b, a != b)
print(tf.constant([[1], [2]]) == tf.constant([1, 2, 3]))
s = tf.constant(3)
print(s in [1, 2, 3], [1, 3, 3].count(s), [5, 3].index(s), [s] == [3])
@tf.function
def f(x, y):
    e = x == y
    print(e)
    n = x != y
    print(n)
    return e, n
print(f(a, b))
print(f(a, a))
print(f(tf.constant([[1], [2]]), b))
@tf.function
def h(x):
    if x in [1, 2]:
        return x
    return -x
try:
    h(tf.constant(1))
except Exception as e:
    print(type(e).__name__, str(e).splitlines()[-1][:60])
