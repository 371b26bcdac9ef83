# ndarray.view: the same bytes read as another dtype, as users look at a
# float's bits.
import numpy as np
import tensorflow as tf

a = np.array([1.0, -2.5, 0.1, np.inf], np.float32)
bits = a.view(np.int32)
print(bits, bits.dtype, bits.shape)
print(bits.view(np.float32))
print(a.view("int32"))
print(a.view(np.uint8).shape, a.view(np.uint8)[:4])
print(a.view(np.float16))
print(np.arange(6, dtype=np.int64).reshape(2, 3).view(np.float64).shape)
print(np.arange(8, dtype=np.int8).reshape(2, 4).view(np.int32))
print(a.view().dtype, a.view() is a)

t = tf.constant([[0.5, -0.0], [3.0, 1e-40]])
print(t.numpy().view(np.int32))
print(hex(int(np.float32(1.5).view(np.int32))))
print(np.float64(2.0).view(np.int64))
print((tf.constant([1.0, 2.0]) * 3).numpy().view(np.int32).sum())

for bad in (lambda: np.arange(3, dtype=np.int8).view(np.int16),
            lambda: np.array(1.5, np.float32).view(np.float64),
            lambda: np.arange(3, dtype=np.int32).view(np.int64)):
    try:
        bad()
    except ValueError as e:
        print("ValueError:", e)
