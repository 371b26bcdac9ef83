# dataclasses.astuple and asdict over nested configurations: dataclasses
# inside lists, tuples and dicts are converted element by element, other
# values (tensors among them) are kept.
import dataclasses
import tensorflow as tf


@dataclasses.dataclass
class Optimizer:
    name: str = "adam"
    lr: float = 1e-3


@dataclasses.dataclass
class Layer:
    units: int
    activation: str = "relu"


@dataclasses.dataclass
class Model:
    layers: list
    optimizer: Optimizer
    schedule: dict
    shape: tuple = (None, 3)
    bias: object = None


m = Model([Layer(8), Layer(2, "softmax")], Optimizer(),
          {"warmup": Optimizer("sgd", 0.1), 5: [Layer(1)]},
          bias=tf.constant([0.5, 1.5]))
print(dataclasses.astuple(Layer(4)))
print(dataclasses.astuple(m))
print(dataclasses.asdict(m))
t = dataclasses.astuple(m)
print(type(t[0]).__name__, type(t[2]).__name__, t[4] is m.bias)
print(dataclasses.asdict(m)["layers"] is m.layers)
units, activation = dataclasses.astuple(Layer(16, "gelu"))
print(units * 2, activation.upper())
for bad in [Layer, 3, (Layer(1),)]:
    try:
        dataclasses.astuple(bad)
    except TypeError as e:
        print("TypeError:", e)
try:
    dataclasses.asdict({"a": Layer(1)})
except TypeError as e:
    print("TypeError:", e)


@tf.function
def scaled(cfg):
    units, activation = cfg
    return tf.ones([units]) * (2.0 if activation == "relu" else 3.0)


print(scaled(dataclasses.astuple(Layer(3))))
print(scaled(dataclasses.astuple(Layer(2, "tanh"))))
