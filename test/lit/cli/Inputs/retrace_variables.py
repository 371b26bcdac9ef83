# Variables passed as arguments: a trace per trainable and per aliasing.
import tensorflow as tf
@tf.function
def f(a, b):
    return a + b
x = tf.Variable(1.0)
y = tf.Variable(2.0, trainable=False)
print(f(x, y))
print(f(x, x))
print(f(y, x))
