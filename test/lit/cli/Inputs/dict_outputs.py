import tensorflow as tf
@tf.function(input_signature=[tf.TensorSpec([None, 2], tf.float32), tf.TensorSpec([], tf.float32)])
def f(features, scale):
    return {"logits": features * scale, "extra": (features[:, 0], tf.reduce_sum(features))}
