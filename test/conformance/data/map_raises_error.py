# A map function that raises while map() traces it: the error comes from
# map(), wrapped as TensorFlow wraps errors in user code.
import tensorflow as tf

def f(x):
    print("tracing f")
    if x.dtype == tf.int64:
        raise ValueError("bad element")
    return x

ds = tf.data.Dataset.range(3)
print("building map")
ds = ds.map(f)
print("not reached")
