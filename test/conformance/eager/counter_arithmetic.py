# Counter arithmetic (+ - | &, keeping positive counts) and inclusion
# comparisons, as collections.Counter computes them.
from collections import Counter
a = Counter(x=3, y=1, z=0)
b = Counter(y=4, w=2, x=-1)
print(a + b, a - b, a | b, a & b)
print(b - a, Counter("hello") + Counter("world"))
print(Counter(a=1) < Counter(a=2), Counter(a=1) <= Counter(a=1), Counter(a=2) > Counter(a=1, b=0), Counter(a=1) >= Counter(a=1, b=1))
words = "the cat the dog the end".split()
total = sum((Counter([w]) for w in words), Counter())
print(total.most_common(2))
