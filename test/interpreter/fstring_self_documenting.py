# f"{expr=}" (Python 3.8) prints the expression's text, the `=` and the
# blanks around it as written, then its repr, or its str with !s, or its
# format with a format spec; ==, !=, <= and >= stay comparisons.
x = 3
name = "kiln"
print(f"{x=}", f"{x = }", f"{x=:5}", f"{x=!s}", f"{name=}", f"a {x*2=} b")
print(f"{x==3=}", f"{x!=4}", f"{x<=4=}", f"{x >= 2 = }")
d = {"a": 1.5}
print(f"{d['a']=}", f"{len(d)=}", f"{[x, x]=}", f"{d['a']=:.3f}")
print(f"{name=!r:>8}|")
