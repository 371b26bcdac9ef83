# collections' containers: Counter (most_common, update, subtract, total,
# elements), defaultdict, OrderedDict (move_to_end, popitem) and deque
# (maxlen, rotate, both ends), with their reprs; tf.nest keeps their types.
import collections
from collections import Counter, OrderedDict, defaultdict, deque
import tensorflow as tf

c = Counter("hello world")
print(c)
print(c.most_common(2), c["l"], c["z"], len(c), "z" in c)
c.update("lol")
c.subtract({"o": 1})
print(c.most_common(3), c.total(), sorted(c.elements())[:5])
print(Counter(), Counter(a=2, b=1), Counter({"x": 3}), type(c).__name__)
print(isinstance(c, dict), isinstance(c, Counter), dict(c) == dict(Counter("hello world") + Counter() if False else dict(c)))
words = ["cat", "dog", "cat", "bird", "dog", "cat"]
vocab = {w: i for i, (w, _) in enumerate(Counter(words).most_common())}
print(vocab)

d = defaultdict(list)
d["a"].append(1)
d["b"].append(2)
d["a"].append(3)
print(d, dict(d), d.default_factory, len(d))
counts = defaultdict(int)
for w in words:
    counts[w] += 1
print(counts, sorted(counts.items()))
nd = defaultdict(lambda: defaultdict(int))
nd["x"]["y"] += 2
print(nd["x"]["y"], type(nd).__name__)
try:
    defaultdict()["missing"]
except KeyError as e:
    print("KeyError", e)
print(defaultdict(None, {"k": 1}))

od = OrderedDict([("z", 1), ("a", 2)])
od["m"] = 3
print(od, type(od).__name__, list(od))
od.move_to_end("z")
print(od)
od.move_to_end("m", last=False)
print(od, od.popitem(), od.popitem(last=False), od)
print(OrderedDict(), OrderedDict(x=1))

q = deque([1, 2, 3], maxlen=4)
q.append(4)
q.append(5)
q.appendleft(0)
print(q, len(q), q[0], q[-1], q.maxlen)
q.rotate(1)
print(q, q.pop(), q.popleft(), q)
q.extend([7, 8])
print(q, list(q), 7 in q, q.count(7))
window = deque(maxlen=3)
for loss in [0.9, 0.7, 0.6, 0.4]:
    window.append(loss)
    print(round(sum(window) / len(window), 4))
try:
    deque().pop()
except IndexError as e:
    print("IndexError", e)
print(deque(), deque("ab"))
print(tf.constant(list(Counter([1, 1, 2]).values())))
od = collections.OrderedDict([("z", tf.constant(1)), ("a", tf.constant(2))])
print(tf.nest.flatten(od))
dd = collections.defaultdict(int, {"z": 1, "a": 2})
print(tf.nest.flatten(dd))
print(tf.nest.map_structure(lambda x: x * 2, od))
