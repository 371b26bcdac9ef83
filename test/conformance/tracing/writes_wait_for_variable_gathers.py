# TensorFlow runs a variable's ops in program order. A gather from a
# variable (tf.gather, sparse_read, embedding_lookup) reads it with one op,
# ResourceGather, so the variable's next write waits for it: when its index
# is out of range, that write and those after it do not run. A write of
# another variable that does not read the gather still runs. kiln ran the
# later writes.
import tensorflow as tf

table = tf.Variable([10, 20, 30])
total = tf.Variable(0)
emb = tf.Variable([[1.0, 2.0], [3.0, 4.0]])


def attempt(name, f, *args):
  try:
    print(name, f(*args).numpy())
  except tf.errors.InvalidArgumentError:
    print(name, "error")
  print(table.numpy(), total.numpy(), emb.numpy().tolist())


@tf.function
def gather_then_write(i):
  table.assign_add([1, 1, 1])
  row = tf.gather(table, i)
  total.assign_add(1)
  table.assign_add([100, 100, 100])
  return row


@tf.function
def sparse_read_then_write(ids):
  rows = table.sparse_read(ids)
  table.assign(table * 2)
  return rows


@tf.function
def lookup_then_scatter(ids):
  rows = tf.nn.embedding_lookup(emb, ids)
  emb.scatter_nd_update([[0, 0]], [-1.0])
  return rows


@tf.function
def pick(i):
  return tf.gather(table, i)


@tf.function
def call_then_write(i):
  row = pick(i)
  table.assign(table - 1)
  return row


@tf.function
def gather_in_loop(n):
  s = tf.constant(0)
  for i in tf.range(n):
    s += tf.gather(table, i)
    table.assign_add([1, 1, 1])
  return s


attempt("gather_then_write", gather_then_write, tf.constant(2))
attempt("gather_then_write", gather_then_write, tf.constant(3))
attempt("sparse_read_then_write", sparse_read_then_write, tf.constant([0, 1]))
attempt("sparse_read_then_write", sparse_read_then_write, tf.constant([1, -1]))
attempt("lookup_then_scatter", lookup_then_scatter, tf.constant([1]))
attempt("lookup_then_scatter", lookup_then_scatter, tf.constant([2]))
attempt("call_then_write", call_then_write, tf.constant(0))
attempt("call_then_write", call_then_write, tf.constant(7))
attempt("gather_in_loop", gather_in_loop, tf.constant(3))
attempt("gather_in_loop", gather_in_loop, tf.constant(5))
