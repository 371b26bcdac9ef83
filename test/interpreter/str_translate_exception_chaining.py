# dict.fromkeys, str.maketrans and str.translate, and the exception chaining
# attributes __cause__, __context__ and __suppress_context__.
d = dict.fromkeys(["a", "b"], 0)
print(d, dict.fromkeys("xy"))
t = str.maketrans("ab", "xy", "c")
print("abcabc".translate(t), "hello".translate({ord("l"): None, ord("h"): "J"}))
try:
    try:
        raise KeyError("k")
    except KeyError as e:
        raise ValueError("v") from e
except ValueError as e:
    print(repr(e.__cause__), repr(e.__context__), e.__suppress_context__)
try:
    try:
        1 / 0
    except ZeroDivisionError:
        raise ValueError("w")
except ValueError as e:
    print(repr(e.__cause__), repr(e.__context__), e.__suppress_context__)
try:
    raise ValueError("x") from None
except ValueError as e:
    print(repr(e.__cause__), e.__suppress_context__)
print(dict.fromkeys(range(3), []), dict.fromkeys(()))
print(str.maketrans({"a": "bc", 98: None}), "aabb".translate(str.maketrans({"a": "bc", 98: None})))
print("ünïcode".translate(str.maketrans("ü", "u")), "abc".translate([None, "x"] * 50))
for bad in [lambda: str.maketrans("ab", "c"), lambda: str.maketrans(["a"]), lambda: "a".translate({97: 1.5}), lambda: str.maketrans({"ab": 1})]:
    try:
        bad()
    except (TypeError, ValueError) as e:
        print(type(e).__name__, e)
