# Inside a tf.function the tf.random ops build their nodes in random_ops'
# name scopes, and their results are named as TensorFlow names them: the
# scope itself, or the kernel's node (or its Mul) for a float uniform.
import tensorflow as tf


@tf.function
def draws():
    results = [tf.random.uniform([2]), tf.random.uniform([2], 1.0, 3.0),
               tf.random.uniform([2], maxval=3.0),
               tf.random.uniform([2], maxval=3, dtype=tf.int32),
               tf.random.normal([2]), tf.random.truncated_normal([2]),
               tf.random.stateless_uniform([2], seed=[1, 2]),
               tf.random.stateless_normal([2], seed=[1, 2]),
               tf.random.stateless_truncated_normal([2], seed=[1, 2]),
               tf.random.stateless_uniform([2], seed=[1, 2], maxval=4,
                                           dtype=tf.int32),
               tf.random.normal([3]), tf.constant(1.0)]
    for t in results:
        print(t.name, t.shape, t.dtype.name)
    return results


draws.get_concrete_function()


# A tf.random.Generator's draws are named after their scopes too
# (stateful_uniform, stateful_normal, ...), the name= given included; the
# ops after them keep TensorFlow's numbering.
g = tf.random.Generator.from_seed(7)


@tf.function
def generator_draws():
    results = [g.uniform([], maxval=10, dtype=tf.int32), g.uniform([2]),
               g.uniform([2], minval=1.0, maxval=3.0), g.normal([]),
               g.truncated_normal([2]), g.uniform_full_int([], tf.int64),
               g.uniform([], name="noise"), g.normal([2], name="noise"),
               tf.constant(1.0) + 2.0]
    for t in results:
        print(t.name, t.shape, t.dtype.name)
    return results


generator_draws.get_concrete_function()
