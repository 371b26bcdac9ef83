# A return whose value raises inside try: the handler runs and the code
# after the try with it (AutoGraph's jump lowering keeps the value before
# it sets its return flag).
def boom(): raise ValueError("b")
def r1():
    try:
        return boom()
    except ValueError:
        pass
    return "r1-after"
def r2():
    try:
        return [boom()]
    except ValueError:
        x = "r2-handler"
    return x
def r3():
    try:
        return boom()
    except ValueError:
        pass
    finally:
        print("r3 finally")
    return "r3-after"
def r4():
    try:
        return boom()
    except ValueError:
        pass
    else:
        return "else"
    return "r4-after"
def r5():
    for i in range(3):
        try:
            return 10 // (i - 0)
        except ZeroDivisionError:
            print("zde at", i)
    return "r5-loop-end"
def r6():
    try:
        try:
            return boom()
        finally:
            print("inner finally")
    except ValueError:
        pass
    return "r6-after"
def r7(d):
    try:
        return d["k"]
    except KeyError:
        d["k"] = "filled"
    return d["k"]
def g1():
    try:
        yield boom()
    except ValueError:
        yield "g1-handler"
    yield "g1-after"
def r8():
    with Ctx():
        try:
            return boom()
        except ValueError:
            pass
    return "r8-after"
class Ctx:
    def __enter__(self): return self
    def __exit__(self, *a): return False
def r9():
    try:
        return int("x") + 1
    except ValueError as e:
        msg = str(e)
    return f"r9 {msg}"
lam = lambda: r1()
print(r1(), r2(), r3(), r4(), r5(), r6(), r7({}), list(g1()), r8(), r9(), lam())
class M:
    def method(self):
        try:
            return self.missing
        except AttributeError:
            pass
        return "method-after"
    @property
    def prop(self):
        try:
            return 1 / 0
        except ZeroDivisionError:
            pass
        return "prop-after"
print(M().method(), M().prop)
def cached(key, cache={}):
    try:
        return cache[key]
    except KeyError:
        cache[key] = len(cache)
    return cache[key]
print(cached("a"), cached("b"), cached("a"))
