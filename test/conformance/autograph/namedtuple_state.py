# A collections.namedtuple of tensors as the state of staged control flow
# in a tf.function: AutoGraph's while, for and if, tf.cond and
# tf.while_loop carry it as a tuple of its fields and give it back as the
# same namedtuple type.
import collections

import tensorflow as tf

State = collections.namedtuple("State", ["x", "t"])
Pair = collections.namedtuple("Pair", "a b")


@tf.function
def doubling(x):
    s = State(x, tf.constant(0))
    while s.t < 3:
        s = State(s.x * 2, s.t + 1)
    return s


@tf.function
def for_range(x, n):
    s = State(x, tf.constant(0))
    for i in tf.range(n):
        s = s._replace(x=s.x + tf.cast(i, tf.float32), t=s.t + 1)
    return s


@tf.function
def branch(x):
    if x > 0:
        s = State(x * 2, tf.constant(1))
    else:
        s = State(-x, tf.constant(-1))
    return s


@tf.function
def cond(x):
    return tf.cond(x > 0, lambda: Pair(x, {"k": x + 1}),
                   lambda: Pair(-x, {"k": x - 1}))


@tf.function
def while_loop(x):
    return tf.while_loop(lambda s: s.t < 4,
                         lambda s: (State(s.x + 1.0, s.t + 1),),
                         (State(x, tf.constant(0)),))


@tf.function
def nested(x):
    state = {"p": Pair(x, x), "n": tf.constant(0)}
    while state["n"] < 2:
        p = state["p"]
        state = {"p": Pair(p.a + p.b, p.a), "n": state["n"] + 1}
    return state


print(doubling(tf.constant(1.0)))
print(for_range(tf.constant(0.5), tf.constant(4)))
print(branch(tf.constant(3.0)))
print(branch(tf.constant(-3.0)))
print(cond(tf.constant(2.0)))
print(cond(tf.constant(-2.0)))
print(while_loop(tf.constant(0.5)))
print(nested(tf.constant(1.0)))
print(type(doubling(tf.constant(1.0))).__name__, doubling(tf.constant(1.0)).x)
