# Python ranges and lists of NumPy arrays as tensors: eagerly they convert
# as nested lists (a list of int64 arrays is int32, as Python ints are);
# in a tf.function, tf.constant and other conversions compare the sizes of
# the lists with NumPy's and refuse what disagrees, as TensorFlow's
# make_tensor_proto does; tf.stack converts such a list as a whole first.
import numpy as np
import tensorflow as tf


def show(name, fn, graph=False):
    try:
        print(name, "|", tf.function(fn)() if graph else fn())
    except (TypeError, ValueError) as e:
        print(name, "|", type(e).__name__, "|", str(e).strip().splitlines()[-1])


arrays = [np.array([1, 2]), np.array([3, 4])]
floats = [np.array([1.0, 2.0], np.float32), np.array([3, 4], np.float32)]
for graph in [False, True]:
    where = "function" if graph else "eager"
    show(where + " constant(range)", lambda: tf.constant(range(5)), graph)
    show(where + " constant(range, float32)",
         lambda: tf.constant(range(2, 10, 3), tf.float32), graph)
    show(where + " constant(empty range)", lambda: tf.constant(range(0)), graph)
    show(where + " convert_to_tensor(range)",
         lambda: tf.convert_to_tensor(range(4)), graph)
    show(where + " list of ranges", lambda: tf.constant([range(2), range(2)]),
         graph)
    show(where + " add(range, 1)", lambda: tf.add(range(3), 1), graph)
    show(where + " reduce_sum(range)", lambda: tf.reduce_sum(range(4)), graph)
    show(where + " stack(range)", lambda: tf.stack(range(3)), graph)
    show(where + " list of int arrays", lambda: tf.constant(arrays), graph)
    show(where + " list of float32 arrays", lambda: tf.constant(floats), graph)
    show(where + " convert list of arrays",
         lambda: tf.convert_to_tensor(arrays), graph)
    show(where + " 0-d array first", lambda: tf.constant([np.array(1.5), 2.0]),
         graph)
    show(where + " stack of arrays", lambda: tf.stack(arrays), graph)
    show(where + " stack of arrays, axis 1",
         lambda: tf.stack(arrays, axis=1), graph)
    show(where + " tuple of lists", lambda: tf.constant(([1, 2], [3, 4])),
         graph)
    show(where + " empty lists", lambda: tf.constant([[], []]), graph)
