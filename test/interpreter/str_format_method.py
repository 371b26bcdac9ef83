# str.format: automatic, positional index and keyword fields, specs, conversions, attributes.
print('{} {}'.format('a', 'b'))
print('{0} {1} {0}'.format('x', 'y'))
print('{name} is {age}'.format(name='Ann', age=31))
print('{0} and {who}'.format('me', who='you'))
print('{:>6}|{:<6}|{:^6}|'.format('r', 'l', 'c'))
print('{:.2f} {:05d} {:,} {:x}'.format(3.14159, 42, 1234567, 255))
print('{!r} {!s}'.format('q', 'q'))
print('{0[0]} {0[1]} {1[k]}'.format(['first', 'second'], {'k': 'dict value'}))
print('{{}} {}'.format('escaped braces'))
args = ['p', 'q']
kwargs = {'sep': '--'}
print('{}{sep}{}'.format(*args, **kwargs))
class Point:
    def __init__(self, x, y):
        self.x = x
        self.y = y
p = Point(3, 4)
print('({0.x}, {0.y})'.format(p))
print('{:*^11}'.format(' mid '))
template = '{0:>3} | {1:<8} | {2:6.2f}'
for i, (item, price) in enumerate([('tea', 2.5), ('coffee', 3.75)]):
    print(template.format(i, item, price))
