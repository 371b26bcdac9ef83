# Modules that make their variables on the first call of a tf.function
# __call__, a method Function with an input_signature, module name checks,
# and tf.name_scope / Module.with_name_scope around variable creation.
import tensorflow as tf

class FlexibleDense(tf.Module):
    def __init__(self, out_features, name=None):
        super().__init__(name=name)
        self.is_built = False
        self.out_features = out_features

    @tf.function
    def __call__(self, x):
        if not self.is_built:
            self.w = tf.Variable(tf.ones([x.shape[-1], self.out_features]), name="w")
            self.b = tf.Variable(tf.zeros([self.out_features]), name="b")
            self.is_built = True
        y = tf.matmul(x, self.w) + self.b
        return tf.nn.relu(y)

class MySequentialModule(tf.Module):
    def __init__(self, name=None):
        super().__init__(name=name)
        self.dense_1 = FlexibleDense(out_features=3)
        self.dense_2 = FlexibleDense(out_features=2)

    @tf.function
    def __call__(self, x):
        x = self.dense_1(x)
        return self.dense_2(x)

my_model = MySequentialModule(name="the_model")
print("Model results:", my_model(tf.constant([[2.0, 2.0, 2.0]])))
print("Submodules:", [m.name for m in my_model.submodules])
for var in my_model.variables:
    print(var.name, var.shape)
print(my_model(tf.constant([[1.0, 0.0, -1.0]])))

class Counter(tf.Module):
    def __init__(self):
        super().__init__()
        self.count = tf.Variable(0)

    @tf.function(input_signature=[tf.TensorSpec([], tf.int32)])
    def add(self, n):
        self.count.assign_add(n)
        return self.count.read_value()

c = Counter()
print(c.add(tf.constant(3)), c.add(tf.constant(4)), c.count.numpy())
try:
    tf.Module(name="bad name")
except ValueError as e:
    print("ValueError:", e)
class HTTPServerModule(tf.Module):
    pass
print(HTTPServerModule().name, tf.Module().name)
with tf.name_scope("block") as scope:
    print(scope)
    layer = FlexibleDense(2)
    print(layer.name_scope.name)
    with layer.name_scope:
        v = tf.Variable(1.0, name="inner")
print(v.name)

class Scoped(tf.Module):
    @tf.Module.with_name_scope
    def make(self):
        return tf.Variable(2.0, name="made")
print(Scoped().make().name)
