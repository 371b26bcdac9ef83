import tensorflow as tf

class M(tf.Module):
    def __init__(self):
        super().__init__()
        self.w = tf.Variable([[1.0, 2.0], [3.0, 4.0]])

    @tf.function
    def __call__(self, x):
        return tf.matmul(x, self.w)

    @tf.function
    def scaled(self, x, s):
        return x * s

m = M()
