# tf.print in a staged loop runs once per iteration at run time; print runs once at trace time.
import tensorflow as tf


@tf.function
def countdown(n):
    for i in tf.range(n, 0, -1):
        print("trace: loop body")
        tf.print("tick", i)
    tf.print("done after", n, "ticks")
    return n


print(countdown(tf.constant(3)))
print(countdown(tf.constant(2)))
