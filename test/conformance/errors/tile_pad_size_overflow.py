# tf.tile and tf.pad whose result size passes 64 bits: shape inference's
# ValueError while tracing, the kernel's error eagerly (kiln's sizes
# wrapped around). A multiple or padding past int32 makes the Python list
# an int64 tensor (kiln truncated it to int32).
import tensorflow as tf

cases = [lambda: tf.tile(tf.ones([2]), [2**62]),
         tf.function(lambda: tf.tile(tf.ones([2]), [2**62])),
         lambda: tf.pad(tf.ones([1]), [[2**62, 2**62]]),
         tf.function(lambda: tf.pad(tf.ones([1]), [[2**62, 2**62]])),
         tf.function(lambda: tf.pad(tf.ones([1]), [[2**62, 9223372036854775807]]))]
for f in cases:
    try:
        print(f().shape)
    except Exception as e:
        print(type(e).__name__, str(e).splitlines()[-1])
