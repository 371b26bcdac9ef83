# Uncaught ZeroDivisionError from float division inside a lambda called by a helper.
def apply_all(fn, values):
    out = []
    for v in values:
        out.append(fn(v))
    return out
def main():
    inverse = lambda x: 1.0 / x
    print(apply_all(inverse, [1, 2, 4]))
    print(apply_all(inverse, [0.5, 0.0]))
main()
