# Augmented assignment on ints and floats with every operator: += -= *= /= //= %= **= &= |= ^= <<= >>=.
x = 10
x += 5
print('+=', x)
x -= 3
print('-=', x)
x *= 4
print('*=', x)
x //= 5
print('//=', x)
x %= 6
print('%=', x)
x **= 3
print('**=', x)
x <<= 2
print('<<=', x)
x >>= 3
print('>>=', x)
x &= 0b1100
print('&=', x)
x |= 0b0011
print('|=', x)
x ^= 0b0110
print('^=', x)
x /= 4
print('/=', x, type(x).__name__)
f = 2.5
f *= 2
f -= 0.5
f **= 2
print(f)
n = -7
n //= 2
print(n)
n %= 3
print(n)
counts = [0, 0]
counts[1] += 5
counts[0] -= 1
print(counts)
d = {'k': 1}
d['k'] *= 10
d['k'] += 1
print(d)
class Obj:
    pass
o = Obj()
o.v = 3
o.v **= 2
o.v //= 2
print(o.v)
b = True
b += 1
print(b, type(b).__name__)
