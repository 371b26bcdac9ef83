# import and from-import: aliases, dotted and relative modules, parenthesized lists, star.
# RUN: %kiln dump --stage=ast %s | FileCheck %s --match-full-lines

import tensorflow as tf
import numpy, os.path
import a.b.c
from math import sqrt
from os.path import join as pjoin, exists
from . import sibling
from .. import parent
from .pkg.mod import name
from ...deep import thing
from .... import four
from os import (
    sep,
    linesep as ls,
)
from typing import *

# CHECK: Module
# CHECK-NEXT:   body:
# CHECK-NEXT:     Import <4:1-4:24>
# CHECK-NEXT:       names:
# CHECK-NEXT:         alias name="tensorflow" asname="tf" <4:8-4:24>
# CHECK-NEXT:     Import <5:1-5:22>
# CHECK-NEXT:       names:
# CHECK-NEXT:         alias name="numpy" <5:8-5:13>
# CHECK-NEXT:         alias name="os.path" <5:15-5:22>
# CHECK-NEXT:     Import <6:1-6:13>
# CHECK-NEXT:       names:
# CHECK-NEXT:         alias name="a.b.c" <6:8-6:13>
# CHECK-NEXT:     ImportFrom module="math" level=0 <7:1-7:22>
# CHECK-NEXT:       names:
# CHECK-NEXT:         alias name="sqrt" <7:18-7:22>
# CHECK-NEXT:     ImportFrom module="os.path" level=0 <8:1-8:42>
# CHECK-NEXT:       names:
# CHECK-NEXT:         alias name="join" asname="pjoin" <8:21-8:34>
# CHECK-NEXT:         alias name="exists" <8:36-8:42>
# CHECK-NEXT:     ImportFrom module="" level=1 <9:1-9:22>
# CHECK-NEXT:       names:
# CHECK-NEXT:         alias name="sibling" <9:15-9:22>
# CHECK-NEXT:     ImportFrom module="" level=2 <10:1-10:22>
# CHECK-NEXT:       names:
# CHECK-NEXT:         alias name="parent" <10:16-10:22>
# CHECK-NEXT:     ImportFrom module="pkg.mod" level=1 <11:1-11:26>
# CHECK-NEXT:       names:
# CHECK-NEXT:         alias name="name" <11:22-11:26>
# CHECK-NEXT:     ImportFrom module="deep" level=3 <12:1-12:26>
# CHECK-NEXT:       names:
# CHECK-NEXT:         alias name="thing" <12:21-12:26>
# CHECK-NEXT:     ImportFrom module="" level=4 <13:1-13:22>
# CHECK-NEXT:       names:
# CHECK-NEXT:         alias name="four" <13:18-13:22>
# CHECK-NEXT:     ImportFrom module="os" level=0 <14:1-17:2>
# CHECK-NEXT:       names:
# CHECK-NEXT:         alias name="sep" <15:5-15:8>
# CHECK-NEXT:         alias name="linesep" asname="ls" <16:5-16:18>
# CHECK-NEXT:     ImportFrom module="typing" level=0 <18:1-18:21>
# CHECK-NEXT:       names:
# CHECK-NEXT:         alias name="*" <18:20-18:21>
