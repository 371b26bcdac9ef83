# Line structure: backslash continuation, implicit joining in brackets, semicolons, one-line suites, comments, docstrings.
"""Module docstring: this string is an expression statement and prints nothing."""
total = 1 + \
        2 + \
        3
print(total)
items = [
    'first',   # comment after an item
    'second',
    'third',   # trailing comma next
]
print(items)
mapping = {
    'a': 1,
    'b': (2,
          3),
}
print(mapping)
result = max(
    10,
    20,
    15
)
print(result)
a = 1; b = 2; c = a + b; print(a, b, c)
if c > 2: print('one-line if')
for i in range(2): print('one-line for', i)
while a < 3: a += 1
print(a)
def documented(x):
    """Return x doubled.

    The docstring spans lines.
    """
    return x * 2
print(documented(4))
print(documented.__doc__.split('\n')[0])
class WithDoc:
    """Class docstring."""
    value = 5
print(WithDoc.value, WithDoc.__doc__)
# A comment line
    # An indented comment line is fine too
x = (1 +
     2 *
     3)
print(x)
long_string = ('implicitly '
               'concatenated '
               'pieces')
print(long_string)
if (a == 3 and
        b == 2):
    print('multi-line condition')
def f(a,
      b=2,
      *args,
      **kwargs):
    return a + b
print(f(1,
        5))
