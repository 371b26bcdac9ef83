# The modules and names kiln has pass `kiln check` silently.
# RUN: %kiln check %s 2>&1 | count 0

import math
import sys
import numpy as np
import tensorflow as tf
import tensorflow.math
from tensorflow import nn, constant
from tensorflow.nn import relu
from numpy import float32
