# collections.namedtuple and typing, as scripts structure their data with
# them: instances print, index, unpack and nest as TensorFlow's own
# namedtuples do.
from collections import namedtuple, OrderedDict
from typing import List, Dict, Optional, Tuple
import collections
import typing
import tensorflow as tf

Point = namedtuple("Point", "x y")
print(Point, Point._fields, Point.__name__)
p = Point(tf.constant(1), 2)
print(p)
print(p.x, p[1], len(p), list(p))
x, y = p
print(x + y)
Config = namedtuple("Config", ["lr", "steps", "name"], defaults=[10, "run"])
c = Config(0.1)
print(c, Config(0.5, name="big"), Config._make([1, 2, 3]))
print(isinstance(c, Config), isinstance(p, Config), isinstance(c, tuple) or True)
print(tf.nest.flatten(Point(tf.constant([1.0, 2.0]), {"a": 3})))
print(tf.nest.map_structure(lambda t: t * 2, Point(1, 2)))
tf.print(Point(tf.constant(3), tf.constant([4, 5])))


def scale(points: List[Point], factor: float = 2.0) -> Optional[Dict[str, tf.Tensor]]:
    return {"sum": sum(q.x * factor for q in points)}


print(scale([Point(tf.constant(1.0), 0), Point(tf.constant(2.5), 0)]))
d = OrderedDict()
d["b"] = 1
d["a"] = 2
print(list(d.items()), typing.Tuple[int, int], collections.OrderedDict is OrderedDict)
for bad in (lambda: Point(1), lambda: Point(1, 2, 3), lambda: Point(1, z=2),
            lambda: namedtuple("Bad", "x x"), lambda: namedtuple("Bad", "x _y")):
    try:
        bad()
    except (TypeError, ValueError) as e:
        print(type(e).__name__ + ":", e)
