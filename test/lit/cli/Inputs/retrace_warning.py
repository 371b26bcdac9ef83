import tensorflow as tf

# A tf.function re-created in a loop: the Functions share one history.
for i in range(8):

    @tf.function
    def f(x):
        return x + 1

    f(tf.constant(i))
print("loop done")


# Calls made while tracing do not count: one top-level call, no warning.
@tf.function
def fact(n):
    if n <= 1:
        return tf.constant(1)
    return n * fact(n - 1)


print(fact(6))


# Calls that do not trace dilute the history: 5 traces among the last 10
# calls are needed.
@tf.function
def g(x):
    return x * 2


for i in range(4):
    g(tf.zeros([i + 1]))
for _ in range(8):
    g(tf.zeros([1]))
g(tf.zeros([9]))
print("diluted done")
