# Calls with every argument kind, attributes, subscripts and slices.
# RUN: %kiln dump --stage=ast %s | FileCheck %s --match-full-lines

f()
f(a, b)
f(a, key=1)
f(*args, **kwargs)
f(a, *b, c=1, *d, **e)
obj.attr.method(x)
a[0]
a[1:2]
a[::2]
a[:]
a[1:]
a[:-1:]
a[i, j]
a[1:3, ::2, tf.newaxis, ...]
a[i,]
f(x)(y)[z].w

# CHECK: Module
# CHECK-NEXT:   body:
# CHECK-NEXT:     Expr <4:1-4:4>
# CHECK-NEXT:       value:
# CHECK-NEXT:         Call <4:1-4:4>
# CHECK-NEXT:           func:
# CHECK-NEXT:             Name id="f" ctx="Load" <4:1-4:2>
# CHECK-NEXT:     Expr <5:1-5:8>
# CHECK-NEXT:       value:
# CHECK-NEXT:         Call <5:1-5:8>
# CHECK-NEXT:           func:
# CHECK-NEXT:             Name id="f" ctx="Load" <5:1-5:2>
# CHECK-NEXT:           args:
# CHECK-NEXT:             Name id="a" ctx="Load" <5:3-5:4>
# CHECK-NEXT:             Name id="b" ctx="Load" <5:6-5:7>
# CHECK-NEXT:     Expr <6:1-6:12>
# CHECK-NEXT:       value:
# CHECK-NEXT:         Call <6:1-6:12>
# CHECK-NEXT:           func:
# CHECK-NEXT:             Name id="f" ctx="Load" <6:1-6:2>
# CHECK-NEXT:           args:
# CHECK-NEXT:             Name id="a" ctx="Load" <6:3-6:4>
# CHECK-NEXT:           keywords:
# CHECK-NEXT:             keyword arg="key" <6:6-6:11>
# CHECK-NEXT:               value:
# CHECK-NEXT:                 Constant type="int" value=1 <6:10-6:11>
# CHECK-NEXT:     Expr <7:1-7:19>
# CHECK-NEXT:       value:
# CHECK-NEXT:         Call <7:1-7:19>
# CHECK-NEXT:           func:
# CHECK-NEXT:             Name id="f" ctx="Load" <7:1-7:2>
# CHECK-NEXT:           args:
# CHECK-NEXT:             Starred ctx="Load" <7:3-7:8>
# CHECK-NEXT:               value:
# CHECK-NEXT:                 Name id="args" ctx="Load" <7:4-7:8>
# CHECK-NEXT:           keywords:
# CHECK-NEXT:             keyword <7:10-7:18>
# CHECK-NEXT:               value:
# CHECK-NEXT:                 Name id="kwargs" ctx="Load" <7:12-7:18>
# CHECK-NEXT:     Expr <8:1-8:23>
# CHECK-NEXT:       value:
# CHECK-NEXT:         Call <8:1-8:23>
# CHECK-NEXT:           func:
# CHECK-NEXT:             Name id="f" ctx="Load" <8:1-8:2>
# CHECK-NEXT:           args:
# CHECK-NEXT:             Name id="a" ctx="Load" <8:3-8:4>
# CHECK-NEXT:             Starred ctx="Load" <8:6-8:8>
# CHECK-NEXT:               value:
# CHECK-NEXT:                 Name id="b" ctx="Load" <8:7-8:8>
# CHECK-NEXT:             Starred ctx="Load" <8:15-8:17>
# CHECK-NEXT:               value:
# CHECK-NEXT:                 Name id="d" ctx="Load" <8:16-8:17>
# CHECK-NEXT:           keywords:
# CHECK-NEXT:             keyword arg="c" <8:10-8:13>
# CHECK-NEXT:               value:
# CHECK-NEXT:                 Constant type="int" value=1 <8:12-8:13>
# CHECK-NEXT:             keyword <8:19-8:22>
# CHECK-NEXT:               value:
# CHECK-NEXT:                 Name id="e" ctx="Load" <8:21-8:22>
# CHECK-NEXT:     Expr <9:1-9:19>
# CHECK-NEXT:       value:
# CHECK-NEXT:         Call <9:1-9:19>
# CHECK-NEXT:           func:
# CHECK-NEXT:             Attribute attr="method" ctx="Load" <9:1-9:16>
# CHECK-NEXT:               value:
# CHECK-NEXT:                 Attribute attr="attr" ctx="Load" <9:1-9:9>
# CHECK-NEXT:                   value:
# CHECK-NEXT:                     Name id="obj" ctx="Load" <9:1-9:4>
# CHECK-NEXT:           args:
# CHECK-NEXT:             Name id="x" ctx="Load" <9:17-9:18>
# CHECK-NEXT:     Expr <10:1-10:5>
# CHECK-NEXT:       value:
# CHECK-NEXT:         Subscript ctx="Load" <10:1-10:5>
# CHECK-NEXT:           value:
# CHECK-NEXT:             Name id="a" ctx="Load" <10:1-10:2>
# CHECK-NEXT:           slice:
# CHECK-NEXT:             Constant type="int" value=0 <10:3-10:4>
# CHECK-NEXT:     Expr <11:1-11:7>
# CHECK-NEXT:       value:
# CHECK-NEXT:         Subscript ctx="Load" <11:1-11:7>
# CHECK-NEXT:           value:
# CHECK-NEXT:             Name id="a" ctx="Load" <11:1-11:2>
# CHECK-NEXT:           slice:
# CHECK-NEXT:             Slice <11:3-11:6>
# CHECK-NEXT:               lower:
# CHECK-NEXT:                 Constant type="int" value=1 <11:3-11:4>
# CHECK-NEXT:               upper:
# CHECK-NEXT:                 Constant type="int" value=2 <11:5-11:6>
# CHECK-NEXT:     Expr <12:1-12:7>
# CHECK-NEXT:       value:
# CHECK-NEXT:         Subscript ctx="Load" <12:1-12:7>
# CHECK-NEXT:           value:
# CHECK-NEXT:             Name id="a" ctx="Load" <12:1-12:2>
# CHECK-NEXT:           slice:
# CHECK-NEXT:             Slice <12:3-12:6>
# CHECK-NEXT:               step:
# CHECK-NEXT:                 Constant type="int" value=2 <12:5-12:6>
# CHECK-NEXT:     Expr <13:1-13:5>
# CHECK-NEXT:       value:
# CHECK-NEXT:         Subscript ctx="Load" <13:1-13:5>
# CHECK-NEXT:           value:
# CHECK-NEXT:             Name id="a" ctx="Load" <13:1-13:2>
# CHECK-NEXT:           slice:
# CHECK-NEXT:             Slice <13:3-13:4>
# CHECK-NEXT:     Expr <14:1-14:6>
# CHECK-NEXT:       value:
# CHECK-NEXT:         Subscript ctx="Load" <14:1-14:6>
# CHECK-NEXT:           value:
# CHECK-NEXT:             Name id="a" ctx="Load" <14:1-14:2>
# CHECK-NEXT:           slice:
# CHECK-NEXT:             Slice <14:3-14:5>
# CHECK-NEXT:               lower:
# CHECK-NEXT:                 Constant type="int" value=1 <14:3-14:4>
# CHECK-NEXT:     Expr <15:1-15:8>
# CHECK-NEXT:       value:
# CHECK-NEXT:         Subscript ctx="Load" <15:1-15:8>
# CHECK-NEXT:           value:
# CHECK-NEXT:             Name id="a" ctx="Load" <15:1-15:2>
# CHECK-NEXT:           slice:
# CHECK-NEXT:             Slice <15:3-15:7>
# CHECK-NEXT:               upper:
# CHECK-NEXT:                 UnaryOp op="USub" <15:4-15:6>
# CHECK-NEXT:                   operand:
# CHECK-NEXT:                     Constant type="int" value=1 <15:5-15:6>
# CHECK-NEXT:     Expr <16:1-16:8>
# CHECK-NEXT:       value:
# CHECK-NEXT:         Subscript ctx="Load" <16:1-16:8>
# CHECK-NEXT:           value:
# CHECK-NEXT:             Name id="a" ctx="Load" <16:1-16:2>
# CHECK-NEXT:           slice:
# CHECK-NEXT:             Tuple ctx="Load" <16:3-16:7>
# CHECK-NEXT:               elts:
# CHECK-NEXT:                 Name id="i" ctx="Load" <16:3-16:4>
# CHECK-NEXT:                 Name id="j" ctx="Load" <16:6-16:7>
# CHECK-NEXT:     Expr <17:1-17:29>
# CHECK-NEXT:       value:
# CHECK-NEXT:         Subscript ctx="Load" <17:1-17:29>
# CHECK-NEXT:           value:
# CHECK-NEXT:             Name id="a" ctx="Load" <17:1-17:2>
# CHECK-NEXT:           slice:
# CHECK-NEXT:             Tuple ctx="Load" <17:3-17:28>
# CHECK-NEXT:               elts:
# CHECK-NEXT:                 Slice <17:3-17:6>
# CHECK-NEXT:                   lower:
# CHECK-NEXT:                     Constant type="int" value=1 <17:3-17:4>
# CHECK-NEXT:                   upper:
# CHECK-NEXT:                     Constant type="int" value=3 <17:5-17:6>
# CHECK-NEXT:                 Slice <17:8-17:11>
# CHECK-NEXT:                   step:
# CHECK-NEXT:                     Constant type="int" value=2 <17:10-17:11>
# CHECK-NEXT:                 Attribute attr="newaxis" ctx="Load" <17:13-17:23>
# CHECK-NEXT:                   value:
# CHECK-NEXT:                     Name id="tf" ctx="Load" <17:13-17:15>
# CHECK-NEXT:                 Constant type="ellipsis" value="..." <17:25-17:28>
# CHECK-NEXT:     Expr <18:1-18:6>
# CHECK-NEXT:       value:
# CHECK-NEXT:         Subscript ctx="Load" <18:1-18:6>
# CHECK-NEXT:           value:
# CHECK-NEXT:             Name id="a" ctx="Load" <18:1-18:2>
# CHECK-NEXT:           slice:
# CHECK-NEXT:             Tuple ctx="Load" <18:3-18:5>
# CHECK-NEXT:               elts:
# CHECK-NEXT:                 Name id="i" ctx="Load" <18:3-18:4>
# CHECK-NEXT:     Expr <19:1-19:13>
# CHECK-NEXT:       value:
# CHECK-NEXT:         Attribute attr="w" ctx="Load" <19:1-19:13>
# CHECK-NEXT:           value:
# CHECK-NEXT:             Subscript ctx="Load" <19:1-19:11>
# CHECK-NEXT:               value:
# CHECK-NEXT:                 Call <19:1-19:8>
# CHECK-NEXT:                   func:
# CHECK-NEXT:                     Call <19:1-19:5>
# CHECK-NEXT:                       func:
# CHECK-NEXT:                         Name id="f" ctx="Load" <19:1-19:2>
# CHECK-NEXT:                       args:
# CHECK-NEXT:                         Name id="x" ctx="Load" <19:3-19:4>
# CHECK-NEXT:                   args:
# CHECK-NEXT:                     Name id="y" ctx="Load" <19:6-19:7>
# CHECK-NEXT:               slice:
# CHECK-NEXT:                 Name id="z" ctx="Load" <19:9-19:10>
