# Matrix-vector products (MatMul with one result column or row) sum in the
# order of TensorFlow's kernels: rounded products, 8-lane GEMV or blocked
# column-major kernels, an inner product for single elements, and blocks of
# 64 rows once a product has more than 16384 multiply-adds (so an odd last
# block of one row takes another kernel). Printed in full, every bit shows.
import tensorflow as tf

spec = tf.TensorSpec([None, None])


@tf.function(input_signature=[spec, spec])
def mm(a, b):
    return tf.reshape(tf.matmul(a, b), [-1])


@tf.function(input_signature=[spec, spec])
def mm_ta(a, b):
    return tf.reshape(tf.matmul(a, b, transpose_a=True), [-1])


@tf.function(input_signature=[spec, spec])
def mm_tb(a, b):
    return tf.reshape(tf.matmul(a, b, transpose_b=True), [-1])


seed = 0
for m, k in [(1, 7), (1, 40), (2, 9), (3, 17), (5, 33), (8, 100), (13, 127),
             (13, 128), (64, 129), (65, 300), (129, 317), (257, 64),
             (3, 1000), (1, 2000)]:
    seed += 1
    a = tf.random.stateless_normal([m, k], seed=[seed, 1])
    x = tf.random.stateless_normal([k, 1], seed=[seed, 2])
    print("A @ x", m, k, mm(a, x).numpy())
    print("A^T @ x", m, k, mm_ta(tf.transpose(a), x).numpy())
    print("A @ x^T^T", m, k, mm_tb(a, tf.transpose(x)).numpy())
    r = tf.transpose(x)
    print("r @ A^T", m, k, mm(r, tf.transpose(a)).numpy())
    print("r @ A^T (transpose_b)", m, k, mm_tb(r, a).numpy())

# Static shapes, eagerly and in a linear model's training step.
a = tf.random.stateless_normal([6, 20], seed=[7, 1])
w = tf.random.stateless_normal([20, 1], seed=[7, 2])
print(a @ w)
print(tf.matmul(tf.transpose(w), tf.transpose(a)))
print(tf.linalg.matvec(a, tf.reshape(w, [-1])))
print(tf.matmul([[-0.5, 0.0]], [[0.0], [-1.0]]))

x = tf.random.stateless_normal([50, 3], seed=[8, 1])
y = x @ tf.constant([[1.5], [-2.0], [0.5]]) + 0.3
weights = tf.Variable(tf.zeros([3, 1]))
bias = tf.Variable(0.0)


@tf.function
def train_step():
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ weights + bias - y))
    gw, gb = tape.gradient(loss, [weights, bias])
    weights.assign_sub(0.1 * gw)
    bias.assign_sub(0.1 * gb)
    return loss


for step in range(20):
    loss = train_step()
print(loss.numpy(), weights.numpy().ravel(), bias.numpy())
