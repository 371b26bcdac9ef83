# np.array2string, np.array_str and the np.printoptions context manager:
# str(a) under options given for one call or one block.
import numpy as np
a = np.array([[1.123456789, 2.5e-9, 300.0], [4.0, -5.5, 6.25]])
print(np.array2string(a))
print(np.array2string(a, precision=3))
print(np.array2string(a, precision=2, suppress_small=True))
print(np.array2string(a, separator=", "))
print(np.array2string(a[0], precision=3, separator=", ", prefix="x = "))
print(np.array2string(np.arange(12), max_line_width=20))
print(np.array2string(np.arange(100), threshold=10, edgeitems=2))
print(np.array2string(np.array(3.14159), precision=2))
print(repr(np.array2string(np.array([1, 2, 3]))))
print(np.array_str(a, precision=2))
with np.printoptions(precision=2, suppress=True) as opts:
    print(a)
    print(opts["precision"], opts["suppress"])
print(a)
with np.printoptions(threshold=5):
    print(np.arange(10))
print(np.arange(10))
try:
    np.array2string(a, precision=-1)
except ValueError as e:
    print("ValueError", e)
try:
    with np.printoptions(precision="x"):
        pass
except TypeError as e:
    print("TypeError", e)
print(np.get_printoptions()["precision"])
