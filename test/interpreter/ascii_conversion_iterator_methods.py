# The !a conversion and %a escape non-ASCII as ascii() does; every
# iterator has __next__ and __iter__.
name = "café ☕ 𝔛"
print(f"{name!a}", "%a" % name, "{!a}".format(name), ascii(name))
print(f"{'plain'!a:>12}|")
it = iter([1, 2])
print(it.__next__(), it.__iter__() is it, next(it))
try:
    it.__next__()
except StopIteration:
    print("StopIteration")
g = (x * x for x in range(3))
print(g.__next__(), list(g))
print(iter(range(3)).__next__(), iter("ab").__next__(), iter({"k": 1}).__next__())
