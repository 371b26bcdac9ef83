# A variable argument's TraceType is its dtype and shape: another variable of
# the same type runs the same trace, on that variable.
import tensorflow as tf

@tf.function
def bump(v, x):
    print("tracing bump")
    v.assign_add(x)
    return v.read_value() * 2

v1 = tf.Variable(1.0)
v2 = tf.Variable(10.0)
v3 = tf.Variable([1.0, 2.0])
v4 = tf.Variable(5)
print(bump(v1, 1.0))
print(bump(v2, 1.0))
print(bump(v1, 1.0))
print(bump(v4, 1))
print(v1.numpy(), v2.numpy(), v4.numpy())


@tf.function
def swap(a, b):
    tmp = a.read_value()
    a.assign(b)
    b.assign(tmp)


swap(v1, v2)
print(v1.numpy(), v2.numpy())
swap(v2, v1)
print(v1.numpy(), v2.numpy(), swap.experimental_get_tracing_count())
print(bump.experimental_get_tracing_count())
