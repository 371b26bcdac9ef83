# while ... else on a tensor condition: AutoGraph cannot convert it; bool() of a tensor fails.
import tensorflow as tf


@tf.function
def countdown(n):
    steps = tf.constant(0)
    while n > 0:
        n -= 1
        steps += 1
    else:
        steps += 1000
    return steps


tf.print("stderr: before the first call")
print("calling countdown")
print(countdown(tf.constant(3)))
print("not reached")
