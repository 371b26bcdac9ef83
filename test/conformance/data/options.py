# tf.data.Options: unset options read None, groups of options appear when read,
# and with_options' options flow to the datasets built after it.
import tensorflow as tf
opts = tf.data.Options()
print(opts.deterministic, opts.experimental_optimization.map_parallelization)
opts.experimental_optimization.map_parallelization = True
opts.threading.private_threadpool_size = 4
opts.deterministic = False
ds = tf.data.Dataset.range(6).with_options(opts).map(lambda x: x + 1).batch(4)
print(ds)
print(list(ds.as_numpy_iterator()))
o = ds.options()
print(o.deterministic, o.experimental_optimization.map_parallelization, o.threading.private_threadpool_size)
print(tf.data.Dataset.range(2).options().deterministic)
