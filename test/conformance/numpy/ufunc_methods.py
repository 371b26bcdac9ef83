# NumPy's binary ufuncs are objects with methods: at (unbuffered, so
# repeated indices accumulate, as in a confusion matrix; a view of the
# array sees it), reduce and accumulate (along the first axis unless
# told), and outer.
import numpy as np
cm = np.zeros((2, 2), dtype=int)
np.add.at(cm, (np.array([0, 1, 1]), np.array([0, 1, 1])), 1)
print(cm)
y_true = np.array([0, 2, 1, 2, 2, 0]); y_pred = np.array([0, 2, 2, 2, 1, 0])
conf = np.zeros((3, 3), dtype=np.int64)
np.add.at(conf, (y_true, y_pred), 1)
print(conf)
acc = np.zeros(4, np.float32)
np.add.at(acc, [0, 0, 3, 1], [0.5, 0.25, 2.0, 1.0])
print(acc)
m = np.full(3, 10.0)
np.maximum.at(m, [0, 2, 2], [5.0, 12.0, 11.0])
np.subtract.at(m, [1, 1], 2.5)
print(m)
a = np.arange(12).reshape(3, 4)
print(np.add.reduce(a), np.add.reduce(a, axis=1), np.multiply.reduce([1, 2, 3, 4]), np.maximum.reduce(a, axis=1))
print(np.add.accumulate([1, 2, 3]), np.multiply.accumulate(np.array([1.5, 2.0, 4.0])))
print(np.multiply.outer([1, 2, 3], [10, 20]), np.add.outer(np.arange(2), np.arange(3)))
print(np.add, np.add.__name__, np.add(2, 3), np.maximum(np.array([1, 5]), 3))
v = a[1]
np.add.at(a, (1, 2), 100)
print(v)
