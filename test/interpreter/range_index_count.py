# range.index and range.count: by arithmetic for ints, by equality for
# other values.
r = range(3, 20, 4)
print(r.index(7), r.index(19), r.count(11), r.count(12), r.count(2.0 + 1))
print(range(10, 0, -3).index(4), range(10, 0, -3).count(10), range(5).index(True))
print(range(0, 10**12, 7).index(7 * 10**9))
for probe in [8, 2.5, "a", -1]:
    try:
        print(range(3, 20, 4).index(probe))
    except ValueError as e:
        print("ValueError:", e)
try:
    range(3).index()
except TypeError as e:
    print("TypeError:", e)
