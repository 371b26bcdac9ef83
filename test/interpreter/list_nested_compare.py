# Nested lists, list equality/ordering, list * int (and the shared-reference pitfall), + concatenation.
print([1, 2] == [1, 2], [1, 2] != [2, 1], [1, 2] < [1, 3], [1, 2] < [1, 2, 0])
print([2] > [1, 99], [] < [0], [[1, 2], [3]] == [[1, 2], [3]], [1, [2, 3]] < [1, [2, 4]])
print(['a', 'b'] < ['a', 'c'], [1.0, 2] == [1, 2.0])
z = [0] * 5
print(z, [1, 2] * 3, [] * 10, ['ab'] * 2)
shared = [[0]] * 3
shared[0].append(1)
print(shared)
separate = [[0] for _ in range(3)]
separate[0].append(1)
print(separate)
print([1, 2] + [3], [1] + [] + [2, [3]])
tree = [1, [2, [3, [4, []]]]]
print(tree, tree[1][1][1])
depth = 0
node = tree
while node:
    depth += 1
    node = node[1]
print('depth', depth)
matrix = [[i * 3 + j for j in range(3)] for i in range(3)]
print(matrix)
transposed = [[row[i] for row in matrix] for i in range(3)]
print(transposed)
print(max([[1, 2], [1, 3], [0, 9]]), min([[2], [1, 5], [1]]))
print(len(matrix), len(matrix[0]), sum([len(r) for r in matrix]))
