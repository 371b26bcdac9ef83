# Staged control flow whose state changes structure: a namedtuple of
# another type, a list that becomes a tuple. TensorFlow's messages show
# both structures (the loop body's placeholders against what one
# iteration made), namedtuples with their fields.
import collections

import tensorflow as tf

State = collections.namedtuple("State", ["x", "t"])
Pair = collections.namedtuple("Pair", "x t")


def show(name, fn, *args):
    try:
        print(name, "|", fn(*args))
    except (TypeError, ValueError) as e:
        # The message without AutoGraph's frames, which name this file.
        text = str(e).strip()
        print(name, "|", type(e).__name__, "|",
              text[text.find("    TypeError"):] if "in user code" in text
              else text)


@tf.function
def branch(x):
    if x > 0:
        s = State(x * 2, tf.constant(1))
    else:
        s = Pair(-x, tf.constant(-1))
    return s


@tf.function
def loop(x):
    a = tf.constant(1)
    s = [x, tf.constant(0)]
    while s[1] < 3:
        s = (s[0] * 2, s[1] + 1)
        a += 1
    return s


@tf.function
def loop_namedtuple(x):
    s = State(x, tf.constant(0))
    while s.t < 3:
        s = Pair(s.x * 2, s.t + 1)
    return s


@tf.function
def for_loop(x):
    s = State(x, tf.constant(0))
    for i in tf.range(3):
        s = (s.x + 1.0, s.t + i)
    return s


show("if", branch, tf.constant(1.0))
show("while", loop, tf.constant(1.0))
show("while namedtuple", loop_namedtuple, tf.constant(1.0))
show("for", for_loop, tf.constant(1.0))
show("cond", tf.function(lambda x: tf.cond(
    x > 0, lambda: State(x, x), lambda: (x, x))), tf.constant(1.0))
