# A graph tensor leaked out of its trace through a global: using it later is TensorFlow's out-of-scope TypeError.
import tensorflow as tf

leak = None


@tf.function
def f(x):
    global leak
    leak = x * 2
    return x


f(tf.constant(1))


@tf.function
def g(y):
    return y + 1


print(leak)
for fn in [lambda: leak + 1, lambda: leak.numpy(), lambda: g(leak), lambda: f(leak),
           lambda: tf.reduce_sum(leak), lambda: tf.cast(leak, tf.float32),
           lambda: tf.reshape(leak, [1]), lambda: tf.stack([leak, leak]),
           lambda: int(leak), lambda: leak.shape]:
    try:
        print(fn())
    except Exception as e:
        print(type(e).__name__, str(e).splitlines()[0])
