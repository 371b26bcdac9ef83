# bytes methods on ASCII bytes (as string tensors' .numpy() gives them).
line = b"  id=7, name=kiln, tags=a;b  "
print(line.strip(), line.lstrip(), line.rstrip(b" "))
print(line.strip().split(b", "), b"a b  c".split(), b"a,b,c".rsplit(b",", 1))
print(b"x=1".partition(b"="), b"a.b.c".rpartition(b"."))
print(line.find(b"name"), line.rfind(b"a"), line.count(b"a"), line.index(b"id"))
print(b"abc".startswith(b"a"), b"abc".endswith((b"x", b"c")), b"abc".startswith(b"b", 1))
print(b"AbC".upper(), b"AbC".lower(), b"42".isdigit(), b"ab".isalpha(), b" ".isspace())
print(b"a-b".replace(b"-", b"+"), b"7".zfill(3), b"l1\nl2".splitlines())
print(b", ".join([b"a", b"b"]), b"kiln".hex(), b"".join([]))
try:
    b"abc".split("b")
except TypeError as e:
    print("TypeError:", e)
try:
    b", ".join([b"a", "b"])
except TypeError as e:
    print("TypeError:", e)
