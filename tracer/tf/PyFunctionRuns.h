// The runs of tf.py_function's and tf.numpy_function's Python functions
// during one eager call of a compiled tf.function, kept for that call's
// gradient. A tape outside the call differentiates it by running the
// function's Python body again, op by op (recordFunctionCall); the
// py_function calls in that rerun replay the kept runs, outputs and
// gradients, instead of calling Python a second time: TensorFlow calls the
// function once and keeps its tape for the gradient.
#pragma once

#include "TfRuntime.h"

namespace kiln::tf {

struct PyFunctionRuns;
struct PyFunctionReplay;

/// While it lives (and `active`), the runs of the Python functions that
/// the staged graphs call are kept in runs(), each under a tape of its own.
/// Scopes nest: an inner one keeps its own runs.
class KeepPyFunctionRuns {
public:
  explicit KeepPyFunctionRuns(bool active);
  ~KeepPyFunctionRuns();
  KeepPyFunctionRuns(const KeepPyFunctionRuns &) = delete;
  KeepPyFunctionRuns &operator=(const KeepPyFunctionRuns &) = delete;
  /// The kept runs (null when not active).
  std::shared_ptr<const PyFunctionRuns> runs() const { return runs_; }

private:
  std::shared_ptr<PyFunctionRuns> runs_, saved_;
};

/// While it lives, eager py_function and numpy_function calls take the
/// results of `runs` in order (each from the first) as long as their
/// functions' code matches, and record the kept tapes' gradients; the
/// calls past them, or of other code, call Python.
class ReplayPyFunctionRuns {
public:
  explicit ReplayPyFunctionRuns(std::shared_ptr<const PyFunctionRuns> runs);
  ~ReplayPyFunctionRuns();
  ReplayPyFunctionRuns(const ReplayPyFunctionRuns &) = delete;
  ReplayPyFunctionRuns &operator=(const ReplayPyFunctionRuns &) = delete;

private:
  std::unique_ptr<PyFunctionReplay> replay_;
  PyFunctionReplay *saved_;
};

} // namespace kiln::tf
