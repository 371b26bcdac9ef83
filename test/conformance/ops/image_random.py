# tf.image's random augmentations and their stateless twins: the numbers
# drawn with op seeds, the global seed or seed pairs as TensorFlow's Python
# layer draws them, eagerly and in functions (stateful draws advance from
# call to call), and the checks on their bounds.
import tensorflow as tf

img = tf.reshape(tf.range(2 * 3 * 3, dtype=tf.float32), [2, 3, 3]) / 18.0
batch = tf.stack([img, img * 0.5, img + 0.1, img * 0.2])
for s in range(4):
    print(tf.image.random_flip_left_right(img, seed=s).numpy().tolist())
    print(tf.image.random_flip_up_down(batch, seed=s).numpy().sum(axis=(1, 2, 3)))
    print(tf.image.stateless_random_flip_left_right(img, seed=(s, 1)).numpy().tolist())
    print(tf.image.stateless_random_flip_up_down(batch, seed=(s, 2))[:, 0, 0, 0])
    print(tf.image.random_brightness(img, 0.2, seed=s)[0, 0])
    print(tf.image.stateless_random_brightness(img, 0.2, seed=[s, 3])[0, 0])
    print(tf.image.random_contrast(img, 0.5, 1.5, seed=s)[0, 0])
    print(tf.image.stateless_random_contrast(img, 0.5, 1.5, seed=[s, 3])[0, 0])
    print(tf.image.random_saturation(img, 0.5, 1.5, seed=s)[0, 0])
    print(tf.image.stateless_random_saturation(img, 0.5, 1.5, seed=[s, 3])[0, 0])
    print(tf.image.random_hue(img, 0.2, seed=s)[0, 0])
    print(tf.image.stateless_random_hue(img, 0.2, seed=[s, 3])[0, 0])
    print(tf.image.random_crop(batch, [2, 2, 2, 3], seed=s)[:, :, :, 0])
    print(tf.image.stateless_random_crop(img, [1, 2, 3], seed=[s, 4]))
tf.random.set_seed(5)
print(tf.image.random_flip_left_right(img)[0])
print(tf.image.random_crop(img, (1, 3, 3)))


@tf.function
def augment(x, seed):
    x = tf.image.stateless_random_flip_left_right(x, seed)
    x = tf.image.stateless_random_brightness(x, 0.1, seed)
    x = tf.image.stateless_random_contrast(x, 0.8, 1.2, seed)
    x = tf.image.stateless_random_crop(x, [2, 2, 3], seed)
    return x


@tf.function
def augment_stateful(x):
    x = tf.image.random_flip_up_down(x, seed=3)
    x = tf.image.random_saturation(x, 0.8, 1.2, seed=4)
    x = tf.image.random_hue(x, 0.1, seed=5)
    return tf.image.random_crop(x, [2, 2, 2, 3], seed=6)


for i in range(3):
    print(augment(img, tf.constant([i, 7])))
    print(augment_stateful(batch)[:, 0, 0])
for bad in [lambda: tf.image.random_contrast(img, 1.0, 0.5),
            lambda: tf.image.random_contrast(img, -1.0, 0.5),
            lambda: tf.image.random_hue(img, 0.6),
            lambda: tf.image.random_brightness(img, -0.1),
            lambda: tf.image.stateless_random_saturation(img, -0.5, 0.5, seed=[1, 2]),
            lambda: tf.image.random_crop(img, [3, 3, 3]),
            lambda: tf.image.random_flip_left_right(img[0])]:
    try:
        bad()
    except Exception as e:
        print(type(e).__name__, e)
