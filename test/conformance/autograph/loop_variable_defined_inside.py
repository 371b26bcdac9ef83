# A staged loop whose body reads a variable before assigning it, or leaves
# one defined in one branch only, fails as TensorFlow's does: the variable
# must be defined before the loop, with the cause as a note. A None inside a
# loop variable fails TensorFlow's conversion.
import tensorflow as tf


@tf.function
def f(n):
    for i in tf.range(n):
        if i > 0:
            print_me = prev + i
        prev = i
    return n


@tf.function
def g(n):
    for i in tf.range(n):
        if i > 2:
            last_big = i
    return last_big


@tf.function
def h(n):
    state = (tf.constant(0), None)
    for i in tf.range(n):
        state = (state[0] + i, None)
    return state[0]


for fn in [f, g, h]:
    try:
        fn(tf.constant(3))
    except ValueError as e:
        print(str(e).splitlines()[-2:])
