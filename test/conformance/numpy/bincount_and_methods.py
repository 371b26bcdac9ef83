# np.bincount (counts, weights, minlength, errors) and ndarray methods that
# call the module's functions (argsort, cumsum, cumprod, nonzero, repeat).
import numpy as np
print(np.bincount(np.array([0, 1, 1, 3, 2, 1, 7])))
print(np.bincount([0, 1, 1], minlength=5), np.bincount(np.array([], np.int64)), np.bincount([], minlength=3))
print(np.bincount(np.array([0, 1, 1, 2]), weights=np.array([0.5, 1.0, 0.25, 2.0])))
print(np.bincount(np.array([2, 2], np.int32), weights=[1, 2]))
print(repr(np.bincount([1, 1])))
a = np.array([3, 1, 2])
print(a.argsort(), a.cumsum(), a.cumprod(), a.nonzero(), a.repeat(2))
for bad in [lambda: np.bincount([-1]), lambda: np.bincount([[1]]), lambda: np.bincount([1.5]), lambda: np.bincount([1], weights=[1, 2]), lambda: np.bincount([1], minlength=-1)]:
    try:
        bad()
    except (ValueError, TypeError) as e:
        print(type(e).__name__, e)
