import tensorflow as tf

buf = tf.Variable(tf.zeros([2]), shape=tf.TensorShape([None]))

@tf.function(input_signature=[tf.TensorSpec([None], tf.float32)])
def push(x):
    buf.assign(tf.concat([buf, x], 0))
    return tf.size(buf)

if __name__ == "__main__":
    print(push(tf.constant([1.0, 2.0, 3.0])))
