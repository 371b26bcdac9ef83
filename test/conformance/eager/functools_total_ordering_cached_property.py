# functools.total_ordering on model-version and checkpoint classes (each
# root comparison, NotImplemented for foreign operands, the ValueError for
# a class without one) and functools.cached_property for lazily built
# tensors: computed once per instance, stored in __dict__, reset by del.
import functools
import tensorflow as tf


@functools.total_ordering
class Version:
    def __init__(self, major, minor):
        self.major, self.minor = major, minor

    def __eq__(self, other):
        if not isinstance(other, Version):
            return NotImplemented
        return (self.major, self.minor) == (other.major, other.minor)

    def __lt__(self, other):
        if not isinstance(other, Version):
            return NotImplemented
        return (self.major, self.minor) < (other.major, other.minor)

    def __repr__(self):
        return f"Version({self.major}, {self.minor})"


a, b, c = Version(1, 2), Version(1, 3), Version(1, 2)
print(a < b, a <= b, a > b, a >= b)
print(a < c, a <= c, a > c, a >= c)
print(b > a, b >= a, b <= a)
print(sorted([b, a, Version(0, 9)]))
print(max([a, b, c]), min([a, b, c]))
print(Version.__gt__.__name__, Version.__le__.__name__)
print("__ge__" in Version.__dict__, "__lt__" in Version.__dict__)
try:
    a > 3
except TypeError as e:
    print("TypeError:", e)
try:
    a >= "1.2"
except TypeError as e:
    print("TypeError:", e)


class Checkpoint:
    def __init__(self, step, loss):
        self.step = step
        self.loss = tf.constant(loss)

    def __eq__(self, other):
        return bool(self.loss == other.loss)

    def __gt__(self, other):  # "better": a lower loss
        return bool(self.loss < other.loss)


Checkpoint = functools.total_ordering(Checkpoint)
x, y, z = Checkpoint(1, 0.5), Checkpoint(2, 0.25), Checkpoint(3, 0.5)
print(y > x, y >= x, y < x, y <= x, x <= z, x >= z, x < z)
print(max([x, y, z]).step, min([x, y, z]).step)


@functools.total_ordering
class Ge:
    def __init__(self, v):
        self.v = v

    def __eq__(self, other):
        return self.v == other.v

    def __ge__(self, other):
        return self.v >= other.v


print(Ge(1) < Ge(2), Ge(2) <= Ge(2), Ge(3) > Ge(2), Ge(2) > Ge(2))


@functools.total_ordering
class Le:
    def __init__(self, v):
        self.v = v

    def __eq__(self, other):
        return self.v == other.v

    def __le__(self, other):
        return self.v <= other.v


print(Le(1) < Le(2), Le(2) < Le(2), Le(3) >= Le(2), Le(2) > Le(1))

try:
    @functools.total_ordering
    class Unordered:
        def __eq__(self, other):
            return True
except ValueError as e:
    print("ValueError:", e)


class Layer:
    def __init__(self, units):
        self.units = units
        self.builds = 0

    @functools.cached_property
    def kernel(self):
        """The layer's weights, made on first use."""
        self.builds += 1
        return tf.ones([2, self.units]) * self.units

    @tf.function
    def __call__(self, x):
        return tf.matmul(x, self.kernel)


layer = Layer(3)
print("kernel" in vars(layer), layer.builds)
print(layer.kernel)
print(layer.kernel is layer.kernel, layer.builds)
print("kernel" in vars(layer))
print(layer(tf.constant([[1.0, 2.0]])))
print(layer.builds)
del layer.kernel
print("kernel" in vars(layer))
print(layer.kernel.shape, layer.builds)
layer.kernel = tf.zeros([2, 3])
print(layer.kernel)
other = Layer(1)
print(other.kernel, other.builds, layer.builds)
print(type(Layer.kernel).__name__, Layer.kernel.attrname)
print(Layer.kernel.__doc__)
print(Layer.kernel.func.__name__)

square = functools.cached_property(lambda self: self.v * self.v)


class Squared:
    v = 4
    value = square


print(Squared().value, Squared.value.attrname)
