# Grappler's constant push-down around divisions by constants: a product
# divided by a constant becomes (x / c) * y, the other arrangements keep
# their own rewrites or none (each result compared with NumPy's orders).
import numpy as np
import tensorflow as tf

np.random.seed(0)
x = tf.constant(np.random.randn(2000).astype(np.float32))
y = tf.constant(np.random.randn(2000).astype(np.float32) * 1000)


@tf.function
def product_over(x, y):
    return (x * y) / 0.3


@tf.function
def quotient_over(x, y):
    return (x / y) / 0.3


@tf.function
def scaled_quotient(x, y):
    return 0.3 * (x / y)


@tf.function
def product_scaled(x, y):
    return (x * y) * 0.3


@tf.function
def over_product(x, y):
    return 0.3 / (x * y)


@tf.function
def twice_divided(x, y):
    return (x / 0.7) / 0.3


@tf.function
def scaled_then_divided(x, y):
    return (x * 0.7) / 0.3


for fn in (product_over, quotient_over, scaled_quotient, product_scaled,
           over_product, twice_divided, scaled_then_divided):
    r = fn(x, y).numpy()
    print(fn.__name__, r[:4].tolist(), float(r.sum(dtype=np.float64)))
