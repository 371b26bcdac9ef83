# Classes (bases, keywords, methods) and decorators; a decorated def starts at "def".
# RUN: %kiln dump --stage=ast %s | FileCheck %s --match-full-lines

class Empty:
    pass

class Point():
    x = 0
    y: int = 0

class Model(tf.Module, metaflags=Meta, **options):
    def __init__(self, units):
        super().__init__()
        self.units = units

@dataclass
class Plain:
    pass

@tf.function
def traced(x):
    return x

@tf.function(input_signature=[tf.TensorSpec([None], tf.float32)])
@other.decorator
def typed(x):
    return x

# CHECK: Module
# CHECK-NEXT:   body:
# CHECK-NEXT:     ClassDef name="Empty" <4:1-5:9>
# CHECK-NEXT:       body:
# CHECK-NEXT:         Pass <5:5-5:9>
# CHECK-NEXT:     ClassDef name="Point" <7:1-9:15>
# CHECK-NEXT:       body:
# CHECK-NEXT:         Assign <8:5-8:10>
# CHECK-NEXT:           targets:
# CHECK-NEXT:             Name id="x" ctx="Store" <8:5-8:6>
# CHECK-NEXT:           value:
# CHECK-NEXT:             Constant type="int" value=0 <8:9-8:10>
# CHECK-NEXT:         AnnAssign <9:5-9:15>
# CHECK-NEXT:           target:
# CHECK-NEXT:             Name id="y" ctx="Store" <9:5-9:6>
# CHECK-NEXT:           annotation:
# CHECK-NEXT:             Name id="int" ctx="Load" <9:8-9:11>
# CHECK-NEXT:           value:
# CHECK-NEXT:             Constant type="int" value=0 <9:14-9:15>
# CHECK-NEXT:     ClassDef name="Model" <11:1-14:27>
# CHECK-NEXT:       bases:
# CHECK-NEXT:         Attribute attr="Module" ctx="Load" <11:13-11:22>
# CHECK-NEXT:           value:
# CHECK-NEXT:             Name id="tf" ctx="Load" <11:13-11:15>
# CHECK-NEXT:       keywords:
# CHECK-NEXT:         keyword arg="metaflags" <11:24-11:38>
# CHECK-NEXT:           value:
# CHECK-NEXT:             Name id="Meta" ctx="Load" <11:34-11:38>
# CHECK-NEXT:         keyword <11:40-11:49>
# CHECK-NEXT:           value:
# CHECK-NEXT:             Name id="options" ctx="Load" <11:42-11:49>
# CHECK-NEXT:       body:
# CHECK-NEXT:         FunctionDef name="__init__" <12:5-14:27>
# CHECK-NEXT:           args:
# CHECK-NEXT:             arguments
# CHECK-NEXT:               args:
# CHECK-NEXT:                 arg name="self" <12:18-12:22>
# CHECK-NEXT:                 arg name="units" <12:24-12:29>
# CHECK-NEXT:           body:
# CHECK-NEXT:             Expr <13:9-13:27>
# CHECK-NEXT:               value:
# CHECK-NEXT:                 Call <13:9-13:27>
# CHECK-NEXT:                   func:
# CHECK-NEXT:                     Attribute attr="__init__" ctx="Load" <13:9-13:25>
# CHECK-NEXT:                       value:
# CHECK-NEXT:                         Call <13:9-13:16>
# CHECK-NEXT:                           func:
# CHECK-NEXT:                             Name id="super" ctx="Load" <13:9-13:14>
# CHECK-NEXT:             Assign <14:9-14:27>
# CHECK-NEXT:               targets:
# CHECK-NEXT:                 Attribute attr="units" ctx="Store" <14:9-14:19>
# CHECK-NEXT:                   value:
# CHECK-NEXT:                     Name id="self" ctx="Load" <14:9-14:13>
# CHECK-NEXT:               value:
# CHECK-NEXT:                 Name id="units" ctx="Load" <14:22-14:27>
# CHECK-NEXT:     ClassDef name="Plain" <17:1-18:9>
# CHECK-NEXT:       decorator_list:
# CHECK-NEXT:         Name id="dataclass" ctx="Load" <16:2-16:11>
# CHECK-NEXT:       body:
# CHECK-NEXT:         Pass <18:5-18:9>
# CHECK-NEXT:     FunctionDef name="traced" <21:1-22:13>
# CHECK-NEXT:       args:
# CHECK-NEXT:         arguments
# CHECK-NEXT:           args:
# CHECK-NEXT:             arg name="x" <21:12-21:13>
# CHECK-NEXT:       decorator_list:
# CHECK-NEXT:         Attribute attr="function" ctx="Load" <20:2-20:13>
# CHECK-NEXT:           value:
# CHECK-NEXT:             Name id="tf" ctx="Load" <20:2-20:4>
# CHECK-NEXT:       body:
# CHECK-NEXT:         Return <22:5-22:13>
# CHECK-NEXT:           value:
# CHECK-NEXT:             Name id="x" ctx="Load" <22:12-22:13>
# CHECK-NEXT:     FunctionDef name="typed" <26:1-27:13>
# CHECK-NEXT:       args:
# CHECK-NEXT:         arguments
# CHECK-NEXT:           args:
# CHECK-NEXT:             arg name="x" <26:11-26:12>
# CHECK-NEXT:       decorator_list:
# CHECK-NEXT:         Call <24:2-24:66>
# CHECK-NEXT:           func:
# CHECK-NEXT:             Attribute attr="function" ctx="Load" <24:2-24:13>
# CHECK-NEXT:               value:
# CHECK-NEXT:                 Name id="tf" ctx="Load" <24:2-24:4>
# CHECK-NEXT:           keywords:
# CHECK-NEXT:             keyword arg="input_signature" <24:14-24:65>
# CHECK-NEXT:               value:
# CHECK-NEXT:                 List ctx="Load" <24:30-24:65>
# CHECK-NEXT:                   elts:
# CHECK-NEXT:                     Call <24:31-24:64>
# CHECK-NEXT:                       func:
# CHECK-NEXT:                         Attribute attr="TensorSpec" ctx="Load" <24:31-24:44>
# CHECK-NEXT:                           value:
# CHECK-NEXT:                             Name id="tf" ctx="Load" <24:31-24:33>
# CHECK-NEXT:                       args:
# CHECK-NEXT:                         List ctx="Load" <24:45-24:51>
# CHECK-NEXT:                           elts:
# CHECK-NEXT:                             Constant type="None" <24:46-24:50>
# CHECK-NEXT:                         Attribute attr="float32" ctx="Load" <24:53-24:63>
# CHECK-NEXT:                           value:
# CHECK-NEXT:                             Name id="tf" ctx="Load" <24:53-24:55>
# CHECK-NEXT:         Attribute attr="decorator" ctx="Load" <25:2-25:17>
# CHECK-NEXT:           value:
# CHECK-NEXT:             Name id="other" ctx="Load" <25:2-25:7>
# CHECK-NEXT:       body:
# CHECK-NEXT:         Return <27:5-27:13>
# CHECK-NEXT:           value:
# CHECK-NEXT:             Name id="x" ctx="Load" <27:12-27:13>
