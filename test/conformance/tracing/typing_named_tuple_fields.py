# typing.NamedTuple classes of annotated fields and defaults are
# collections.namedtuples: printed, unpacked, replaced, nested through
# tf.nest and passed to tf.function by value.
import typing
from typing import NamedTuple
import tensorflow as tf


class Config(NamedTuple):
    """Training settings."""
    learning_rate: float
    epochs: int = 3
    name: str = "run"


class Point(typing.NamedTuple):
    x: float
    y: float


c = Config(0.01)
print(c, c.epochs, c._replace(epochs=5), c._fields, Config._field_defaults )
p = Point(1.0, 2.0)
x, y = p
print(p, x + y, p._asdict(), isinstance(p, tuple), len(p))
print(tf.nest.flatten(Config(0.5, 2, "a")), tf.nest.map_structure(lambda v: v * 2, Point(1.0, 3.0)))


@tf.function
def step(cfg):
    return tf.constant(cfg.learning_rate) * cfg.epochs


print(step(Config(0.5)))
try:
    class Bad(NamedTuple):
        a: int = 1
        b: int
except TypeError as e:
    print("TypeError:", e)
