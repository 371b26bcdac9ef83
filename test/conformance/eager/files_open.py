# open() and its file objects, with os, shutil and tempfile around them:
# a script writes a small data file and reads it back. Text files read
# with universal newlines ("\r\n" becomes "\n") unless newline="" is
# given; binary files read bytes; errors are CPython's OSError subclasses
# and ValueErrors; json.dump and json.load go through them. Paths are
# printed relative to the temporary directory.
import json
import os
import shutil
import tempfile

d = tempfile.mkdtemp(prefix="kiln_")
print(os.path.isdir(d), os.path.basename(d).startswith("kiln_"),
      len(os.path.basename(d)))
path = os.path.join(d, "data.csv")
with open(path, "w") as f:
    n = f.write("x,y\n1,2\n")
    print(n, f.closed, f.mode, f.name == path, f.writable(), f.readable())
    print("a", "b", sep="-", file=f)
    f.writelines(["3,4\r\n", "é,5\n"])
print(f.closed)
with open(path) as f:
    print(repr(f.read(3)), repr(f.readline()), f.tell())
    print(f.readlines())
with open(path) as f:
    for line in f:
        print(repr(line))
with open(path, newline="") as f:
    print(repr(f.read()))
with open(path, "rb") as f:
    data = f.read()
    print(type(data).__name__, len(data), data[:5], f.mode)
with open(path, "a") as f:
    f.write("tail")
print(open(path).read().splitlines()[-1])
print(os.path.getsize(path), sorted(os.listdir(d)))

# Binary read-write files and seeking.
p = os.path.join(d, "t.bin")
with open(p, "w+b") as f:
    print(repr(f).replace(d, "D"), f.mode)
    f.write(b"abc\ndef\n")
    f.seek(0)
    print(f.readline(), f.read(2), f.tell())
    f.seek(-2, 2)
    print(f.read())
with open(p, "r+") as f:
    print(repr(f).replace(d, "D"))
    print(f.read())
    f.write("more\n")
    f.seek(0)
    print(f.read().split())
with open(p, "rb") as f:
    print(repr(f).replace(d, "D"), [line for line in f])
with open(p, "ab") as f:
    print(repr(f).replace(d, "D"), f.mode)

# Directories.
os.makedirs(os.path.join(d, "a", "b"))
os.makedirs(os.path.join(d, "a", "b"), exist_ok=True)
open(os.path.join(d, "a", "b", "x.txt"), "w").close()
for root, dirs, files in os.walk(d):
    print(root[len(d):], sorted(dirs), sorted(files))
os.rename(p, p + ".2")
print(sorted(os.listdir(d)))

for bad in [lambda: open(os.path.join(d, "missing.txt")),
            lambda: open(d),
            lambda: open(path, "x"),
            lambda: os.makedirs(os.path.join(d, "a")),
            lambda: os.remove(os.path.join(d, "nope")),
            lambda: os.rmdir(os.path.join(d, "a")),
            lambda: os.rename(p, p + ".3"),
            lambda: open(path, "rw"),
            lambda: open(path, "rbt"),
            lambda: open(path, "q"),
            lambda: open(path, "rb", encoding="utf-8"),
            lambda: open(3.5)]:
    try:
        bad()
    except (OSError, ValueError, TypeError) as e:
        print(type(e).__name__, str(e).replace(d, "D"))
f = open(path)
f.close()
try:
    f.read()
except ValueError as e:
    print("ValueError", e)
with open(path, "w") as f:
    try:
        f.read()
    except OSError as e:
        print(type(e).__name__, e)
    try:
        f.write(b"x")
    except TypeError as e:
        print("TypeError", e)
with open(path, "r") as f:
    try:
        f.seek(1, 1)
    except OSError as e:
        print(type(e).__name__, e)
with open(path, "wb") as f:
    try:
        f.write("x")
    except TypeError as e:
        print("TypeError", e)
try:
    open(os.path.join(d, "nope"))
except FileNotFoundError as e:
    print(e.errno, e.strerror, e.filename == os.path.join(d, "nope"))
try:
    raise IOError("old name")
except OSError as e:
    print(type(e).__name__, e)

# Latin-1 files, bytes paths, CPython's argument errors.
with open(os.path.join(d, "l1.txt"), "w", encoding="latin-1") as f:
    print(repr(f).replace(d, "D"), f.encoding)
    f.write("café\n")
    try:
        f.write("€")
    except UnicodeError as e:
        print(type(e).__name__, e)
print(open(os.path.join(d, "l1.txt"), "rb").read())
print(open(os.path.join(d, "l1.txt"), encoding="latin-1").read().strip())
lines = os.path.join(d, "lines.txt")
with open(lines, "w") as f:
    f.write("abc\n" * 3)
print(open(lines.encode()).read(5))
for bad in [lambda: open(path, None), lambda: open(path, "a").write(None),
            lambda: open(path).readline("x"), lambda: os.makedirs(""),
            lambda: open(path, "rb").seek(2 ** 62)]:
    try:
        bad()
    except (OSError, TypeError) as e:
        print(type(e).__name__, e)
print(open(lines).readlines(5))

# UTF-8 is checked a chunk at a time, as CPython decodes it: a bad byte
# fails the read that reaches its chunk, even the first readline.
bad = os.path.join(d, "bad.txt")
for data in [b"ok\n\xe9t\xe9\n", b"a\x80b", b"ab\xe2\x82", b"\xe2\x82X"]:
    with open(bad, "wb") as f:
        f.write(data)
    for reader in [lambda f: f.read(), lambda f: f.readline(),
                   lambda f: list(f)]:
        with open(bad) as f:
            try:
                print(repr(reader(f)))
            except UnicodeDecodeError as e:
                print(type(e).__name__, e)
    print(repr(open(bad, encoding="latin-1").read()))
# newline="" keeps line ends and splits at a bare "\r" too.
with open(bad, "wb") as f:
    f.write(b"a\rb\r\nc\n")
print(open(bad, newline="").readlines(), open(bad).readlines(),
      open(bad, newline="\n").readlines())
print(os.path.relpath(os.path.join(d, "a", "b.txt"), d),
      os.path.relpath(d, os.path.join(d, "a", "b")),
      os.path.relpath("x/y", "x"), os.path.relpath("/a", "/"))
for text in ["日本", "a日b"]:
    try:
        text.encode("latin-1")
    except UnicodeEncodeError as e:
        print(e)

# json through files.
with open(os.path.join(d, "cfg.json"), "w") as f:
    json.dump({"lr": 0.1, "layers": [1, 2]}, f, indent=2, sort_keys=True)
print(open(os.path.join(d, "cfg.json")).read())
with open(os.path.join(d, "cfg.json")) as f:
    print(json.load(f))

# Temporary directories and files go away.
with tempfile.TemporaryDirectory() as t:
    kept = t
    print(os.path.isdir(t))
    open(os.path.join(t, "f"), "w").write("x")
print(os.path.exists(kept))
with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as f:
    f.write("hello")
    name = f.name
print(name.endswith(".txt"), open(name).read())
os.remove(name)
shutil.rmtree(d)
print(os.path.exists(d))

# Writing to a file open for reading is io.UnsupportedOperation.
t = tempfile.mkdtemp()
with open(os.path.join(t, "w.txt"), "w") as f:
    f.write("x")
    f.read()
