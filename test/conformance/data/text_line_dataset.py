# tf.data.TextLineDataset: the lines of its files in order, without "\n"
# (nor a "\r" before it), an empty line kept, an empty file skipped, a last
# line without "\n" read; a missing file is NotFoundError when read. The
# files are in files/ next to this script.
import os

import tensorflow as tf

here = os.path.join(os.path.dirname(os.path.abspath(__file__)), "files")
lines = os.path.join(here, "lines.txt")
table = os.path.join(here, "table.csv")
empty = os.path.join(here, "empty.txt")

ds = tf.data.TextLineDataset([lines, empty, table])
print(ds)
print(list(ds.as_numpy_iterator()))
print(ds.element_spec, ds.cardinality())
print(len(list(tf.data.TextLineDataset(tf.constant(lines)))))
print(list(ds.batch(4).take(1)))
print(list(tf.data.TextLineDataset(table).skip(1).map(tf.strings.upper)))


@tf.function
def total_length(dataset):
    n = 0
    for line in dataset:
        n += tf.strings.length(line)
    return n


print(total_length(tf.data.TextLineDataset(table)))

for bad in [3, tf.constant([1, 2])]:
    try:
        tf.data.TextLineDataset(bad)
    except TypeError as e:
        print("TypeError", e)
try:
    for line in tf.data.TextLineDataset(os.path.join(here, "missing.txt")):
        pass
except tf.errors.NotFoundError as e:
    print("NotFoundError", str(e).replace(here, "<files>"))
