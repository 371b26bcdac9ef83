# str search and split edge cases: a start past the end matches nothing,
# split/rsplit with maxsplit keep the rest's outer whitespace, splitlines
# splits at every Unicode line boundary.
s = "abc"
print(s.find("", 5), s.find("", 3), s.find("", 2, 1), s.count("", 5), s.count("", 3), s.count("", 2, 1))
print(s.startswith("", 10), s.startswith("", 3), s.startswith("", 2, 1), s.endswith("", 2, 1), s.rfind("", 2, 1))
print(s.count("b", 2, 1), s.find("", -10), s.startswith(("x", ""), 5), s.find("c", 1, 99), s.rfind("a", -100))
print("  a b  ".rsplit(None, 1), "  a b  ".split(None, 1), "  a b  ".split(None, 0), "  a b  ".rsplit(None, 0))
print(" x  y z ".rsplit(maxsplit=2), " x  y z ".split(maxsplit=2), "a".split(None, 5))
print("a\x0bb\x0cc\x1cd\x1de\x1ef\x85g\u2028h\u2029i\r\nj\rk\nl".splitlines())
print("a\x0bb\u2028c\r\n".splitlines(True), "".splitlines(), "\n".splitlines(), "x\n\ny".splitlines(keepends=True))
