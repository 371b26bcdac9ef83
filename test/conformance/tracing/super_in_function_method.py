# Zero-argument super() inside a method decorated with tf.function: the
# decorated method still belongs to its class.
import tensorflow as tf


class Base(tf.Module):
    def __init__(self):
        super().__init__()
        self.scale = tf.Variable(2.0)

    def transform(self, x):
        return x * self.scale


class Child(Base):
    @tf.function
    def __call__(self, x):
        return super().transform(x) + 1

    @tf.function(input_signature=[tf.TensorSpec([], tf.float32)])
    def twice(self, x):
        return super().transform(super().transform(x))


c = Child()
print(c(tf.constant(3.0)))
print(c.twice(tf.constant(1.5)))
