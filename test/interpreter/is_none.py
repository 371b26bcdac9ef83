# None and identity: is / is not, None returns, aliasing vs equality.
def nothing():
    pass
def maybe(x):
    if x > 0:
        return x
r = nothing()
print(r, r is None, r is not None, repr(r), str(None))
print(maybe(3), maybe(-3))
a = [1, 2]
b = a
c = [1, 2]
print(a == b, a is b, a == c, a is c, a is not c)
b.append(3)
print(a, c)
t = (1 == 1)
print(t is True, (1 == 2) is False)
print(type(None).__name__)
x = None
if x is None:
    print('x is None')
if not x:
    print('x is falsy')
values = [0, None, '', False, []]
for v in values:
    print(repr(v), v is None, v == None)
d = {}
print(d.get('missing') is None)
print(None == None, None != 0, [None] * 3)
