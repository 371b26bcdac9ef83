# contextlib.contextmanager as a timer and a temporary setting around
# TensorFlow code (the generator's tear-down runs on success and on error;
# it may swallow, let through or replace the block's exception), suppress
# and nullcontext; abc.ABC and abstractmethod for a layer interface whose
# incomplete subclasses cannot be instantiated.
import abc
import contextlib
import tensorflow as tf

settings = {"scale": 1.0}


@contextlib.contextmanager
def scaled(factor):
    """Temporarily scales every output."""
    old = settings["scale"]
    settings["scale"] = factor
    print("enter", factor)
    try:
        yield factor * 10
    finally:
        settings["scale"] = old
        print("exit", factor)


def apply(x):
    return x * settings["scale"]


with scaled(2.0) as tag:
    print(tag, apply(tf.constant([1.0, 2.0])))
print(settings, scaled.__name__, scaled.__doc__)
try:
    with scaled(3.0):
        print(apply(tf.constant(1.0)))
        raise ValueError("bad batch")
except ValueError as e:
    print("ValueError:", e, settings)
with scaled(4.0), scaled(5.0) as inner:
    print(inner, apply(tf.constant(1.0)))


@contextlib.contextmanager
def skip_errors(kind):
    try:
        yield
    except kind as e:
        print("skipped", type(e).__name__, e)


with skip_errors(tf.errors.InvalidArgumentError):
    tf.debugging.assert_positive(tf.constant([-1.0]), message="neg")
    print("unreachable")
print("after")
try:
    with skip_errors(KeyError):
        raise IndexError("not mine")
except IndexError as e:
    print("IndexError:", e)


@contextlib.contextmanager
def translate():
    try:
        yield
    except ZeroDivisionError as e:
        raise RuntimeError("translated") from e


try:
    with translate():
        1 / 0
except RuntimeError as e:
    print("RuntimeError:", e, type(e.__cause__).__name__)


@contextlib.contextmanager
def no_yield():
    if False:
        yield


@contextlib.contextmanager
def two_yields():
    yield 1
    yield 2


for cm in [no_yield, two_yields]:
    try:
        with cm():
            pass
    except RuntimeError as e:
        print("RuntimeError:", e)

with contextlib.suppress(KeyError, IndexError):
    {}["missing"]
print("suppressed")
try:
    with contextlib.suppress(KeyError):
        [][1]
except IndexError as e:
    print("IndexError:", e)
with contextlib.nullcontext(tf.constant(3)) as t:
    print(t)
with contextlib.nullcontext() as nothing:
    print(nothing)


class Layer(abc.ABC):
    @abc.abstractmethod
    def call(self, x):
        """Computes the output."""

    @property
    @abc.abstractmethod
    def units(self):
        ...

    def __call__(self, x):
        return self.call(x)


class Half(Layer):
    def call(self, x):
        return x / 2


class Dense(Half):
    @property
    def units(self):
        return 3


for cls in [Layer, Half]:
    try:
        cls()
    except TypeError as e:
        print("TypeError:", e)
d = Dense()
print(d(tf.constant([4.0])), d.units, isinstance(d, abc.ABC), Layer.call.__isabstractmethod__)


class Plain:  # abstractmethod without ABC does not stop instantiation
    @abc.abstractmethod
    def f(self):
        pass


print(type(Plain()).__name__, abc.ABC.__name__, abc.ABC.__module__)


@contextlib.contextmanager
def logged(step):
    print("start", step)
    yield
    print("never reached")


def train():
    with logged(1):
        tf.reshape(tf.ones([3]), [2])


train()
