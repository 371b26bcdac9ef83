# A staged loop whose body reads a variable before assigning it, or leaves
# one defined in one branch only, fails as TensorFlow's does: the variable
# must be defined before the loop, with the cause as a note.
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


for fn in [f, g]:
    try:
        fn(tf.constant(3))
    except ValueError as e:
        print(str(e).splitlines()[-2:])
