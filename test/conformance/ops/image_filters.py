# tf.image.image_gradients, sobel_edges, psnr, ssim and resize_with_pad,
# bit for bit (a position-weighted checksum of the float32 bits), eagerly
# and in functions with static and run-time sizes, and their errors.
import tensorflow as tf


def bits(t):
    v = tf.cast(tf.reshape(tf.bitcast(t, tf.int32), [-1]), tf.int64)
    return int(tf.reduce_sum(v * tf.range(1, tf.size(v, tf.int64) + 1)))


image = tf.reshape(tf.range(25, dtype=tf.float32), (1, 5, 5, 1))
dy, dx = tf.image.image_gradients(image)
print(dy[0, :, :, 0])
print(dx[0, :, :, 0])
x = tf.random.stateless_uniform([2, 7, 9, 3], seed=[5, 6])
dy, dx = tf.image.image_gradients(x)
print(bits(dy), bits(dx))
s = tf.image.sobel_edges(x)
print(s.shape, bits(s))
print(tf.image.sobel_edges(image)[0, :, :, 0, 1])
y = tf.random.stateless_uniform([2, 7, 9, 3], seed=[7, 6])
print(tf.image.psnr(x, y, max_val=1.0))
u = tf.cast(x * 255, tf.uint8); v = tf.cast(y * 255, tf.uint8)
print(tf.image.psnr(u, v, max_val=255))
print(tf.image.psnr(x[0], y[0], 1.0))
for th, tw in [(10, 10), (4, 12), (7, 9), (3, 3), (20, 5)]:
    r = tf.image.resize_with_pad(x, th, tw)
    print(r.shape, bits(r))
print(tf.image.resize_with_pad(image[0], 7, 3, method="nearest")[:, :, 0])


@tf.function
def f(x, y):
    dy, dx = tf.image.image_gradients(x)
    print(dy.shape, tf.image.sobel_edges(x).shape)
    return (dy, dx, tf.image.sobel_edges(x), tf.image.psnr(x, y, 1.0),
            tf.image.resize_with_pad(x, 12, 8))


for t in f(x, y):
    print(t.shape, bits(t))


@tf.function(input_signature=[tf.TensorSpec([None, None, None, 3])] * 2)
def g(x, y):
    dy, dx = tf.image.image_gradients(x)
    print(dy.shape, tf.image.resize_with_pad(x, 12, 8).shape)
    return (dy, dx, tf.image.psnr(x, y, 1.0),
            tf.image.resize_with_pad(x, 12, 8))


@tf.function(input_signature=[tf.TensorSpec([None, 7, 9, 3])])
def sobel(x):
    return tf.image.sobel_edges(x)


for t in g(x, y):
    print(t.shape, bits(t))
print(sobel.get_concrete_function().output_shapes, bits(sobel(x)))
for bad in [lambda: tf.image.image_gradients(x[0]), lambda: tf.image.psnr(x, y[..., :2], 1.0),
            lambda: tf.image.psnr(x[0, 0], y[0, 0], 1.0), lambda: tf.image.psnr(x, y[:1, :, :, None], 1.0),
            lambda: tf.image.resize_with_pad(x, 0, 3)]:
    try:
        bad()
    except Exception as e:
        print(type(e).__name__, e)

# ssim: a Gaussian window's statistics, averaged over the image and the
# channels.
a = tf.random.stateless_uniform([2, 16, 18, 3], seed=[1, 2])
b = tf.clip_by_value(
    a + tf.random.stateless_normal([2, 16, 18, 3], seed=[3, 4]) * 0.1, 0.0, 1.0)
print(tf.image.ssim(a, b, max_val=1.0))
print(tf.image.ssim(a, a, max_val=1.0))
print(tf.image.ssim(a[0], b[0], 1.0, filter_size=5, filter_sigma=0.8))
m = tf.image.ssim(a, b, 1.0, return_index_map=True)
print(m.shape, bits(m))
print(tf.image.ssim(tf.cast(a * 255, tf.uint8), tf.cast(b * 255, tf.uint8), 255))


@tf.function
def similarity(a, b):
    return tf.image.ssim(a, b, 1.0, k1=0.02, k2=0.05)


print(similarity(a, b))
try:
    tf.image.ssim(a[:, :8, :8], b[:, :8, :8], 1.0)
except tf.errors.InvalidArgumentError as e:
    print(type(e).__name__, str(e)[:160])
