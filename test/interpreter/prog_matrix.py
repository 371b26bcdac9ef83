# Matrix arithmetic on nested lists: multiply, transpose, identity, determinant by recursion, pretty print.
def matmul(a, b):
    return [[sum([a[i][k] * b[k][j] for k in range(len(b))]) for j in range(len(b[0]))] for i in range(len(a))]
def transpose(m):
    return [list(row) for row in zip(*m)]
def identity(n):
    return [[1 if i == j else 0 for j in range(n)] for i in range(n)]
def det(m):
    if len(m) == 1:
        return m[0][0]
    total = 0
    for j in range(len(m)):
        minor = [row[:j] + row[j + 1:] for row in m[1:]]
        sign = -1 if j % 2 else 1
        total += sign * m[0][j] * det(minor)
    return total
def show(m):
    for row in m:
        print(' '.join([f'{v:5}' for v in row]))
a = [[1, 2], [3, 4], [5, 6]]
b = [[7, 8, 9], [10, 11, 12]]
show(matmul(a, b))
show(transpose(a))
print(matmul(identity(2), [[2, 3], [4, 5]]))
print(det([[2]]), det([[1, 2], [3, 4]]), det([[2, 0, 1], [1, 3, 2], [1, 1, 1]]))
m = [[0.5, 1.5], [2.25, -1.0]]
show(matmul(m, m))
powers = identity(2)
fibm = [[1, 1], [1, 0]]
for i in range(10):
    powers = matmul(powers, fibm)
print(powers)
