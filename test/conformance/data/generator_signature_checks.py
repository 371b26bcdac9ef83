# from_generator checks each yielded element's shape against the signature
# (InvalidArgumentError), and a float for an integer spec truncates as
# np.asarray does.
import tensorflow as tf
def gen():
    yield [1, 2]
    yield [1, 2, 3]
ds = tf.data.Dataset.from_generator(gen, output_signature=tf.TensorSpec((2,), tf.int32))
it = iter(ds)
print(next(it))
try:
    next(it)
except Exception as e:
    print(type(e).__name__, "|", str(e).splitlines()[0])
def gen2():
    yield 1.5
ds2 = tf.data.Dataset.from_generator(gen2, output_signature=tf.TensorSpec((), tf.int32))
try:
    print(list(ds2.as_numpy_iterator()))
except Exception as e:
    print(type(e).__name__, "|", str(e).splitlines()[0])
