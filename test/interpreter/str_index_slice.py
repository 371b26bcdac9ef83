# String indexing and slicing: negative indices, steps, out-of-range slices, reversal.
s = 'abcdefghij'
print(s[0], s[5], s[-1], s[-3])
print(s[2:5], s[:3], s[7:], s[:], s[-3:], s[:-3])
print(s[::2], s[1::2], s[::-1], s[::-2], s[8:2:-1], s[-2:-8:-2])
print(repr(s[5:2]), repr(s[20:]), s[-100:3], s[3:100])
print(s[::3], s[2:9:3], s[-1:-11:-3])
print(repr(s[5:5]), len(s[::4]))
word = 'racecar'
print(word == word[::-1], 'python'[::-1])
for i in range(len('hey')):
    print(i, 'hey'[i], 'hey'[-i - 1])
print(s[1:-1][1:-1][1:-1])
first, last = s[0], s[-1]
print(first + last)
print('x'[0], 'xy'[1:], 'xyz'[:-1])
