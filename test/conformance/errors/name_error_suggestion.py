# An undefined name: CPython 3.11's traceback suggests the closest local,
# global or builtin name ("Did you mean: 'learning_rate'?").
import tensorflow as tf

learning_rate = 0.1


def step(weight, gradient):
    scaled = gradient * 2
    return weight - learning_rat * scaled


print(step(tf.constant(1.0), tf.constant(0.5)))
