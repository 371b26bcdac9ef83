# tf.compat as TensorFlow 2 scripts use it: v1.logging's verbosity and
# calls (TensorFlow's logger), v1's eager-mode helpers, v2, and the
# bytes/text conversions.
import tensorflow as tf

L = tf.compat.v1.logging
print(L.DEBUG, L.INFO, L.WARN, L.ERROR, L.FATAL, L.get_verbosity())
L.set_verbosity(L.INFO)
print(L.get_verbosity(), tf.get_logger().level)
L.info("hello %d", 3)
L.warning("careful %s", "x")
L.warn("old warn")
L.error("bad")
L.debug("hidden")
L.set_verbosity(L.ERROR)
L.warning("not shown")
print(tf.get_logger().getEffectiveLevel())
print(tf.compat.v1.executing_eagerly(), tf.compat.v2.constant(1))
tf.compat.v1.enable_eager_execution()
tf.compat.v1.enable_v2_behavior()
tf.compat.v1.set_random_seed(3)
print(tf.random.uniform([1]))
tf.random.set_seed(3)
print(tf.random.uniform([1]))
print(tf.compat.as_bytes("abc"), tf.compat.as_str(b"x"), tf.compat.as_text(b"y"),
      tf.compat.as_str_any(5), tf.compat.as_str_any(b"z"))
print(tf.compat.as_bytes("h\u00e9"), tf.compat.as_text("h\u00e9".encode()))
for bad in [5, [b"a"], None]:
    try:
        tf.compat.as_bytes(bad)
    except TypeError as e:
        print("TypeError", e)


@tf.function
def f(x):
    tf.compat.v1.logging.warning("tracing f")
    return x + 1, tf.compat.v1.executing_eagerly()


print(f(tf.constant(1)))
