# tf.nn.embedding_lookup's gather is named as its name scope
# ("embedding_lookup"), which a run-time error shows.
import tensorflow as tf

emb = tf.Variable(tf.reshape(tf.range(12, dtype=tf.float32), [4, 3]))


@tf.function
def embed(ids):
    return tf.nn.embedding_lookup(emb, ids)


print(embed(tf.constant([3, 0])))
try:
    embed(tf.constant([4]))
except tf.errors.InvalidArgumentError as e:
    print(str(e).splitlines()[-2])
    print(str(e).splitlines()[-1].split(" [Op:")[0])
try:
    tf.nn.embedding_lookup(emb, [5])
except tf.errors.InvalidArgumentError as e:
    print(e)
try:
    tf.gather(emb, [7])
except tf.errors.InvalidArgumentError as e:
    print(e)
try:
    tf.gather(emb, [7], axis=1)
except tf.errors.InvalidArgumentError as e:
    print(e)
