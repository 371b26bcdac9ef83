# An op failing inside a dataset's function reaches the script as the
# iterator's error: TensorFlow names the transformation ("MapDataset:N",
# counting the dataset kernels made so far) and the iterators down to it,
# as tf.data's default optimizations leave them.
import tensorflow as tf

v = tf.Variable(2.0)
words = tf.data.Dataset.from_tensor_slices(["1", "2", "x"])
to_number = lambda s: tf.strings.to_number(s)


def show(tag, run):
    try:
        run()
        print(tag, "no error")
    except tf.errors.OpError as e:
        print(tag, type(e).__name__)
        print(" ", repr(e.message))


def drain(ds):
    for _ in ds:
        pass


def noisy(s):
    tf.print("parsing", s)
    return tf.strings.to_number(s)


show("map", lambda: drain(words.map(to_number)))
show("map stateful", lambda: drain(words.map(noisy)))
show("map reading a variable", lambda: drain(words.map(lambda s: to_number(s) * v)))
show("parallel map", lambda: drain(words.map(to_number, num_parallel_calls=2)))
show("map then take", lambda: drain(words.map(to_number).take(5)))
show("map then batch", lambda: drain(words.map(to_number).batch(2)))
show("map of a pair", lambda: drain(words.map(lambda s: (to_number(s), s)).batch(2)))
show("map then repeat", lambda: drain(words.map(to_number).repeat(2)))
show("map then cache", lambda: drain(words.map(to_number).cache()))
show("enumerate", lambda: drain(words.map(to_number).enumerate()))
show("zip", lambda: drain(tf.data.Dataset.zip((words, words.map(to_number)))))
show("concatenate", lambda: drain(words.map(to_number).concatenate(words.map(to_number))))
show("filter", lambda: drain(words.filter(lambda s: to_number(s) > 0)))
show("filter then take", lambda: drain(words.filter(lambda s: to_number(s) > 0).take(3)))
show("take_while", lambda: drain(words.take_while(lambda s: to_number(s) > 0)))
show("scan", lambda: drain(words.scan(0.0, lambda a, s: (a + to_number(s), a))))
show("shuffle, map, prefetch", lambda: drain(words.shuffle(3, seed=1).map(to_number).prefetch(1)))
show("gather", lambda: drain(tf.data.Dataset.range(3).map(lambda i: tf.gather([1, 2], i))))
show("check_numerics", lambda: drain(tf.data.Dataset.range(3).map(
    lambda i: tf.debugging.check_numerics(tf.math.log(tf.cast(i, tf.float32) - 1.0), "log"))))
show("reduce", lambda: words.map(to_number).reduce(0.0, lambda a, b: a + b))
show("reduce function", lambda: words.reduce(0.0, lambda a, s: a + to_number(s)))
show("get_single_element", lambda: words.skip(2).map(to_number).get_single_element())
show("flat_map", lambda: drain(words.flat_map(lambda s: tf.data.Dataset.from_tensors(to_number(s)))))
show("inside flat_map", lambda: drain(words.flat_map(lambda s: tf.data.Dataset.from_tensors(s).map(to_number))))
show("as_numpy_iterator", lambda: list(words.map(to_number).as_numpy_iterator()))
show("ignore_errors", lambda: print(list(words.map(to_number).ignore_errors().as_numpy_iterator())))

it = iter(words.map(to_number))
print(next(it), next(it))
for x in words.map(lambda s: to_number(s) + 1).batch(2):
    print(x)
