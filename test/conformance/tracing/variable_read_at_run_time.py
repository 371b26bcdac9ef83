# A captured tf.Variable is read at run time, unlike a Python global.
import tensorflow as tf

v = tf.Variable(1)


@tf.function
def plus_v(x):
    print("tracing plus_v")
    return x + v


print(plus_v(tf.constant(10)))
v.assign(5)
print(plus_v(tf.constant(10)))
v.assign_add(3)
print(plus_v(tf.constant(10)))
print(v.numpy())
print("traces:", plus_v.experimental_get_tracing_count())
