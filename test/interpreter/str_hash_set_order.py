# str and bytes hash as CPython's SipHash-1-3 with hash randomization off
# (PYTHONHASHSEED=0, as the goldens are recorded), so sets of strings
# iterate in CPython's order.
print(hash("abc"), hash(""), hash("a"), hash("abcdefgh"), hash("abcdefghi"))
print(hash("héllo"), hash("日本"), hash("😀x"), hash(b"abc"), hash(b""))
s = set()
for name in ["kernel", "bias", "gamma", "beta", "moving_mean", "é", "日"]:
    s.add(name)
print(s)
print(set("tensorflow"), dict.fromkeys(set(["x", "y", "zz", "w"])))
print({("a", 1), ("b", 2), ("c", 3)}, {"layer_%d" % i for i in range(12)})
print({"dense", "conv", "bias", "kernel", "gamma", "beta"})
