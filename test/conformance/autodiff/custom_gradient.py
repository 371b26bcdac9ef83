# tf.custom_gradient: a decorated function's own gradient replaces its ops'
# on tapes, eagerly and inside tf.functions: several arguments and results
# (missing result gradients are zeros), nested results, variables the
# function reads (grad_fn takes variables= and returns their gradients),
# and the errors for a wrong number of gradients, a grad_fn without
# variables=, and a function that returns no (result, grad_fn) pair.
import tensorflow as tf

@tf.custom_gradient
def log1pexp(x):
    e = tf.exp(x)
    def grad(upstream):
        return upstream * (1 - 1 / (1 + e))
    return tf.math.log(1 + e), grad

@tf.custom_gradient
def clip_grad(x, y):
    def grad(dz):
        return tf.clip_by_value(dz, -0.5, 0.5), dz * 2.0
    return x * y, grad

@tf.custom_gradient
def reverse(x):
    return tf.identity(x), lambda dy: -dy

x = tf.constant([0.0, 1.0, 100.0])
with tf.GradientTape() as t:
    t.watch(x)
    y = log1pexp(x)
print(y, t.gradient(y, x))
a, b = tf.constant(3.0), tf.constant(4.0)
with tf.GradientTape(persistent=True) as t:
    t.watch([a, b])
    z = clip_grad(a, b) * 3.0
print(z, t.gradient(z, [a, b]))
v = tf.Variable(2.0)
@tf.function
def step():
    with tf.GradientTape() as t:
        r = reverse(v * v)
        s = log1pexp(r)
    g = t.gradient(s, v)
    print("traced", r)
    return s, g
print(step())
print(log1pexp(tf.constant(2.0)))
@tf.custom_gradient
def two_out(x):
    def grad(da, db):
        return da + 10 * db
    return (x * 2, x * 3), grad
with tf.GradientTape() as t:
    t.watch(a)
    p, q = two_out(a)
    s = p + q
print(t.gradient(s, a))
with tf.GradientTape() as t:
    t.watch(a)
    p, q = two_out(a)
print(t.gradient(p, a))
@tf.custom_gradient
def bad(x):
    return x * 2, lambda dy: (dy, dy)
with tf.GradientTape() as t:
    t.watch(a)
    r = bad(a)
try:
    print(t.gradient(r, a))
except Exception as e:
    print(type(e).__name__, e)
w = tf.Variable(3.0, name="w")

@tf.custom_gradient
def scaled(x):
    y = x * w
    def grad(dy, variables=None):
        return dy * w, [dy * x * 100.0]
    return y, grad

x = tf.constant(2.0)
with tf.GradientTape() as t:
    t.watch(x)
    y = scaled(x)
print(y, t.gradient(y, [x, w]))

@tf.custom_gradient
def no_kw(x):
    return x * w, lambda dy: dy
try:
    with tf.GradientTape() as t:
        no_kw(x)
except TypeError as e:
    print("TypeError", e)

@tf.function
def train():
    with tf.GradientTape() as t:
        y = scaled(tf.constant(5.0))
    return t.gradient(y, w)
print(train())

@tf.custom_gradient
def pair(a, b):
    def grad(d):
        return {"a": d["a"] * 2.0, "b": d["b"] * 3.0} if False else (d * 2.0, d * 3.0)
    return a + b, grad

@tf.function
def outer(a, b):
    return pair(a, b) * 2.0
a, b = tf.constant([1.0, 2.0]), tf.constant([3.0, 4.0])
with tf.GradientTape() as t:
    t.watch([a, b])
    z = tf.reduce_sum(outer(a, b))
print(t.gradient(z, [a, b]))

@tf.custom_gradient
def nested(x):
    def grad(da, db):
        return da + db
    return {"p": x * 2.0, "q": x * x}, grad
with tf.GradientTape() as t:
    t.watch(x)
    d = nested(x)
    s = d["p"] + d["q"]
print(d["p"], t.gradient(s, x))
print(scaled(tf.constant(1.5)))

@tf.custom_gradient
def not_pair(x):
    return x
try:
    not_pair(x)
except Exception as e:
    print(type(e).__name__, e)
