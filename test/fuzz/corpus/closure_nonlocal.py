# Closures and nonlocal: counters, shared cells, late binding, multiple nesting levels.
def make_counter():
    count = 0
    def increment():
        nonlocal count
        count += 1
        return count
    return increment
c1 = make_counter()
c2 = make_counter()
print(c1(), c1(), c1(), c2(), c1())
def make_account(balance):
    def deposit(amount):
        nonlocal balance
        balance += amount
        return balance
    def withdraw(amount):
        nonlocal balance
        balance -= amount
        return balance
    def current():
        return balance
    return deposit, withdraw, current
dep, wd, cur = make_account(100)
print(dep(50), wd(30), cur())
def outer():
    x = 'outer'
    def middle():
        def inner():
            nonlocal x
            x = 'changed by inner'
        inner()
        return x
    before = x
    after = middle()
    return before, after, x
print(outer())
def late_binding():
    fns = []
    for i in range(3):
        fns.append(lambda: i)
    return [f() for f in fns]
print(late_binding())
def captured_later():
    def show():
        return value
    value = 'assigned after def'
    return show()
print(captured_later())
def accumulator():
    items = []
    def add(x):
        items.append(x)
        return items
    return add
acc = accumulator()
acc(1)
print(acc(2))
def shadow():
    x = 1
    def inner():
        x = 2
        return x
    return inner(), x
print(shadow())
