# A tf.function must not change the lists and dicts it is given (it may
# change copies); TensorFlow checks after tracing and names the parameters.
import tensorflow as tf


@tf.function
def appends(xs, scale=2):
    xs.append(tf.constant(10))
    return tf.add_n(xs) * scale


@tf.function
def copies(xs):
    xs = list(xs)
    xs.append(tf.constant(10))
    return tf.add_n(xs)


@tf.function
def sets_key(config, n, *rest, flag=True):
    config["seen"] = n
    rest[0][0] = n
    return n + 1


@tf.function(input_signature=[tf.TensorSpec([], tf.float32)] * 3)
def total(x, *rest):
    return x + tf.add_n(list(rest))


print(copies([tf.constant(1), tf.constant(2)]))
for call in (lambda: appends([tf.constant(1), tf.constant(2)]),
             lambda: sets_key({"a": 1}, tf.constant(3), [0])):
    try:
        call()
    except ValueError as e:
        print("ValueError:", e)
print(total(1.0, 2.0, 3.0))
print([t.name for t in total.get_concrete_function().inputs])
