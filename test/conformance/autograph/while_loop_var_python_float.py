# A Python float loop variable combined with a float32 tensor in a staged loop becomes float32.
import tensorflow as tf


@tf.function
def compound(rate, years):
    balance = 100.0
    year = 0
    while year < years:
        balance = balance * (1.0 + rate)
        year += 1
    print("trace: balance dtype", balance.dtype)
    return balance


print(compound(tf.constant(0.5), tf.constant(2)))
print(compound(tf.constant(1.0), tf.constant(3)))
