# Tensor.set_shape: merges the static shape with the one given (the
# tensor keeps its name), TensorFlow's ValueErrors for other ranks and
# sizes, eager tensors checked against it, unknown ranks made known.
import tensorflow as tf


@tf.function(input_signature=[tf.TensorSpec([None, None], tf.float32)])
def refine(x):
    x.set_shape([None, 3])
    print(x.shape, x)
    y = tf.reshape(x, [-1])
    y.set_shape([6])
    print(y.shape, y.name)
    return y * 2.0


print(refine(tf.ones([2, 3])))


@tf.function
def conflicts(x):
    for s in [[3, 1], None, [None], tf.TensorShape([5]), (3,)]:
        try:
            x.set_shape(s)
            print(x.shape, x.name)
        except Exception as e:
            print(type(e).__name__, e)
    return x


conflicts(tf.ones([3]))


@tf.function(input_signature=[tf.TensorSpec(None, tf.float32)])
def any_rank(x):
    x.set_shape([2, None])
    print(x.shape, x)
    return x


print(any_rank(tf.ones([2, 5])))
t = tf.ones([2])
for s in [[None], [2, 1], None, [3]]:
    try:
        t.set_shape(s)
        print("ok")
    except Exception as e:
        print(type(e).__name__, e)
