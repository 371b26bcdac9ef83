# Indexing out of bounds inside tf.function is shape inference's
# ValueError naming the StridedSlice node _slice_helper would add (masks and
# packed bounds); ConcreteFunction.output_shapes/output_dtypes; tf.is_tensor
# of a variable.
import tensorflow as tf
def show(fn, *args):
    try:
        fn(*args)
    except Exception as e:
        print(type(e).__name__, "|", str(e).splitlines()[-1])
m = tf.ones([2, 3])
c = tf.ones([2, 3, 4])
show(tf.function(lambda x: x[10]), m)
show(tf.function(lambda x: x[-3]), m)
show(tf.function(lambda x: x[1:, 5]), m)
show(tf.function(lambda x: x[..., 7]), m)
show(tf.function(lambda x: x[None, 0, -9]), c)
show(tf.function(lambda x: x[:, 1:3, 4]), c)
show(tf.function(lambda x: x[0:1, ::2, 4]), c)
@tf.function(input_signature=[tf.TensorSpec([None, 2], tf.float32)])
def f(x):
    return {"s": tf.reduce_sum(x, axis=0), "n": tf.shape(x)[0]}, x
cf = f.get_concrete_function()
print(cf.output_shapes)
print(cf.output_dtypes)
print(tf.is_tensor(tf.Variable(1)), tf.is_tensor(3), tf.is_tensor(tf.constant(1)))
