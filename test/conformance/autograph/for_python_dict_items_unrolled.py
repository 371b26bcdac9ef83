# A for loop over dict.items() of tensors is unrolled, visiting keys in insertion order.
import tensorflow as tf


@tf.function
def total_cost(prices):
    cost = tf.constant(0.0)
    for item, price in prices.items():
        print("trace: adding", item)
        cost += price
    return cost


print(total_cost({"apple": tf.constant(1.5), "pear": tf.constant(2.25)}))
print(total_cost({"apple": tf.constant(0.5), "pear": tf.constant(4.0)}))
print("traces:", total_cost.experimental_get_tracing_count())
