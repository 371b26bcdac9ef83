# np.clip with a bound of None leaves that side alone; np.concatenate with
# axis=None joins the arrays flattened.
import numpy as np
print(np.clip(np.array([1.5, -2.5]), 0, None))
print(np.clip(np.array([1, 5]), None, 3))
print(np.clip(np.array([1, 5]), None, None))
print(np.clip(3.5, None, 2))
a = np.arange(4).reshape(2, 2)
print(np.concatenate([a, a], axis=None))
print(np.concatenate([np.ones(2), np.zeros((1, 2))], axis=None))
print(np.concatenate([a, a]), np.concatenate([a, a], axis=1))
