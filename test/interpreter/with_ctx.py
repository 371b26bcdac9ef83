# with statements using context manager classes: enter/exit order, as-binding, nesting, exceptions passing through.
class Tag:
    def __init__(self, name):
        self.name = name
    def __enter__(self):
        print('<' + self.name + '>')
        return self
    def __exit__(self, exc_type, exc, tb):
        print('</' + self.name + '>', 'exc:', None if exc_type is None else exc_type.__name__)
        return False
with Tag('html') as t:
    print('inside', t.name)
    with Tag('body'):
        print('content')
with Tag('a') as a, Tag('b') as b:
    print('both', a.name, b.name)
try:
    with Tag('failing'):
        print('about to fail')
        raise ValueError('inside with')
    print('not reached')
except ValueError as e:
    print('propagated:', e)
class Resource:
    opened = 0
    def __init__(self, label):
        self.label = label
    def __enter__(self):
        Resource.opened += 1
        print('open', self.label, Resource.opened)
        return 'handle-' + self.label
    def __exit__(self, exc_type, exc, tb):
        Resource.opened -= 1
        print('close', self.label, Resource.opened)
def use(label):
    with Resource(label) as h:
        print('using', h)
        return 'returned from with'
print(use('r1'))
for i in range(3):
    with Resource('loop' + str(i)):
        if i == 1:
            continue
        print('body', i)
print('opened at end:', Resource.opened)
