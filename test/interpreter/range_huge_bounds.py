# range() with bounds far apart: a length past what len() can return is its
# OverflowError, and indexing still reaches every number.
r = range(-2**62, 2**62)
try:
    print(len(r))
except OverflowError as e:
    print("OverflowError", e)
print(r[-1], r[0], r[2**62], bool(r), r[-9223372036854775807 - 1])
try:
    r[9223372036854775807]
except IndexError as e:
    print("IndexError", e)
r2 = range(-9223372036854775807 - 1, 9223372036854775807)
print(r2[-1], r2[-2], r2[3])
print(len(range(0, 10, 3)), range(10, 0, -3)[-1], range(5)[-5])
try:
    range(5)[-6]
except IndexError as e:
    print("IndexError", e)
