# tf.io.decode_csv eagerly, in a tf.function and in a TextLineDataset
# pipeline: quoted fields, defaults and na_value for empty fields, required
# columns, select_cols, number parsing as the kernel's, and its errors in
# its order (record by record, field by field).
import os

import tensorflow as tf

table = os.path.join(os.path.dirname(os.path.abspath(__file__)), "files",
                     "table.csv")


def show(records, defaults, **kw):
    try:
        r = tf.io.decode_csv(records, defaults, **kw)
        print([t.numpy().tolist() for t in r], [t.dtype.name for t in r])
    except (tf.errors.InvalidArgumentError, ValueError) as e:
        print(type(e).__name__, e)


show(["a,1,2.5", "b,,3"], [[""], [0], [0.0]])
show(['"q,1",2', '"a""b",3', '"",4'], [["d"], [0]])
show(["1,NA", "2,"], [[0], [7]], na_value="NA")
show(["1;2"], [[0], [0]], field_delim=";")
show(['"1",2'], [[""], [0]], use_quote_delim=False)
show(["1,2,3,4"], [[0], [0]], select_cols=[1, 3])
show([",,", "\n1,2,"], [[1], [2], [3]])
show([["1,2"], ["3,4"]], [[0], [tf.constant(0, tf.int64)]])
show(tf.constant("5,6"), [[0], [0]])
for v in [" 2.5 ", "0x10", ".5", "-inf", "NaN", "infinity", "1e40", "1e-50"]:
    show([v], [[0.0]])
for v in ["+3", "-0", " -7", "007", "2147483647", "-2147483648"]:
    show([v], [[1]])
show(["9223372036854775807,1.5"], [[tf.constant(0, tf.int64)],
                                   [tf.constant(0.0, tf.float64)]])
# Errors, each the first the kernel meets.
show(['a"b,2'], [[""], [0]])
show(['"ab"c,2'], [[""], [0]])
show(['"a'], [[""]])
show(["1,2,3"], [[0], [0]])
show(["1,y", "x,1"], [[0], [0]])
show(["1,"], [[0], []])
show([""], [[5]])
show(["2147483648", "1e3", "3.7"], [[0]])
show(["1e", "2.5x"], [[0.0]])
show(["1,2\r"], [[0], [0]])
show(["1"], [[0]], field_delim=",,")
show(["1"], [tf.constant([1, 2])])
show(["1"], [tf.constant([[1]])])
show(["1,2"], [[0]], select_cols=[1, 0])
show(["1,2"], [[0], [0]], select_cols=[-1, 0])
show(["1,2"], [[0]], select_cols=[0, 1])


@tf.function(input_signature=[tf.TensorSpec([None], tf.string)])
def parse(lines):
    name, count, score = tf.io.decode_csv(lines, [["?"], [0], [0.0]],
                                          na_value="NA")
    return tf.strings.join([name, "!"]), tf.reduce_sum(count), score * 2.0


print(parse(tf.constant(["a,1,2", "NA,NA,NA", '"x,y",3,0.25'])))
try:
    parse(tf.constant(["a,1,2", "b,x,3"]))
except tf.errors.InvalidArgumentError as e:
    print("InvalidArgumentError", str(e).splitlines()[-2])

rows = tf.data.TextLineDataset(table).map(
    lambda line: tf.io.decode_csv(line, [[""], [-1], [1.5]]))
for row in rows:
    print(row)
print(list(tf.data.TextLineDataset(table).batch(3).map(
    lambda lines: tf.io.decode_csv(lines, [[""], [-1], [1.5]]))))
bad = tf.data.Dataset.from_tensor_slices(["1,2", "x,3"]).map(
    lambda line: tf.io.decode_csv(line, [[0], [0]]))
try:
    print(list(bad))
except tf.errors.InvalidArgumentError as e:
    print("InvalidArgumentError", e)
