# Shape errors of tile (multiples of another length than the rank), where
# (condition, then and else that cannot broadcast) and softmax (an axis out
# of range): shape inference's ValueError while tracing, the kernel's
# InvalidArgumentError eagerly; softmax's own check raises both ways.
import tensorflow as tf
def show(label, fn, *args):
    try:
        fn(*args)
        print(label, "ok")
    except Exception as e:
        print(label, type(e).__name__, str(e).splitlines()[-1])
    try:
        tf.function(fn)(*args)
        print(label, "graph ok")
    except Exception as e:
        print(label, "graph", type(e).__name__, str(e).splitlines()[-1])
show("tile1", lambda p: tf.tile(p, [2, 2]), tf.ones([5]))
show("tile2", lambda p: tf.tile(p, [2, 2, 2]), tf.ones([5, 2]))
show("tile3", lambda p: tf.tile(p, [2]), tf.ones([5, 2]))
show("where", lambda p, q: tf.where(p > 0, p, q), tf.ones([5]), tf.ones([3]))
show("where2", lambda p, q: tf.where(p > 0, p, q), tf.ones([2, 5]), tf.ones([3, 1]))
show("where3", lambda c, p, q: tf.where(c, p, q), tf.ones([4]) > 0, tf.ones([2, 1]), tf.ones([3]))
show("softmax", lambda p: tf.nn.softmax(p, axis=2), tf.ones([5]))
show("softmax-2", lambda p: tf.nn.softmax(p, axis=-3), tf.ones([5, 2]))
show("logsoftmax", lambda p: tf.nn.log_softmax(p, axis=2), tf.ones([5]))
