# tf.range's dtypes: those without a CPU kernel (int8, int16), rejected by
# the op definition (uint8), not convertible (bool), and float16, which
# shape inference cannot evaluate for constant bounds inside a function.
import tensorflow as tf

for d in [tf.int8, tf.int16, tf.uint8, tf.float16, tf.bfloat16, tf.bool,
          tf.int64, tf.float64]:
    try:
        print(tf.range(4, dtype=d))
    except Exception as e:
        print(type(e).__name__, e)

for d in [tf.bfloat16, tf.uint8, tf.bool, tf.float16]:
    @tf.function
    def constant_bounds():
        return tf.range(1, 3, dtype=d)

    @tf.function
    def run_time_bound(n):
        return tf.range(n, dtype=d)

    for f, args in [(constant_bounds, ()), (run_time_bound, (tf.constant(3),))]:
        try:
            print(f(*args))
        except Exception as e:
            # The message's last line: the lines before name this file.
            print(type(e).__name__, str(e).strip().split("\n")[-1])

# Half and bfloat16 ranges round their bounds and each step to the dtype.
print(tf.range(1001, dtype=tf.bfloat16).shape)
print(tf.range(255, 262, dtype=tf.bfloat16))
print(tf.range(2045, 2052, dtype=tf.float16))
print(tf.range(0.0, 1.0, 0.1, dtype=tf.bfloat16))
print(tf.range(1.0, 0.0, -0.3, dtype=tf.float16))
