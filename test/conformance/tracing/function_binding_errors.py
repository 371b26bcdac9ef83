# A tf.function call that does not bind raises TensorFlow's TypeError, in
# inspect.Signature.bind's order (too many, given twice, missing,
# unexpected); with an input_signature, Python values convert to its specs
# and the parameters after them keep their defaults.
import tensorflow as tf


@tf.function
def add(x, y, scale=1.0):
    return (x + y) * scale


@tf.function(input_signature=[tf.TensorSpec([], tf.int32)])
def inc(x, step=2):
    return x + step


@tf.function(input_signature=[tf.TensorSpec([], tf.float32), tf.TensorSpec([], tf.float32)])
def sub(x, y):
    return x - y


class Scaler(tf.Module):
    def __init__(self):
        self.w = tf.Variable(2.0)

    @tf.function(input_signature=[tf.TensorSpec([], tf.float32)])
    def __call__(self, x):
        return x * self.w


one = tf.constant(1.0)


def attempt(label, call):
    try:
        print(label, call())
    except TypeError as e:
        print(label, "TypeError:", e)


attempt("twice:", lambda: add(one, x=one))
attempt("too many:", lambda: add(one, one, 2.0, 3.0))
attempt("missing:", lambda: add(one))
attempt("missing before unexpected:", lambda: add(one, z=one))
attempt("unexpected:", lambda: add(one, one, z=one))
attempt("int from Python:", lambda: inc(3))
attempt("float for int32:", lambda: inc(3.5))
attempt("default kept:", lambda: inc(tf.constant(1), 2))
attempt("other default:", lambda: inc(tf.constant(1), 4))
attempt("keywords:", lambda: sub(y=tf.constant(1.0), x=tf.constant(5.0)))
attempt("signature missing:", lambda: sub(tf.constant(1.0), z=tf.constant(5.0)))
scaler = Scaler()
attempt("method:", lambda: scaler(tf.constant(3.0)))
attempt("method int:", lambda: scaler(tf.constant(3)))
