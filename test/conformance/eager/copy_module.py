# copy.copy and copy.deepcopy of training configurations: containers
# (shared and self-referencing ones), instances rebuilt without __init__,
# __copy__ and __deepcopy__ hooks with the memo, frozen dataclasses, and
# TensorFlow's immutable values beside NumPy arrays, which copy their data.
import copy
import dataclasses
import collections
import numpy as np
import tensorflow as tf

cfg = {"layers": [64, 32], "opt": {"lr": 0.1, "betas": (0.9, 0.999)},
       "tags": {"a"}, "name": "mlp"}
shallow = copy.copy(cfg)
deep = copy.deepcopy(cfg)
cfg["layers"].append(16)
cfg["opt"]["lr"] = 0.01
print(shallow["layers"], shallow["opt"]["lr"], shallow is cfg)
print(deep["layers"], deep["opt"]["lr"], deep == cfg)
print(deep["opt"]["betas"] is cfg["opt"]["betas"], deep["name"] is cfg["name"])
print(copy.copy((1, [2])) == (1, [2]), copy.deepcopy((1, 2)) == (1, 2))
t = (1, [2])
print(copy.deepcopy(t)[1] is t[1], copy.copy(t) is t)
shared = [1, 2]
pair = [shared, shared]
dup = copy.deepcopy(pair)
print(dup, dup[0] is dup[1], dup[0] is shared)
loop = [1]
loop.append(loop)
cl = copy.deepcopy(loop)
print(cl[1] is cl, cl[1] is loop, len(cl))
print(copy.copy({1, 2}), copy.deepcopy(frozenset([3])), copy.copy(None))
counts = collections.Counter("abca")
print(copy.deepcopy(counts), type(copy.copy(counts)).__name__)
dd = collections.defaultdict(list, {"x": [1]})
dd2 = copy.deepcopy(dd)
dd2["y"].append(2)
print(dd2, dd)


class Schedule:
    def __init__(self, steps):
        print("init", steps)
        self.steps = steps
        self.history = []


s = Schedule([10, 20])
s.history.append(1)
s2 = copy.copy(s)
s3 = copy.deepcopy(s)
s.steps.append(30)
print(type(s2).__name__, s2.steps, s3.steps, s2.history is s.history,
      s3.history is s.history)


class Tracked:
    copies = 0

    def __init__(self, value):
        self.value = value

    def __copy__(self):
        Tracked.copies += 1
        return Tracked(self.value)

    def __deepcopy__(self, memo):
        Tracked.copies += 10
        out = Tracked(copy.deepcopy(self.value, memo))
        memo[id(self)] = out
        return out


tr = Tracked([1, 2])
print(copy.copy(tr).value is tr.value, copy.deepcopy(tr).value == tr.value)
both = copy.deepcopy([tr, tr])
print(both[0] is both[1], Tracked.copies)


@dataclasses.dataclass(frozen=True)
class Hparams:
    lr: float
    sizes: list


h = Hparams(0.1, [1, 2])
h2 = copy.deepcopy(h)
print(h2, h2 == h, h2.sizes is h.sizes)
print(dataclasses.replace(copy.copy(h), lr=0.2))

x = tf.constant([1.0, 2.0])
print(copy.copy(x) is x, copy.deepcopy(x) is x)
print(copy.deepcopy({"w": x})["w"] is x)
print(copy.deepcopy(tf.float32) is tf.float32, copy.deepcopy(tf.TensorShape([1, None])))
a = np.array([1, 2, 3])
b, c = copy.copy(a), copy.deepcopy(a)
a[0] = 100
print(b, c, a)
memo = {}
first = copy.deepcopy([shared], memo)
print(first[0] is copy.deepcopy(shared, memo), id(shared) in memo)
try:
    copy.copy(x for x in [1])
except TypeError as e:
    print("TypeError:", e)

v = tf.Variable([1.0, 2.0], name="w")
state = {"w": v, "step": 3}
snap = copy.deepcopy(state)
v.assign([5.0, 6.0])
print(snap["w"], snap["w"] is v, snap["w"].name, snap["w"].trainable)
print(copy.copy(v) is v, copy.deepcopy([v, v])[0] is not v)
both = copy.deepcopy([v, v])
print(both[0] is both[1])
