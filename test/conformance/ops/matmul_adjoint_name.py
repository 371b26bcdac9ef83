# tf.matmul takes adjoint_a/adjoint_b (the transpose, for real dtypes) and
# name=, which names the node.
import tensorflow as tf
a = tf.constant([[1.0, 2.0], [3.0, 4.0]])
print(tf.matmul(a, a, adjoint_b=True, name="prod"))
print(tf.linalg.matmul(a, a, adjoint_a=True))

@tf.function
def f(x):
    y = tf.matmul(x, x, name="square")
    print(y.name)
    return y

print(f(a))
try:
    tf.matmul(a, a, transpose_a=True, adjoint_a=True)
except ValueError as e:
    print(e)
