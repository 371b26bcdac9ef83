# More of TensorShape's methods: with_rank_at_least/at_most, is_subtype_of,
# assert_same_rank, assert_is_fully_defined and __eq__ called by name,
# beside those kiln had.
import tensorflow as tf

def show(f):
  try:
    print(f())
  except Exception as e:
    print(type(e).__name__, str(e).split("\n")[0])

s = tf.TensorShape([2, None, 3])
u = tf.TensorShape(None)
show(lambda: s.rank)
show(lambda: s.ndims)
show(lambda: s.as_list())
show(lambda: s.is_fully_defined())
show(lambda: s.num_elements())
show(lambda: tf.TensorShape([2, 3]).num_elements())
show(lambda: s.with_rank(3))
show(lambda: s.with_rank(2))
show(lambda: s.with_rank_at_least(2))
show(lambda: s.with_rank_at_least(4))
show(lambda: s.with_rank_at_most(3))
show(lambda: s.is_compatible_with([2, 5, 3]))
show(lambda: s.merge_with([None, 5, 3]))
show(lambda: s.merge_with([1, 5, 3]))
show(lambda: s.concatenate([7]))
show(lambda: s.is_subtype_of(tf.TensorShape([2, None, None])))
show(lambda: tf.TensorShape([2, 4, 3]).is_subtype_of(s))
show(lambda: s.most_specific_compatible_shape(tf.TensorShape([2, 4, 3])))
show(lambda: s.__eq__(tf.TensorShape([2, None, 3])))
show(lambda: s == [2, None, 3])
show(lambda: s[1:])
show(lambda: s[0])
show(lambda: len(s))
show(lambda: u.rank)
show(lambda: tf.TensorShape([]).is_fully_defined())
show(lambda: s.assert_is_compatible_with([2, 1, 3]))
show(lambda: s.assert_is_compatible_with([2, 1]))
show(lambda: s.assert_has_rank(3))
show(lambda: s.assert_has_rank(2))
show(lambda: s.assert_same_rank([1, 2, 3]))
show(lambda: s.assert_is_fully_defined())
show(lambda: list(s))
show(lambda: tf.TensorShape([1, 2]) + tf.TensorShape([3]))
show(lambda: s.is_compatible_with(u))
