# os.path as scripts use it to lay out checkpoint and log paths (split,
# normpath, isabs, abspath beside join and dirname) and sys.float_info's
# limits beside TensorFlow's float64 ones.
import os
import sys
import tensorflow as tf

for p in ["ckpt/model.index", "/tmp/run1/", "//net/share/x", "name", "/", "",
          "a//b///c", "///root/x"]:
    print(repr(p), os.path.split(p), repr(os.path.dirname(p)),
          repr(os.path.basename(p)), os.path.isabs(p))
for p in ["", ".", "./a/./b/", "a/../../b", "/../a/..", "//a/../b/./c//",
          "///a//b", "logs/run1/../run2/./events", "../..", "a/b/../../.."]:
    print(repr(p), "->", repr(os.path.normpath(p)))
print(os.path.abspath("a/../b") == os.path.join(os.getcwd(), "b"))
print(os.path.abspath("/x/./y/../z"), os.path.isabs(os.path.abspath("rel")))
for bad in [lambda: os.path.isabs(1), lambda: os.path.normpath(None),
            lambda: os.path.split(3.5), lambda: os.path.join(1, "a"),
            lambda: os.path.join("a", 1), lambda: os.path.dirname(b"x"[0])]:
    try:
        bad()
    except TypeError as e:
        print("TypeError:", e)

fi = sys.float_info
print(fi.max, fi.min, fi.epsilon, fi.dig, fi.mant_dig, fi.radix)
print(fi.max_exp, fi.min_exp, fi.max_10_exp, fi.min_10_exp, fi.rounds)
print(fi[0] == fi.max, len(fi), fi[-1])
print(fi.max == tf.float64.max, fi.min == tf.float64.min)
x = tf.constant(1.0, tf.float64)
print((x + fi.epsilon).numpy() > 1.0, (x + fi.epsilon / 2).numpy() > 1.0)
print(tf.constant(fi.max, tf.float64) * 2)
