# Integer results that fit in 64 signed bits: large products, powers, factorials, extremes.
big = 2 ** 62
print(big)
print(big - 1 + big)
max64 = (2 ** 62 - 1) * 2 + 1
print(max64)
min64 = -(2 ** 62) * 2
print(min64)
print(max64 + min64)
print(max64 // 3, max64 % 1000)
print(min64 // 7, min64 % 7)
fact = 1
for n in range(1, 21):
    fact *= n
    print(n, fact)
print(3_037_000_499 * 3_037_000_499)
print(10 ** 18, 10 ** 18 + 10 ** 18)
print(-(10 ** 18) * 9)
print(4294967296 * 2147483647)
print(int(1e18), int(-9.2e18))
print(0x7FFFFFFFFFFFFFFF == max64)
print(hex(max64), bin(2 ** 40), oct(2 ** 60))
print(max64 >> 60, 1 << 62, -1 << 62)
print(123456789 * 987654321)
print(str(max64), len(str(max64)))
print(abs(min64 + 1))
