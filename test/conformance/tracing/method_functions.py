# A tf.function method is a Function per instance: each instance traces
# its own, and self is read at trace time.
import tensorflow as tf
class A:
    def __init__(self):
        self.k = 2.0
    @tf.function
    def f(self, x):
        print("trace")
        return x * self.k
    @tf.function
    def __call__(self, x):
        return x + self.k
a = A()
print(a.f(tf.constant(1.0)), a.f(tf.constant(2.0)), a(tf.constant(1.0)))
b = A()
print(b.f(tf.constant(1.0)))

class Shifted:
    def __init__(self, shift):
        self.shift = shift

    @tf.function(input_signature=[tf.TensorSpec([None], tf.float32)])
    def apply(self, x):
        print("tracing apply for shift", self.shift)
        return x + self.shift

s = Shifted(1.0)
print(s.apply(tf.constant([1.0, 2.0])), s.apply(tf.constant([3.0])))
print(s.apply.get_concrete_function().structured_input_signature)
t = Shifted(5.0)
print(t.apply([1.0]))
