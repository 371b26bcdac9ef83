# A closure's free variable is captured at trace time; a new Function sees the new value.
import tensorflow as tf


def make_scaler(k):
    def scale(x):
        print("tracing scale with k =", k)
        return x * k
    return scale


s2 = tf.function(make_scaler(2.0))
s3 = tf.function(make_scaler(3.0))
x = tf.constant([1.0, 2.0])
print(s2(x))
print(s3(x))
print(s2(x))

counter = [0]


def bump(x):
    counter[0] += 1
    return x + counter[0]


fb = tf.function(bump)
print(fb(tf.constant(0)))
print(fb(tf.constant(0)))
print(fb(tf.constant(0.0)))
print("counter:", counter[0])
