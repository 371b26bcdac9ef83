# -9223372036854775808 is one int (the lowest int64), though its operand
# alone is past 64 bits.
import tensorflow as tf

low = -9223372036854775808
print(low, type(low).__name__, low == -9223372036854775807 - 1)
print(tf.constant(-9223372036854775808))
print(tf.constant([-0x8000000000000000, 9223372036854775807], tf.int64))
print(-9_223_372_036_854_775_807, -(9223372036854775807))
