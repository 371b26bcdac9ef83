# return under a tensor if inside an unrolled Python loop is an error: the if has no else return.
import tensorflow as tf


@tf.function
def first_negative(a, b, c):
    for t in [a, b, c]:
        print("trace: checking one element")
        if t < 0:
            return t
    return tf.constant(0)


print("calling first_negative")
print(first_negative(tf.constant(3), tf.constant(-2), tf.constant(-9)))
print("not reached")
