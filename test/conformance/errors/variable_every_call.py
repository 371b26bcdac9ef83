# A Variable created once (singleton) is fine; creating one on every trace is TensorFlow's ValueError.
import tensorflow as tf

total = None


@tf.function
def accumulate(x):
    global total
    print("tracing accumulate")
    if total is None:
        total = tf.Variable(0.0)
    total.assign_add(x)
    return total.read_value()


print(accumulate(tf.constant(1.5)))
print(accumulate(tf.constant(2.0)))
print(total.numpy())


@tf.function
def fresh(x):
    print("tracing fresh")
    v = tf.Variable(1.0)
    return v + x


print(fresh(tf.constant(1.0)))
print("not reached")
