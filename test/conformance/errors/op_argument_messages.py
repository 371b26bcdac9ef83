# Argument errors of common ops with TensorFlow's words: the kernels'
# messages eagerly (with " name: " after tensor arguments only), shape
# inference's and the OpDef's while tracing.
import tensorflow as tf


def show(f, *args):
    try:
        f(*args)
    except Exception as e:
        text = str(e)
        if "in user code" in text:
            text = text.splitlines()[-1]
        print(type(e).__name__, repr(text))


show(lambda: tf.random.uniform([2], minval=5, maxval=1, dtype=tf.int32))
show(lambda: tf.random.uniform([2], minval=5, maxval=1, dtype=tf.int64))
show(lambda: tf.random.stateless_uniform([2], seed=[1, 2], minval=5, maxval=1,
                                         dtype=tf.int32))


@tf.function
def top3(x):
    return tf.math.top_k(x, k=3).values


show(top3, tf.constant([1.0, 2.0]))
show(lambda: tf.math.top_k(tf.constant([1.0, 2.0]), k=3))


@tf.function
def add_all(*args):
    return tf.add_n(args)


show(add_all)
show(add_all, tf.constant(1.0), tf.constant(2))
show(lambda: tf.add_n([]))
show(lambda: tf.add_n([tf.constant(1.0), tf.constant(2)]))
show(lambda: tf.math.unsorted_segment_sum(tf.ones([4]), tf.constant([0, 1, 1]),
                                          num_segments=2))
show(lambda: tf.math.unsorted_segment_max(tf.ones([4, 2]), tf.constant([[0, 1, 1]]),
                                          num_segments=2))
show(lambda: tf.math.segment_sum(tf.ones([4]), tf.constant([0, 1, 1])))
show(lambda: tf.math.segment_sum(tf.ones([3]), tf.constant([1, 0, 2])))
show(lambda: tf.math.segment_sum(tf.ones([3]), tf.constant([-1, 0, 0])))
show(lambda: tf.transpose(tf.ones([2, 3, 1]), [0, 1]))
show(lambda: tf.nn.bias_add(tf.ones([2, 3]), tf.ones([4])))
show(lambda: tf.nn.bias_add(tf.ones([2, 3]), [1.0, 2.0]))


@tf.function
def concat_strings(x):
    return x + "a" + 1


@tf.function
def add_number(x):
    return x + 1


@tf.function
def times_two(x):
    return x * 2


for f in [concat_strings, add_number, times_two]:
    show(f, tf.constant("s"))
show(lambda: tf.constant([1, 2, 3], shape=[2, 2]))
show(lambda: tf.constant([1, 2], shape=[2, 2]))
print(tf.constant(5, shape=[2, 2]))
print(tf.constant([1, 2, 3, 4], shape=[2, 2]))


@tf.function
def shaped_constant():
    return tf.constant([1, 2, 3], shape=[2, 2])


show(shaped_constant)
show(lambda: tf.foldl(lambda a, x: a + x, tf.zeros([0])))
show(lambda: tf.foldr(lambda a, x: a + x, tf.zeros([0])))
w = tf.Variable(1.0)


def gradient_of_a_float():
    with tf.GradientTape() as t:
        y = w * 2
    return t.gradient(y, [w, 3.0])


show(gradient_of_a_float)
