# for ... else over tf.range: AutoGraph cannot convert the function, so iterating a tensor fails.
import tensorflow as tf


@tf.function
def total(n):
    s = tf.constant(0)
    for i in tf.range(n):
        s += i
    else:
        s = s * 10
    return s


tf.print("stderr: before the first call")
print("calling total")
print(total(tf.constant(4)))
print("not reached")
