# Dataset.map: the function is traced once when map() is called (Python's
# print runs then, on args_N placeholders), tuples unpack into arguments,
# lists come back as tuples, and tf.print runs per element.
import tensorflow as tf

ds = tf.data.Dataset.range(4)
print(list(ds.map(lambda x: x * 2).as_numpy_iterator()))

def f(x):
    print("tracing f with", x)
    y = tf.cast(x, tf.float32) / 2.0
    return y + 1.0

m = ds.map(f)
print("built map")
print(m.element_spec)
for v in m:
    print(v)
for v in m:
    print("again", v)

# tuple returns
t = ds.map(lambda x: (x, x * x))
print(t)
for a, b in t:
    print(a.numpy(), b.numpy())

# dict returns
d = ds.map(lambda x: {"v": x, "sq": x * x})
print(d.element_spec)
print(list(d.as_numpy_iterator()))

# map over tuple dataset unpacks args
pairs = tf.data.Dataset.from_tensor_slices(([1, 2, 3], [10, 20, 30]))
def add(a, b):
    print("tracing add:", a, b)
    return a + b
print(list(pairs.map(add).as_numpy_iterator()))
# map over dict dataset: single arg
dd = tf.data.Dataset.from_tensor_slices({"a": [1, 2], "b": [3, 4]})
print(list(dd.map(lambda e: e["a"] * e["b"]).as_numpy_iterator()))

# tf.print inside map
def g(x):
    tf.print("tf.print in map:", x)
    return x + 100
print(list(ds.map(g).as_numpy_iterator()))

# num_parallel_calls / deterministic
print(list(ds.map(lambda x: x + 1, num_parallel_calls=tf.data.AUTOTUNE).as_numpy_iterator()))
print(ds.map(lambda x: x + 1, num_parallel_calls=2))
# map returning python constant / changing dtype
print(list(ds.map(lambda x: tf.strings.as_string(x)).as_numpy_iterator()))
print(list(ds.map(lambda x: 1).as_numpy_iterator()))
print(ds.map(lambda x: [x, x]).element_spec)
print(list(ds.map(lambda x: [x, x]).as_numpy_iterator()))
# map with shapes
img = tf.data.Dataset.from_tensor_slices(tf.reshape(tf.range(12.0), (3, 2, 2)))
print(img.map(lambda t: tf.reshape(t, [-1])).element_spec)
print(list(img.map(lambda t: tf.reduce_sum(t)).as_numpy_iterator()))
# python side effect list append
seen = []
def h(x):
    seen.append(1)
    return x
list(ds.map(h))
print("python side effect count:", len(seen))
