# Shape inference's errors for pooling and convolution windows name the
# node and its attrs as TensorFlow does: max_pool2d's MaxPool2d node with
# explicit_paddings, conv1d's Conv2D node named conv1d.
import tensorflow as tf
@tf.function
def f(x):
    return tf.nn.max_pool2d(x, 3, 1, "VALID")
@tf.function
def g(x):
    return tf.nn.avg_pool2d(x, 3, 1, "VALID")
@tf.function
def h(x):
    return tf.nn.max_pool2d(x, 3, 1, "VALID")
for fn, x in [(f, tf.ones([1, 2, 5, 1])), (g, tf.ones([1, 2, 5, 1])), (h, tf.ones([1, 5, 1]))]:
    try:
        fn(x)
    except Exception as e:
        print(type(e).__name__, str(e).strip().split("\n")[-1])
@tf.function
def f(x, w):
    return tf.nn.conv1d(x, w, 1, "VALID")
for x, w in [(tf.ones([2, 5]), tf.ones([3, 3, 4])), (tf.ones([2, 5, 3]), tf.ones([3, 2, 4])), (tf.ones([2, 2, 3]), tf.ones([3, 3, 4]))]:
    try:
        f(x, w)
    except Exception as e:
        print(type(e).__name__, str(e).strip().split("\n")[-1])
