# def and lambda: every parameter kind, defaults, annotations, nested scopes.
# RUN: %kiln dump --stage=ast %s | FileCheck %s --match-full-lines

def f():
    pass

def g(a, b=1, *args, c, d=2, **kwargs):
    return a

def h(p, q, /, r, *, s):
    return

def annotated(x: int, y: "str" = "s", *rest: float, **kw: bool) -> None:
    def inner():
        nonlocal x
        global G
        x = 2
    return inner

square = lambda v: v * v
both = lambda a, b=2, *c, d, **e: a
none = lambda: None

# CHECK: Module
# CHECK-NEXT:   body:
# CHECK-NEXT:     FunctionDef name="f" <4:1-5:9>
# CHECK-NEXT:       args:
# CHECK-NEXT:         arguments
# CHECK-NEXT:       body:
# CHECK-NEXT:         Pass <5:5-5:9>
# CHECK-NEXT:     FunctionDef name="g" <7:1-8:13>
# CHECK-NEXT:       args:
# CHECK-NEXT:         arguments
# CHECK-NEXT:           args:
# CHECK-NEXT:             arg name="a" <7:7-7:8>
# CHECK-NEXT:             arg name="b" <7:10-7:11>
# CHECK-NEXT:           vararg:
# CHECK-NEXT:             arg name="args" <7:16-7:20>
# CHECK-NEXT:           kwonlyargs:
# CHECK-NEXT:             arg name="c" <7:22-7:23>
# CHECK-NEXT:             arg name="d" <7:25-7:26>
# CHECK-NEXT:           kw_defaults:
# CHECK-NEXT:             None
# CHECK-NEXT:             Constant type="int" value=2 <7:27-7:28>
# CHECK-NEXT:           kwarg:
# CHECK-NEXT:             arg name="kwargs" <7:32-7:38>
# CHECK-NEXT:           defaults:
# CHECK-NEXT:             Constant type="int" value=1 <7:12-7:13>
# CHECK-NEXT:       body:
# CHECK-NEXT:         Return <8:5-8:13>
# CHECK-NEXT:           value:
# CHECK-NEXT:             Name id="a" ctx="Load" <8:12-8:13>
# CHECK-NEXT:     FunctionDef name="h" <10:1-11:11>
# CHECK-NEXT:       args:
# CHECK-NEXT:         arguments
# CHECK-NEXT:           posonlyargs:
# CHECK-NEXT:             arg name="p" <10:7-10:8>
# CHECK-NEXT:             arg name="q" <10:10-10:11>
# CHECK-NEXT:           args:
# CHECK-NEXT:             arg name="r" <10:16-10:17>
# CHECK-NEXT:           kwonlyargs:
# CHECK-NEXT:             arg name="s" <10:22-10:23>
# CHECK-NEXT:           kw_defaults:
# CHECK-NEXT:             None
# CHECK-NEXT:       body:
# CHECK-NEXT:         Return <11:5-11:11>
# CHECK-NEXT:     FunctionDef name="annotated" <13:1-18:17>
# CHECK-NEXT:       args:
# CHECK-NEXT:         arguments
# CHECK-NEXT:           args:
# CHECK-NEXT:             arg name="x" <13:15-13:21>
# CHECK-NEXT:               annotation:
# CHECK-NEXT:                 Name id="int" ctx="Load" <13:18-13:21>
# CHECK-NEXT:             arg name="y" <13:23-13:31>
# CHECK-NEXT:               annotation:
# CHECK-NEXT:                 Constant type="str" value="str" <13:26-13:31>
# CHECK-NEXT:           vararg:
# CHECK-NEXT:             arg name="rest" <13:40-13:51>
# CHECK-NEXT:               annotation:
# CHECK-NEXT:                 Name id="float" ctx="Load" <13:46-13:51>
# CHECK-NEXT:           kwarg:
# CHECK-NEXT:             arg name="kw" <13:55-13:63>
# CHECK-NEXT:               annotation:
# CHECK-NEXT:                 Name id="bool" ctx="Load" <13:59-13:63>
# CHECK-NEXT:           defaults:
# CHECK-NEXT:             Constant type="str" value="s" <13:34-13:37>
# CHECK-NEXT:       returns:
# CHECK-NEXT:         Constant type="None" <13:68-13:72>
# CHECK-NEXT:       body:
# CHECK-NEXT:         FunctionDef name="inner" <14:5-17:14>
# CHECK-NEXT:           args:
# CHECK-NEXT:             arguments
# CHECK-NEXT:           body:
# CHECK-NEXT:             Nonlocal names=["x"] <15:9-15:19>
# CHECK-NEXT:             Global names=["G"] <16:9-16:17>
# CHECK-NEXT:             Assign <17:9-17:14>
# CHECK-NEXT:               targets:
# CHECK-NEXT:                 Name id="x" ctx="Store" <17:9-17:10>
# CHECK-NEXT:               value:
# CHECK-NEXT:                 Constant type="int" value=2 <17:13-17:14>
# CHECK-NEXT:         Return <18:5-18:17>
# CHECK-NEXT:           value:
# CHECK-NEXT:             Name id="inner" ctx="Load" <18:12-18:17>
# CHECK-NEXT:     Assign <20:1-20:25>
# CHECK-NEXT:       targets:
# CHECK-NEXT:         Name id="square" ctx="Store" <20:1-20:7>
# CHECK-NEXT:       value:
# CHECK-NEXT:         Lambda <20:10-20:25>
# CHECK-NEXT:           args:
# CHECK-NEXT:             arguments
# CHECK-NEXT:               args:
# CHECK-NEXT:                 arg name="v" <20:17-20:18>
# CHECK-NEXT:           body:
# CHECK-NEXT:             BinOp op="Mult" <20:20-20:25>
# CHECK-NEXT:               left:
# CHECK-NEXT:                 Name id="v" ctx="Load" <20:20-20:21>
# CHECK-NEXT:               right:
# CHECK-NEXT:                 Name id="v" ctx="Load" <20:24-20:25>
# CHECK-NEXT:     Assign <21:1-21:36>
# CHECK-NEXT:       targets:
# CHECK-NEXT:         Name id="both" ctx="Store" <21:1-21:5>
# CHECK-NEXT:       value:
# CHECK-NEXT:         Lambda <21:8-21:36>
# CHECK-NEXT:           args:
# CHECK-NEXT:             arguments
# CHECK-NEXT:               args:
# CHECK-NEXT:                 arg name="a" <21:15-21:16>
# CHECK-NEXT:                 arg name="b" <21:18-21:19>
# CHECK-NEXT:               vararg:
# CHECK-NEXT:                 arg name="c" <21:24-21:25>
# CHECK-NEXT:               kwonlyargs:
# CHECK-NEXT:                 arg name="d" <21:27-21:28>
# CHECK-NEXT:               kw_defaults:
# CHECK-NEXT:                 None
# CHECK-NEXT:               kwarg:
# CHECK-NEXT:                 arg name="e" <21:32-21:33>
# CHECK-NEXT:               defaults:
# CHECK-NEXT:                 Constant type="int" value=2 <21:20-21:21>
# CHECK-NEXT:           body:
# CHECK-NEXT:             Name id="a" ctx="Load" <21:35-21:36>
# CHECK-NEXT:     Assign <22:1-22:20>
# CHECK-NEXT:       targets:
# CHECK-NEXT:         Name id="none" ctx="Store" <22:1-22:5>
# CHECK-NEXT:       value:
# CHECK-NEXT:         Lambda <22:8-22:20>
# CHECK-NEXT:           args:
# CHECK-NEXT:             arguments
# CHECK-NEXT:           body:
# CHECK-NEXT:             Constant type="None" <22:16-22:20>

# XFAIL: *
# Known kiln bug (listed in the issue notes): this test states the correct
# behaviour; when the bug is fixed it XPASSes, and the XFAIL line goes.
