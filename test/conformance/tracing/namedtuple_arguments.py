# A namedtuple argument is a structure, as TensorFlow's NamedTuple
# TraceType: its type's name and fields, then its items (tensors by dtype
# and shape, Python values by value), NumPy items passed as tensors. (It
# was keyed by identity, and its tensors were not placeholders: a crash.)
from collections import namedtuple
import numpy as np
import tensorflow as tf

Point = namedtuple("Point", ["x", "y"])
Other = namedtuple("Other", ["x", "y"])


@tf.function
def f(p):
    print("tracing", type(p).__name__)
    return p.x * 2 + p[1]


print(f(Point(tf.constant(3.0), tf.constant(4.0))))
print(f(Point(tf.constant(5.0), tf.constant(1.0))))
print(f(Point(tf.constant([1.0, 2.0]), tf.constant(1.0))))
print(f(Other(tf.constant(3.0), tf.constant(4.0))))
print(f.experimental_get_tracing_count())


@tf.function
def h(p):
    print("tracing h with", p.y)
    return p.x * p.y


print(h(Point(np.float32(2.0), 3.0)), h(Point(np.float32(4.0), 3.0)))
print(h(Point(1.0, 2.0)), h(Point(1.0, 2.0)), h(Point(1.0, 3.0)))
print(h.experimental_get_tracing_count())


@tf.function
def g(p):
    return p


print(g(Point(tf.constant(1), y=2.0)))
concrete = g.get_concrete_function(
    Point(tf.TensorSpec([None], tf.float32), tf.TensorSpec([], tf.int32)))
print(concrete.structured_outputs)
print(concrete(Point(tf.constant([1.5]), tf.constant(2))))
