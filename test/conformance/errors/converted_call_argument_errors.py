# A Python function called from a tf.function with the wrong arguments:
# AutoGraph converted it, so the TypeError names the converted copy
# (outer_factory.<locals>.inner_factory.<locals>.tf__NAME), and functions
# that converted code defines extend that name. Unconverted callees
# (do_not_convert, generators, autograph=False) keep their own names.
# Iterating a graph tensor, a scalar one too, is not allowed.
import functools

import tensorflow as tf

tf.get_logger().setLevel("CRITICAL")


def run(name, fn, arg=None):
    try:
        fn(tf.constant(1.0) if arg is None else arg)
        print(name, "| no error")
    except (TypeError, tf.errors.OperatorNotAllowedInGraphError) as e:
        print(name, "|", type(e).__name__, "|", str(e).strip().splitlines()[-1])


def helper(a, b):
    return a + b


def outer(x):
    return helper(x)


class Layer:
    def apply(self, x, scale=1.0):
        return x * scale

    @staticmethod
    def st(x, y):
        return x

    @classmethod
    def cm(cls, x, y):
        return x

    def __call__(self, a, b):
        return a


lam = lambda a, b: a + b


def make():
    def inner(a, b):
        return a

    return inner


made = make()


def deco(f):
    def wrapper(*a, **k):
        return f(*a, **k)

    return wrapper


@deco
def wrapped(a, b):
    return a


def gen(a, b):
    yield a


@tf.autograph.experimental.do_not_convert
def dnc(a, b):
    return a


def kwonly(a, *, k):
    return a


run("direct", tf.function(lambda x: helper(x)))
run("nested", tf.function(lambda x: outer(x)))
run("method", tf.function(lambda x: Layer().apply(x, scal=2)))
run("static", tf.function(lambda x: Layer.st(x)))
run("classmethod", tf.function(lambda x: Layer.cm(x)))
run("__call__", tf.function(lambda x: Layer()(x)))
run("lambda", tf.function(lambda x: lam(x)))
run("keyword", tf.function(lambda x: helper(x, y=2)))
run("too many", tf.function(lambda x: helper(x, 1, 2)))
run("keyword-only", tf.function(lambda x: kwonly(x)))
run("decorated", tf.function(lambda x: wrapped(x)))
run("partial", tf.function(lambda x: functools.partial(helper, 1, 2)(x)))
run("factory", tf.function(lambda x: made(x)))
run("generator", tf.function(lambda x: list(gen(x))))
run("do_not_convert", tf.function(lambda x: dnc(x)))
run("autograph=False", tf.function(lambda x: helper(x), autograph=False))
run("eager", lambda x: helper(x))


@tf.function
def inner_lambda(x):
    g = lambda a, b: a + b
    return g(x)


@tf.function
def inner_def(x):
    def mid(y):
        def deep(a, b):
            return a

        return deep(y)

    return mid(x)


@tf.function
def factory_inside(x):
    return make()(x)


@tf.function
def in_comprehension(x):
    return [helper(x) for i in range(2)]


@tf.function
def in_map_fn(x):
    return tf.map_fn(lambda a, b: a, tf.stack([x]))


@tf.function
def in_cond(x):
    return tf.cond(x > 0, lambda: helper(x), lambda: x)


class Net(tf.Module):
    def step(self, a, b):
        return a

    @tf.function
    def __call__(self, x):
        return self.step(x)


run("inner lambda", inner_lambda)
run("inner def", inner_def)
run("factory inside", factory_inside)
run("comprehension", in_comprehension)
run("map_fn", in_map_fn)
run("cond", in_cond)
run("module method", Net())

# Iterating a tensor in a graph, whatever its shape; eagerly, a scalar.
run("max of scalar", tf.function(lambda x: max(x)))
run("max of vector", tf.function(lambda x: max(x)), tf.constant([1.0, 2.0]))
run("list of vector", tf.function(lambda x: list(x)), tf.constant([1.0, 2.0]))
run("eager max of scalar", lambda x: max(x))
run("eager list of vector", lambda x: list(x), tf.constant([1.0, 2.0]))
