# float16 and bfloat16 chains of elementwise ops in a function, where
# kiln fuses them into one loop: Eigen rounds to the 16-bit type after
# every op, so the function must print what the ops one at a time print.
import numpy as np
import tensorflow as tf

CHAINS = {
    "x*y+z": lambda x, y, z: x * y + z,
    "(x+y)*z": lambda x, y, z: (x + y) * z,
    "x*x-y*y": lambda x, y, z: tf.square(x) - tf.square(y),
    "exp(sin(x))/(1+exp(y))": lambda x, y, z: tf.exp(tf.sin(x)) / (1 + tf.exp(y)),
    "sqrt(x*x+y*y)": lambda x, y, z: tf.sqrt(x * x + y * y),
    "tanh(x)-sigmoid(3y)": lambda x, y, z: tf.tanh(x) - tf.sigmoid(y * 3),
    "relu(x*y)+z/3": lambda x, y, z: tf.nn.relu(x * y) + z / 3,
    "max(x,y)*min(y,z)": lambda x, y, z: tf.maximum(x, y) * tf.minimum(y, z),
    "log(1+x*x)*y": lambda x, y, z: tf.math.log1p(x * x) * y,
}

values = np.linspace(-3.0, 3.0, 37)
for dtype in (tf.float16, tf.bfloat16):
    x = tf.constant(values, dtype)
    y = tf.constant(values[::-1] * 0.37 + 0.1, dtype)
    z = tf.constant(np.cos(values) * 1.7, dtype)
    for name, chain in CHAINS.items():
        eager = chain(x, y, z)
        traced = tf.function(chain)(x, y, z)
        same = bool(np.array_equal(eager.numpy().astype(np.float32),
                                   traced.numpy().astype(np.float32)))
        print(dtype.name, name, same, traced.numpy()[::6])

# bfloat16 activations that kiln computes as a chain of bfloat16 ops
# (Eigen's generic logistic and softplus): the bits of every element.
wide = tf.constant(np.linspace(-12.0, 12.0, 401), tf.bfloat16)
for name, fn in [("sigmoid", tf.sigmoid), ("softplus", tf.nn.softplus),
                 ("silu", tf.nn.silu)]:
    for got in (fn(wide), tf.function(fn)(wide)):
        bits = got.numpy().astype(np.float32).view(np.int32).astype(np.int64)
        print(name, bits.sum(), got.numpy()[::80])
