# x[:, t] with a tensor index keeps the sizes TensorFlow's shape inference
# knows (full slices and new axes), so a hand-written RNN over tf.range
# keeps its state's shape.
import tensorflow as tf
@tf.function
def f(x):
    for t in tf.range(5):
        print(x[:, t].shape, x[0, t].shape, x[t:t+1].shape, x[:, t:t+2].shape, x[t].shape, x[:, :, t].shape, x[..., t].shape)
    return x[:, 0]
f(tf.zeros([2, 5, 3]))
@tf.function
def rnn(x):
    h = tf.zeros([2, 3])
    for t in tf.range(5):
        h = tf.tanh(h + x[:, t])
    return h
print(rnn(tf.ones([2, 5, 3]) * 0.1))
