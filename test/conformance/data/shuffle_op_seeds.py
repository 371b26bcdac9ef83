# shuffle with op seeds: buffer sizes from 1 to past the input, reshuffling
# per iteration or not, shuffle before and after repeat and batch, large and
# negative seeds: TensorFlow's order exactly.
import tensorflow as tf

def L(ds):
    return [int(v) for v in ds.as_numpy_iterator()]

for n in (10, 20):
    for seed in (0, 1, 42, 123):
        for buf in (1, 2, 3, 10, 20, 100):
            ds = tf.data.Dataset.range(n).shuffle(buf, seed=seed)
            print(f"n={n} seed={seed} buf={buf}: {L(ds)}")

# reshuffle_each_iteration True (default) vs False, iterated 3 times
for r in (True, False):
    ds = tf.data.Dataset.range(10).shuffle(10, seed=7, reshuffle_each_iteration=r)
    for ep in range(3):
        print(f"reshuffle={r} ep{ep}: {L(ds)}")
# reshuffle with for-loop (not numpy iterator)
ds = tf.data.Dataset.range(6).shuffle(4, seed=3)
for ep in range(2):
    print(f"for-loop ep{ep}:", [int(x) for x in ds])
# shuffle then repeat (fused shuffle_and_repeat) vs repeat then shuffle
print("shuffle.repeat(3):", L(tf.data.Dataset.range(5).shuffle(5, seed=9).repeat(3)))
print("shuffle(noreshuffle).repeat(3):", L(tf.data.Dataset.range(5).shuffle(5, seed=9, reshuffle_each_iteration=False).repeat(3)))
print("shuffle(3).repeat(2):", L(tf.data.Dataset.range(5).shuffle(3, seed=9).repeat(2)))
print("shuffle(100).repeat(3) n=4:", L(tf.data.Dataset.range(4).shuffle(100, seed=9).repeat(3)))
print("repeat(2).shuffle(4):", L(tf.data.Dataset.range(5).repeat(2).shuffle(4, seed=9)))
print("shuffle.batch:", [list(map(int, b)) for b in tf.data.Dataset.range(10).shuffle(10, seed=5).batch(4).as_numpy_iterator()])
print("shuffle tuple:", list(tf.data.Dataset.from_tensor_slices(([1, 2, 3, 4], ["a", "b", "c", "d"])).shuffle(4, seed=2).as_numpy_iterator()))
print("shuffle large seed:", L(tf.data.Dataset.range(10).shuffle(10, seed=2**40 + 5)))
print("shuffle negative seed:", L(tf.data.Dataset.range(10).shuffle(10, seed=-5)))
print("shuffle seed=2**31-1:", L(tf.data.Dataset.range(10).shuffle(10, seed=2**31 - 1)))
