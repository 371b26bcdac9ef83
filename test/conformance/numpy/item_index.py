# ndarray.item(i) takes a flat index (negative from the end) or one index
# per dimension, separately or as a tuple, with NumPy's errors.
import tensorflow as tf
r = tf.constant([[3.0, 4.0]]).numpy()
print(r.item(0), r.item(1), r.item(-1), r.item((0, 1)), r.item(0, 1), r.item((0,)))
for args in [(5,), ((0, 5),), (0, 0, 0), (1.5,)]:
    try:
        r.item(*args)
    except Exception as e:
        print(type(e).__name__, e)
print(tf.constant(7).numpy().item())
