# Input pipelines as training scripts write them under set_seed(42):
# shuffle, batch, cache and prefetch over several epochs.
import numpy as np
import tensorflow as tf

tf.random.set_seed(42)
x = np.arange(20, dtype=np.int32)
ds = tf.data.Dataset.from_tensor_slices(x).shuffle(100).batch(8)
for ep in range(3):
    print("A ep", ep, [b.tolist() for b in ds.as_numpy_iterator()])
ds2 = tf.data.Dataset.from_tensor_slices(x).map(lambda v: v * 10).cache().shuffle(5).batch(5).prefetch(tf.data.AUTOTUNE)
for ep in range(2):
    print("B ep", ep, [b.tolist() for b in ds2.as_numpy_iterator()])
ds3 = tf.data.Dataset.from_tensor_slices(x).batch(4).shuffle(3)
print("C", [b.tolist() for b in ds3.as_numpy_iterator()])
r = tf.random.uniform([2], seed=None)
ds4 = tf.data.Dataset.range(12).shuffle(12, seed=5).repeat(2)
print("D", [int(v) for v in ds4.as_numpy_iterator()])
ds5 = tf.data.Dataset.range(12).shuffle(12)
print("E", [int(v) for v in ds5.as_numpy_iterator()])
ds6 = tf.data.Dataset.range(7).repeat(3).shuffle(6, seed=11)
print("F", [int(v) for v in ds6.as_numpy_iterator()])
ds7 = tf.data.Dataset.range(5).shuffle(2, seed=11).repeat()
print("G", [int(v) for v in ds7.take(17).as_numpy_iterator()])
