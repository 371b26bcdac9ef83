# tf.debugging.assert_shapes: sizes, shared symbols, "." and None for any
# size, a leading ... or "*"; static failures are ValueErrors, sizes known
# only at run time become assertions.
import tensorflow as tf

x = tf.zeros([2, 3])
y = tf.zeros([3, 4])
s = tf.constant(1.0)
tf.debugging.assert_shapes([(x, ("N", "K")), (y, ("K", 4)), (s, ())])
tf.debugging.assert_shapes([(x, (None, ".")), (y, (..., 4)), (s, ("*",))])
print("ok")
for shapes in [[(x, ("N", "K")), (y, ("N", 4))], [(x, (2, 4))], [(x, ("N",))],
               [(x, (..., "N")), (y, ("N", ...))], [(s, ("a", "b"))], [(x, 3)],
               [(x, ("*", 3)), (y, ("*", 3))], [(x, ("2", "3"))]]:
    try:
        tf.debugging.assert_shapes(shapes, message="shp")
        print("passed")
    except ValueError as e:
        print("ValueError", e)


@tf.function(input_signature=[tf.TensorSpec([None, 3]), tf.TensorSpec([None])])
def f(a, b):
    tf.debugging.assert_shapes([(a, ("N", 3)), (b, ("N",))])
    return tf.reduce_sum(a, 1) + b


print(f(tf.ones([2, 3]), tf.ones([2])))
try:
    print(f(tf.ones([2, 3]), tf.ones([3])))
except tf.errors.InvalidArgumentError as e:
    print(e.message.split("\n")[-2])


@tf.function
def g(a):
    tf.debugging.assert_shapes([(a, (2, "N"))])
    tf.debugging.assert_rank_at_least(a, 1)
    tf.debugging.assert_type(a, tf.float32)
    return a


print(g(tf.ones([2, 2])))
for v in [tf.ones([3, 2]), tf.ones([2]), tf.ones([2, 2], tf.int32)]:
    try:
        g(v)
    except (ValueError, TypeError) as e:
        print(type(e).__name__, "\n".join(l for l in str(e).split("\n") if 'File "' not in l))
