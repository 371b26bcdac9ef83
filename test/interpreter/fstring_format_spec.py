# f-string format specs: width/alignment, fill, precision, 05d, thousands separators, types.
x = 3.14159265
n = 42
big = 1234567
print(f'{x:.3f}|{x:.0f}|{x:10.2f}|{x:<10.1f}|{-x:.2f}')
print(f'{n:>8}|{n:<8}|{n:^8}|{n:*^8}|{n:-<6}')
print(f'{n:05d}|{-n:05d}|{n:+d}|{-n:+d}|{n: d}')
print(f'{big:,}|{-big:,}|{1234567.891:,}|{big:,.2f}|{1000:,}|{999:,}')
print(f'{big:_}|{n:x}|{n:X}|{n:o}|{n:b}|{n:08b}|{n:#x}|{n:#b}')
print(f'{"text":>8}|{"text":<8}|{"text":^9}|{"ab":.1}|')
print(f'{x:e}|{x:.2e}|{big:.3e}|{0.0001:.1e}')
print(f'{x:g}|{big:g}|{0.00001234:g}|{1e20:g}')
print(f'{0.25:%}|{0.256:.1%}|{1:.0%}')
print(f'{True:>6}|{None!s:>6}|{[1, 2]!s:>8}|')
width = 7
prec = 2
print(f'{x:{width}.{prec}f}|{n:>{width}}|')
print(f'{1.5:08.3f}|{-1.5:08.3f}|{1e6:.2f}')
for v in [0, 7, 123, 4567]:
    print(f'[{v:4d}] [{v:<4d}] [{v:04d}] [{v:,d}]')
print(f'{2.5:.0f} {3.5:.0f} {0.125:.2f} {2.675:.2f}')
