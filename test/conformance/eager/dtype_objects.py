# Printing tf.DType objects, their names, and their properties.
import tensorflow as tf

dtypes = [tf.float16, tf.bfloat16, tf.float32, tf.float64, tf.int8, tf.int16,
          tf.int32, tf.int64, tf.uint8, tf.bool, tf.string]
for d in dtypes:
    print(d)
for d in dtypes:
    print(d.name, d.is_floating, d.is_integer, d.is_bool)
print(tf.float32 == tf.float32, tf.float32 == tf.float64)
print([tf.int32, tf.string])
print(tf.int8.min, tf.int8.max)
print(tf.uint8.min, tf.uint8.max)
print(tf.int32.min, tf.int32.max)
print(tf.constant(1.0).dtype == tf.float32)
print(tf.dtypes.as_dtype("int64"))
