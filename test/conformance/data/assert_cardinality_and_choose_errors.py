# assert_cardinality checks the count while the dataset is iterated;
# choose_from_datasets refuses datasets whose element specs disagree.
import tensorflow as tf
for n, want in [(3, 2), (1, 2)]:
    ds = tf.data.Dataset.range(n).apply(tf.data.experimental.assert_cardinality(want))
    try:
        print(list(ds.as_numpy_iterator()))
    except Exception as e:
        print(type(e).__name__, str(e)[:300])
try:
    tf.data.Dataset.choose_from_datasets([tf.data.Dataset.from_tensors("a"), tf.data.Dataset.range(2)], tf.data.Dataset.range(2))
except Exception as e:
    print(type(e).__name__, str(e)[:300])
