# dataclasses as scripts use them for configurations and small records:
# generated __init__, __repr__ and __eq__, defaults and factories,
# __post_init__, inheritance, asdict/replace/fields, frozen instances.
from dataclasses import dataclass, field, asdict, replace, fields, is_dataclass
import dataclasses
from typing import List
import tensorflow as tf


@dataclass
class TrainConfig:
    lr: float = 0.1
    steps: int = 100
    layers: List[int] = field(default_factory=lambda: [32, 16])
    name: str = "run"


c = TrainConfig()
print(c)
print(TrainConfig(0.01, name="small"), c == TrainConfig(), c == TrainConfig(lr=0.2))
print(asdict(c), [f.name for f in fields(c)], is_dataclass(c), is_dataclass(1))
print(replace(c, steps=5))
c.steps = 7
print(c.steps, TrainConfig.lr)


@dataclass
class Point:
    x: tf.Tensor
    y: float
    label: str = field(default="p", repr=False)

    def __post_init__(self):
        self.norm = tf.sqrt(self.x * self.x + self.y * self.y)

    def scaled(self, k):
        return Point(self.x * k, self.y * k)


p = Point(tf.constant(3.0), 4.0)
print(p, p.norm, p.scaled(2))


@dataclass
class Point3(Point):
    z: float = 0.0


print(Point3(tf.constant(1.0), 2.0, z=5.0), [f.name for f in fields(Point3)])


@dataclass(frozen=True)
class Const:
    value: int = 3


k = Const()
try:
    k.value = 4
except dataclasses.FrozenInstanceError as e:
    print("FrozenInstanceError:", e)


@tf.function
def step(cfg, x):
    return x * cfg.lr


try:  # a dataclass with eq and not frozen is unhashable: no trace type
    print(step(TrainConfig(lr=0.5), tf.constant(2.0)))
except TypeError as e:
    print("TypeError:", e)


@dataclass(frozen=True)
class Rate:
    lr: float


# A frozen one is hashable: the function traces once per distinct value.
print(step(Rate(0.5), tf.constant(2.0)), step(Rate(0.5), tf.constant(3.0)),
      step(Rate(0.25), tf.constant(2.0)), hash(Rate(1.0)) == hash(Rate(1.0)))

for bad in (lambda: TrainConfig(1, 2, [], "a", 5), lambda: Point(1.0),
            lambda: TrainConfig(speed=3)):
    try:
        bad()
    except TypeError as e:
        print("TypeError:", e)
try:
    @dataclass
    class Bad:
        a: int = 1
        b: int
except TypeError as e:
    print("TypeError:", e)
try:
    @dataclass
    class Shared:
        items: list = []
except ValueError as e:
    print("ValueError:", e)
