# Python globals are read at trace time: later changes do not reach an existing trace.
import tensorflow as tf

bias = 1


@tf.function
def add_bias():
    print("tracing add_bias, bias =", bias)
    return tf.constant(10) + bias


@tf.function
def add_arg(b):
    return tf.constant(10) + b


print(add_bias())
print(add_arg(bias))
bias = 100
print("bias is now", bias)
print(add_bias())
print(add_arg(bias))
print("add_bias traces:", add_bias.experimental_get_tracing_count())
