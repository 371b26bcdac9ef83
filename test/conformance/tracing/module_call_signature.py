# A tf.Module whose __call__ is a tf.function with an input_signature, called
# as m(x): the Function binds to the instance, so the signature describes
# the arguments after self.
import tensorflow as tf


class Doubler(tf.Module):
    @tf.function(input_signature=[tf.TensorSpec([None], tf.float32)])
    def __call__(self, x):
        print("tracing __call__")
        return x * 2.0


class Plain:
    def __init__(self, k):
        self.k = k

    @tf.function
    def __call__(self, x):
        return x + self.k


m = Doubler()
print(m(tf.constant([1.0])))
print(m(tf.constant([2.0, 3.0])))
print(m.__call__(tf.constant([4.0])))
print(Plain(10.0)(tf.constant(1.0)), Plain(20.0)(tf.constant(1.0)))
try:
    m(tf.constant([[1.0]]))
except TypeError as e:
    print("TypeError:", str(e).split("`")[1])
