# tf.data.experimental.CsvDataset: a CSV file's records as tuples of
# scalars. A dtype in record_defaults makes its column required; header
# skips the first record; quoted fields may hold the delimiter; "\r\n"
# ends a record too; select_cols, exclude_cols, na_value and field_delim;
# the kernel's errors when a record is iterated; read inside a tf.function.
import os
import shutil
import tempfile
import tensorflow as tf

d = tempfile.mkdtemp()
p = os.path.join(d, "t.csv")


def write(text):
  with open(p, "w") as f:
    f.write(text)


def show(ds):
  try:
    print(list(ds.as_numpy_iterator()))
  except (tf.errors.InvalidArgumentError, tf.errors.NotFoundError) as e:
    print(type(e).__name__, str(e).replace(d, "D"))


write('x,y,label\n1.0,2.0,a\n3.5,,"b,c"\r\n-1,0.5,a\n')
ds = tf.data.experimental.CsvDataset(p, [tf.float32, 0.0, tf.string],
                                     header=True)
print(ds.element_spec)
show(ds)
for row in ds.take(1):
  print(row)
show(tf.data.experimental.CsvDataset(p, [tf.constant(0.0), tf.constant("")],
                                     header=True, select_cols=[0, 2]))
show(tf.data.experimental.CsvDataset(p, [tf.float32, tf.float32, tf.string],
                                     header=True))
show(ds.map(lambda x, y, label: x * 2.0 + y).batch(2))

write("1,2\n\n3,4")
show(tf.data.experimental.CsvDataset(p, [tf.int32, tf.int32]))
write("1\n\n3\n")
show(tf.data.experimental.CsvDataset(p, [tf.constant(7)]))
write("1,2\n3\n")
show(tf.data.experimental.CsvDataset(p, [tf.int32, tf.int32]))
write("1,2,3\n")
show(tf.data.experimental.CsvDataset(p, [tf.int32, tf.int32]))
write("1,x\n")
show(tf.data.experimental.CsvDataset(p, [tf.int32, tf.int32]))
write('1;NA\n"q""x";4\n')
show(tf.data.experimental.CsvDataset(p, [tf.string, tf.constant(7)],
                                     field_delim=";", na_value="NA"))
show(tf.data.experimental.CsvDataset(p, [tf.string], field_delim=";",
                                     exclude_cols=[1]))
show(tf.data.experimental.CsvDataset([p, p], [tf.string, tf.constant(7)],
                                     field_delim=";", na_value="NA").batch(3))
show(tf.data.experimental.CsvDataset(d + "/nope.csv", [tf.string]))
try:
  tf.data.experimental.CsvDataset(p, [tf.string], select_cols=[0],
                                  exclude_cols=[1])
except tf.errors.InvalidArgumentError as e:
  print("InvalidArgumentError", e)


for bad in [lambda: tf.data.experimental.CsvDataset(p, []),
            lambda: tf.data.experimental.CsvDataset(p, [tf.bool]),
            lambda: tf.data.experimental.CsvDataset(p, None)]:
  try:
    bad()
  except (tf.errors.InvalidArgumentError, ValueError, TypeError) as e:
    print(type(e).__name__, str(e).splitlines()[0])


@tf.function
def total(path):
  s = 0.0
  for a, b in tf.data.experimental.CsvDataset(path, [0.0, 0.0]):
    s += a * b
  return s


write("1,2\n3,4\n")
print(total(p))
shutil.rmtree(d)
