# *args, **kwargs, mixing them with normal parameters, and call-site * / ** unpacking.
def show(*args, **kwargs):
    print('args =', args, 'kwargs =', kwargs)
show()
show(1, 2)
show(a=1, b='x')
show(1, 'two', three=3)
def total(first, *rest):
    result = first
    for r in rest:
        result += r
    return result
print(total(1), total(1, 2, 3), total('a', 'b', 'c'))
nums = [4, 5, 6]
print(total(*nums), total(0, *nums, 10), total(*range(5)))
def point(x, y, z=0):
    return 'point(%s, %s, %s)' % (x, y, z)
coords = {'x': 1, 'y': 2}
print(point(**coords), point(**coords, z=3), point(*[7, 8], **{'z': 9}))
def config(name, **options):
    keys = sorted(options)
    return name + ': ' + ', '.join([k + '=' + str(options[k]) for k in keys])
print(config('db', port=5432, host='localhost'))
print(config(**{'name': 'cache', 'size': 128}))
def forward(*args, **kwargs):
    return total(*args, **kwargs)
print(forward(1, 2, 3))
def count_args(*args):
    return len(args)
print(count_args(), count_args(*'abc'), count_args([1, 2]), count_args(*[[1, 2]]))
first, *others = [1, 2, 3]
print(total(first, *others, *others))
def kw_only(a, *, b, c=3):
    return a + b + c
print(kw_only(1, b=2), kw_only(1, c=10, b=2))
merged = dict(**{'a': 1}, b=2)
print(merged)
print(*[1, 2, 3], sep='-')
print(*'xyz')
