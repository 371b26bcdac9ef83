# Gradients of tf.einsum with respect to both operands, in a function and
# eagerly: TensorFlow's _EinsumGrad computes each as another einsum
# ("{output},{other}->{input}"), so its products have that orientation.
import numpy as np
import tensorflow as tf

rng = np.random.RandomState(0)


def digest(t):
    a = t.numpy().astype(np.float32).ravel()
    return "%s %d %.9g" % (t.shape, int(a.view(np.int32).astype(np.int64).sum() % 1000003), float(a.sum()))


CASES = [
    ("td,de->te", [20, 16], [16, 8]),
    ("btd,de->bte", [3, 20, 16], [16, 8]),
    ("btd,bde->bte", [3, 20, 16], [3, 16, 8]),
    ("bhqd,bhkd->bhqk", [2, 3, 10, 16], [2, 3, 12, 16]),
    ("ij,j->i", [17, 33], [33]),
    ("i,i->", [40], [40]),
    ("ij,kj->ik", [40, 32], [24, 32]),
    ("abc,cd->ad", [5, 4, 30], [30, 7]),
    ("...ij,jk->...ik", [2, 3, 10, 16], [16, 8]),
    ("...ij,...jk->...ik", [2, 1, 10, 16], [3, 16, 8]),
    ("ij,jk", [40, 32], [32, 20]),
    ("bij,bjk->bki", [4, 24, 18], [4, 18, 22]),
]


def run(eq, x, y, t):
    with tf.GradientTape() as tape:
        tape.watch([x, y])
        q = tf.einsum(eq, x, y)
    return tape.gradient(q, [x, y], output_gradients=t)


DATA = []
for eq, xs, ys in CASES:
    x = tf.constant(rng.randn(*xs).astype(np.float32))
    y = tf.constant(rng.randn(*ys).astype(np.float32))
    t = tf.constant(np.asarray(rng.randn(*tf.einsum(eq, x, y).shape), np.float32))
    DATA.append((eq, x, y, t))


@tf.function
def all_in_function():  # one trace for every case
    return [run(*case) for case in DATA]


for case, (gx, gy), (fx, fy) in zip(DATA, [run(*c) for c in DATA], all_in_function()):
    print(case[0], "eager", digest(gx), digest(gy))
    print(case[0], "function", digest(fx), digest(fy))

# Unary einsums: transposes, reductions, traces.
for eq, xs in [("ij->ji", [6, 5]), ("ijk->ki", [4, 5, 6]), ("ij->", [7, 9]),
               ("bij->bj", [3, 40, 12])]:
    x = tf.constant(rng.randn(*xs).astype(np.float32))
    t = tf.constant(np.asarray(rng.randn(*tf.einsum(eq, x).shape), np.float32))
    with tf.GradientTape() as tape:
        tape.watch(x)
        q = tf.einsum(eq, x)
    print(eq, digest(tape.gradient(q, x, output_gradients=t)))

# A layer: y = einsum("btd,de->bte", x, w) + b, trained two steps.
w = tf.Variable(rng.randn(16, 8).astype(np.float32))
b = tf.Variable(np.zeros(8, np.float32))
xb = tf.constant(rng.randn(4, 20, 16).astype(np.float32))
target = tf.constant(rng.randn(4, 20, 8).astype(np.float32))


@tf.function
def step():
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean((tf.einsum("btd,de->bte", xb, w) + b - target) ** 2)
    gw, gb = tape.gradient(loss, [w, b])
    w.assign_sub(0.1 * gw)
    b.assign_sub(0.1 * gb)
    return loss


for _ in range(2):
    print(step().numpy().tolist())
print(digest(w), digest(b))

# The second derivative goes through the gradient's einsums.
x = tf.constant(rng.randn(5, 6).astype(np.float32))
y = tf.constant(rng.randn(6, 4).astype(np.float32))
with tf.GradientTape() as outer:
    outer.watch(y)
    with tf.GradientTape() as inner:
        inner.watch(x)
        s = tf.reduce_sum(tf.einsum("ij,jk->ik", x, y) ** 2)
    gx = inner.gradient(s, x)
    r = tf.reduce_sum(gx * gx)
print(digest(outer.gradient(r, y)))

# Sizes known only when the function runs.
v = tf.Variable(rng.randn(16, 8).astype(np.float32))


@tf.function(input_signature=[tf.TensorSpec([None, None, 16]), tf.TensorSpec([None, None, 8])])
def dynamic(x, t):
    with tf.GradientTape(persistent=True) as tape:
        tape.watch(x)
        q = tf.einsum("btd,de->bte", x, v)
        r = tf.einsum("...d,de->...e", x, v)
        s = tf.einsum("btd->bd", x)
    return tape.gradient([q, r], [x, v], output_gradients=[t, t]), tape.gradient(s, x)


for b, n in [(1, 5), (3, 20), (2, 33)]:
    x = tf.constant(rng.randn(b, n, 16).astype(np.float32))
    t = tf.constant(rng.randn(b, n, 8).astype(np.float32))
    (gx, gv), gs = dynamic(x, t)
    print(digest(gx), digest(gv), digest(gs))
