# A tf.Variable has __int__ and __float__ but neither __len__ nor __index__:
# len() and indexing a list or sizing a range with one are TypeErrors.
import tensorflow as tf
v = tf.Variable([1.0, 2.0, 3.0])
i = tf.Variable(2)
for thunk in [lambda: len(v), lambda: [10, 20, 30][i], lambda: list(range(i)), lambda: int(i), lambda: float(i), lambda: [10, 20, 30][tf.constant(1)], lambda: "abc"[i], lambda: (1, 2, 3)[i]]:
    try:
        print(thunk())
    except TypeError as e:
        print("TypeError:", e)
