# Staged control flow in the graph and kiln dumps: If/While/For nodes with
# their regions, lowered to scf.if, scf.while and scf.for.
# RUN: %kiln dump --stage=graph %s | FileCheck --check-prefix=GRAPH %s
# RUN: %kiln dump --stage=kiln %s | FileCheck --check-prefix=KILN %s
import tensorflow as tf


# GRAPH-LABEL: // clip(x: int32[]) -> int32[]
# GRAPH:       name: "cond"
# GRAPH-NEXT:  op: "StatelessIf"
# GRAPH-NEXT:  input: "Greater"
# GRAPH-NEXT:  output: int32[]
# GRAPH:         region {
# GRAPH:             op: "Mul"
# GRAPH:           result: "cond/mul"
# GRAPH:         region {
# GRAPH:             op: "Sub"
# GRAPH:           result: "cond/sub"
# As cond_v2, the result is read through an Identity in the cond's scope.
# GRAPH:       name: "cond/Identity"
# GRAPH-NEXT:  op: "Identity"
# GRAPH-NEXT:  input: "cond"
# GRAPH:       name: "Identity"
# GRAPH-NEXT:  op: "Identity"
# GRAPH-NEXT:  input: "cond/Identity"
# KILN-LABEL: func.func @clip_0
# KILN:       scf.if %{{.*}} -> (tensor<i32>)
# KILN:         kiln.mul
# KILN:         scf.yield
# KILN:       } else {
# KILN:         kiln.sub
@tf.function(input_signature=[tf.TensorSpec([], tf.int32)])
def clip(x):
    if x > 0:
        y = x * 2
    else:
        y = x - 1
    return y


# GRAPH-LABEL: // count(n: int32[]) -> int32[]
# GRAPH:       name: "while"
# GRAPH-NEXT:  op: "StatelessWhile"
# GRAPH:         region {
# GRAPH-NEXT:      arg: "while/Placeholder" int32[]
# GRAPH-NEXT:      arg: "while/Placeholder_1" int32[]
# GRAPH:             op: "Less"
# GRAPH:         region {
# GRAPH:             op: "AddV2"
# KILN-LABEL: func.func @count_0
# KILN:       scf.while
# KILN:         kiln.compare "lt"
# KILN:         scf.condition
# KILN:       } do {
# KILN:         kiln.add
@tf.function(input_signature=[tf.TensorSpec([], tf.int32)])
def count(n):
    i = 0
    total = 0
    while i < n:
        total += i
        i += 1
    return total


# A counted loop over tf.range: a For node, an scf.for over the trip count.
# GRAPH-LABEL: // squares(n: int32[]) -> int32[]
# GRAPH:       name: "range"
# GRAPH-NEXT:  op: "Range"
# GRAPH-NEXT:  input: "range/start"
# GRAPH-NEXT:  input: "n"
# GRAPH-NEXT:  input: "range/delta"
# GRAPH:       name: "while"
# GRAPH-NEXT:  op: "For"
# GRAPH-NEXT:  input: "range/start"
# GRAPH-NEXT:  input: "n"
# GRAPH-NEXT:  input: "range/delta"
# GRAPH-NEXT:  input: "Const"
# KILN-LABEL: func.func @squares_0
# KILN:       arith.ceildivsi
# KILN:       scf.for
# KILN:         kiln.mul
@tf.function(input_signature=[tf.TensorSpec([], tf.int32)])
def squares(n):
    s = 0
    for i in tf.range(n):
        s += i * i
    return s
