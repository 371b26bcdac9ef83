# padded_batch with padded_shapes and padding_values given as nested Python
# lists and tuples, one per component.
import tensorflow as tf

seqs = [[1, 2, 3], [4], [5, 6], [7, 8, 9, 10], [11], [12, 13]]
def gen():
    for s in seqs:
        yield s

ds = tf.data.Dataset.from_generator(gen, output_signature=tf.TensorSpec(shape=(None,), dtype=tf.int32))
print(ds.element_spec)
ds = ds.map(lambda s: (s, tf.shape(s)[0]))
pb = ds.padded_batch(2, padded_shapes=([None], []), padding_values=(-1, 0))
for seq, ln in pb:
    print(seq.numpy().tolist(), ln.numpy().tolist())
pb2 = ds.padded_batch(4, padded_shapes=([5], []))
for seq, ln in pb2:
    print(seq.numpy())
    print(ln.numpy())
print(pb2.element_spec)
