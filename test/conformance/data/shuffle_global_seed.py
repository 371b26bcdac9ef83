# shuffle and Dataset.random under tf.random.set_seed, with and without op
# seeds: an op without a seed draws one from the global seed's generator.
import tensorflow as tf

def L(ds):
    return [int(v) for v in ds.as_numpy_iterator()]

tf.random.set_seed(42)
a = tf.data.Dataset.range(10).shuffle(10)
b = tf.data.Dataset.range(10).shuffle(10)
print("G42 first :", L(a))
print("G42 second:", L(b))
print("G42 first again (reshuffle):", L(a))
tf.random.set_seed(42)
print("G42 reset, first:", L(tf.data.Dataset.range(10).shuffle(10)))
tf.random.set_seed(42)
_ = tf.random.uniform([1])
print("G42 after uniform:", L(tf.data.Dataset.range(10).shuffle(10)))
tf.random.set_seed(42)
_ = tf.data.Dataset.range(3).map(lambda x: x + 1).batch(2)
print("G42 after non-random ds:", L(tf.data.Dataset.range(10).shuffle(10)))
tf.random.set_seed(42)
print("G42 op seed 7:", L(tf.data.Dataset.range(10).shuffle(10, seed=7)))
print("G42 no op seed after op-seeded:", L(tf.data.Dataset.range(10).shuffle(10)))
for g in (0, 1, 1234):
    tf.random.set_seed(g)
    print(f"G{g} buf=3 n=20:", L(tf.data.Dataset.range(20).shuffle(3)))
    tf.random.set_seed(g)
    print(f"G{g} op0 buf=10:", L(tf.data.Dataset.range(10).shuffle(10, seed=0)))
tf.random.set_seed(5)
print("G5 noreshuffle x2:", [L(d) for d in [tf.data.Dataset.range(8).shuffle(8, reshuffle_each_iteration=False)] * 1], end=" ")
d = tf.data.Dataset.range(8).shuffle(8, reshuffle_each_iteration=False)
print(L(d), L(d))
# Dataset.random
print("random seed=1:", L(tf.data.Dataset.random(seed=1).take(6)))
r = tf.data.Dataset.random(seed=1).take(3)
print("random seed=1 twice:", L(r), L(r))
r2 = tf.data.Dataset.random(seed=1, rerandomize_each_iteration=True).take(3)
print("random rerandomize twice:", L(r2), L(r2))
tf.random.set_seed(3)
print("G3 random:", L(tf.data.Dataset.random().take(4)))
print("random % 10:", L(tf.data.Dataset.random(seed=4).map(lambda x: x % 10).take(8)))
