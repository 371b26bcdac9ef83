# flat_map, interleave with cycle and block lengths, scan (also
# tf.data.experimental.scan, deprecated), unique, take_while, apply and window.
import tensorflow as tf

ds = tf.data.Dataset.range(1, 4)
fm = ds.flat_map(lambda x: tf.data.Dataset.range(x))
print(list(fm.as_numpy_iterator()))
print(list(ds.flat_map(lambda x: tf.data.Dataset.from_tensor_slices([x, -x])).as_numpy_iterator()))
il = ds.interleave(lambda x: tf.data.Dataset.from_tensors(x).repeat(3), cycle_length=2, block_length=1)
print(list(il.as_numpy_iterator()))
il2 = ds.interleave(lambda x: tf.data.Dataset.from_tensors(x).repeat(4), cycle_length=2, block_length=2)
print(list(il2.as_numpy_iterator()))
il3 = tf.data.Dataset.range(1, 6).interleave(lambda x: tf.data.Dataset.from_tensors(x).repeat(x), cycle_length=3)
print(list(il3.as_numpy_iterator()))
il4 = ds.interleave(lambda x: tf.data.Dataset.range(x * 10, x * 10 + 2))
print(list(il4.as_numpy_iterator()))
print(ds.interleave(lambda x: tf.data.Dataset.range(x), num_parallel_calls=tf.data.AUTOTUNE))
# scan
sc = tf.data.Dataset.range(5).scan(tf.constant(0, tf.int64), lambda state, x: (state + x, state + x))
print(list(sc.as_numpy_iterator()))
sc2 = tf.data.experimental.scan(tf.constant(1, tf.int64), lambda s, x: (s * 2, (s, x)))
print(list(tf.data.Dataset.range(4).apply(sc2).as_numpy_iterator()))
# unique
u = tf.data.Dataset.from_tensor_slices([1, 2, 2, 3, 1, 4, 3]).unique()
print(u, list(u.as_numpy_iterator()))
print(list(tf.data.Dataset.from_tensor_slices(["a", "b", "a"]).unique().as_numpy_iterator()))
# take_while
print(list(tf.data.Dataset.range(10).take_while(lambda x: x < 4).as_numpy_iterator()))
print(list(tf.data.Dataset.from_tensor_slices([1, 2, 5, 1]).take_while(lambda x: x < 3).as_numpy_iterator()))
# apply
def pipeline(d):
    return d.map(lambda x: x * 10).take(2)
print(list(tf.data.Dataset.range(5).apply(pipeline).as_numpy_iterator()))
# window
w = tf.data.Dataset.range(7).window(3)
print(w.element_spec)
for win in w:
    print(type(win).__name__, list(win.as_numpy_iterator()))
print(list(tf.data.Dataset.range(7).window(3, shift=1, drop_remainder=True).flat_map(lambda w: w.batch(3)).as_numpy_iterator()))
print(list(tf.data.Dataset.range(7).window(2, shift=3, stride=2).flat_map(lambda w: w.batch(5)).as_numpy_iterator()))
