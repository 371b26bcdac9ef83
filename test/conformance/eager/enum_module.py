# enum.Enum for training modes and options around TensorFlow code:
# members with their names and values, auto(), aliases, lookup by value
# and by name with CPython's errors, iteration in definition order, members
# as dict keys and tf.function arguments, methods and properties on
# members, tuple values unpacked into __init__, and @unique.
import enum
import tensorflow as tf


class Mode(enum.Enum):
    TRAIN = 1
    EVAL = 2
    PREDICT = 3
    TRAINING = 1  # an alias of TRAIN

    def is_training(self):
        return self is Mode.TRAIN

    @property
    def dropout(self):
        return 0.5 if self.is_training() else 0.0


print(Mode.TRAIN, repr(Mode.EVAL), Mode.TRAIN.name, Mode.TRAIN.value)
print(Mode(2), Mode["PREDICT"], Mode.TRAINING is Mode.TRAIN, Mode(1).name)
print(list(Mode), len(Mode), [m.name for m in Mode])
print(Mode.EVAL in Mode, type(Mode.EVAL), isinstance(Mode.EVAL, Mode), Mode)
print(Mode.TRAIN == Mode.TRAINING, Mode.TRAIN == 1, Mode.TRAIN != Mode.EVAL)
print(Mode.TRAIN.dropout, Mode.EVAL.dropout, Mode.TRAIN.is_training())
print(f"{Mode.EVAL}", f"[{Mode.EVAL:>12}]", str(Mode.PREDICT), "%s" % Mode.TRAIN)
print(list(Mode.__members__), Mode.__members__["TRAINING"])
rates = {Mode.TRAIN: 0.1, Mode.EVAL: 0.0}
print(rates[Mode.TRAINING], rates.get(Mode.PREDICT), sorted(m.value for m in rates))
print(Mode.TRAIN.__class__.__name__, Mode.__name__, hash(Mode.TRAIN) == hash(Mode.TRAINING))
for bad in [lambda: Mode(7), lambda: Mode("TRAIN")]:
    try:
        bad()
    except ValueError as e:
        print("ValueError:", e)
try:
    Mode["train"]
except KeyError as e:
    print("KeyError:", e)
try:
    Mode.TRAIN < Mode.EVAL
except TypeError as e:
    print("TypeError:", e)
try:
    3 in Mode
except TypeError as e:
    print("TypeError:", e)


class Color(enum.Enum):
    RED = enum.auto()
    GREEN = enum.auto()
    BLUE = 10
    WHITE = enum.auto()


print(list(Color), Color.WHITE.value, Color(2))


class Activation(enum.Enum):
    RELU = ("relu", 0.0)
    LEAKY = ("leaky_relu", 0.2)

    def __init__(self, fn_name, alpha):
        self.fn_name = fn_name
        self.alpha = alpha

    def apply(self, x):
        if self is Activation.RELU:
            return tf.nn.relu(x)
        return tf.nn.leaky_relu(x, alpha=self.alpha)


x = tf.constant([-2.0, 3.0])
for act in Activation:
    print(act, act.value, act.fn_name, act.alpha, act.apply(x))
print(Activation(("relu", 0.0)) is Activation.RELU)


@tf.function
def forward(x, mode):
    print("tracing", mode)
    if mode is Mode.TRAIN:
        return tf.nn.dropout(x, rate=0.0) * 2.0
    return x


print(forward(x, Mode.TRAIN), forward(x, Mode.EVAL), forward(x, Mode.TRAINING))

try:
    @enum.unique
    class Split(enum.Enum):
        TRAIN = "train"
        VALID = "valid"
        TEST = "valid"
except ValueError as e:
    print("ValueError:", e)


@enum.unique
class Stage(enum.Enum):
    WARMUP = 0
    MAIN = 1


print(Stage.MAIN, [s.value for s in Stage])
