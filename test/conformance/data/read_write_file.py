# tf.io.read_file and tf.io.write_file, eagerly and inside a tf.function
# (where the host runs them when the function does), next to compiled
# arithmetic; write_file makes the file's directories; a missing file is
# NotFoundError. Files go to a folder of their own under /tmp, removed at
# the end.
import os
import shutil
import tensorflow as tf

root = os.path.join("/tmp", "kiln-read-write-file-%d" % os.getpid())
path = os.path.join(root, "numbers.txt")
tf.io.write_file(path, "1.5 2.5\n4")
print(tf.io.read_file(path))


@tf.function
def total(p):
    numbers = tf.strings.to_number(tf.strings.split(tf.io.read_file(p)))
    doubled = numbers * 2.0 + 1.0
    tf.io.write_file(p + ".out", tf.strings.reduce_join(
        tf.strings.as_string(doubled, precision=1), separator=","))
    return tf.reduce_sum(doubled)


print(total(tf.constant(path)))
print(tf.io.read_file(path + ".out"))
tf.io.write_file(os.path.join(root, "a", "b", "c.txt"), "deep")
print(tf.io.read_file(os.path.join(root, "a", "b", "c.txt")))
for bad in [os.path.join(root, "missing.txt"), root]:
    try:
        tf.io.read_file(bad)
    except (tf.errors.NotFoundError, tf.errors.FailedPreconditionError) as e:
        print(type(e).__name__, str(e).replace(root, "<root>"))
try:
    total(tf.constant(os.path.join(root, "missing.txt")))
except tf.errors.NotFoundError as e:
    print("NotFoundError", str(e).splitlines()[-2].replace(root, "<root>"))
shutil.rmtree(root)
print(os.path.exists(root))
