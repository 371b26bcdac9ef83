# Small API conveniences from the guides: convert_to_tensor's dtype_hint
# and TensorSpec.from_tensor naming a graph tensor after its op.
import tensorflow as tf

print(tf.convert_to_tensor(3, dtype_hint=tf.float32))
print(tf.convert_to_tensor(3.5, dtype_hint=tf.int32))
print(tf.convert_to_tensor(tf.constant(1), dtype_hint=tf.float32))


@tf.function
def g(x):
  y = tf.reduce_sum(x, axis=1, name="total")
  print(tf.TensorSpec.from_tensor(x))
  print(tf.TensorSpec.from_tensor(y))
  print(tf.TensorSpec.from_tensor(y, name="renamed"))
  return y


g(tf.ones([2, 3]))
print(tf.TensorSpec.from_tensor(tf.ones([2])))
