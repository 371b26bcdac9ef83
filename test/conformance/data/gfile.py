# tf.io.gfile over the local file system: GFile's read() keeps "\r\n"
# while its readline() and iteration drop "\r"; listdir, glob and walk;
# TensorFlow's errors (NotFoundError, AlreadyExistsError); mkdir of an
# existing directory is no error. Listings are sorted here: their order is
# the file system's.
import os
import tempfile
import tensorflow as tf

d = tempfile.mkdtemp()
for n in ["c.txt", "a.txt", "b.csv", "zz.txt", "m.txt"]:
    with tf.io.gfile.GFile(os.path.join(d, n), "w") as f:
        f.write("line1\r\nline2\n")
print(sorted(tf.io.gfile.listdir(d)))
print(sorted(p[len(d):] for p in tf.io.gfile.glob(os.path.join(d, "*.txt"))))
print(tf.io.gfile.exists(d), tf.io.gfile.exists(d + "/nope"),
      tf.io.gfile.isdir(d))
with tf.io.gfile.GFile(os.path.join(d, "a.txt")) as f:
    print(repr(f.read()), f.size())
with tf.io.gfile.GFile(os.path.join(d, "a.txt"), "rb") as f:
    print(repr(f.read()))
with tf.io.gfile.GFile(os.path.join(d, "a.txt")) as f:
    print([line for line in f])
with tf.io.gfile.GFile(os.path.join(d, "a.txt")) as f:
    print(f.readlines())
tf.io.gfile.makedirs(os.path.join(d, "x", "y"))
tf.io.gfile.makedirs(os.path.join(d, "x", "y"))
st = tf.io.gfile.stat(os.path.join(d, "a.txt"))
print(type(st).__name__, st.length, st.is_directory, st.mtime_nsec > 0,
      tf.io.gfile.stat(os.path.join(d, "x")).is_directory)
tf.io.gfile.mkdir(os.path.join(d, "x"))
for bad in [lambda: tf.io.gfile.listdir(d + "/nope"),
            lambda: tf.io.gfile.remove(d + "/nope"),
            lambda: tf.io.gfile.GFile(d + "/nope").read(),
            lambda: tf.io.gfile.mkdir(os.path.join(d, "q", "r")),
            lambda: tf.io.gfile.rename(os.path.join(d, "a.txt"),
                                       os.path.join(d, "c.txt")),
            lambda: tf.io.gfile.copy(os.path.join(d, "a.txt"),
                                     os.path.join(d, "c.txt")),
            lambda: tf.io.gfile.rmtree(d + "/nope"),
            lambda: tf.io.gfile.stat(d + "/nope")]:
    try:
        bad()
    except tf.errors.OpError as e:
        print(type(e).__name__, str(e).replace(d, "D"))
tf.io.gfile.copy(os.path.join(d, "a.txt"), os.path.join(d, "c.txt"),
                 overwrite=True)
tf.io.gfile.rename(os.path.join(d, "a.txt"), os.path.join(d, "q.txt"))
tf.io.gfile.remove(os.path.join(d, "q.txt"))
print(sorted(tf.io.gfile.listdir(d)))
for top, dirs, files in tf.io.gfile.walk(d):
    print(top[len(d):], dirs, sorted(files))
print(tf.io.gfile.join("a", "b", "c.txt"))
f = tf.io.gfile.GFile(os.path.join(d, "c.txt"))
print(f.name[len(d):], f.mode)
print(repr(f.readline()), f.tell())
f.close()
# A TextLineDataset reads what GFile wrote.
with tf.io.gfile.GFile(os.path.join(d, "n.txt"), "w") as f:
    f.write("1\n2\n3\n")
print(list(tf.data.TextLineDataset(os.path.join(d, "n.txt"))
           .map(lambda s: tf.strings.to_number(s) * 2).as_numpy_iterator()))
# A GFile for writing makes its file on the first write.
w = tf.io.gfile.GFile(os.path.join(d, "n.txt"), "w")
print(tf.io.gfile.GFile(os.path.join(d, "n.txt")).read())
try:
  w.read()
except tf.errors.OpError as e:
  print(type(e).__name__, e)
w.write("new")
w.close()
print(tf.io.gfile.GFile(os.path.join(d, "n.txt")).read())
try:
  tf.io.gfile.GFile(os.path.join(d, "n.txt"), "z")
except tf.errors.OpError as e:
  print(type(e).__name__, e)
# Dataset.list_files: the matches sorted, shuffled by the seed unless
# shuffle=False; no match is an error.
ds = tf.data.Dataset.list_files(os.path.join(d, "*.txt"), shuffle=False)
print([p[len(d):] for p in ds.as_numpy_iterator()], ds.element_spec)
ds = tf.data.Dataset.list_files([os.path.join(d, "*.txt"),
                                 os.path.join(d, "*.csv")], seed=3)
print(sorted(p[len(d):] for p in ds.as_numpy_iterator()))
try:
  tf.data.Dataset.list_files(os.path.join(d, "*.none"))
except tf.errors.InvalidArgumentError as e:
  print(type(e).__name__, str(e).replace(d, "D"))
tf.io.gfile.rmtree(d)
print(tf.io.gfile.exists(d))
