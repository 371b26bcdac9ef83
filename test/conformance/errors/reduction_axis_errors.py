# Out-of-range reduction axes eagerly: the kernel's error, whose text ends
# with " name: " only when the op's wrapper took its fast path (axes given
# as a Python list take the slow one, as do tf.norm's, which it passes as a
# tuple, except for ord 1 and inf); reduce_euclidean_norm's names its own
# op.
import tensorflow as tf

x = tf.ones([2, 2])
b = tf.ones([2, 2], tf.bool)
cases = [
    ("mean list", lambda: tf.reduce_mean(x, [-3])),
    ("mean int", lambda: tf.reduce_mean(x, -3)),
    ("sum list", lambda: tf.reduce_sum(x, axis=[0, 5])),
    ("max", lambda: tf.reduce_max(x, 3)),
    ("min list", lambda: tf.reduce_min(x, [3])),
    ("prod", lambda: tf.reduce_prod(x, 3)),
    ("all", lambda: tf.reduce_all(b, 3)),
    ("any tuple", lambda: tf.reduce_any(b, (-3,))),
    ("logsumexp", lambda: tf.reduce_logsumexp(x, 3)),
    ("std", lambda: tf.math.reduce_std(x, 3)),
    ("variance", lambda: tf.math.reduce_variance(x, [3])),
    ("euclidean", lambda: tf.math.reduce_euclidean_norm(x, 3)),
    ("norm", lambda: tf.norm(x, axis=3)),
    ("norm ord 1", lambda: tf.norm(x, ord=1, axis=-3)),
    ("norm ord inf", lambda: tf.norm(x, ord=float("inf"), axis=-3)),
    ("norm ord 3", lambda: tf.norm(x, ord=3, axis=-3)),
    ("count", lambda: tf.math.count_nonzero(x, 3)),
    ("mean tensor", lambda: tf.reduce_mean(x, tf.constant(3))),
    ("sum tensor list", lambda: tf.reduce_sum(x, tf.constant([3]))),
    ("list input", lambda: tf.reduce_sum([[1.0, 2.0]], 2)),
]
for name, f in cases:
    try:
        f()
        print(name, "ok")
    except Exception as e:
        print(name, type(e).__name__, e)
print(tf.norm(x, axis=1), tf.norm(x, ord=1, axis=0))
