# if/while/for/try/with; a compound statement ends at its last statement.
# RUN: %kiln dump --stage=ast %s | FileCheck %s --match-full-lines

if a:
    x = 1
elif b:
    x = 2
elif c:
    x = 3
else:
    x = 4
while n > 0:
    n -= 1
    if n == 5:
        break
    continue
else:
    done = True
for i, v in enumerate(xs):
    pass
else:
    pass
try:
    risky()
except ValueError as e:
    handle(e)
except (TypeError, KeyError):
    pass
except:
    raise
else:
    ok()
finally:
    cleanup()
try:
    pass
finally:
    pass
with tf.GradientTape() as tape, open(p) as (a, b):
    y = x * x
with lock:
    pass
if a: b = 1; c = 2
while x: x -= 1

# CHECK: Module
# CHECK-NEXT:   body:
# CHECK-NEXT:     If <4:1-11:10>
# CHECK-NEXT:       test:
# CHECK-NEXT:         Name id="a" ctx="Load" <4:4-4:5>
# CHECK-NEXT:       body:
# CHECK-NEXT:         Assign <5:5-5:10>
# CHECK-NEXT:           targets:
# CHECK-NEXT:             Name id="x" ctx="Store" <5:5-5:6>
# CHECK-NEXT:           value:
# CHECK-NEXT:             Constant type="int" value=1 <5:9-5:10>
# CHECK-NEXT:       orelse:
# CHECK-NEXT:         If <6:1-11:10>
# CHECK-NEXT:           test:
# CHECK-NEXT:             Name id="b" ctx="Load" <6:6-6:7>
# CHECK-NEXT:           body:
# CHECK-NEXT:             Assign <7:5-7:10>
# CHECK-NEXT:               targets:
# CHECK-NEXT:                 Name id="x" ctx="Store" <7:5-7:6>
# CHECK-NEXT:               value:
# CHECK-NEXT:                 Constant type="int" value=2 <7:9-7:10>
# CHECK-NEXT:           orelse:
# CHECK-NEXT:             If <8:1-11:10>
# CHECK-NEXT:               test:
# CHECK-NEXT:                 Name id="c" ctx="Load" <8:6-8:7>
# CHECK-NEXT:               body:
# CHECK-NEXT:                 Assign <9:5-9:10>
# CHECK-NEXT:                   targets:
# CHECK-NEXT:                     Name id="x" ctx="Store" <9:5-9:6>
# CHECK-NEXT:                   value:
# CHECK-NEXT:                     Constant type="int" value=3 <9:9-9:10>
# CHECK-NEXT:               orelse:
# CHECK-NEXT:                 Assign <11:5-11:10>
# CHECK-NEXT:                   targets:
# CHECK-NEXT:                     Name id="x" ctx="Store" <11:5-11:6>
# CHECK-NEXT:                   value:
# CHECK-NEXT:                     Constant type="int" value=4 <11:9-11:10>
# CHECK-NEXT:     While <12:1-18:16>
# CHECK-NEXT:       test:
# CHECK-NEXT:         Compare ops=["Gt"] <12:7-12:12>
# CHECK-NEXT:           left:
# CHECK-NEXT:             Name id="n" ctx="Load" <12:7-12:8>
# CHECK-NEXT:           comparators:
# CHECK-NEXT:             Constant type="int" value=0 <12:11-12:12>
# CHECK-NEXT:       body:
# CHECK-NEXT:         AugAssign op="Sub" <13:5-13:11>
# CHECK-NEXT:           target:
# CHECK-NEXT:             Name id="n" ctx="Store" <13:5-13:6>
# CHECK-NEXT:           value:
# CHECK-NEXT:             Constant type="int" value=1 <13:10-13:11>
# CHECK-NEXT:         If <14:5-15:14>
# CHECK-NEXT:           test:
# CHECK-NEXT:             Compare ops=["Eq"] <14:8-14:14>
# CHECK-NEXT:               left:
# CHECK-NEXT:                 Name id="n" ctx="Load" <14:8-14:9>
# CHECK-NEXT:               comparators:
# CHECK-NEXT:                 Constant type="int" value=5 <14:13-14:14>
# CHECK-NEXT:           body:
# CHECK-NEXT:             Break <15:9-15:14>
# CHECK-NEXT:         Continue <16:5-16:13>
# CHECK-NEXT:       orelse:
# CHECK-NEXT:         Assign <18:5-18:16>
# CHECK-NEXT:           targets:
# CHECK-NEXT:             Name id="done" ctx="Store" <18:5-18:9>
# CHECK-NEXT:           value:
# CHECK-NEXT:             Constant type="bool" value=true <18:12-18:16>
# CHECK-NEXT:     For <19:1-22:9>
# CHECK-NEXT:       target:
# CHECK-NEXT:         Tuple ctx="Store" <19:5-19:9>
# CHECK-NEXT:           elts:
# CHECK-NEXT:             Name id="i" ctx="Store" <19:5-19:6>
# CHECK-NEXT:             Name id="v" ctx="Store" <19:8-19:9>
# CHECK-NEXT:       iter:
# CHECK-NEXT:         Call <19:13-19:26>
# CHECK-NEXT:           func:
# CHECK-NEXT:             Name id="enumerate" ctx="Load" <19:13-19:22>
# CHECK-NEXT:           args:
# CHECK-NEXT:             Name id="xs" ctx="Load" <19:23-19:25>
# CHECK-NEXT:       body:
# CHECK-NEXT:         Pass <20:5-20:9>
# CHECK-NEXT:       orelse:
# CHECK-NEXT:         Pass <22:5-22:9>
# CHECK-NEXT:     Try <23:1-34:14>
# CHECK-NEXT:       body:
# CHECK-NEXT:         Expr <24:5-24:12>
# CHECK-NEXT:           value:
# CHECK-NEXT:             Call <24:5-24:12>
# CHECK-NEXT:               func:
# CHECK-NEXT:                 Name id="risky" ctx="Load" <24:5-24:10>
# CHECK-NEXT:       handlers:
# CHECK-NEXT:         ExceptHandler name="e" <25:1-26:14>
# CHECK-NEXT:           type:
# CHECK-NEXT:             Name id="ValueError" ctx="Load" <25:8-25:18>
# CHECK-NEXT:           body:
# CHECK-NEXT:             Expr <26:5-26:14>
# CHECK-NEXT:               value:
# CHECK-NEXT:                 Call <26:5-26:14>
# CHECK-NEXT:                   func:
# CHECK-NEXT:                     Name id="handle" ctx="Load" <26:5-26:11>
# CHECK-NEXT:                   args:
# CHECK-NEXT:                     Name id="e" ctx="Load" <26:12-26:13>
# CHECK-NEXT:         ExceptHandler <27:1-28:9>
# CHECK-NEXT:           type:
# CHECK-NEXT:             Tuple ctx="Load" <27:8-27:29>
# CHECK-NEXT:               elts:
# CHECK-NEXT:                 Name id="TypeError" ctx="Load" <27:9-27:18>
# CHECK-NEXT:                 Name id="KeyError" ctx="Load" <27:20-27:28>
# CHECK-NEXT:           body:
# CHECK-NEXT:             Pass <28:5-28:9>
# CHECK-NEXT:         ExceptHandler <29:1-30:10>
# CHECK-NEXT:           body:
# CHECK-NEXT:             Raise <30:5-30:10>
# CHECK-NEXT:       orelse:
# CHECK-NEXT:         Expr <32:5-32:9>
# CHECK-NEXT:           value:
# CHECK-NEXT:             Call <32:5-32:9>
# CHECK-NEXT:               func:
# CHECK-NEXT:                 Name id="ok" ctx="Load" <32:5-32:7>
# CHECK-NEXT:       finalbody:
# CHECK-NEXT:         Expr <34:5-34:14>
# CHECK-NEXT:           value:
# CHECK-NEXT:             Call <34:5-34:14>
# CHECK-NEXT:               func:
# CHECK-NEXT:                 Name id="cleanup" ctx="Load" <34:5-34:12>
# CHECK-NEXT:     Try <35:1-38:9>
# CHECK-NEXT:       body:
# CHECK-NEXT:         Pass <36:5-36:9>
# CHECK-NEXT:       finalbody:
# CHECK-NEXT:         Pass <38:5-38:9>
# CHECK-NEXT:     With <39:1-40:14>
# CHECK-NEXT:       items:
# CHECK-NEXT:         withitem <39:6-39:31>
# CHECK-NEXT:           context_expr:
# CHECK-NEXT:             Call <39:6-39:23>
# CHECK-NEXT:               func:
# CHECK-NEXT:                 Attribute attr="GradientTape" ctx="Load" <39:6-39:21>
# CHECK-NEXT:                   value:
# CHECK-NEXT:                     Name id="tf" ctx="Load" <39:6-39:8>
# CHECK-NEXT:           optional_vars:
# CHECK-NEXT:             Name id="tape" ctx="Store" <39:27-39:31>
# CHECK-NEXT:         withitem <39:33-39:50>
# CHECK-NEXT:           context_expr:
# CHECK-NEXT:             Call <39:33-39:40>
# CHECK-NEXT:               func:
# CHECK-NEXT:                 Name id="open" ctx="Load" <39:33-39:37>
# CHECK-NEXT:               args:
# CHECK-NEXT:                 Name id="p" ctx="Load" <39:38-39:39>
# CHECK-NEXT:           optional_vars:
# CHECK-NEXT:             Tuple ctx="Store" <39:44-39:50>
# CHECK-NEXT:               elts:
# CHECK-NEXT:                 Name id="a" ctx="Store" <39:45-39:46>
# CHECK-NEXT:                 Name id="b" ctx="Store" <39:48-39:49>
# CHECK-NEXT:       body:
# CHECK-NEXT:         Assign <40:5-40:14>
# CHECK-NEXT:           targets:
# CHECK-NEXT:             Name id="y" ctx="Store" <40:5-40:6>
# CHECK-NEXT:           value:
# CHECK-NEXT:             BinOp op="Mult" <40:9-40:14>
# CHECK-NEXT:               left:
# CHECK-NEXT:                 Name id="x" ctx="Load" <40:9-40:10>
# CHECK-NEXT:               right:
# CHECK-NEXT:                 Name id="x" ctx="Load" <40:13-40:14>
# CHECK-NEXT:     With <41:1-42:9>
# CHECK-NEXT:       items:
# CHECK-NEXT:         withitem <41:6-41:10>
# CHECK-NEXT:           context_expr:
# CHECK-NEXT:             Name id="lock" ctx="Load" <41:6-41:10>
# CHECK-NEXT:       body:
# CHECK-NEXT:         Pass <42:5-42:9>
# CHECK-NEXT:     If <43:1-43:19>
# CHECK-NEXT:       test:
# CHECK-NEXT:         Name id="a" ctx="Load" <43:4-43:5>
# CHECK-NEXT:       body:
# CHECK-NEXT:         Assign <43:7-43:12>
# CHECK-NEXT:           targets:
# CHECK-NEXT:             Name id="b" ctx="Store" <43:7-43:8>
# CHECK-NEXT:           value:
# CHECK-NEXT:             Constant type="int" value=1 <43:11-43:12>
# CHECK-NEXT:         Assign <43:14-43:19>
# CHECK-NEXT:           targets:
# CHECK-NEXT:             Name id="c" ctx="Store" <43:14-43:15>
# CHECK-NEXT:           value:
# CHECK-NEXT:             Constant type="int" value=2 <43:18-43:19>
# CHECK-NEXT:     While <44:1-44:16>
# CHECK-NEXT:       test:
# CHECK-NEXT:         Name id="x" ctx="Load" <44:7-44:8>
# CHECK-NEXT:       body:
# CHECK-NEXT:         AugAssign op="Sub" <44:10-44:16>
# CHECK-NEXT:           target:
# CHECK-NEXT:             Name id="x" ctx="Store" <44:10-44:11>
# CHECK-NEXT:           value:
# CHECK-NEXT:             Constant type="int" value=1 <44:15-44:16>
