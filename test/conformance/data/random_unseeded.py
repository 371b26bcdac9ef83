# Dataset.random with and without rerandomize_each_iteration, and shuffle
# without any seed (only its sorted result is deterministic); bad buffer sizes.
import tensorflow as tf

def L(ds):
    return [int(v) for v in ds.as_numpy_iterator()]

print("random seed=1:", L(tf.data.Dataset.random(seed=1).take(6)))
print("random seed=0:", L(tf.data.Dataset.random(seed=0).take(4)))
print("random spec:", tf.data.Dataset.random(seed=1).element_spec)
# unseeded shuffle: nondeterministic; print only sorted result and length
s = tf.data.Dataset.range(10).shuffle(10)
print("unseeded sorted:", sorted(L(s)), len(L(s)))
print("shuffle card:", s.cardinality().numpy(), tf.data.Dataset.range(10).repeat().shuffle(3).cardinality().numpy())
print(tf.data.Dataset.range(5).shuffle(buffer_size=tf.constant(2, tf.int64), seed=1))
print(L(tf.data.Dataset.range(5).shuffle(buffer_size=tf.constant(2, tf.int64), seed=1)))
for bad in (0, -1):
    try:
        tf.data.Dataset.range(5).shuffle(bad, seed=1)
        print("shuffle", bad, "built ok")
    except Exception as e:
        print("shuffle", bad, type(e).__name__, "|", e)
u = tf.data.Dataset.range(12).shuffle(tf.data.UNKNOWN_CARDINALITY, seed=3)
print("shuffle UNKNOWN_CARDINALITY buf:", L(u))
print("shuffle 12 buf:", L(tf.data.Dataset.range(12).shuffle(12, seed=3)))
print("shuffle 1000 buf:", L(tf.data.Dataset.range(12).shuffle(1000, seed=3)))
