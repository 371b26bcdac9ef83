# frozenset: construction, repr and iteration order as CPython's, hashing
# (as dict keys and set members, equal to sets of the same items), the
# operators and methods with the result types CPython gives, the methods
# it lacks, and frozen defaults in functions.
empty = frozenset()
print(empty, repr(frozenset([])), len(empty), bool(empty))
fs = frozenset([3, 1, 2, 3])
print(fs, type(fs), type(fs).__name__, len(fs), 2 in fs, 5 not in fs)
print(frozenset("hello") == frozenset("oleh"), sorted(frozenset("hello")))
print(frozenset(range(10)), frozenset({4: "a", 9: "b"}))
print(frozenset(fs) is fs, frozenset(set(fs)) == fs, set(fs))
print(isinstance(fs, frozenset), isinstance(fs, set), isinstance({1}, frozenset))
print(fs == {1, 2, 3}, {1, 2, 3} == fs, fs != {1, 2}, fs <= {1, 2, 3, 4},
      fs < fs, fs >= {1})

# Hashes: equal frozensets hash alike whatever order built them.
print(hash(frozenset()), hash(frozenset([1])), hash(frozenset([1, 2, 3])))
print(hash(frozenset([3, 2, 1])) == hash(fs), hash(frozenset(["a", "b"])))
print(hash(frozenset([frozenset([1]), frozenset([2, 3])])))
groups = {frozenset(["x", "y"]): "xy", frozenset(["z"]): "z"}
print(groups[frozenset(["y", "x"])], groups.get(frozenset()), len(groups))
pairs = {frozenset([1, 2]), frozenset([2, 1]), frozenset([3])}
print(len(pairs), sorted(len(p) for p in pairs))
print({frozenset(): 0, frozenset([0]): 1})

# Operators: the left operand's type decides the result's.
a, b = frozenset([1, 2, 3]), {3, 4}
for r in [a | b, a & b, a - b, a ^ b, b | a, b & a, b - a, b ^ a]:
    print(type(r).__name__, sorted(r))
print(a.union([5], (6,)), a.intersection({2, 3}, [3]), a.difference([1]))
print(a.symmetric_difference([3, 9]), a.issubset(range(5)),
      a.issuperset([1]), a.isdisjoint([7]))
print(a.copy() is a, type(a.copy()).__name__, {1}.copy() is not None)
c = a
c |= {10}
print(c, a, c is a)
d = {1}
d |= a
print(d, type(d).__name__)
for name in ["add", "remove", "discard", "pop", "clear", "update",
             "difference_update"]:
    try:
        getattr(a, name)
    except AttributeError as e:
        print("AttributeError:", e)
try:
    hash({1})
except TypeError as e:
    print("TypeError:", e)
try:
    frozenset([[1]])
except TypeError as e:
    print("TypeError:", e)
try:
    frozenset(1)
except TypeError as e:
    print("TypeError:", e)
try:
    frozenset([1], [2])
except TypeError as e:
    print("TypeError:", e)
try:
    a[0]
except TypeError as e:
    print("TypeError:", e)


def allowed(token, vocab=frozenset({"<pad>", "<unk>"})):
    return token in vocab


print(allowed("<unk>"), allowed("cat"), allowed.__defaults__)
print(sorted(frozenset.union(frozenset([2]), [1])), frozenset.__name__)
print(str(frozenset([1])), f"{frozenset(['a'])}", [frozenset([2])])
print(max(frozenset([5, 9, 2])), sum(frozenset([1, 2, 3])), list(frozenset([7])))

# Symmetric differences: a new set starts from the right operand's items,
# an in-place one keeps the left's where they are.
s = {1, 2, 3}
print(s ^ {3, 9, 17}, {3, 9, 17} ^ s, frozenset(s) ^ {25, 1})
s ^= {3, 9, 17}
print(s)
s.symmetric_difference_update([20, 1, 20])
print(s)


def g(a, b=2, *, c, d=4):
    return a


print(g.__defaults__, g.__kwdefaults__, (lambda: 0).__defaults__,
      (lambda *, k=1: k).__kwdefaults__)
