# default_rng's argument errors, with NumPy's messages.
import numpy as np
r = np.random.default_rng(3)
for f in [lambda: r.integers(5, 5), lambda: r.integers(5, 4, endpoint=True),
          lambda: r.choice(3, 5, replace=False), lambda: r.choice(3, p=[0.5, 0.6, 0.1]),
          lambda: r.normal(0.0, -1.0), lambda: np.random.default_rng(-1),
          lambda: r.integers(0, 2**40, dtype=np.int32),
          lambda: r.choice(3, p=[0.5, -0.5, 1.0]), lambda: r.choice(3, p=[0.5, 0.5]),
          lambda: r.choice(0, 2), lambda: r.choice([], 2), lambda: r.uniform(10, 5)]:
    try:
        print(f())
    except Exception as e:
        print(type(e).__name__, e)
