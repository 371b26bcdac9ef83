# A function that builds a pipeline on its dataset argument and loops over
# it: a call with another dataset of the same element_spec (even one built
# on the first) runs the trace on the pipeline built on that one.
import tensorflow as tf


@tf.function
def batch_sums(dataset):
    sums = tf.TensorArray(tf.int64, size=0, dynamic_size=True)
    i = 0
    for batch in dataset.map(lambda x: x + 1).batch(2):
        sums = sums.write(i, tf.reduce_sum(batch))
        i += 1
    return sums.stack()


base = tf.data.Dataset.range(5)
print(batch_sums(base))
print(batch_sums(base.map(lambda x: x * 10)))
print(batch_sums(base.repeat(2)))
print(batch_sums(tf.data.Dataset.range(3)))
print(batch_sums.experimental_get_tracing_count())


@tf.function
def first_two(dataset):
    return dataset.take(2).reduce(tf.constant(0, tf.int64), lambda a, x: a + x)


print(first_two(base), first_two(base.skip(3)))
