# A pipeline written for speed: AUTOTUNE, num_parallel_calls, deterministic,
# with_options and prefetch, which change nothing kiln computes.
import tensorflow as tf

opts = tf.data.Options()
opts.deterministic = True
ds = tf.data.Dataset.range(10, output_type=tf.int32)
ds = ds.map(lambda x: x * 2, num_parallel_calls=tf.data.experimental.AUTOTUNE, deterministic=True)
ds = ds.batch(4, num_parallel_calls=2, deterministic=True).with_options(opts)
ds = ds.prefetch(buffer_size=tf.data.experimental.AUTOTUNE)
print(ds.element_spec)
for b in ds:
    print(b.numpy())
print(ds.options().deterministic)
