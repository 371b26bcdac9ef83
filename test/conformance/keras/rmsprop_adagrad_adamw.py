# Keras's RMSprop (plain, with momentum, centered), Adagrad and AdamW, each
# training the same small regression inside a tf.function, and their
# configurations and slot variables.
import tensorflow as tf

x = tf.constant([[1.0, 2.0], [3.0, -1.0], [0.5, 0.5], [-2.0, 1.0]])
y = tf.constant([[1.0], [0.0], [2.0], [-1.0]])


def train(opt, steps=4, dtype=tf.float32):
    w = tf.Variable(tf.cast([[0.1], [-0.2]], dtype), name="w")
    b = tf.Variable(tf.zeros([1], dtype), name="b")

    @tf.function
    def step():
        with tf.GradientTape() as tape:
            pred = tf.cast(x, dtype) @ w + b
            loss = tf.reduce_mean(tf.square(pred - tf.cast(y, dtype)))
        opt.apply_gradients(zip(tape.gradient(loss, [w, b]), [w, b]))
        return loss

    losses = [float(step().numpy()) for _ in range(steps)]
    print(opt.name, losses)
    print(w.numpy().ravel().tolist(), b.numpy().tolist())
    return opt


train(tf.keras.optimizers.RMSprop(learning_rate=0.01))
o = train(tf.keras.optimizers.RMSprop(0.01, momentum=0.5, centered=True))
print(o.variables[2:])
train(tf.keras.optimizers.RMSprop(0.01, rho=0.8, epsilon=1e-3),
      dtype=tf.float64)
o = train(tf.keras.optimizers.Adagrad(learning_rate=0.1))
print(o.variables[-1])
train(tf.keras.optimizers.Adagrad(0.1, initial_accumulator_value=1.0),
      dtype=tf.float64)
o = train(tf.keras.optimizers.AdamW(learning_rate=0.05))
train(tf.keras.optimizers.AdamW(0.05, weight_decay=0.1, amsgrad=True))
print(o.weight_decay, isinstance(o, tf.keras.optimizers.Adam),
      isinstance(o, tf.keras.optimizers.AdamW),
      isinstance(o, tf.keras.optimizers.RMSprop))
for cls in [tf.keras.optimizers.RMSprop, tf.keras.optimizers.Adagrad,
            tf.keras.optimizers.AdamW]:
    print(cls, cls().get_config())
try:
    tf.keras.optimizers.AdamW(weight_decay=None)
except ValueError as e:
    print("ValueError:", e)
