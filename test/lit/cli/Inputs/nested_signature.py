import tensorflow as tf

@tf.function(input_signature=[{"a": tf.TensorSpec([None]), "b": tf.TensorSpec([], tf.int32)}])
def scale(d):
    return d["a"] * tf.cast(d["b"], tf.float32)

class M(tf.Module):
    @tf.function(input_signature=[(tf.TensorSpec([None, 2]), tf.TensorSpec([2]))])
    def __call__(self, pair):
        return tf.reduce_sum(pair[0] * pair[1], axis=1)

m = M()
