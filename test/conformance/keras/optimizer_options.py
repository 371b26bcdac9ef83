# The options of Keras's optimizers that kiln runs: gradient clipping,
# weight decay, constraints, missing gradients, build() and apply(), and
# their errors.
import warnings

import numpy as np
import tensorflow as tf

v = tf.Variable([3.0, 4.0])
for kwargs in [{"clipnorm": 1.0}, {"clipvalue": 1.0},
               {"global_clipnorm": 1.0}, {"weight_decay": 0.1}]:
    opt = tf.keras.optimizers.SGD(0.5, **kwargs)
    opt.apply_gradients([(tf.constant([3.0, -4.0]), v)])
    print(kwargs, v.numpy())

u = tf.Variable([0.5, 2.0], constraint=lambda t: tf.clip_by_value(t, 0.0, 1.0))
tf.keras.optimizers.SGD(1.0).apply_gradients([(tf.constant([-1.0, 1.0]), u)])
print(u.numpy())

# A variable without a gradient is left alone, with a warning.
p = tf.Variable(1.0)
q = tf.Variable(2.0, name="q")
opt = tf.keras.optimizers.SGD(0.1)
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    opt.apply_gradients([(None, p), (tf.constant(1.0), q)])
print([str(w.message) for w in caught])
print(p.numpy(), q.numpy(), opt.iterations.numpy())

# build() first, then apply() with the gradients alone.
s = tf.keras.optimizers.SGD(0.1, momentum=0.5)
s.build([p, q])
print(len(s.variables), s.built)
s.apply([tf.constant(1.0), tf.constant(2.0)])
s.apply([tf.constant(1.0), tf.constant(2.0)])
print(p.numpy(), q.numpy(), s.iterations.numpy())

print(isinstance(s, tf.keras.optimizers.Optimizer),
      isinstance(s, tf.keras.optimizers.SGD),
      isinstance(s, tf.keras.optimizers.Adam))
print(tf.keras.optimizers.SGD, tf.keras.optimizers.Adam)


def attempt(fn):
    try:
        fn()
    except Exception as e:
        print(type(e).__name__ + ":", e)


attempt(lambda: tf.keras.optimizers.SGD(learning_rate=1))
attempt(lambda: tf.keras.optimizers.SGD(momentum=2.0))
attempt(lambda: tf.keras.optimizers.SGD(momentum=1))
attempt(lambda: tf.keras.optimizers.Adam(betta=0.5))
attempt(lambda: tf.keras.optimizers.SGD(clipnorm=1.0, clipvalue=1.0))
attempt(lambda: s.apply_gradients([(tf.constant(1.0), tf.Variable(5.0))]))
attempt(lambda: s.apply_gradients([(None, p), (None, q)]))
attempt(lambda: tf.keras.optimizers.SGD().apply([tf.constant(1.0)]))
attempt(lambda: s.apply([tf.constant(1.0)]))
attempt(lambda: s.apply_gradients([(tf.constant(1.0), tf.constant(2.0))]))

# A callable learning rate is called on every apply; it makes no variable.
r = tf.Variable(2.0)
c = tf.keras.optimizers.SGD(lambda: 0.5)
c.apply_gradients([(tf.constant(1.0), r)])
print(r.numpy(), c.learning_rate, len(c.variables))

# Keras names an optimizer before checking its other arguments.
attempt(lambda: tf.keras.optimizers.SGD(learning_rate="fast"))
print(tf.keras.optimizers.SGD().name, tf.optimizers.Adam is tf.keras.optimizers.Adam)
attempt(lambda: s.apply_gradients(tf.constant([1.0]), p))


def set_iterations():
    s.iterations = 3


attempt(set_iterations)
# NumPy's float64 is a float: accepted as a learning rate and momentum.
n = tf.keras.optimizers.SGD(np.float64(0.5), momentum=np.float64(0.25))
n.apply_gradients([(tf.constant(1.0), p)])
n.apply_gradients([(tf.constant(1.0), p)])
print(p.numpy(), [(v.name, v.dtype, v.shape, v.ndim) for v in n.variables])
