# Iterating datasets: for loops, list(), iter() and next(), get_next and
# get_next_as_optional past the end, as_numpy_iterator, get_single_element
# (also tf.data.experimental's, deprecated), independent iterators.
import tensorflow as tf

ds = tf.data.Dataset.from_tensor_slices([10, 20, 30])
print(list(ds.as_numpy_iterator()))
print(type(ds.as_numpy_iterator()).__name__)
print(list(tf.data.Dataset.from_tensor_slices(([1, 2], [3.0, 4.0])).as_numpy_iterator()))
print(list(tf.data.Dataset.from_tensor_slices({"a": [1, 2], "s": ["x", "y"]}).as_numpy_iterator()))
print(list(tf.data.Dataset.range(3).batch(2).as_numpy_iterator()))
print(list(ds))
it = iter(ds)
print(type(it).__name__)
print(next(it))
print(it.get_next())
print(next(it))
try:
    next(it)
except StopIteration as e:
    print("StopIteration:", repr(e))
try:
    it.get_next()
except Exception as e:
    print("get_next past end:", type(e).__name__, "|", e)
it2 = iter(ds)
opt = it2.get_next_as_optional()
print(type(opt).__name__)
print(opt.has_value())
print(opt.get_value())
print(it2.get_next_as_optional().get_value())
print(it2.get_next_as_optional().get_value())
opt = it2.get_next_as_optional()
print(opt.has_value())
try:
    opt.get_value()
except Exception as e:
    print("get_value empty:", type(e).__name__, "|", e)
print(it2.element_spec)
# numpy iterator next
nit = ds.as_numpy_iterator()
print(next(nit), type(next(nit)))
# two independent iterators
a, b = iter(ds), iter(ds)
print(next(a).numpy(), next(a).numpy(), next(b).numpy())
# for loop over twice
for ep in range(2):
    print("epoch", ep, [int(x) for x in ds])
# get_single_element
print(tf.data.Dataset.from_tensors(5).get_single_element())
print(ds.take(1).get_single_element())
for bad in [ds, ds.take(0)]:
    try:
        bad.get_single_element()
    except Exception as e:
        print("get_single_element:", type(e).__name__, "|", e)
print(tf.data.experimental.get_single_element(tf.data.Dataset.from_tensors((1, 2))))
# numpy iterator of strings / scalars
print(list(tf.data.Dataset.from_tensor_slices(["a", "b"]).as_numpy_iterator()))
print(list(tf.data.Dataset.range(3).as_numpy_iterator()))
print([x.numpy() for x in tf.data.Dataset.range(3)])
print(ds.enumerate(start=5).as_numpy_iterator().__next__())
