# A staged condition that is a bool tensor of one element ([1], [None]) is
# reshaped to a scalar, as AutoGraph does; a tf.Variable condition is read
# in the graph; a condition of more elements is an error.
import tensorflow as tf


@tf.function
def f(x):
    if x > 0:
        y = x + 1
        print("then:", y.dtype, y.shape)
    else:
        y = x - 1
    return y


print(f(tf.constant([1.0])))


@tf.function
def doubling(x):
    while tf.reduce_sum(x, keepdims=True) < 10:
        x = x * 2
    return x


print(doubling(tf.constant([1, 2])))


@tf.function(input_signature=[tf.TensorSpec([None], tf.bool)])
def g(b):
    if b:
        return 1
    return 0


print(g(tf.constant([True])), g(tf.constant([False])))

flag = tf.Variable(True)


@tf.function
def h(x):
    if flag:
        x = x + 100
    else:
        x = x - 100
    return x


print(h(tf.constant(1)))
flag.assign(False)
print(h(tf.constant(1)))
go = tf.Variable(True)
n = tf.Variable(0)


@tf.function
def loop():
    while go:
        n.assign_add(1)
        if n >= 5:
            go.assign(False)
    return n.read_value()


print(loop())


@tf.function
def two(x):
    if x > 0:
        return 1
    return 0


try:
    two(tf.constant([1.0, 2.0]))
except ValueError as e:
    print(str(e).splitlines()[-1])
