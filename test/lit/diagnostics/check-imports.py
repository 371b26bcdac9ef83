# `kiln check` tries each import as `kiln run` would, without running the
# script: one that would raise is an error at the module or name it
# names (in functions too), with the exception `kiln run` raises; inside a
# `try` that catches exceptions it is a warning, as the script may handle
# it. Imports kiln has pass.
# RUN: not %kiln check %s 2>&1 | FileCheck %s --strict-whitespace --match-full-lines -DFILE=%s --implicit-check-not=error: --implicit-check-not=warning:
# RUN: not %kiln check %s --diagnostics=json 2>&1 | FileCheck %s --check-prefix=JSON
# CHECK:[[FILE]]:27:8: error: ModuleNotFoundError: No module named 'subprocess' (not supported by kiln: a script may import tensorflow, numpy, math, sys, os, time, logging, warnings, collections, typing, dataclasses, functools, itertools, random, operator, json, copy, heapq, bisect, contextlib, abc, enum, argparse, shutil and tempfile)
# CHECK-NEXT:import subprocess
# CHECK-NEXT:       ^~~~~~~~~~
# CHECK:[[FILE]]:28:6: error: ModuleNotFoundError: No module named 'pathlib' (not supported by kiln: a script may import tensorflow, numpy, math, sys, os, time, logging, warnings, collections, typing, dataclasses, functools, itertools, random, operator, json, copy, heapq, bisect, contextlib, abc, enum, argparse, shutil and tempfile)
# CHECK-NEXT:from pathlib import Path
# CHECK-NEXT:     ^~~~~~~
# CHECK:[[FILE]]:29:24: error: ImportError: cannot import name 'nosuch' from 'tensorflow' (not supported by kiln)
# CHECK-NEXT:from tensorflow import nosuch, constant
# CHECK-NEXT:                       ^~~~~~
# CHECK:[[FILE]]:30:1: error: ImportError: attempted relative import with no known parent package
# CHECK:[[FILE]]:33:12: warning: ModuleNotFoundError: No module named 'scipy' {{.*}}
# CHECK-NEXT:    import scipy
# CHECK:[[FILE]]:39:12: error: ModuleNotFoundError: No module named 're' {{.*}}
# CHECK:5 errors generated.
# JSON: {"column":8,"end_column":18,"end_line":27,"file":"{{.*}}check-imports.py","line":27,"message":"ModuleNotFoundError: No module named 'subprocess' {{.*}}","severity":"error"}

import tensorflow as tf
import numpy as np
import math, sys
import subprocess
from pathlib import Path
from tensorflow import nosuch, constant
from . import sibling
from tensorflow.nn import relu
try:
    import scipy
except ImportError:
    scipy = None


def helper():
    import re
