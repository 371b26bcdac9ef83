import tensorflow as tf
x = tf.Variable(2.0)

@tf.function
def h(n):
    with tf.GradientTape() as t:
        y = tf.constant(1.0)
        for i in tf.range(n):
            y = y * x
    return t.gradient(y, x)
try:
    print(h(tf.constant(3)))
except Exception as e:
    print(type(e).__name__, str(e).splitlines()[-1])

@tf.function
def f(c):
    if c > 0:
        return x * x
    return x

with tf.GradientTape() as t:
    y = f(tf.constant(1))
try:
    print(t.gradient(y, x))
except Exception as e:
    print(type(e).__name__, str(e).splitlines()[-1])

@tf.function
def k(c):
    with tf.GradientTape() as t:
        y = x if c > 0 else x
    return t.gradient(y, x)
try:
    print(k(tf.constant(1)))
except Exception as e:
    print(type(e).__name__, str(e).splitlines()[-1])
