# sparse_softmax_cross_entropy_with_logits with a None batch: the kernel's
# check that labels and logits have as many rows (before its label range
# check), with labels given as an argument or as a constant.
import tensorflow as tf

@tf.function(input_signature=[tf.TensorSpec([None, 4], tf.float32), tf.TensorSpec([None], tf.int32)])
def xent(logits, labels):
    return tf.nn.sparse_softmax_cross_entropy_with_logits(labels=labels, logits=logits)

for logits, labels in [(tf.zeros([3, 4]), tf.constant([1])), (tf.zeros([3, 4]), tf.constant([1, 2])),
                       (tf.zeros([1, 4]), tf.constant([1, 7, 2])), (tf.zeros([2, 4]), tf.constant([1, 9])),
                       (tf.zeros([2, 4]), tf.constant([1, 3]))]:
    try:
        print(xent(logits, labels))
    except tf.errors.InvalidArgumentError as e:
        print(str(e).split("\n")[-2].split(" [Op")[0])

@tf.function(input_signature=[tf.TensorSpec([None, 4], tf.float32)])
def fixed(logits):
    return tf.nn.sparse_softmax_cross_entropy_with_logits(labels=tf.constant([0, 3]), logits=logits)
for n in [2, 3]:
    try:
        print(fixed(tf.ones([n, 4])))
    except tf.errors.InvalidArgumentError as e:
        print(str(e).split("\n")[-2].split(" [Op")[0])
