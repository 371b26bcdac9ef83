# tf.Module: default names from the class name, name scopes that prefix
# variable names, and trainable_variables / variables / submodules found by
# walking attributes (sorted by name, lists in order, submodules after).
import tensorflow as tf

class Dense(tf.Module):
    def __init__(self, n_in, n_out, name=None):
        super().__init__(name=name)
        self.w = tf.Variable(tf.ones([n_in, n_out]) * 0.5, name="w")
        self.b = tf.Variable(tf.zeros([n_out]), name="b", trainable=False)

    @tf.function
    def __call__(self, x):
        return tf.nn.relu(x @ self.w + self.b)

class MLP(tf.Module):
    def __init__(self):
        super().__init__()
        self.layers = [Dense(3, 2, name="first"), Dense(2, 1)]
        self.scale = tf.Variable(2.0)

    def __call__(self, x):
        for layer in self.layers:
            x = layer(x)
        return x * self.scale

layer = Dense(3, 2)
print(layer(tf.constant([[1.0, -2.0, 3.0]])))
print(layer.name, layer.w.name)
print([v.name for v in layer.trainable_variables])
print([v.name for v in layer.variables])
m = MLP()
print(m.name, m.layers[0].name, m.layers[1].name)
print(m(tf.constant([[1.0, 2.0, 3.0]])))
print([v.name for v in m.trainable_variables])
print(len(m.variables), len(m.submodules), [s.name for s in m.submodules])
print(m.name_scope.name, layer.name_scope.name)
with tf.name_scope("outer"):
    v = tf.Variable(1.0, name="v")
print(v.name)
class Named(tf.Module):
    def __init__(self):
        super().__init__(name="named")
        with self.name_scope:
            self.v = tf.Variable(1.0, name="v")
print(Named().v.name)
print(isinstance(m, tf.Module))
