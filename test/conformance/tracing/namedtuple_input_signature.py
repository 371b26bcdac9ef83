# A namedtuple (collections.namedtuple or typing.NamedTuple) of TensorSpecs in
# an input_signature: calls conform to it, and its type prints by field.
import tensorflow as tf
from collections import namedtuple
from typing import NamedTuple
P = namedtuple("P", ["a", "b"])
class Q(NamedTuple):
    x: tf.Tensor
    y: tf.Tensor
@tf.function(input_signature=[P(tf.TensorSpec([], tf.float32), tf.TensorSpec([2], tf.int32))])
def f(p):
    return p.a * 2, p.b + 1
print("decorated")
print(f(P(tf.constant(1.5), tf.constant([1, 2]))))
@tf.function(input_signature=[Q(tf.TensorSpec([None]), tf.TensorSpec([None]))])
def g(q):
    return q.x + q.y
print(g(Q(tf.constant([1.0]), tf.constant([2.0]))))
print(g.get_concrete_function().structured_input_signature)
try:
    f(P(1.0, 2.0))
except Exception as e:
    print(type(e).__name__, e)
