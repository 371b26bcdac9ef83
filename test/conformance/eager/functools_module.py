# functools around TensorFlow code: partial layers, a decorator made with
# wraps, memoized helpers (lru_cache, cache and cache_info), cmp_to_key,
# reduce over tensors in a tf.function, and product() in a traced loop.
import functools
import itertools
import tensorflow as tf

print(functools.reduce(lambda a, b: a + b, [1, 2, 3]))
print(functools.reduce(lambda a, b: a * b, [], 7))
try:
    functools.reduce(lambda a, b: a + b, [])
except TypeError as e:
    print("TypeError:", e)

def scale(x, factor=2.0, shift=0.0):
    return x * factor + shift
half = functools.partial(scale, factor=0.5)
print(half(tf.constant([2.0, 4.0])))
print(half(8.0, shift=1.0))
print(half.args, half.keywords, half.func.__name__)
p2 = functools.partial(functools.partial(scale, 3.0), shift=1)
print(p2(), p2.args, p2.keywords)

def logged(fn):
    @functools.wraps(fn)
    def wrapper(*args, **kwargs):
        print("calling", fn.__name__)
        return fn(*args, **kwargs)
    return wrapper

@logged
def add(a, b):
    """Adds."""
    return a + b
print(add.__name__, add.__doc__, add.__wrapped__.__name__)
print(add(tf.constant(1), 2))

@functools.lru_cache(maxsize=None)
def fib(n):
    return n if n < 2 else fib(n - 1) + fib(n - 2)
print(fib(30), fib.cache_info())

@functools.lru_cache(maxsize=2)
def sq(n):
    print("computing", n)
    return n * n
for i in [1, 2, 1, 3, 2, 1]:
    sq(i)
print(sq.cache_info())
sq.cache_clear()
print(sq.cache_info())

@functools.cache
def layer_sizes(depth):
    print("sizes for", depth)
    return [2 ** i for i in range(depth)]
print(layer_sizes(3), layer_sizes(3))

print(sorted([3, 1, 2], key=functools.cmp_to_key(lambda a, b: b - a)))

@tf.function
def grid_sum(x):
    total = tf.constant(0.0)
    for i, j in itertools.product(range(2), range(3)):
        total += x[i, j] * float(i + j)
    return total
print(grid_sum(tf.ones([2, 3])))

@tf.function
def folded(xs):
    return functools.reduce(tf.add, xs)
print(folded([tf.constant(1.0), tf.constant(2.0), tf.constant(3.0)]))
print(tf.version.VERSION, tf.__version__)


class Model:
    def __init__(self, scale):
        self.scale = scale

    @functools.lru_cache(maxsize=4)
    def weights(self, n):
        print("making weights", n)
        return tf.ones([n]) * self.scale

m = Model(3.0)
print(m.weights(2), m.weights(2))
print(Model.weights.cache_info())
try:
    add.__name__ = 5
except TypeError as e:
    print("TypeError:", e)
