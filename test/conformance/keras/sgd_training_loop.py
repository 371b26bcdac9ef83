# A custom training loop with tf.keras.optimizers.SGD on plain variables:
# the loss per step, the optimizer's variables and its iteration count.
import tensorflow as tf

w = tf.Variable([[1.0, -0.5], [0.3, 0.8]])
b = tf.Variable([0.0, 0.1])
x = tf.constant([[1.0, 2.0], [3.0, 4.0], [-1.0, 0.5]])
y = tf.constant([[1.0, 0.0], [0.0, 1.0], [1.0, 1.0]])
opt = tf.keras.optimizers.SGD(learning_rate=0.05)
print(opt.name, type(opt).__name__, opt.built)
print(opt.iterations)
print(opt.learning_rate)
for step in range(5):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ w + b - y))
    grads = tape.gradient(loss, [w, b])
    result = opt.apply_gradients(zip(grads, [w, b]))
    print(step, loss.numpy())
print(result)
print(opt.variables)
print(w.numpy())
print(b.numpy())
print(opt.iterations.numpy(), opt.learning_rate.numpy(), opt.built)

# The learning rate is a variable: setting it assigns.
opt.learning_rate = 0.1
print(opt.learning_rate)
opt.apply_gradients([(tf.ones([2, 2]), w), (tf.constant([1.0, -1.0]), b)])
print(w.numpy(), b.numpy())

# Momentum, plain and Nesterov's, with their slot variables.
for nesterov in [False, True]:
    v = tf.Variable([1.0, -2.0, 3.0])
    m = tf.keras.optimizers.SGD(learning_rate=0.1, momentum=0.9,
                                nesterov=nesterov)
    for _ in range(4):
        with tf.GradientTape() as tape:
            loss = tf.reduce_sum(v * v * v)
        m.apply_gradients([(tape.gradient(loss, v), v)])
    print(m.name, v.numpy().tolist())
    print(m.variables[2])
print(m.momentum, m.nesterov, m.get_config())
