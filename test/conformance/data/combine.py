# enumerate, zip, concatenate, reduce, prefetch, cache (the input runs once)
# and shard.
import tensorflow as tf

a = tf.data.Dataset.range(3)
b = tf.data.Dataset.from_tensor_slices(["x", "y", "z", "w"])
for i, x in b.enumerate():
    print(i, x)
print(list(b.enumerate(start=10).as_numpy_iterator()))
z = tf.data.Dataset.zip((a, b))
print(z)
print(list(z.as_numpy_iterator()), z.cardinality().numpy())
z2 = tf.data.Dataset.zip(a, b)
print(z2)
print(list(z2.as_numpy_iterator()))
zd = tf.data.Dataset.zip({"n": a, "s": b})
print(zd.element_spec)
print(list(zd.as_numpy_iterator()))
nested = tf.data.Dataset.zip((a, (a, b)))
print(nested.element_spec)
print(list(nested.as_numpy_iterator()))
c = a.concatenate(tf.data.Dataset.range(10, 12))
print(c, list(c.as_numpy_iterator()))
# reduce
print(a.reduce(tf.constant(0, tf.int64), lambda s, x: s + x))
print(a.reduce(0, lambda s, x: s + tf.cast(x, tf.int32)))
print(tf.data.Dataset.range(5).reduce((tf.constant(0, tf.int64), tf.constant(1, tf.int64)), lambda st, x: (st[0] + x, st[1] * (x + 1))))
print(tf.data.Dataset.range(0).reduce(tf.constant(7, tf.int64), lambda s, x: s + x))
# prefetch / cache
p = tf.data.Dataset.range(5).prefetch(tf.data.AUTOTUNE)
print(p, list(p.as_numpy_iterator()))
calls = tf.Variable(0)
def count(x):
    calls.assign_add(1)
    return x
cached = tf.data.Dataset.range(4).map(count).cache()
print(list(cached.as_numpy_iterator()), int(calls.numpy()))
print(list(cached.as_numpy_iterator()), int(calls.numpy()))
# shard
s = tf.data.Dataset.range(10)
for i in range(3):
    print("shard", i, list(s.shard(3, i).as_numpy_iterator()))
# concat mismatch dtype error
try:
    a.concatenate(b)
except Exception as e:
    print("concat error:", type(e).__name__, "|", e)
