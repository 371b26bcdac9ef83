# list slicing: steps, negative indices, copies, out-of-range bounds.
a = list(range(10))
print(a[2:5], a[:3], a[7:], a[-3:], a[:-7], a[::3], a[::-1], a[8:1:-2])
print(a[100:], a[-100:2], a[5:2], a[::-3])
b = a[:]
b[0] = 'changed'
print(a[0], b[0])
print(a[1:9][::2][1:])
grid = [[1, 2, 3], [4, 5, 6], [7, 8, 9]]
print(grid[1], grid[1][2], grid[-1][-1], grid[0][::-1])
print([row[1] for row in grid])
print(grid[::-1])
print(a[len(a) - 1], a[-len(a)])
c = [0, 1, 2, 3, 4, 5]
print(c[1:-1], c[-2:], c[:-2], c[::2][::-1])
