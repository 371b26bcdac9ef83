# A shuffle before flat_map and interleave: building the pipeline must not
# use up an epoch's seeds (kiln looks at a first element for the spec).
import tensorflow as tf

shards = tf.data.Dataset.from_tensor_slices(["a", "b", "c"])
def read_shard(name):
    base = tf.strings.length(name)
    return tf.data.Dataset.range(3).map(lambda i: tf.strings.join([name, tf.strings.as_string(i)], separator="-"))
ds = shards.interleave(read_shard, cycle_length=2, block_length=1)
print([s.decode() for s in ds.as_numpy_iterator()])
ds = shards.shuffle(3, seed=6).flat_map(read_shard).batch(4)
for b in ds:
    print(b.numpy())
