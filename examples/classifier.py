# A small classifier whose weights are tf.Variables, trained by the C
# program call_classifier.c through the library kiln compiles from this
# file. The library starts from the weights the script made; train_step
# updates them in the library, as it would in TensorFlow.
import tensorflow as tf


class Dense(tf.Module):
    def __init__(self, n_in, n_out, seed, name=None):
        super().__init__(name=name)
        self.w = tf.Variable(
            tf.random.stateless_normal([n_in, n_out], seed=[seed, 0]) * 0.5,
            name="w")
        self.b = tf.Variable(tf.zeros([n_out]), name="b")

    def __call__(self, x):
        return tf.matmul(x, self.w) + self.b


hidden = Dense(2, 8, seed=1, name="hidden")
output = Dense(8, 2, seed=2, name="output")
steps = tf.Variable(0, name="steps")


def logits(x):
    return output(tf.nn.relu(hidden(x)))


@tf.function(input_signature=[tf.TensorSpec([None, 2], tf.float32)])
def predict(x):
    """The probability of each class for each row of x."""
    return tf.nn.softmax(logits(x))


@tf.function(input_signature=[tf.TensorSpec([4, 2], tf.float32),
                              tf.TensorSpec([4, 2], tf.float32)])
def train_step(x, targets):
    """One step of gradient descent on the squared error; returns it."""
    weights = [hidden.w, hidden.b, output.w, output.b]
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(tf.nn.softmax(logits(x)) - targets))
    for w, g in zip(weights, tape.gradient(loss, weights)):
        w.assign_sub(2.0 * g)
    steps.assign_add(1)
    return loss


if __name__ == "__main__":
    # XOR: the class is 1 when exactly one input is 1.
    x = tf.constant([[0.0, 0.0], [0.0, 1.0], [1.0, 0.0], [1.0, 1.0]])
    targets = tf.constant([[1.0, 0.0], [0.0, 1.0], [0.0, 1.0], [1.0, 0.0]])
    for _ in range(200):
        loss = train_step(x, targets)
    print("loss after", steps.numpy(), "steps:", loss.numpy())
    print(predict(x))
