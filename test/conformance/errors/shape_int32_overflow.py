# tf.shape's int32 result fails for a dimension known at run time only that
# does not fit (an empty tensor, so no memory is needed); int64 holds it.
import tensorflow as tf

@tf.function(input_signature=[tf.TensorSpec([None, None])])
def shp(x):
    return tf.shape(x)

@tf.function(input_signature=[tf.TensorSpec([None, None])])
def sz(x):
    return tf.size(x)

for f in (shp, sz):
    try:
        print(f(tf.zeros([2**40, 0])))
    except tf.errors.InvalidArgumentError as e:
        print(repr([l for l in str(e).splitlines() if l.startswith("Shape output")]))
print(shp(tf.zeros([3, 0])), sz(tf.zeros([2**31, 0])))
print(tf.shape(tf.zeros([2**40, 0]), out_type=tf.int64))
