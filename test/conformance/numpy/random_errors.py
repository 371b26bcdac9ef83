# np.random's argument errors and edge cases, as NumPy reports them.
import numpy as np
np.random.seed(1)
print(np.random.randint(0, 10, size=4, dtype=np.int32), np.random.randint(0, 2**40, size=2))
for thunk in [lambda: np.random.choice(np.array(3.5)), lambda: np.random.choice(3, p=[0, 0, 0]),
              lambda: np.random.choice(3, p=[0.5, 0.6, -0.1]), lambda: np.random.permutation(-1)]:
    try:
        print(thunk())
    except ValueError as e:
        print("ValueError:", e)
m = np.zeros((3, 0)); np.random.shuffle(m); print(m.shape, np.random.rand())
