# A variable's scatter_mul and scatter_div (rows, as ResourceScatterMul and
# ResourceScatterDiv update them: integers divide truncating) and
# scatter_nd_max / scatter_nd_min, in a function and eagerly; a bad index
# keeps the rows a row scatter updated before it.
import tensorflow as tf
v = tf.Variable([2.0, 4.0, 8.0, 16.0])
w = tf.Variable([7, -7, 9, -9])
m = tf.Variable([[1, 2], [3, 4]])
def attempt(f, *args):
    try:
        f(*args)
        print(f.__name__, "ok")
    except tf.errors.InvalidArgumentError as e:
        lines = [l.strip() for l in str(e).splitlines() if l.strip()]
        print(f.__name__, lines[-2], lines[-1].split(" [Op:")[0])
    print(v.numpy(), w.numpy(), m.numpy().tolist())
@tf.function
def mul(idx):
    v.scatter_mul(tf.IndexedSlices(tf.constant([3.0, 0.5, 2.0]), idx))
@tf.function
def div(idx):
    w.scatter_div(tf.IndexedSlices(tf.constant([2, 2, -1]), idx))
@tf.function
def nd_max(idx):
    m.scatter_nd_max(idx, [5, 0])
@tf.function
def nd_min(idx):
    m.scatter_nd_min(idx, [-5, 10])
attempt(mul, tf.constant([0, 1, 1]))
attempt(mul, tf.constant([3, 9, 0]))
attempt(div, tf.constant([0, 1, 3]))
attempt(div, tf.constant([2, 4, 1]))
attempt(nd_max, tf.constant([[0, 1], [1, 1]]))
attempt(nd_min, tf.constant([[1, 0], [2, 0]]))
v.scatter_mul(tf.IndexedSlices(tf.constant([10.0]), tf.constant([2])))
w.scatter_div(tf.IndexedSlices(tf.constant([3]), tf.constant([0])))
m.scatter_nd_max([[0, 0]], [9])
m.scatter_nd_min([[1, 1]], [-1])
print(v.numpy(), w.numpy(), m.numpy().tolist())
try:
    w.scatter_div(tf.IndexedSlices(tf.constant([3]), tf.constant([4])))
except tf.errors.InvalidArgumentError as e:
    print(str(e).splitlines()[0])
