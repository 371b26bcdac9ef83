# tf.keras.optimizers.Adam inside a tf.function: its slot variables are
# made on the first trace (TensorFlow then traces again) and updated on
# every call.
import tensorflow as tf

w = tf.Variable([[1.0, -0.5], [0.3, 0.8]], name="w")
b = tf.Variable([0.0, 0.1])
opt = tf.keras.optimizers.Adam(learning_rate=0.01)


@tf.function
def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ w + b - y))
    grads = tape.gradient(loss, [w, b])
    print("tracing", opt.iterations)
    opt.apply_gradients(zip(grads, [w, b]))
    return loss


x = tf.constant([[1.0, 2.0], [3.0, 4.0], [-1.0, 0.5]])
y = tf.constant([[1.0, 0.0], [0.0, 1.0], [1.0, 1.0]])
for step in range(6):
    print(step, train_step(x, y).numpy())
print(w.numpy())
print(b.numpy())
print(opt.variables)
print([v.name for v in opt.variables])
print([v.path for v in opt.variables])
print(opt.iterations.value)
print(opt.beta_1, opt.beta_2, opt.epsilon, opt.amsgrad)

# amsgrad keeps a third slot, eagerly.
v = tf.Variable([0.5, -1.5], dtype=tf.float64)
a = tf.keras.optimizers.Adam(0.1, beta_1=0.8, amsgrad=True)
for g in [[1.0, -2.0], [0.1, 3.0], [-0.5, 0.0]]:
    a.apply_gradients([(tf.constant(g, tf.float64), v)])
    print(v.numpy().tolist())
print(a.variables[-1])
print(a.name, tf.keras.optimizers.Adam(name="mine").name)
