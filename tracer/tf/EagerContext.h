// Whether TensorFlow's eager context would be initialized by now: it is
// on the first tensor a script makes. Some settings (tf.config.threading)
// can only change before that.
#pragma once

namespace kiln::tf {

/// True once TfRuntime::eager has made a tensor.
bool eagerContextInitialized();

} // namespace kiln::tf
