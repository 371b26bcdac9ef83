# A failed augmented assignment names the augmented operator.
for op in ["+=", "-=", "*=", "/=", "//=", "%=", "**=", "<<=", "&=", "|="]:
    try:
        x = None
        if op == "+=":
            x += 1
        elif op == "-=":
            x -= 1
        elif op == "*=":
            x *= 2.5
        elif op == "/=":
            x /= "a"
        elif op == "//=":
            x //= 1
        elif op == "%=":
            x %= []
        elif op == "**=":
            x **= 2
        elif op == "<<=":
            x <<= 1
        elif op == "&=":
            x &= 1
        else:
            x |= 1
    except TypeError as e:
        print(e)
y = [1]
try:
    y -= [1]
except TypeError as e:
    print(e)
z = 1
z += 2
print(z)
