# np.random.default_rng: NumPy's Generator (PCG64 seeded through SeedSequence)
# gives NumPy's numbers: random, integers (Lemire), uniform, normal (the
# ziggurat), choice with and without replacement (Floyd's algorithm, the
# tail shuffle of large populations) and with p, shuffle, permutation.
import numpy as np
for seed in [0, 1, 42, 12345, 2**40 + 3]:
    r = np.random.default_rng(seed)
    print(r)
    print(r.random(), r.random(3))
    print(repr(r.integers(0, 10)), r.integers(5, size=4), r.integers(-3, 3, size=(2, 3)))
    print(r.integers(0, 2**40, size=3), r.integers(3, 7, endpoint=True, size=5))
    print(repr(r.integers(0, 100, dtype=np.int32)), r.integers(0, 1000, size=4, dtype=np.int32))
    print(r.uniform(), r.uniform(-2.0, 5.0, size=3))
    print(r.normal(), r.normal(10.0, 2.0, size=4))
    print(r.standard_normal((2, 2)))
    print(r.choice(5), r.choice(10, 4), r.choice([1.5, 2.5, 3.5], size=2))
    print(r.choice(10, 4, replace=False), r.choice(20, 5, replace=False, shuffle=False))
    print(r.choice(4, 6, p=[0.1, 0.2, 0.3, 0.4]))
    x = list(range(8)); r.shuffle(x); print(x)
    a = np.arange(10.0); r.shuffle(a); print(a)
    print(r.permutation(6), r.permutation(np.array([[1, 2], [3, 4], [5, 6]])))
    print(r.random(4, dtype=np.float32), r.random(dtype=np.float32))
r = np.random.default_rng(7)
big = r.standard_normal(100000)
print(float(big.sum()), float(big.min()), float(big.max()))
print(r.choice(20000, 5, replace=False), r.choice(20000, 1000, replace=False)[:5])
print(r.integers(0, 10, size=0), r.random(0))
