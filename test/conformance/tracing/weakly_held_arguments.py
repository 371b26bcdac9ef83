# Python objects among a tf.function's arguments are held weakly, as
# TensorFlow's Weakref TraceType holds them: a trace made for an object
# that is gone matches no later call, even of an equal object; lambdas
# made anew each call retrace.
import dataclasses
import tensorflow as tf


@dataclasses.dataclass(frozen=True)
class Cfg:
    scale: float


@tf.function
def f(x, cfg):
    print("tracing", cfg)
    return x * cfg.scale


f(tf.constant(1.0), Cfg(2.0))
f(tf.constant(1.0), Cfg(2.0))  # equal, but the first is gone: a new trace
keep = Cfg(3.0)
f(tf.constant(1.0), keep)
f(tf.constant(1.0), Cfg(3.0))  # equal to one still alive: no new trace
print(f.experimental_get_tracing_count())


class Plain:
    pass


@tf.function
def g(x, obj):
    print("tracing g")
    return x + 1


g(tf.constant(1), Plain())
g(tf.constant(1), Plain())
p = Plain()
g(tf.constant(1), p)
g(tf.constant(1), p)
print(g.experimental_get_tracing_count())


@tf.function
def h(x, fn):
    print("tracing h")
    return fn(x)


print(h(tf.constant(2), lambda t: t * 2))
print(h(tf.constant(2), lambda t: t * 3))
double = lambda t: t * 2
print(h(tf.constant(2), double), h(tf.constant(3), double))
print(h(tf.constant(2), tf.square), h(tf.constant(3), tf.square))
print(h.experimental_get_tracing_count())
