# Counters compare as multisets: an element counted zero equals a missing one.
from collections import Counter
print(Counter(a=0) == Counter(), Counter(a=1, b=0) == Counter(a=1), Counter("aab") == Counter("aba"))
print(Counter(a=1) == Counter(a=2), Counter(a=1) == {"a": 1}, Counter() != Counter(x=0))
c = Counter("hello")
c.subtract("l")
print(c == Counter("helo"), c)
