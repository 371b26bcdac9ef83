# The operator module: operators as functions, itemgetter, attrgetter and
# methodcaller as sort keys and reducers.
import operator
from functools import reduce

rows = [("b", 3, 0.5), ("a", 3, 0.25), ("c", 1, 0.75)]
print(sorted(rows, key=operator.itemgetter(1, 0)))
print(max(rows, key=operator.itemgetter(2)), operator.itemgetter(0)(rows))
print(reduce(operator.mul, [1, 2, 3, 4]), reduce(operator.add, ["a", "b"], "z"))
print(operator.truediv(7, 2), operator.floordiv(-7, 2), operator.mod(-7, 3), operator.pow(2, 10))
print(operator.neg(3), operator.not_(0), operator.truth([]), operator.contains([1, 2], 2))
print(operator.eq(1, 1.0), operator.lt("a", "b"), operator.is_(None, None), operator.getitem({"k": 9}, "k"))
print(operator.and_(6, 3), operator.or_(6, 3), operator.xor(6, 3), operator.lshift(1, 5), operator.index(True))


class Layer:
    def __init__(self, name, units):
        self.name = name
        self.units = units
        self.config = {"units": units}

    def scaled(self, k, offset=0):
        return self.units * k + offset


layers = [Layer("dense", 64), Layer("out", 10), Layer("hidden", 128)]
print([l.name for l in sorted(layers, key=operator.attrgetter("units"))])
print(operator.attrgetter("name", "units")(layers[0]))
print(list(map(operator.methodcaller("scaled", 2, offset=1), layers)))
print(operator.itemgetter(1), operator.attrgetter("a.b"), operator.methodcaller("f", 1, k=2))
print(list(map(operator.itemgetter(slice(1, None)), ["abc", "xyz"])))
