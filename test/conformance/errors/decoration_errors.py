# tf.function checks its argument and input_signature when it decorates:
# a callable, a spec (or default) for each positional parameter, a default
# for each keyword-only one, and dimensions >= 0.
import tensorflow as tf


def attempt(label, make):
    try:
        make()
        print(label, "ok")
    except (TypeError, ValueError) as e:
        print(label, type(e).__name__ + ":", e)


spec = tf.TensorSpec([], tf.float32)
attempt("not callable:", lambda: tf.function(42))


def two(x, y):
    return x + y


def defaulted(x, y=2.0):
    return x + y


def keyword_only(x, *, scale):
    return x * scale


def keyword_default(x, *, scale=3.0):
    return x * scale


attempt("missing spec:", lambda: tf.function(two, input_signature=[spec]))
attempt("default covers:", lambda: tf.function(defaulted, input_signature=[spec]))
attempt("keyword-only:", lambda: tf.function(keyword_only, input_signature=[spec]))
attempt("keyword default:", lambda: tf.function(keyword_default, input_signature=[spec]))
attempt("negative dim:", lambda: tf.TensorSpec([-2], tf.float32))
print(tf.function(defaulted, input_signature=[spec])(tf.constant(1.0)))
print(tf.function(keyword_default, input_signature=[spec])(tf.constant(1.0)))
