# Products whose inner dimension is empty are zeros (Eigen's blocking,
# which kiln models for float32, divides by the sizes and is skipped).
import tensorflow as tf

print(tf.matmul(tf.ones([2, 0]), tf.ones([0, 3])))
print(tf.matmul(tf.ones([0, 3]), tf.ones([3, 4])))
print(tf.matmul(tf.ones([2, 3]), tf.ones([3, 0])))
print(tf.einsum('ij,jk->ik', tf.ones([4, 0]), tf.ones([0, 5])))
print(tf.matmul(tf.ones([3, 2, 0]), tf.ones([3, 0, 2])))
print(tf.linalg.matvec(tf.ones([3, 0]), tf.ones([0])))


@tf.function(input_signature=[tf.TensorSpec([None, 0])])
def f(x):
    return tf.matmul(x, tf.ones([0, 3]))


print(f(tf.ones([4, 0])))


@tf.function
def g(x, k):
    return tf.nn.conv2d(x, k, 1, "VALID")


try:
    g(tf.ones([1, 3, 3, 0]), tf.ones([2, 2, 0, 1]))
except ValueError as e:
    print(str(e).splitlines()[-1].split(" for ")[0])
