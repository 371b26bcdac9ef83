# Indexing a tensor whose first dimension is None: negative steps on the
# known dimensions, integer indices beside windows, and run-time bounds.
import tensorflow as tf

@tf.function(input_signature=[tf.TensorSpec([None, 4], tf.float32),
                              tf.TensorSpec([], tf.int32)])
def slices(x, i):
    return {
        "rev_cols": x[:, ::-1],
        "rows_rev_cols": x[1:, ::-1],
        "ellipsis_rev": x[..., ::-2],
        "col": x[1:, 1],
        "last_col": x[2:, -1],
        "row_i_rev": x[i, ::-1],
        "window_i": x[i:i + 2, 1:3],
        "rev_window": x[:, 2:0:-1],
        "int_then_window": x[0, 1:],
        "rows_step": x[::2, 3],
    }

x = tf.reshape(tf.range(20.0), [5, 4])
for k, v in slices(x, tf.constant(1)).items():
    print(k, v.shape, v.numpy().tolist())
for k, v in slices(x[:3], tf.constant(-1)).items():
    print(k, v.shape, v.numpy().tolist())
