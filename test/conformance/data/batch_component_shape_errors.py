# Batching elements whose shapes differ (the classic case for padded_batch):
# the batch kernel's error, or, after a map (which tf.data fuses with the
# batch), the fused kernel's count check, which batches same-sized
# elements in the first one's shape. padded_batch to a smaller size is a
# DataLossError.
import tensorflow as tf


def show(ds):
  try:
    for b in ds:
      print(b.numpy().tolist() if hasattr(b, "numpy") else b)
  except tf.errors.OpError as e:
    message = str(e).strip().splitlines()[-1]
    # The fused kernel maps in parallel: which element its message names
    # first varies from run to run in TensorFlow.
    print(type(e).__name__, "|", message.split(" Shapes are")[0])


def gen(values, spec):
  return tf.data.Dataset.from_generator(lambda: iter(values),
                                        output_signature=spec)


show(gen([[1], [1, 2]], tf.TensorSpec([None], tf.int32)).batch(2))
show(gen([[[1, 2]], [[1], [2]]], tf.TensorSpec([None, None], tf.int32)).batch(2))
show(gen([([1], 5), ([1], 6), ([2, 3], 7)],
         (tf.TensorSpec([None], tf.int32), tf.TensorSpec([], tf.int32))).batch(3))
show(gen([[1], [2], [3, 4]], tf.TensorSpec([None], tf.int32)).batch(2))
show(tf.data.Dataset.range(1, 3).map(lambda x: tf.fill([x], x)).batch(2))
show(tf.data.Dataset.range(1, 3).map(lambda x: (x, tf.fill([x], x))).batch(2))
show(tf.data.Dataset.range(1, 4).map(lambda x: tf.fill([x], x)).batch(1))
show(tf.data.Dataset.range(1, 3).map(lambda x: tf.fill([x], x)).batch(
    2, num_parallel_calls=2))
show(tf.data.Dataset.range(1, 3).map(lambda x: tf.fill([x], x)).cache().batch(2))
show(tf.data.Dataset.range(1, 3).map(lambda x: tf.fill([x], x)).padded_batch(
    2, padded_shapes=[1]))
show(tf.data.Dataset.range(1, 3).map(lambda x: tf.fill([x], x)).padded_batch(2))
print(tf.errors.DataLossError.__name__, tf.errors.DATA_LOSS)
