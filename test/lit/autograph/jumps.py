# AutoGraph's jump lowering, as `kiln dump --stage=autograph` prints it:
# break, continue and return become flags, and the code they skip is guarded.
# As in TensorFlow's converters, what follows an `if` that breaks or
# continues is guarded by an `if` of its own (a second tf.cond, so staged
# ops there are named cond_1/...), not moved into the other branch.
# RUN: %kiln dump --stage=autograph %s | FileCheck %s
import tensorflow as tf


# CHECK-LABEL: def search(v, x):
# CHECK-NEXT:      break_ = False
# CHECK-NEXT:      # modified: i, break_; loop vars: break_; live after: -
# CHECK-NEXT:      # before each iteration: not break_
# CHECK-NEXT:      for i in tf.range(10):
# CHECK-NEXT:          # modified: break_; live after: v, x, i, break_
# CHECK-NEXT:          if v[i] > x:
# CHECK-NEXT:              break_ = True
# CHECK-NEXT:          # modified: -; live after: v, x, break_
# CHECK-NEXT:          if not break_:
# CHECK-NEXT:              print(i)
def search(v, x):
    for i in tf.range(10):
        if v[i] > x:
            break
        print(i)


# Each loop gets its own flag; the inner break does not stop the outer loop.
# CHECK-LABEL: def nested(n):
# CHECK:           break__1 = False
# CHECK-NEXT:      # modified: j, break_, break__1; loop vars: j, break__1; live after: -
# CHECK-NEXT:      while not break__1 and j < i:
# CHECK-NEXT:          break_ = False
# CHECK-NEXT:          # modified: break_; loop vars: break_; live after: j, i, break__1
# CHECK-NEXT:          while not break_ and True:
# CHECK-NEXT:              break_ = True
# CHECK:               if j > 5:
# CHECK-NEXT:              break__1 = True
# CHECK-NEXT:          # modified: j; live after: j, i, break__1
# CHECK-NEXT:          if not break__1:
# CHECK-NEXT:              j += 1
def nested(n):
    j = 0
    i = n
    while j < i:
        while True:
            break
        if j > 5:
            break
        j += 1


# CHECK-LABEL: def skip_odd(n):
# CHECK:               continue_ = False
# CHECK-NEXT:          # modified: continue_; live after: total, i, continue_
# CHECK-NEXT:          if i % 2 == 1:
# CHECK-NEXT:              continue_ = True
# CHECK-NEXT:          # modified: total; live after: total
# CHECK-NEXT:          if not continue_:
# CHECK-NEXT:              total += i
def skip_odd(n):
    total = 0
    for i in range(n):
        if i % 2 == 1:
            continue
        total += i
    return total


# A return in one branch takes the rest of the block into the other branch,
# as TensorFlow's converter does; the moved statements are not moved again
# into a nested `if` (here the elif), so they stay guarded by the flag.
# CHECK-LABEL: def sign(x):
# CHECK-NEXT:      do_return = False
# CHECK-NEXT:      retval_ = None
# CHECK-NEXT:      # modified: do_return, retval_; live after: retval_
# CHECK-NEXT:      if x > 0:
# CHECK-NEXT:          retval_ = 1
# CHECK-NEXT:          do_return = True
# CHECK-NEXT:      else:
# CHECK-NEXT:          # modified: do_return, retval_; live after: do_return, retval_
# CHECK-NEXT:          if x < 0:
# CHECK-NEXT:              retval_ = -1
# CHECK-NEXT:              do_return = True
# CHECK-NEXT:          # modified: do_return, retval_; live after: retval_
# CHECK-NEXT:          if not do_return:
# CHECK-NEXT:              retval_ = 0
# CHECK-NEXT:              do_return = True
# CHECK-NEXT:      return retval_
def sign(x):
    if x > 0:
        return 1
    elif x < 0:
        return -1
    return 0


# A return inside a loop: the loop stops on the flag and the rest is guarded.
# CHECK-LABEL: def find(items, target):
# CHECK:           # modified: k, do_return, retval_; loop vars: do_return, retval_; live after: retval_
# CHECK-NEXT:      # before each iteration: not do_return
# CHECK-NEXT:      for k in items:
# CHECK-NEXT:          # modified: do_return, retval_; live after: target, do_return, retval_
# CHECK-NEXT:          if k == target:
# CHECK-NEXT:              retval_ = k
# CHECK-NEXT:              do_return = True
# CHECK-NEXT:      return retval_
def find(items, target):
    for k in items:
        if k == target:
            return k


# A function whose only return is its last statement is left as it is.
# CHECK-LABEL: def plain(x):
# CHECK-NEXT:      y = x + 1
# CHECK-NEXT:      return y
def plain(x):
    y = x + 1
    return y
