# dict |= and the set operators update in place (aliases see it); dict |=
# takes pairs; format_map asks a defaultdict for the fields it lacks.
from collections import defaultdict

d = {"a": 1}
alias = d
d |= {"b": 2}
d |= [("c", 3)]
print(d, alias is d, alias)
s = {1, 2, 3}
t = s
s |= {4}
s &= {1, 2, 4, 5}
s -= {2}
s ^= {9, 1}
print(sorted(s), t is s, sorted(t))
print("{a}-{b}-{c!r}".format_map(defaultdict(lambda: "?", a=1)))
print("{{literal}} {x}".format_map(defaultdict(int)))
try:
    "{a}-{b}".format_map({"a": 1})
except KeyError as e:
    print("KeyError:", e)
