# Bitwise operators on ints: & | ^ ~ << >> with positive and negative values.
a = 0b1100
b = 0b1010
print(a & b, a | b, a ^ b)
print(~a, ~0, ~-1)
print(a << 2, a >> 2, 1 << 10)
print(-16 >> 2, -1 >> 5, -17 >> 1)
print(-8 & 7, -8 | 3, -8 ^ 5)
print(255 & -256, 0xFF ^ 0x0F)
print(bin(a & b), bin(a | b), bin(a ^ b))
flags = 0
for bit in [0, 3, 5]:
    flags |= 1 << bit
    print(bit, flags, bin(flags))
for bit in range(7):
    print(bit, (flags >> bit) & 1)
x = 0b10110111
count = 0
while x:
    x &= x - 1
    count += 1
print("popcount", count)
print(1 + 2 << 3, 1 | 2 ^ 3 & 4)
