# Python's hash values for numbers and tuples, and the iteration order of
# sets CPython builds by adding items or from a display of constants (the
# compiler's frozenset merged into a new set). Set algebra and deletions
# lay out CPython's table otherwise, which kiln does not follow yet.
import tensorflow as tf

print({0, 8, 16, 24, 32}, {-1, -2, 7, 8}, {1.5, 2.25}, {(1, 2), (0, 0)})
print(hash(1.5), hash(0.1), hash(-0.5), hash((1, 2)), hash(()), hash((1.5, "a" == "a")), hash(2**61), hash(-1), hash(float("inf")))
print(hash(1) == hash(1.0) == hash(True), hash(3.0), hash(1e300))
s = {0, 8, 16}
s.add(24)
s.add(32)
print(s, set([0, 8, 16, 24, 32]), {x for x in [0, 8, 16, 24, 32]})
print({5, 13, 21, 29, 37, 45, 53}, {100, 1000, 10000, 3, 7}, {-5, 5, -13, 13})
print({0.5, 1.5, 2.5, 3.5, 4.25}, {(0, 1), (1, 0), (2, 2), (3, 1)})
print(list({7: 1, 3: 2}.keys() | {1, 9}))
c = set()
for v in [40, 8, 16, 0, 24, 64, 72]:
  c.add(v)
print(c, set(range(0, 100, 9)), {i * 7 for i in range(10)})
print({(i, -i) for i in range(5)}, {True, 2, 1.0, 0}, set(tf.constant([3, 11, 19]).numpy().tolist()))
