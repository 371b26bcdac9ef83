# A ConcreteFunction traced from a TensorSpec of unknown rank accepts tensors
# of any rank; elementwise ops and broadcasting against constants keep
# working, and an input_signature of unknown rank does the same.
import tensorflow as tf


@tf.function
def scale(x, y):
    return tf.exp(x) * 0.0 + x * 2.0 - y


f = scale.get_concrete_function(tf.TensorSpec(None, tf.float32),
                                tf.TensorSpec(None, tf.float32))
print(f.structured_outputs)
print(f(tf.constant(1.5), tf.constant(0.5)))
print(f(tf.constant([1.0, 2.0]), tf.constant(1.0)))
print(f(tf.constant([[1.0], [2.0]]), tf.constant([10.0, 20.0, 30.0])))
print(f(tf.constant([1.0, 2.0]), tf.constant(1.0)))


@tf.function(input_signature=[tf.TensorSpec(None, tf.int32)])
def shift(x):
    return tf.maximum(x - 1, 0)


print(shift(tf.constant(3)))
print(shift(tf.constant([[0, 5], [2, 9]])))
print(len(shift.get_concrete_function().graph.as_graph_def().node) > 0)
try:
    f(tf.constant([1, 2]), tf.constant(1.0))
except (TypeError, tf.errors.InvalidArgumentError) as e:
    print(type(e).__name__)
