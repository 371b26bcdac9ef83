# Strings, bytes and lists too large to build are a MemoryError the script
# can catch, raised before any work, as CPython's failed allocation is.
tests = [
    lambda: "x".zfill(2 ** 62),
    lambda: "x".ljust(2 ** 62),
    lambda: "x".center(2 ** 62),
    lambda: "x" * 2 ** 62,
    lambda: "%*d" % (2 ** 62, 1),
    lambda: f"{1:{2 ** 62}}",
    lambda: "{:>{}}".format(1, 2 ** 62),
    lambda: [0] * 2 ** 62,
    lambda: list(range(2 ** 40)),
    lambda: b"x" * 2 ** 62,
    lambda: "ab".expandtabs(2 ** 62),
    lambda: "a\tb".expandtabs(2 ** 62),
    lambda: bytes(10 ** 12),
]
for t in tests:
    try:
        t()
        print("ok")
    except MemoryError as e:
        print("MemoryError", e)
    except Exception as e:
        print(type(e).__name__, e)
