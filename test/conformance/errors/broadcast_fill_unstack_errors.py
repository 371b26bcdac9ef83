# broadcast_to, fill and unstack(num=) with shapes that do not fit: shape
# inference's ValueError while tracing, the kernel's InvalidArgumentError
# eagerly (ending without " name: ", as these wrappers raise it, except
# Unpack's); also tf.where's eager error for a Python condition, which
# takes the wrapper's slow path (no " name: " either).
import tensorflow as tf

cases = [
    ("broadcast_to", lambda: tf.broadcast_to(tf.ones([3]), [2, 4])),
    ("broadcast_to rank", lambda: tf.broadcast_to(tf.ones([2, 3]), [3])),
    ("fill", lambda: tf.fill([2, 2], tf.constant([1, 2]))),
    ("unstack num", lambda: tf.unstack(tf.ones([2, 3]), num=3)),
    ("unstack num axis", lambda: tf.unstack(tf.ones([2, 3]), num=3, axis=1)),
]
for name, fn in cases:
    try:
        print(name, len(fn()))
    except tf.errors.InvalidArgumentError as e:
        print(name, type(e).__name__, "|", str(e).splitlines()[0])
    try:
        print(name, "traced", len(tf.function(fn)()))
    except ValueError as e:
        print(name, "traced", type(e).__name__, "|", str(e).splitlines()[-1])
for fn in (lambda: tf.where([True, False], tf.ones([3]), tf.zeros([3])),
           lambda: tf.where(tf.constant([True, False]), tf.ones([3]),
                            tf.zeros([3]))):
    try:
        fn()
    except tf.errors.InvalidArgumentError as e:
        print(type(e).__name__, "|", str(e).splitlines()[0])
print(tf.fill([3], tf.constant([7.0])))
try:
    tf.fill([2], tf.constant([[5]]))
except tf.errors.InvalidArgumentError as e:
    print(type(e).__name__, "|", str(e).splitlines()[0])
