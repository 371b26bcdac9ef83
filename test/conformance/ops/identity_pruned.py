# Grappler prunes Identity and StopGradient nodes before its arithmetic
# rewrites, so a chain of multiplications through tf.identity (as
# tf.clip_by_global_norm builds) is regrouped as one: lr * identity(g * s)
# rounds as (lr * s) * g.
import tensorflow as tf

b = tf.Variable([0.04864338040351868, -0.0725584402680397])


@tf.function(input_signature=[tf.TensorSpec([2]), tf.TensorSpec([]),
                              tf.TensorSpec([])])
def step(g, s, lr):
    b.assign_sub(lr * tf.identity(g * s))
    return lr * tf.stop_gradient(g * s)


print(step(tf.constant([43.640655517578125, -23.302562713623047]),
           tf.constant(0.03863661736249924), tf.constant(0.06)).numpy().tolist())
print(b.numpy().tolist())

w = tf.Variable(tf.reshape(tf.range(6, dtype=tf.float32), [2, 3]) / 7.0)


@tf.function(input_signature=[tf.TensorSpec([None, 2])])
def clipped_step(x):
    with tf.GradientTape() as tape:
        loss = tf.reduce_sum(tf.square(x @ w - 1.0))
    grads = tape.gradient(loss, [w])
    clipped, norm = tf.clip_by_global_norm(grads, 0.5)
    w.assign_sub(0.07 * clipped[0])
    return loss, norm


x = tf.reshape(tf.sin(tf.range(10, dtype=tf.float32)), [5, 2])
for i in range(4):
    loss, norm = clipped_step(x)
    print(i, loss.numpy(), norm.numpy(), w.numpy().ravel().tolist())
