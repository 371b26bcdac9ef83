# Classes: __init__, instance attributes, methods calling methods, attribute updates, type name.
class Counter:
    def __init__(self, start=0):
        self.value = start
        self.history = []
    def increment(self, by=1):
        self.value += by
        self.history.append(by)
        return self
    def reset(self):
        self.value = 0
    def describe(self):
        return 'Counter at ' + str(self.value) + ' after ' + str(len(self.history)) + ' steps'
c = Counter()
c.increment()
c.increment(5).increment(2)
print(c.value, c.history)
print(c.describe())
c.reset()
print(c.value, c.describe())
d = Counter(100)
print(d.value, c.value)
d.label = 'dynamic attribute'
print(d.label)
print(type(c).__name__, isinstance(c, Counter))
class Stack:
    def __init__(self):
        self.items = []
    def push(self, x):
        self.items.append(x)
    def pop(self):
        return self.items.pop()
    def peek(self):
        return self.items[-1]
    def empty(self):
        return not self.items
s = Stack()
for ch in 'abc':
    s.push(ch)
print(s.peek(), s.pop(), s.pop(), s.empty(), s.pop(), s.empty())
method = c.increment
method(3)
print(c.value)
print(Counter.describe(d))
class Empty:
    pass
e = Empty()
e.x = 1
print(e.x, type(e).__name__)
