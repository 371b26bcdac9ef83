# Gradients inside a tf.function whose input has a None dimension: ops
# whose gradients need zeros or ones shaped like a tensor known at run
# time only (relu, maximum, where, pow, clip), and batched matmul with a
# None batch against a weight matrix.
import tensorflow as tf

@tf.function(input_signature=[tf.TensorSpec([None], tf.float32)])
def grads(x):
    with tf.GradientTape(persistent=True) as tape:
        tape.watch(x)
        ys = [tf.reduce_sum(tf.nn.relu(x)),
              tf.reduce_sum(tf.maximum(x, 0.5)),
              tf.reduce_sum(tf.where(x > 0, x * x, -x)),
              tf.reduce_sum(x ** 3.0),
              tf.reduce_sum(tf.pow(2.0, x)),
              tf.reduce_sum(tf.clip_by_value(x, -1.0, 1.5))]
    return [tape.gradient(y, x) for y in ys]

for g in grads(tf.constant([1.0, -1.0, 2.5, 0.25, -3.0])):
    print(g)
for g in grads(tf.constant([0.0])):
    print(g)

W = tf.Variable(tf.reshape(tf.range(12.0), [3, 4]) / 10.0)

@tf.function(input_signature=[tf.TensorSpec([None, 2, 3], tf.float32)])
def step(a):
    with tf.GradientTape() as tape:
        y = a @ W
        loss = tf.reduce_sum(y * y)
    return loss, tape.gradient(loss, W)

print(step(tf.reshape(tf.range(12.0), [2, 2, 3])))
print(step(tf.ones([1, 2, 3])))
