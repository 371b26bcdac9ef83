# from_generator whose elements are tuples holding Python lists, padded into
# batches.
import tensorflow as tf

sentences = ["the cat sat", "a dog", "birds fly high in sky", "hi"]
vocab = {"<pad>": 0}
for s in sentences:
    for w in s.split():
        vocab.setdefault(w, len(vocab))
ids = [[vocab[w] for w in s.split()] for s in sentences]
labels = [1, 0, 1, 0]

def gen():
    for i, l in zip(ids, labels):
        yield i, l

ds = tf.data.Dataset.from_generator(gen, output_signature=(tf.TensorSpec([None], tf.int32), tf.TensorSpec([], tf.int32)))
ds = ds.padded_batch(3)
for x, y in ds:
    print(x.numpy())
    print("mask", tf.cast(x > 0, tf.int32).numpy().sum(axis=1), "labels", y.numpy())
