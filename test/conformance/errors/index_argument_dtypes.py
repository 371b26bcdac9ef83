# Shapes, shifts, paddings, labels and segment ids must be int32 or int64:
# the OpDef's TypeError while tracing, the kernel lookup's
# InvalidArgumentError eagerly; None in a shape list is the conversion's
# error.
import tensorflow as tf

cases = [
    lambda: tf.nn.sparse_softmax_cross_entropy_with_logits(
        labels=tf.constant([0.0, 1.0]), logits=tf.ones([2, 3])),
    lambda: tf.math.segment_sum(tf.ones([2]), tf.constant([0.0, 1.0])),
    lambda: tf.math.segment_max(tf.ones([2]), tf.constant([0.0, 1.0])),
    lambda: tf.math.unsorted_segment_sum(tf.ones([2]), tf.constant([0.0, 1.0]), 2),
    lambda: tf.math.unsorted_segment_mean(tf.ones([2]), tf.constant([0.0, 1.0]), 2),
    lambda: tf.math.unsorted_segment_min(tf.ones([2]), tf.constant([0.0, 1.0]), 2),
    lambda: tf.reshape(tf.ones([2]), tf.constant([2.0])),
    lambda: tf.reshape(tf.ones([2]), [2.0]),
    lambda: tf.reverse_sequence(tf.ones([2, 2]), tf.constant([1.0, 1.0]), 1),
    lambda: tf.pad(tf.ones([2]), tf.constant([[1.0, 1.0]])),
    lambda: tf.pad(tf.ones([2]), tf.constant([[1.0, 1.0]]), mode="REFLECT"),
    lambda: tf.roll(tf.ones([2]), tf.constant(1.0), 0),
    lambda: tf.zeros(tf.constant([2.0])),
    lambda: tf.ones(tf.constant([2.0])),
    lambda: tf.fill(tf.constant([2.0]), 1.0),
    lambda: tf.zeros([None]),
    lambda: tf.zeros([2, None]),
    lambda: tf.ones([None, 3]),
    lambda: tf.fill([None], 1.0),
    lambda: tf.reshape(tf.ones([2]), [None, -1]),
    lambda: tf.reshape(tf.ones([2]), [None]),
]
for c in cases:
    try:
        c()
    except Exception as e:
        print("eager", type(e).__name__, repr(str(e)))
    try:
        tf.function(c)()
    except Exception as e:
        print("graph", type(e).__name__, repr(str(e).splitlines()[-1]))

try:
    tf.zeros([2.0])
except Exception as e:
    print("eager", type(e).__name__, e)
for v in [[None], [1, None], [None, 1], [[None], [1]], [1.0, "a"], ["a", None], None]:
    for convert in [tf.constant, tf.convert_to_tensor, tf.zeros_like]:
        try:
            convert(v)
        except Exception as e:
            print(v, type(e).__name__, e)
