# Augmented assignment on lists (in place, visible through aliases), strings and tuples (rebinding).
a = [1, 2]
alias = a
a += [3]
print(a, alias, a is alias)
a += 'xy'
print(alias)
a *= 2
print(alias, a is alias)
a = a + [0]
print(a, alias, a is alias)
s = 'ab'
s_alias = s
s += 'cd'
print(s, s_alias)
s *= 2
print(s)
t = (1,)
t_alias = t
t += (2, 3)
print(t, t_alias)
def extend_in_place(lst):
    lst += [len(lst)]
outer = [7]
extend_in_place(outer)
extend_in_place(outer)
print(outer)
def rebind(text):
    text += '!'
    return text
word = 'hi'
print(rebind(word), word)
nested = [[1], [2]]
nested[0] += [10]
print(nested)
acc = ''
for i in range(4):
    acc += str(i)
    acc *= 1
print(acc)
