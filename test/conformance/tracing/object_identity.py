# Other Python objects are keyed by identity: a mutated object reuses its stale trace.
import tensorflow as tf


class Config:
    def __init__(self, offset):
        self.offset = offset


@tf.function
def apply(cfg, x):
    print("tracing apply, offset =", cfg.offset)
    return x + cfg.offset


x = tf.constant(10.0)
c1 = Config(1.0)
print(apply(c1, x))
c1.offset = 5.0
print(apply(c1, x))
c2 = Config(5.0)
print(apply(c2, x))
print(apply(c2, x))
print("traces:", apply.experimental_get_tracing_count())
