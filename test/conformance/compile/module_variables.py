# A tf.Module's weights and a step counter as tf.Variables that tf.functions
# with input_signatures read and update: predict reads them, train_step
# changes them for the calls after it.
# test/lit/cli/compile-variables.test makes the same calls on the library
# kiln compile makes of this script, and expects the same output.
import sys

import tensorflow as tf


class Dense(tf.Module):
    def __init__(self, n_in, n_out, seed, name=None):
        super().__init__(name=name)
        self.w = tf.Variable(
            tf.random.stateless_normal([n_in, n_out], seed=[seed, 7]) * 0.5,
            name="w")
        self.b = tf.Variable(tf.zeros([n_out]), name="b")

    def __call__(self, x):
        return tf.matmul(x, self.w) + self.b


class Classifier(tf.Module):
    def __init__(self):
        super().__init__()
        self.hidden = Dense(2, 4, seed=1, name="hidden")
        self.out = Dense(4, 2, seed=2, name="out")

    def __call__(self, x):
        return self.out(tf.nn.relu(self.hidden(x)))


model = Classifier()
steps = tf.Variable(0, name="steps")


@tf.function(input_signature=[tf.TensorSpec([None, 2], tf.float32)])
def predict(x):
    probs = tf.nn.softmax(model(x))
    tf.print("after", steps, "steps:", probs, summarize=-1,
             output_stream=sys.stdout)
    return probs


@tf.function(input_signature=[tf.TensorSpec([4, 2], tf.float32),
                              tf.TensorSpec([4], tf.int32)])
def train_step(x, labels):
    with tf.GradientTape() as tape:
        probs = tf.nn.softmax(model(x))
        loss = tf.reduce_mean(tf.square(probs - tf.one_hot(labels, 2)))
    grads = tape.gradient(loss, model.trainable_variables)
    for v, g in zip(model.trainable_variables, grads):
        v.assign_sub(0.5 * g)
    steps.assign_add(1)
    tf.print("loss", loss, output_stream=sys.stdout)
    return loss


if __name__ == "__main__":
    x = tf.constant([[0.0, 1.0], [1.0, 0.0], [1.0, 1.0], [0.0, 0.0]])
    labels = tf.constant([1, 1, 0, 0])
    predict(x)
    for _ in range(3):
        train_step(x, labels)
    predict(x)
