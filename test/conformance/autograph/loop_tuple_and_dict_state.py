# Tuples and dicts of tensors are carried through staged loops and branches.
import tensorflow as tf


@tf.function
def fib_pair(n):
    state = (tf.constant(0), tf.constant(1))
    for _ in tf.range(n):
        state = (state[1], state[0] + state[1])
    return state


@tf.function
def grow(x):
    if x > 0:
        p = (x, x + 1)
    else:
        p = (-x, x)
    d = {"value": x, "steps": 0}
    while d["value"] < 100:
        d = {"value": d["value"] * 3, "steps": d["steps"] + 1}
    return p, d


print(fib_pair(tf.constant(10)))
print(grow(tf.constant(4)))
print(grow(tf.constant(-2)))
