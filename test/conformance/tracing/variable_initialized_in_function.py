# A tf.Variable made on a function's first call may start from values the
# function computes: random numbers, arithmetic, another variable, or the
# first call's arguments. TensorFlow initializes it on that call.
import tensorflow as tf

tf.random.set_seed(1)


class Dense(tf.Module):
    def __init__(self, units):
        super().__init__()
        self.units = units
        self.w = None

    @tf.function
    def __call__(self, x):
        if self.w is None:
            self.w = tf.Variable(
                tf.random.normal([x.shape[-1], self.units]) * 0.1)
            self.b = tf.Variable(tf.zeros([self.units]) + 0.5)
        return x @ self.w + self.b


layer = Dense(2)
print(layer(tf.ones([1, 3])))
print(layer(tf.ones([2, 3])))
print(layer.w.numpy())

made = []
scale = tf.Variable(3.0)


@tf.function
def from_argument(x):
    if not made:
        scale.assign(scale * 2.0)
        made.append(tf.Variable(x * scale))
    made[0].assign_add(tf.ones([2]))
    return made[0].read_value()


print(from_argument(tf.constant([1.0, 2.0])))
print(from_argument(tf.constant([5.0, 5.0])))
print(scale.numpy())
