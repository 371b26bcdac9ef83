# With autograph=False, explicit tf.cond/tf.while_loop still work and Python loops still unroll.
import tensorflow as tf


@tf.function(autograph=False)
def f(x):
    for k in range(2):
        print("trace: unrolled", k)
        x = x + 1
    y = tf.cond(x > 5, lambda: x * 10, lambda: -x)
    _, z = tf.while_loop(lambda i, z: i < 3, lambda i, z: (i + 1, z * 2), (0, y))
    return z


print(f(tf.constant(1)))
print(f(tf.constant(9)))
print("traces:", f.experimental_get_tracing_count())
