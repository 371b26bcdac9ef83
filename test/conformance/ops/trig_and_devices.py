# tf.math's remaining trigonometric and hyperbolic functions (the C
# library's values), atan2, mask indexing (x[x > 15] is tf.boolean_mask),
# tf.range's dtype from its tensor arguments, integer inputs to float-only
# functions, and the device queries tutorials start with.
import tensorflow as tf

x = tf.constant([0.5, 1.0, -0.25])
for name in ["tan", "asin", "acos", "atan", "sinh", "cosh", "asinh", "atanh"]:
    print(name, getattr(tf.math, name)(x).numpy(), getattr(tf, name)(x))
print(tf.math.acosh(tf.constant([1.0, 2.5, 10.0])))
print(tf.math.atan2(x, tf.constant([1.0, -1.0, -0.5])))
print(tf.atan2(tf.constant([0.0, -0.0]), tf.constant([-1.0, -1.0])))

# Long vectors: tan, acos and the hyperbolic functions agree element for
# element.
v = tf.sin(tf.range(2000, dtype=tf.float32) * 0.731) * 0.999
for name in ["tan", "acos", "sinh", "cosh", "asinh"]:
    f = getattr(tf.math, name)
    print(name, float(tf.reduce_sum(f(v))), float(tf.reduce_sum(tf.function(f)(v))))
print(float(tf.reduce_sum(tf.math.acosh(1.0 + tf.abs(v) * 3))))

n = tf.constant(3, tf.int64)
print(tf.range(n), tf.range(0, n), tf.range(tf.constant(1, tf.int64), 4))
print(tf.range(tf.constant(2.0), 5), tf.range(1, tf.constant(4.0, tf.float64)))

m = tf.reshape(tf.range(6), [2, 3])
print(m[m % 2 == 0])
print(tf.constant([10, 20, 30])[tf.constant([True, False, True])])


@tf.function
def above(x):
    return x[x > 15]


print(above(tf.constant([10, 20, 30, 40])))

for name in ["sqrt", "exp", "log", "tanh", "sigmoid", "floor", "erf", "tan"]:
    try:
        getattr(tf.math, name)(tf.constant([4, 9]))
    except tf.errors.InvalidArgumentError as e:
        print(name, str(e).splitlines()[0])

print(tf.config.list_physical_devices("GPU"))
print(tf.config.list_physical_devices("CPU"))
print(len(tf.config.list_logical_devices()))
with tf.device("/GPU:0"):
    y = tf.ones([2]) * 3
print(y, y.device)
print(tf.Variable(1.0).device)
