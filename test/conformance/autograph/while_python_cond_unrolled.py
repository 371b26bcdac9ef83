# A while loop on a Python condition is unrolled at trace time; only the tensor math is staged.
import tensorflow as tf


@tf.function
def repeat_square(x):
    k = 0
    while k < 3:
        print("trace: unrolled iteration", k)
        x = x * x
        k += 1
    print("trace: k after loop is a Python int:", k)
    return x


print(repeat_square(tf.constant(2)))
print(repeat_square(tf.constant(3)))
print("traces:", repeat_square.experimental_get_tracing_count())
