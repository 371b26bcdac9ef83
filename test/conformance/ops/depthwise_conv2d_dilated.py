# tf.nn.depthwise_conv2d and separable_conv2d with dilations: TensorFlow
# computes them with space_to_batch around the undilated convolution
# (strides kept), forward and gradients, eagerly and in a function.
import numpy as np
import tensorflow as tf

rng = np.random.RandomState(0)


def digest(t):
    a = np.asarray(t, np.float32).ravel()
    bits = int(a.view(np.int32).astype(np.int64).sum() % 1000003)
    return "%s %d %.9g" % (tuple(t.shape), bits, float(a.sum()))


CASES = []
for xs, ks, stride, padding, rates in [
        ([2, 9, 10, 3], [3, 3, 3, 2], 1, "SAME", [2, 2]),
        ([2, 9, 10, 3], [3, 3, 3, 2], 1, "VALID", [2, 3]),
        ([1, 16, 16, 4], [3, 3, 4, 1], 1, "SAME", [4, 4]),
        ([3, 7, 8, 2], [2, 3, 2, 3], 1, "SAME", [3, 1]),
        ([2, 11, 11, 2], [3, 3, 2, 1], 2, "SAME", [2, 2]),
        ([1, 5, 5, 1], [5, 5, 1, 1], 1, "SAME", [2, 2])]:
    x = tf.constant(rng.randn(*xs).astype(np.float32))
    k = tf.constant(rng.randn(*ks).astype(np.float32))
    CASES.append((x, k, [1, stride, stride, 1], padding, rates))


def conv_and_grads(x, k, strides, padding, rates):
    with tf.GradientTape() as tape:
        tape.watch([x, k])
        y = tf.nn.depthwise_conv2d(x, k, strides, padding, dilations=rates)
    gx, gk = tape.gradient(y, [x, k], output_gradients=tf.ones_like(y) * 0.5 + y)
    return y, gx, gk


@tf.function
def all_in_function():  # one trace for every case
    return [conv_and_grads(*case) for case in CASES]


for case, eager, traced in zip(CASES, [conv_and_grads(*c) for c in CASES],
                               all_in_function()):
    print(case[3], case[4], case[2][1])
    print("  eager   ", " ".join(digest(t) for t in eager))
    print("  function", " ".join(digest(t) for t in traced))

# Small integers here: the pointwise step is a Conv2D, whose summation
# order depends on the processor; these sums are exact.
x = tf.constant(rng.randint(-3, 4, size=[2, 12, 12, 3]).astype(np.float32))
dk = tf.constant(rng.randint(-3, 4, size=[3, 3, 3, 2]).astype(np.float32))
pk = tf.constant(rng.randint(-3, 4, size=[1, 1, 6, 4]).astype(np.float32))
print(digest(tf.nn.separable_conv2d(x, dk, pk, [1, 1, 1, 1], "SAME", dilations=[2, 2])))


@tf.function(input_signature=[tf.TensorSpec([None, 12, 12, 3])])
def none_batch(x):
    return tf.nn.depthwise_conv2d(x, dk, [1, 1, 1, 1], "SAME", dilations=[3, 2])


print(none_batch.get_concrete_function().structured_outputs.shape)
print(digest(none_batch(x)), digest(none_batch(x[:1])))
