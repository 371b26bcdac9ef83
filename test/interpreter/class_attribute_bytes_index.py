# Every value's __class__, and a bytes index out of range (CPython's words).
def t(f, label):
    try:
        print(label, f())
    except Exception as e:
        print(label, type(e).__name__, e)
t(lambda: (1).__class__, "int")
t(lambda: "a".__class__, "str")
t(lambda: [].__class__.__name__, "list")
t(lambda: (1.5).__class__.__name__, "float")
t(lambda: None.__class__, "none")
t(lambda: b"abc"[5], "bytes")
t(lambda: b"abc"[-9], "bytes-")
class A: pass
t(lambda: A().__class__.__name__, "inst")
t(lambda: (1, 2).__class__, "tuple")
t(lambda: {}.__class__, "dict")
t(lambda: True.__class__, "bool")
