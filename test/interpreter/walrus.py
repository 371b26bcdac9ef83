# Assignment expressions (PEP 572): where the name binds and when the value
# is computed.

# In a condition, and read after it.
data = [3, 1, 4, 1, 5, 9, 2, 6]
if (n := len(data)) > 5:
    print("long", n)

# In a while condition: the classic read-until-empty loop.
def chunks(xs, size):
    it = iter(xs)
    out = []
    while chunk := [v for _, v in zip(range(size), it)]:
        out.append(chunk)
    return out

print(chunks(data, 3))

# In a comprehension the target binds in the enclosing function, not in the
# comprehension: it survives the comprehension and is a local there.
def evens_doubled(xs):
    kept = [y for x in xs if (y := x * 2) % 4 == 0]
    return kept, y

print(evens_doubled(data))

# At module level, the comprehension's target is a global.
totals = [running := 0] + [running := running + v for v in data]
print(totals, running)

# Nested comprehensions bind in the function around both.
def last_pair(rows):
    flat = [[(last := (i, v)) for v in row] for i, row in enumerate(rows)]
    return flat[-1][-1] == last, last

print(last_pair([[1, 2], [3]]))

# As a call argument, and evaluated before the next argument.
def add(a, b):
    return a + b

print(add(q := 3, q * 2), q)

# In a lambda the target is the lambda's own local.
triple_twice = lambda v: (w := v * 3) + w
print(triple_twice(2))
w = "module w"
print(triple_twice(5), w)

# A closure sees the rebinding.
def counter():
    count = 0
    def bump():
        nonlocal count
        return (count := count + 1)
    bump()
    bump()
    return count

print(counter())

# Inside a function, a walrus in a comprehension makes the name a local of
# that function, so reading it before is an UnboundLocalError.
def too_early():
    try:
        print(z)
    except UnboundLocalError as e:
        print("UnboundLocalError:", e)
    [z := k for k in range(2)]
    return z

print(too_early())

# With `global`, the comprehension's target is the global.
def set_global():
    global g
    [g := k for k in range(4)]

set_global()
print(g)

# The value of the expression is the value assigned.
print((x := [1, 2]) is x, x)
matches = {k: v for k in "abc" if (v := ord(k)) > 97}
print(matches, v)
