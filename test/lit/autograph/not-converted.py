# Functions AutoGraph leaves as they are: a loop with an `else` (TensorFlow
# 2.20 does not convert those), a jump out of a `finally` block, which
# flags cannot express, and `:=`, which TensorFlow's converters fail on.
# RUN: %kiln dump --stage=autograph %s | FileCheck %s
# RUN: %kiln run %s 2>%t.err | FileCheck --check-prefix=OUT %s
# RUN: FileCheck --check-prefix=ERR %s < %t.err
import tensorflow as tf


# CHECK-LABEL: # not converted: for/else statement not yet supported
# CHECK-NEXT:  @tf.function
# CHECK-NEXT:  def with_else(x):
# CHECK-NEXT:      for k in [1, 2]:
# CHECK-NEXT:          if k > 5:
# CHECK-NEXT:              break
@tf.function
def with_else(x):
    for k in [1, 2]:
        if k > 5:
            break
    else:
        x = x * 10
    return x


# CHECK-LABEL: # not converted: a jump out of a finally block is not supported
# CHECK-NEXT:  def swallow():
def swallow():
    try:
        raise KeyError("lost")
    finally:
        return "swallowed"


# CHECK-LABEL: # not converted: (<gast.gast.NamedExpr object at 0x{{[0-9a-f]+}}>, (half := (k // 2)))
# CHECK-NEXT:  @tf.function
# CHECK-NEXT:  def with_walrus(x, k):
@tf.function
def with_walrus(x, k):
    if (half := k // 2) > 1:
        x = x * half
    return x


# The functions still run as written, after TensorFlow's warning.
# ERR: WARNING:tensorflow:AutoGraph could not transform <function with_else at 0x{{[0-9a-f]+}}> and will run it as-is.
# ERR-NEXT: Cause: for/else statement not yet supported
# ERR-NEXT: To silence this warning, decorate the function with @tf.autograph.experimental.do_not_convert
# OUT: tf.Tensor(30, shape=(), dtype=int32)
# OUT-NEXT: swallowed
print(with_else(tf.constant(3)))
print(swallow())
# ERR: WARNING:tensorflow:AutoGraph could not transform <function with_walrus at 0x{{[0-9a-f]+}}> and will run it as-is.
# ERR-NEXT: Please report this to the TensorFlow team. When filing the bug, set the verbosity to 10 (on Linux, `export AUTOGRAPH_VERBOSITY=10`) and attach the full output.
# ERR-NEXT: Cause: (<gast.gast.NamedExpr object at 0x{{[0-9a-f]+}}>, (half := (k // 2)))
# ERR-NEXT: To silence this warning, decorate the function with @tf.autograph.experimental.do_not_convert
# OUT-NEXT: tf.Tensor([4. 8.], shape=(2,), dtype=float32)
print(with_walrus(tf.constant([2.0, 4.0]), 5))


# A helper that converted code calls is run as it is too, after the same
# warning, once.
def helper_walrus(x):
    if (k := 2) > 1:
        x = x * k
    return x


@tf.function
def calls_helper(x):
    return helper_walrus(x) + helper_walrus(x)


# ERR: WARNING:tensorflow:AutoGraph could not transform <function helper_walrus at 0x{{[0-9a-f]+}}> and will run it as-is.
# ERR-NEXT: Please report this to the TensorFlow team. When filing the bug, set the verbosity to 10 (on Linux, `export AUTOGRAPH_VERBOSITY=10`) and attach the full output.
# ERR-NEXT: Cause: (<gast.gast.NamedExpr object at 0x{{[0-9a-f]+}}>, (k := 2))
# ERR-NEXT: To silence this warning, decorate the function with @tf.autograph.experimental.do_not_convert
# ERR-NOT: helper_walrus
# OUT-NEXT: tf.Tensor(12.0, shape=(), dtype=float32)
print(calls_helper(tf.constant(3.0)))
