# TensorShape's methods and operators, on static shapes and on the
# partially known shapes a tf.function sees.
import tensorflow as tf

s = tf.reshape(tf.range(12), [3, 4]).shape
print(s, s.as_list(), s.rank, s.ndims, s.num_elements(), s.is_fully_defined(), len(s), s[0], s[-1], s[1:])
print(s == [3, 4], s == (3, 4), s != [3, 5])
a = tf.TensorShape([None, 3])
print(a == tf.TensorShape([None, 3]), a == [None, 3], a != [2, 3], tf.TensorShape(None) == tf.TensorShape(None))
print(a.is_compatible_with([2, 3]), a.is_compatible_with([2, 4]), a.is_compatible_with(tf.TensorShape(None)), a.is_compatible_with([1, 2, 3]))
print(a.merge_with([2, None]), a.concatenate([4]), a.concatenate(tf.TensorShape(None)))
print(tf.TensorShape([1, 2]) + tf.TensorShape([3]), [7] + a, a.most_specific_compatible_shape([2, 3]))
print(a.with_rank(2), tf.TensorShape(None).with_rank(2), tf.TensorShape([]).rank)
for bad in [lambda: a.merge_with([2, 4]), lambda: a.assert_is_compatible_with([2, 4]),
            lambda: a.assert_has_rank(3), lambda: tf.TensorShape(None).as_list()]:
    try:
        bad()
    except ValueError as e:
        print("ValueError", e)


@tf.function(input_signature=[tf.TensorSpec([None, 3])])
def f(x):
    shape = x.shape
    print(shape, shape.is_fully_defined(), shape.num_elements(), shape.merge_with([5, None]))
    print(shape.is_compatible_with([7, 3]), shape.as_list())
    return x


f(tf.zeros([2, 3]))
