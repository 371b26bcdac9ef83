# A namedtuple instance is a tuple: _fields, _replace, _asdict and _make,
# count and index, + and *, comparisons with tuples, its hash; with
# tensors for items too.
from collections import namedtuple
import tensorflow as tf

P = namedtuple("P", ["x", "y"])
p = P(1, 2)
print(p._fields, P._fields)
print(p._replace(x=5), p._asdict(), P._make([3, 4]))
print(p == (1, 2), p == P(1, 2), p != (2, 1), p < (1, 3), (0, 9) < p)
print(hash(p) == hash((1, 2)), len(p), p + (3,), (0,) + p, p * 2, p + p)
print(p.count(1), p.index(2), tuple(p), list(p), max(p))
print(isinstance(p, tuple), {p: "a"}[(1, 2)])
try:
    p._replace(z=1, w=2)
except ValueError as e:
    print("ValueError:", e)
try:
    p.index(7)
except ValueError as e:
    print("ValueError:", e)
x, y = p
print(x, y, p[-1], p[:1])
t = P(tf.constant([1.0, 2.0]), tf.constant(3))
print(t._replace(y=tf.constant(4))._asdict())
print(tf.nest.flatten(t._replace(x=1.5)))
