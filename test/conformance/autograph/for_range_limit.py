# for i in tf.range(n) is a staged loop: the body is traced once and i is an int32 tensor.
import tensorflow as tf


@tf.function
def sum_squares(n):
    s = tf.constant(0)
    for i in tf.range(n):
        print("trace: body, i is a tensor:", tf.is_tensor(i), i.dtype)
        s += i * i
    return s


print(sum_squares(tf.constant(4)))
print(sum_squares(tf.constant(10)))
print("traces:", sum_squares.experimental_get_tracing_count())
