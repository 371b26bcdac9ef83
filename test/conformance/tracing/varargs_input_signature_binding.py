# A function taking *args with an input_signature takes exactly one argument
# per spec: its binding errors name them args_0, args_1, positional-only.
import tensorflow as tf


@tf.function(input_signature=[tf.TensorSpec([], tf.int32),
                              tf.TensorSpec([], tf.int32)])
def f(*args):
    return args[0] + args[1]


print(f(1, 2))
for call in (lambda: f(1, 2, 3), lambda: f(1)):
    try:
        call()
    except TypeError as e:
        print(e)
