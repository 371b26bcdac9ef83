# tf.DType, the class of tf.float32 and the others, and the attributes of a
# dtype that code converting between TensorFlow and NumPy reads.
import tensorflow as tf

for d in [tf.bool, tf.int8, tf.int16, tf.int32, tf.int64, tf.uint8,
          tf.float16, tf.float32, tf.float64]:
  print(d.name, d.as_numpy_dtype, d.as_datatype_enum, d.is_complex,
        d.is_quantized, d.is_numpy_compatible, d.base_dtype, d.real_dtype)
print(tf.string.as_datatype_enum, tf.bfloat16.as_datatype_enum)
print(tf.DType, tf.dtypes.DType is tf.DType)
print(isinstance(tf.float32, tf.DType), isinstance(1, tf.DType))
print(type(tf.int8) == tf.DType, tf.DType(1), tf.DType(9) == tf.int64)
print(tf.constant([1, 2]).dtype.as_numpy_dtype(7))
