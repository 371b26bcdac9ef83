# Elementwise arithmetic on float32 inside a Function: add, subtract, multiply, divide.
import tensorflow as tf


@tf.function
def arith(a, b):
    return a + b, a - b, a * b, a / b, tf.add(a, b), tf.subtract(a, b), tf.multiply(a, b), tf.divide(a, b)


for r in arith(tf.constant([1.0, -2.5, 8.0]), tf.constant([0.5, 2.0, -4.0])):
    print(r)
print(tf.math.truediv(tf.constant(1.0), tf.constant(4.0)))
print(tf.math.negative(tf.constant([1.5, -0.0])))
