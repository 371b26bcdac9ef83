// tf.io.gfile (TfGfile.cpp).
#pragma once

#include "TfRuntime.h"

namespace kiln::tf {

class ModuleBuilder;

/// tf.io.gfile: the local file system with TensorFlow's errors.
void installGfile(TfRuntime &rt, ModuleBuilder &io);

} // namespace kiln::tf
