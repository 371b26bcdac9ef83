# APIs TensorFlow builds as one op or in a name scope, which kiln builds from
# several nodes, name their nodes in that scope and their result as
# TensorFlow's, so printed tensors and the names made after them match.
import tensorflow as tf

x = tf.constant([[1.0, 2.0], [3.0, 4.0]])


def after(label, y, x):
    print(label, y, tf.constant(1.0), x * 2.0, tf.reduce_sum(x))


@tf.function
def shifts(x):
    after("roll", tf.roll(x, 1, 0), x)
    after("trace", tf.linalg.trace(x), x)
    after("diag_part", tf.linalg.diag_part(x), x)
    after("band_part", tf.linalg.band_part(x, 0, -1), x)
    return x


@tf.function
def products(x):
    after("matvec", tf.linalg.matvec(x, x[0]), x)
    after("einsum", tf.einsum("ij,jk->ik", x, x), x)
    after("tensordot", tf.tensordot(x, x, 1), x)
    return x


@tf.function
def losses(x):
    after("sigmoid_xent",
          tf.nn.sigmoid_cross_entropy_with_logits(labels=x, logits=x), x)
    after("softmax_xent",
          tf.nn.softmax_cross_entropy_with_logits(labels=x, logits=x), x)
    after("gelu", tf.nn.gelu(x), x)
    return x


@tf.function
def selections(x):
    after("boolean_mask", tf.boolean_mask(x, x > 1.0), x)
    after("count_nonzero", tf.math.count_nonzero(x), x)
    after("repeat", tf.repeat(x, 2, axis=0), x)
    after("meshgrid", tf.meshgrid([1, 2], [3, 4])[0], x)
    return x


for f in [shifts, products, losses, selections]:
    f(x)
print(products(x * 3.0))
