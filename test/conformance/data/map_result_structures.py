# Map results are normalized as TensorFlow's structures: a list at the top is
# a tuple, a nested list one tensor; enumerate counts from a negative start;
# a zip with an input of unknown length has an unknown length.
import tensorflow as tf
ds = tf.data.Dataset.range(2)
a = ds.map(lambda x: {"a": [x, x]})
print(a.element_spec, list(a.as_numpy_iterator()))
b = ds.map(lambda x: (x, [x, x * 2]))
print(b.element_spec, list(b.as_numpy_iterator()))
c = ds.map(lambda x: [x, [x, x]])
print(c.element_spec, list(c.as_numpy_iterator()))
print(list(tf.data.Dataset.range(3).enumerate(start=-1).as_numpy_iterator()))
u = tf.data.Dataset.range(10).filter(lambda x: x > 2)
print(tf.data.Dataset.zip((tf.data.Dataset.range(10), u)).cardinality())
