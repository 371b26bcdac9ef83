# NumPy's legacy random functions give NumPy's numbers: np.random.seed and
# RandomState seed the same Mersenne Twister, rand/random draw 53-bit
# doubles, randn/normal the polar method (with its spare), randint masked
# rejection, shuffle/permutation Fisher-Yates and choice NumPy's draws; the
# data then feeds TensorFlow as usual.
import numpy as np
import tensorflow as tf

np.random.seed(0)
print(np.random.rand(3), np.random.randn(), np.random.rand())
print(np.random.randint(5), np.random.randint(3, 9, size=(2, 4)))
print(np.random.uniform(-1, 1, 3), np.random.normal(2.0, 0.5, size=2))
print(np.random.random((2, 2)), np.random.random_sample(), np.random.standard_normal(2))

rng = np.random.RandomState(7)
w = tf.constant(rng.standard_normal((4, 3)).astype(np.float32))
x = tf.constant(rng.rand(5, 4) * 3, dtype=tf.float32)
print(w)
print(tf.matmul(x, w))
print(rng.choice(10, 4), rng.choice(6, 3, replace=False), rng.permutation(5))
print(rng.choice([1.5, 2.5, 3.5], size=5, p=[0.2, 0.3, 0.5]))
print(rng.randint(0, 2**40, size=3))

data = np.arange(12).reshape(6, 2)
np.random.seed(3)
np.random.shuffle(data)
print(data)
items = ["a", "b", "c", "d"]
np.random.shuffle(items)
print(items)
idx = np.random.permutation(6)
print(idx, tf.gather(tf.range(60, 66), idx))

np.random.seed(2**32 - 1)
print(np.random.rand())
for bad in [-1, 2**32]:
    try:
        np.random.seed(bad)
    except ValueError as e:
        print("ValueError:", e)
try:
    np.random.randint(5, 5)
except ValueError as e:
    print("ValueError:", e)
