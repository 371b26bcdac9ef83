# tf.random.categorical and stateless_categorical as TensorFlow's CPU Multinomial
# kernel draws them: eager and traced, static and run-time shapes, rows cut
# into the kernel's shards (as many as the machine's cores, as TensorFlow's
# intra-op pool), non-finite logits, and the argument errors.
import tensorflow as tf
tf.random.set_seed(7)
logits = tf.math.log([[0.5, 0.3, 0.2]])
print(tf.random.categorical(logits, 5))
print(tf.random.categorical(logits, 5))
print(tf.random.categorical(logits, 3, seed=3, dtype=tf.int32))
print(tf.random.stateless_categorical(logits, 6, seed=[1, 2]))
print(tf.random.stateless_categorical(tf.constant([[1.0, -float('inf'), 2.0], [0., 0., 0.]]), 4, seed=[1, 2]))
@tf.function
def f(l):
    s = tf.random.categorical(l, 4)
    print(s)
    return s
print(f(logits))
print(f(logits))
@tf.function
def g(l, seed):
    return tf.random.stateless_categorical(l, 4, seed)
print(g(logits, tf.constant([3, 4])))
for bad in [lambda: tf.random.categorical([1.0, 2.0], 2), lambda: tf.random.categorical(logits, 2, dtype=tf.float32), lambda: tf.random.categorical(tf.zeros([2, 0]), 2), lambda: tf.random.categorical(logits, -1), lambda: tf.random.categorical([[1, 2]], 2)]:
    try:
        print(bad())
    except Exception as e:
        print(type(e).__name__, str(e).splitlines()[0])
print(tf.random.categorical(tf.zeros([2, 3]), 0))
try:
    f(tf.constant([1.0, 2.0]))
except Exception as e:
    print(type(e).__name__, str(e).splitlines()[0])
tf.random.set_seed(11)
# Many rows: the kernel's rows are cut into shards, each with its own
# stretch of the generator.
big = tf.reshape(tf.sin(tf.range(64 * 1000, dtype=tf.float32)), [64, 1000])
s = tf.random.categorical(big, 1, seed=5)
print(tf.reduce_sum(s).numpy(), s[:8, 0].numpy())
s = tf.random.categorical(big, 3, seed=5)
print(tf.reduce_sum(s).numpy(), s[:4].numpy())
mid = tf.reshape(tf.cos(tf.range(40 * 300, dtype=tf.float32)), [40, 300])
s = tf.random.categorical(mid, 7, seed=9, dtype=tf.int32)
print(tf.reduce_sum(s).numpy(), s[:3].numpy())

@tf.function
def draw(logits):
    return tf.random.categorical(logits, 3, seed=5)

print(tf.reduce_sum(draw(big)).numpy(), draw(big)[:3].numpy())

@tf.function(input_signature=[tf.TensorSpec([None, None])])
def draw_any(logits):
    return tf.random.categorical(logits, 2, seed=8)

for shape in [[64, 1000], [3, 5], [200, 50], [1, 4]]:
    l = tf.reshape(tf.sin(tf.range(shape[0] * shape[1], dtype=tf.float32)), shape)
    r = draw_any(l)
    print(shape, tf.reduce_sum(r).numpy(), r[:2].numpy())

@tf.function(input_signature=[tf.TensorSpec([None, 1000])])
def stateless_any(logits):
    return tf.random.stateless_categorical(logits, 5, seed=[4, 2])

print(tf.reduce_sum(stateless_any(big)).numpy(), stateless_any(big[:2]).numpy())
print(tf.reduce_sum(tf.random.stateless_categorical(big, 5, seed=[4, 2])).numpy())
x64 = tf.constant([[0.1, 0.2, 0.7], [5.0, -1.0, 0.0]], tf.float64)
print(tf.random.categorical(tf.math.log(x64), 6, seed=1))
print(tf.random.categorical(tf.cast(x64, tf.float16), 6, seed=1))
inf = float("inf")
print(tf.random.categorical([[-inf, 0.0, inf, float("nan"), 1.0]], 8, seed=2))
print(tf.random.categorical([[-inf, -inf]], 3, seed=2))
