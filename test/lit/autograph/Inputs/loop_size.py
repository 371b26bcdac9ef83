import tensorflow as tf


@tf.function
def staged(n):
    total = tf.constant(0)
    for i in tf.range(n):
        total += i
    return total


@tf.function
def unrolled(n):
    total = tf.constant(0)
    for i in range(n):
        total += i
    return total


print(staged(3))
print(staged(3000))
print(unrolled(3))
print(unrolled(30))
