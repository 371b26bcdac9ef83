# RUN: %kiln dump --stage=autograph %s | FileCheck %s
#
# Attribute paths on a local's object are variables of a staged statement,
# as AutoGraph's composite symbols are; an object created inside the
# statement keeps its attributes to itself.
import tensorflow as tf


class Box:
    pass


# CHECK-LABEL: def carried(self, n):
# CHECK-NEXT:      # modified: self.inner.total, i; loop vars: self.inner.total; live after: self.inner.total, self
# CHECK-NEXT:      for i in tf.range(n):
@tf.function
def carried(self, n):
    for i in tf.range(n):
        self.inner.total = self.inner.total + i
    return self.inner.total


# CHECK-LABEL: def branch(x):
# CHECK:           # modified: o.v; live after: o.v, o
# CHECK-NEXT:      if x > 0:
@tf.function
def branch(x):
    o = Box()
    o.v = x
    if x > 0:
        o.v = 1
    return o.v


# CHECK-LABEL: def fresh(n):
# CHECK-NEXT:      s = 0
# CHECK-NEXT:      # modified: s, i, o; loop vars: s; live after: s
@tf.function
def fresh(n):
    s = 0
    for i in tf.range(n):
        o = Box()
        o.v = i
        s = s + o.v
    return s
