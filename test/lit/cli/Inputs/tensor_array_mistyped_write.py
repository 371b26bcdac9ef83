# A TensorArray write of another dtype in a function (lit test
# tensor-array-mistyped-write.test).
import tensorflow as tf

@tf.function
def f():
    ta = tf.TensorArray(tf.int32, size=2)
    ta = ta.write(0, 1.5)
    return ta.stack()

try:
    print(f())
except tf.errors.InvalidArgumentError as e:
    print("error:", [l for l in str(e).splitlines() if l.strip()][-2:])
print("done")
