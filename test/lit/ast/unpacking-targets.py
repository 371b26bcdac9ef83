# Assignment targets: unpacking, starred, nested; for/with/del targets; contexts.
# RUN: %kiln dump --stage=ast %s | FileCheck %s --match-full-lines

a, b = b, a
(a, b) = c
[a, b] = c
a, = c
a, *rest = c
*init, last = c
[first, *middle, (x, y)] = c
obj.attr = 1
obj[i] = 2
obj.a.b[0].c = 3
for k, v in d:
    pass
for (i, (j, k)) in e:
    pass
with m as (p, [q, *r]):
    pass
del obj.attr, obj[i], name
[u for u, w in pairs]
x = y = z = 0

# CHECK: Module
# CHECK-NEXT:   body:
# CHECK-NEXT:     Assign <4:1-4:12>
# CHECK-NEXT:       targets:
# CHECK-NEXT:         Tuple ctx="Store" <4:1-4:5>
# CHECK-NEXT:           elts:
# CHECK-NEXT:             Name id="a" ctx="Store" <4:1-4:2>
# CHECK-NEXT:             Name id="b" ctx="Store" <4:4-4:5>
# CHECK-NEXT:       value:
# CHECK-NEXT:         Tuple ctx="Load" <4:8-4:12>
# CHECK-NEXT:           elts:
# CHECK-NEXT:             Name id="b" ctx="Load" <4:8-4:9>
# CHECK-NEXT:             Name id="a" ctx="Load" <4:11-4:12>
# CHECK-NEXT:     Assign <5:1-5:11>
# CHECK-NEXT:       targets:
# CHECK-NEXT:         Tuple ctx="Store" <5:1-5:7>
# CHECK-NEXT:           elts:
# CHECK-NEXT:             Name id="a" ctx="Store" <5:2-5:3>
# CHECK-NEXT:             Name id="b" ctx="Store" <5:5-5:6>
# CHECK-NEXT:       value:
# CHECK-NEXT:         Name id="c" ctx="Load" <5:10-5:11>
# CHECK-NEXT:     Assign <6:1-6:11>
# CHECK-NEXT:       targets:
# CHECK-NEXT:         List ctx="Store" <6:1-6:7>
# CHECK-NEXT:           elts:
# CHECK-NEXT:             Name id="a" ctx="Store" <6:2-6:3>
# CHECK-NEXT:             Name id="b" ctx="Store" <6:5-6:6>
# CHECK-NEXT:       value:
# CHECK-NEXT:         Name id="c" ctx="Load" <6:10-6:11>
# CHECK-NEXT:     Assign <7:1-7:7>
# CHECK-NEXT:       targets:
# CHECK-NEXT:         Tuple ctx="Store" <7:1-7:3>
# CHECK-NEXT:           elts:
# CHECK-NEXT:             Name id="a" ctx="Store" <7:1-7:2>
# CHECK-NEXT:       value:
# CHECK-NEXT:         Name id="c" ctx="Load" <7:6-7:7>
# CHECK-NEXT:     Assign <8:1-8:13>
# CHECK-NEXT:       targets:
# CHECK-NEXT:         Tuple ctx="Store" <8:1-8:9>
# CHECK-NEXT:           elts:
# CHECK-NEXT:             Name id="a" ctx="Store" <8:1-8:2>
# CHECK-NEXT:             Starred ctx="Store" <8:4-8:9>
# CHECK-NEXT:               value:
# CHECK-NEXT:                 Name id="rest" ctx="Store" <8:5-8:9>
# CHECK-NEXT:       value:
# CHECK-NEXT:         Name id="c" ctx="Load" <8:12-8:13>
# CHECK-NEXT:     Assign <9:1-9:16>
# CHECK-NEXT:       targets:
# CHECK-NEXT:         Tuple ctx="Store" <9:1-9:12>
# CHECK-NEXT:           elts:
# CHECK-NEXT:             Starred ctx="Store" <9:1-9:6>
# CHECK-NEXT:               value:
# CHECK-NEXT:                 Name id="init" ctx="Store" <9:2-9:6>
# CHECK-NEXT:             Name id="last" ctx="Store" <9:8-9:12>
# CHECK-NEXT:       value:
# CHECK-NEXT:         Name id="c" ctx="Load" <9:15-9:16>
# CHECK-NEXT:     Assign <10:1-10:29>
# CHECK-NEXT:       targets:
# CHECK-NEXT:         List ctx="Store" <10:1-10:25>
# CHECK-NEXT:           elts:
# CHECK-NEXT:             Name id="first" ctx="Store" <10:2-10:7>
# CHECK-NEXT:             Starred ctx="Store" <10:9-10:16>
# CHECK-NEXT:               value:
# CHECK-NEXT:                 Name id="middle" ctx="Store" <10:10-10:16>
# CHECK-NEXT:             Tuple ctx="Store" <10:18-10:24>
# CHECK-NEXT:               elts:
# CHECK-NEXT:                 Name id="x" ctx="Store" <10:19-10:20>
# CHECK-NEXT:                 Name id="y" ctx="Store" <10:22-10:23>
# CHECK-NEXT:       value:
# CHECK-NEXT:         Name id="c" ctx="Load" <10:28-10:29>
# CHECK-NEXT:     Assign <11:1-11:13>
# CHECK-NEXT:       targets:
# CHECK-NEXT:         Attribute attr="attr" ctx="Store" <11:1-11:9>
# CHECK-NEXT:           value:
# CHECK-NEXT:             Name id="obj" ctx="Load" <11:1-11:4>
# CHECK-NEXT:       value:
# CHECK-NEXT:         Constant type="int" value=1 <11:12-11:13>
# CHECK-NEXT:     Assign <12:1-12:11>
# CHECK-NEXT:       targets:
# CHECK-NEXT:         Subscript ctx="Store" <12:1-12:7>
# CHECK-NEXT:           value:
# CHECK-NEXT:             Name id="obj" ctx="Load" <12:1-12:4>
# CHECK-NEXT:           slice:
# CHECK-NEXT:             Name id="i" ctx="Load" <12:5-12:6>
# CHECK-NEXT:       value:
# CHECK-NEXT:         Constant type="int" value=2 <12:10-12:11>
# CHECK-NEXT:     Assign <13:1-13:17>
# CHECK-NEXT:       targets:
# CHECK-NEXT:         Attribute attr="c" ctx="Store" <13:1-13:13>
# CHECK-NEXT:           value:
# CHECK-NEXT:             Subscript ctx="Load" <13:1-13:11>
# CHECK-NEXT:               value:
# CHECK-NEXT:                 Attribute attr="b" ctx="Load" <13:1-13:8>
# CHECK-NEXT:                   value:
# CHECK-NEXT:                     Attribute attr="a" ctx="Load" <13:1-13:6>
# CHECK-NEXT:                       value:
# CHECK-NEXT:                         Name id="obj" ctx="Load" <13:1-13:4>
# CHECK-NEXT:               slice:
# CHECK-NEXT:                 Constant type="int" value=0 <13:9-13:10>
# CHECK-NEXT:       value:
# CHECK-NEXT:         Constant type="int" value=3 <13:16-13:17>
# CHECK-NEXT:     For <14:1-15:9>
# CHECK-NEXT:       target:
# CHECK-NEXT:         Tuple ctx="Store" <14:5-14:9>
# CHECK-NEXT:           elts:
# CHECK-NEXT:             Name id="k" ctx="Store" <14:5-14:6>
# CHECK-NEXT:             Name id="v" ctx="Store" <14:8-14:9>
# CHECK-NEXT:       iter:
# CHECK-NEXT:         Name id="d" ctx="Load" <14:13-14:14>
# CHECK-NEXT:       body:
# CHECK-NEXT:         Pass <15:5-15:9>
# CHECK-NEXT:     For <16:1-17:9>
# CHECK-NEXT:       target:
# CHECK-NEXT:         Tuple ctx="Store" <16:5-16:16>
# CHECK-NEXT:           elts:
# CHECK-NEXT:             Name id="i" ctx="Store" <16:6-16:7>
# CHECK-NEXT:             Tuple ctx="Store" <16:9-16:15>
# CHECK-NEXT:               elts:
# CHECK-NEXT:                 Name id="j" ctx="Store" <16:10-16:11>
# CHECK-NEXT:                 Name id="k" ctx="Store" <16:13-16:14>
# CHECK-NEXT:       iter:
# CHECK-NEXT:         Name id="e" ctx="Load" <16:20-16:21>
# CHECK-NEXT:       body:
# CHECK-NEXT:         Pass <17:5-17:9>
# CHECK-NEXT:     With <18:1-19:9>
# CHECK-NEXT:       items:
# CHECK-NEXT:         withitem <18:6-18:23>
# CHECK-NEXT:           context_expr:
# CHECK-NEXT:             Name id="m" ctx="Load" <18:6-18:7>
# CHECK-NEXT:           optional_vars:
# CHECK-NEXT:             Tuple ctx="Store" <18:11-18:23>
# CHECK-NEXT:               elts:
# CHECK-NEXT:                 Name id="p" ctx="Store" <18:12-18:13>
# CHECK-NEXT:                 List ctx="Store" <18:15-18:22>
# CHECK-NEXT:                   elts:
# CHECK-NEXT:                     Name id="q" ctx="Store" <18:16-18:17>
# CHECK-NEXT:                     Starred ctx="Store" <18:19-18:21>
# CHECK-NEXT:                       value:
# CHECK-NEXT:                         Name id="r" ctx="Store" <18:20-18:21>
# CHECK-NEXT:       body:
# CHECK-NEXT:         Pass <19:5-19:9>
# CHECK-NEXT:     Delete <20:1-20:27>
# CHECK-NEXT:       targets:
# CHECK-NEXT:         Attribute attr="attr" ctx="Del" <20:5-20:13>
# CHECK-NEXT:           value:
# CHECK-NEXT:             Name id="obj" ctx="Load" <20:5-20:8>
# CHECK-NEXT:         Subscript ctx="Del" <20:15-20:21>
# CHECK-NEXT:           value:
# CHECK-NEXT:             Name id="obj" ctx="Load" <20:15-20:18>
# CHECK-NEXT:           slice:
# CHECK-NEXT:             Name id="i" ctx="Load" <20:19-20:20>
# CHECK-NEXT:         Name id="name" ctx="Del" <20:23-20:27>
# CHECK-NEXT:     Expr <21:1-21:22>
# CHECK-NEXT:       value:
# CHECK-NEXT:         ListComp <21:1-21:22>
# CHECK-NEXT:           elt:
# CHECK-NEXT:             Name id="u" ctx="Load" <21:2-21:3>
# CHECK-NEXT:           generators:
# CHECK-NEXT:             comprehension <21:4-21:21>
# CHECK-NEXT:               target:
# CHECK-NEXT:                 Tuple ctx="Store" <21:8-21:12>
# CHECK-NEXT:                   elts:
# CHECK-NEXT:                     Name id="u" ctx="Store" <21:8-21:9>
# CHECK-NEXT:                     Name id="w" ctx="Store" <21:11-21:12>
# CHECK-NEXT:               iter:
# CHECK-NEXT:                 Name id="pairs" ctx="Load" <21:16-21:21>
# CHECK-NEXT:     Assign <22:1-22:14>
# CHECK-NEXT:       targets:
# CHECK-NEXT:         Name id="x" ctx="Store" <22:1-22:2>
# CHECK-NEXT:         Name id="y" ctx="Store" <22:5-22:6>
# CHECK-NEXT:         Name id="z" ctx="Store" <22:9-22:10>
# CHECK-NEXT:       value:
# CHECK-NEXT:         Constant type="int" value=0 <22:13-22:14>
