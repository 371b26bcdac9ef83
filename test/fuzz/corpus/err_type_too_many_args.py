# Uncaught TypeError: a function called with too many positional arguments.
def square(x):
    return x * x
def apply(values):
    out = []
    for v in values:
        out.append(square(v))
        print('squared', v)
    return square(out[0], out[1])
def main():
    print(apply([2, 3]))
main()
