# tf.image's flips, transposes, rotations, dtype conversions, brightness,
# gamma, grayscale and standardization, eagerly and in a function.
import tensorflow as tf

img = tf.reshape(tf.range(24, dtype=tf.float32), [2, 4, 3])
batch = tf.reshape(tf.range(48, dtype=tf.int32), [2, 2, 4, 3])
print(tf.image.flip_left_right(img))
print(tf.image.flip_up_down(batch))
print(tf.image.transpose(img))
print(tf.image.transpose(batch).shape)
for k in range(-1, 5):
    print(k, tf.image.rot90(img, k).numpy().tolist())
print(tf.image.rot90(batch, 3).shape)

@tf.function
def aug(x):
    r = tf.image.rot90(x)
    print("rot90 shape", r.shape, tf.image.rot90(tf.zeros([3, 3, 1])).shape)
    return tf.image.flip_left_right(r)

print(aug(img))
u8 = tf.constant([[[0, 128, 255], [10, 20, 30]]], tf.uint8)
print(tf.image.convert_image_dtype(u8, tf.float32))
print(tf.image.convert_image_dtype(u8, tf.int32))
print(tf.image.convert_image_dtype(tf.constant([[[0.0, 0.5, 1.0, 1.2, -0.1]]]), tf.uint8))
print(tf.image.convert_image_dtype(tf.constant([[[0.0, 0.5, 1.0, 1.2, -0.1]]]), tf.uint8, saturate=True))
print(tf.image.convert_image_dtype(tf.constant([[[1000, 2000, -3]]], tf.int16), tf.uint8))
print(tf.image.convert_image_dtype(tf.constant([[[1, 2, 127]]], tf.int8), tf.int16))
print(tf.image.convert_image_dtype(tf.constant([[[1, 2, 127]]], tf.int8), tf.int64))
print(tf.image.convert_image_dtype(tf.constant([[[1, 2, 127]]], tf.int64), tf.int8))
print(tf.image.convert_image_dtype(tf.constant([[[0.25]]], tf.float64), tf.float16))
print(tf.image.adjust_brightness(u8, 0.2))
print(tf.image.adjust_brightness(img / 24.0, -0.1))
print(tf.image.adjust_gamma(img / 24.0, 0.5, 2))
print(tf.image.adjust_gamma(u8, 2.0))
print(tf.image.rgb_to_grayscale(img))
print(tf.image.rgb_to_grayscale(u8))
print(tf.image.grayscale_to_rgb(tf.image.rgb_to_grayscale(batch)))
print(tf.image.per_image_standardization(img))
print(tf.image.per_image_standardization(batch))
print(tf.image.per_image_standardization(tf.ones([2, 2, 1], tf.uint8)))
