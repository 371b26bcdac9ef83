# window() of a zipped dataset gives a tuple of datasets, which flat_map
# zips and batches back into windows.
import tensorflow as tf

ds = tf.data.Dataset.range(10)
w = ds.window(3, shift=2)
for sub in w:
    print(list(sub.as_numpy_iterator()))
w2 = ds.window(4, shift=3, stride=2, drop_remainder=True).flat_map(lambda s: s.batch(4))
print([x.tolist() for x in w2.as_numpy_iterator()])
pairs = tf.data.Dataset.zip((ds, ds.map(lambda x: x * 10))).window(3, drop_remainder=True)
pairs = pairs.flat_map(lambda a, b: tf.data.Dataset.zip((a.batch(3), b.batch(3))))
for a, b in pairs:
    print(a.numpy(), b.numpy())
