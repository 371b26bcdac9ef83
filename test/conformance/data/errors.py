# tf.data's errors: bad batch, shuffle, shard and window arguments, sources
# that cannot be sliced, zip of non-datasets, incompatible concatenation, a
# map function that raises while traced, predicates that are not bool,
# lengths that are unknown or infinite, bad padding values.
import tensorflow as tf

def attempt(label, fn):
    try:
        r = fn()
        print(label, "-> OK:", r)
    except Exception as e:
        print(label, "->", type(e).__module__ + "." + type(e).__name__)
        msg = str(e).replace(__file__, "errors.py")
        print("   msg:", msg.replace("\n", "\n        "))

ds = tf.data.Dataset.range(3)
attempt("batch(0)", lambda: ds.batch(0))
attempt("batch(0) iterate", lambda: list(ds.batch(0)))
attempt("batch(-1)", lambda: ds.batch(-1))
attempt("ragged slices", lambda: tf.data.Dataset.from_tensor_slices([[1, 2], [3]]))
attempt("mismatched slices", lambda: tf.data.Dataset.from_tensor_slices(([1, 2, 3], [1, 2])))
attempt("scalar slices", lambda: tf.data.Dataset.from_tensor_slices(5))
attempt("zip non-dataset", lambda: tf.data.Dataset.zip((ds, [1, 2])))
attempt("zip mismatched (dataset,int)", lambda: tf.data.Dataset.zip(ds, 3))
attempt("concatenate structure", lambda: ds.concatenate(tf.data.Dataset.zip((ds, ds))))
def raises(x):
    raise ValueError("boom in map")
attempt("map raises python", lambda: ds.map(raises))
attempt("filter non-bool", lambda: ds.filter(lambda x: x))
attempt("take(-1)", lambda: list(ds.take(-1).as_numpy_iterator()))
attempt("take(-5)", lambda: list(ds.take(-5).as_numpy_iterator()))
attempt("len infinite", lambda: len(ds.repeat()))
attempt("len unknown", lambda: len(ds.filter(lambda x: True)))
attempt("iterate past end next()", lambda: [next(iter(tf.data.Dataset.range(0)))])
attempt("padded_batch str/int mismatch", lambda: ds.map(lambda x: tf.range(x)).padded_batch(2, padding_values="a"))
attempt("unbatch scalar", lambda: ds.unbatch())
attempt("shard bad index", lambda: list(ds.shard(2, 5)))
attempt("window size 0", lambda: ds.window(0))
attempt("map wrong arity", lambda: tf.data.Dataset.zip((ds, ds)).map(lambda x: x))
attempt("map wrong arity 2", lambda: ds.map(lambda x, y: x))
attempt("repeat str", lambda: ds.repeat("a"))
attempt("from_tensor_slices empty list", lambda: tf.data.Dataset.from_tensor_slices([]))
attempt("bool(ds)", lambda: bool(ds))
attempt("ds[0]", lambda: ds[0])
