# np.diag, np.tril and np.triu, as scripts build masks and matrices with
# them (a causal attention mask, a diagonal covariance).
import numpy as np
import tensorflow as tf

a = np.arange(1, 13, dtype=np.float32).reshape(3, 4)
print(np.tril(a), np.triu(a), np.tril(a, -1), np.triu(a, 2), np.tril(a, 5), sep="\n")
print(np.triu(np.arange(4)), np.tril(np.ones((2, 3, 3), np.int32), k=-1), sep="\n")
print(np.diag([1.5, 2.0, 3.0]), np.diag(np.array([1, 2]), k=1), np.diag(np.array([1, 2]), k=-2), sep="\n")
print(np.diag(a), np.diag(a, 1), np.diag(a, -1), np.diag(a, 4), np.diag(a, -3), sep="\n")
mask = np.triu(np.ones((4, 4), dtype=bool), k=1)
scores = tf.constant(np.arange(16, dtype=np.float32).reshape(4, 4))
print(tf.where(mask, -1e9 * tf.ones_like(scores), scores))
print(tf.linalg.diag_part(tf.constant(np.diag([3.0, 4.0]))))
for bad in (lambda: np.diag(np.ones((2, 2, 2))), lambda: np.tril(np.float32(3))):
    try:
        bad()
    except (ValueError, TypeError) as e:
        print(type(e).__name__ + ":", e)
