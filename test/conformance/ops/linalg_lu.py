# tf.linalg.det, slogdet, inv and solve, bit for bit: TensorFlow's kernels
# factor with Eigen's partial-pivoting LU (ties keep the upper row), take
# the determinant as sign * exp(sum of log |u_ii|) (so det of an integer
# matrix need not be an integer), and solve with one reciprocal multiply
# per row; batches, adjoint=True, float64, empty matrices, gradients, and
# the same ops in a tf.function.
import tensorflow as tf

a = tf.constant([[4.0, 3.0, 2.0], [2.0, 1.0, 5.0], [7.0, 3.0, 1.5]])
print(tf.linalg.det(a))
print(tf.linalg.slogdet(a))
print(tf.linalg.inv(a))
print(tf.linalg.inv(a, adjoint=True))
b = tf.constant([[1.0], [2.0], [3.0]])
print(tf.linalg.solve(a, b))
print(tf.linalg.solve(a, tf.eye(3), adjoint=True))
print(tf.linalg.det([[1.0, 2.0], [3.0, 4.0]]))
print(tf.linalg.det([[2.0, 1.0], [-2.0, 3.0]]), tf.linalg.det([[3.0]]))
pairs = tf.constant([[[1.0, 2.0], [3.0, 4.0]], [[2.0, 0.5], [1.0, 3.0]]],
                    tf.float64)
print(tf.linalg.det(pairs), tf.linalg.inv(pairs))
print(tf.linalg.det(tf.constant([[1.0, 2.0], [2.0, 4.0]])))
print(tf.linalg.slogdet(tf.constant([[1.0, 2.0], [2.0, 4.0]])))
print(tf.linalg.det(tf.zeros([0, 0])), tf.linalg.inv(tf.zeros([2, 0, 0])))
print(tf.linalg.det(tf.zeros([2, 0, 0])), tf.linalg.det(tf.zeros([0, 3, 3])))
print(tf.linalg.solve(tf.eye(2), tf.zeros([2, 0])))

# Random matrices of every size up to the kernels' unblocked limit.
for n in [5, 8, 9, 16]:
    r = tf.random.stateless_normal([2, n, n], seed=[n, 1])
    print(n, tf.linalg.det(r).numpy().tolist())
    print(tf.linalg.inv(r)[1, n // 2].numpy().tolist())
    print(tf.linalg.solve(r, tf.ones([2, n, 2]))[0, :, 1].numpy().tolist())
for n in [3, 4, 7, 12]:
    r = tf.random.stateless_normal([n, n], seed=[n, 2], dtype=tf.float64)
    print(n, tf.linalg.det(r).numpy().tolist(),
          tf.linalg.slogdet(r).log_abs_determinant.numpy().tolist())
r8 = tf.random.stateless_normal([8, 8], seed=[5, 5], dtype=tf.float64)
print(tf.linalg.inv(r8)[3].numpy().tolist())
print(tf.linalg.solve(r8, tf.ones([8, 1], tf.float64), adjoint=True)
      .numpy().ravel().tolist())


@tf.function
def fit(m, rhs):
    x = tf.linalg.solve(m, rhs)
    return x, tf.linalg.inv(m) @ rhs, tf.linalg.det(m), tf.linalg.slogdet(m)


print(fit(a, b))
print(fit(pairs, tf.ones([2, 2, 3], tf.float64)))

x = tf.Variable(a)
with tf.GradientTape(persistent=True) as tape:
    d = tf.linalg.det(x)
    i = tf.reduce_sum(tf.linalg.inv(x))
    s = tf.reduce_sum(tf.linalg.solve(x, b))
    l = tf.linalg.slogdet(x).log_abs_determinant
print(tape.gradient(d, x))
print(tape.gradient(i, x))
print(tape.gradient(s, x))
print(tape.gradient(l, x))
