# Dict features zipped with labels and normalized in map by constants: the
# divisions stay divisions in tf.data's functions.
import tensorflow as tf

features = {"age": [23., 45., 31., 60.], "height": [170., 180., 165., 175.]}
labels = [0, 1, 0, 1]
fds = tf.data.Dataset.from_tensor_slices(features)
lds = tf.data.Dataset.from_tensor_slices(labels)
ds = tf.data.Dataset.zip((fds, lds))
print(ds.element_spec)
for f, l in ds:
    print({k: v.numpy() for k, v in sorted(f.items())}, l.numpy())

def prep(f, l):
    x = tf.stack([f["age"] / 100.0, f["height"] / 200.0])
    return x, tf.cast(l, tf.float32)

ds = ds.map(prep).batch(2)
for x, y in ds:
    print(x.numpy(), y.numpy())
