# filter, batch (with and without drop_remainder, of tuples and dicts),
# unbatch, padded_batch, take, skip and repeat, with their edge cases.
import tensorflow as tf

ds = tf.data.Dataset.range(10)
print(list(ds.filter(lambda x: x % 3 == 0).as_numpy_iterator()))
print(list(ds.filter(lambda x: tf.logical_and(x > 2, x < 6)).as_numpy_iterator()))
for b in ds.batch(4):
    print(b)
for b in ds.batch(4, drop_remainder=True):
    print(b)
print(ds.batch(4).element_spec, ds.batch(4, drop_remainder=True).element_spec)
pairs = tf.data.Dataset.from_tensor_slices(([1, 2, 3, 4, 5], [1.0, 2.0, 3.0, 4.0, 5.0]))
for xb, yb in pairs.batch(2):
    print(xb, yb)
dd = tf.data.Dataset.from_tensor_slices({"a": [1, 2, 3]}).batch(2)
print(dd.element_spec)
print(list(dd.as_numpy_iterator()))
# batch of batch
print(list(ds.batch(2).batch(2).as_numpy_iterator()))
# unbatch
print(list(ds.batch(3).unbatch().as_numpy_iterator()))
print(list(tf.data.Dataset.from_tensors([[1, 2], [3, 4]]).unbatch().as_numpy_iterator()))
print(list(pairs.batch(2).unbatch().as_numpy_iterator()))
# padded_batch
ragged = tf.data.Dataset.range(1, 5).map(lambda x: tf.fill([x], x))
for b in ragged.padded_batch(2):
    print(b)
for b in ragged.padded_batch(2, padded_shapes=[5], padding_values=tf.constant(-1, tf.int64)):
    print(b)
print(ragged.padded_batch(3, drop_remainder=True).element_spec)
# take / skip
print(list(ds.take(3).as_numpy_iterator()), list(ds.skip(7).as_numpy_iterator()))
print(list(ds.take(0).as_numpy_iterator()), list(ds.take(100).as_numpy_iterator()))
print(list(ds.take(-1).as_numpy_iterator()))
print(list(ds.skip(-1).as_numpy_iterator()), ds.skip(-1).cardinality().numpy())
print(list(ds.skip(20).as_numpy_iterator()), ds.skip(20).cardinality().numpy())
print(ds.take(-1).cardinality().numpy(), ds.take(100).cardinality().numpy())
# repeat
small = tf.data.Dataset.range(3)
print(list(small.repeat(2).as_numpy_iterator()))
print(list(small.repeat().take(7).as_numpy_iterator()))
print(list(small.repeat(0).as_numpy_iterator()), small.repeat(0).cardinality().numpy())
print(list(small.repeat(-1).take(4).as_numpy_iterator()))
print(list(small.batch(2).repeat(2).as_numpy_iterator()))
print(list(small.repeat(2).batch(2).as_numpy_iterator()))
# batch with num_parallel_calls
print(ds.batch(3, num_parallel_calls=2))
