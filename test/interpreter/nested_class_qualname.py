# Classes nested in classes and functions have dotted __qualname__s, which
# reprs and tracebacks show.
class Net:
    class ConfigError(Exception):
        pass
    class Inner:
        def f(self): pass
print(Net.ConfigError.__qualname__, Net.Inner.__qualname__, Net.Inner.f.__qualname__)
def g():
    class L: pass
    return L
print(g().__qualname__, repr(g()), repr(Net.Inner()).split(" at ")[0], Net.Inner)
raise Net.ConfigError("bad")
