# TensorFlow does not differentiate a loop over a dataset (what the call
# returns through it has no gradient), and has no gradient for a read of
# an iterator: a tape that records such a call fails at the call.
import tensorflow as tf

ds = tf.data.Dataset.from_tensor_slices([1.0, 2.0, 3.0])
v = tf.Variable(2.0)


@tf.function
def through(dataset):
    s = v * 1.0
    for x in dataset:
        s = s + x * v
    return s


with tf.GradientTape() as tape:
    r = through(ds)
print(r, tape.gradient(r, v))

it = iter(ds)


@tf.function
def forward(iterator):
    return next(iterator) * v


print(forward(it))
with tf.GradientTape() as tape:
    try:
        y = forward(it)
    except LookupError as e:
        print("LookupError:", e)
print(next(it))
