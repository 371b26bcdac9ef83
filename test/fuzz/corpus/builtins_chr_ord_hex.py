# chr, ord, hex, bin, oct, hash of small ints, divmod, round and pow as builtins.
print(chr(65), chr(97), chr(48), chr(32) == ' ', chr(10) == '\n')
print(ord('A'), ord('a'), ord('0'), ord(' '), ord('~'))
print(''.join([chr(ord(c) + 1) for c in 'HAL']))
print(hex(0), hex(255), hex(-255), hex(4096), hex(2 ** 32))
print(bin(0), bin(5), bin(-5), bin(255), bin(1024))
print(oct(0), oct(8), oct(-8), oct(511))
print(int(hex(255), 16), int(bin(10), 2), int(oct(64), 8))
print(hash(0), hash(1), hash(42), hash(-7), hash(-1), hash(True), hash(False))
print(hash(1) == hash(1.0), hash(10 ** 6))
print(divmod(17, 5), divmod(-17, 5), divmod(17.5, 5))
print(round(3.7), round(-3.7), round(3.14159, 2))
print(pow(2, 8), pow(2, -2), pow(5, 3, 7))
caesar = ''
for c in 'hello':
    caesar += chr((ord(c) - ord('a') + 3) % 26 + ord('a'))
print(caesar)
for n in [7, 16, 100]:
    print(n, hex(n), oct(n), bin(n), f'{n:x} {n:o} {n:b}')
