// What NumPy's two random APIs share (NpRandom.cpp): the legacy
// RandomState's functions and the Generator of np.random.default_rng
// (NpGenerator.cpp) draw into arrays, shuffle and take `size` alike.
#pragma once

#include "NumPy.h"

#include <functional>
#include <optional>
#include <vector>

namespace kiln::tf {

class ModuleBuilder;

/// The smallest all-ones bit mask that covers `max`: masked rejection
/// draws `value & mask` until it is at most `max`.
uint64_t npMaskFor(uint64_t max);

/// The `size` argument: nullopt for None (one scalar).
std::optional<std::vector<int64_t>> npSizeArg(Interpreter &in, const Value &v);

/// An array of `shape` and `dtype` (whose C type is T) drawn element by
/// element, in order.
template <typename T>
Value npDrawnArray(TfRuntime &rt, DType dtype,
                   const std::vector<int64_t> &shape,
                   const std::function<T()> &draw) {
  auto t = graph::HostTensor::zeros({dtype, shape});
  auto *out = reinterpret_cast<T *>(t->bytes.data());
  for (int64_t i = 0, n = t->type.numElements(); i < n; ++i)
    out[i] = draw();
  return makeNdArray(rt, t, false);
}

/// Doubles from `draw`: a float64 array of `shape`, or one Python float.
Value npDoubles(TfRuntime &rt, const std::optional<std::vector<int64_t>> &shape,
                const std::function<double()> &draw);

/// Fisher-Yates from the end along the first axis (a list in place, an
/// array's rows), swapping element i with interval(i), drawn in [0, i].
void npShuffle(Interpreter &in, const Value &x,
               const std::function<uint64_t(uint64_t)> &interval);

/// choice's probabilities `p` for a population of `n`, checked, as the
/// normalized cumulative sums that searchsorted(side='right') picks from;
/// the messages are the Generator's or the legacy RandomState's.
std::vector<double> npChoiceCdf(TfRuntime &rt, const Value &p, int64_t n,
                                bool generator);

/// np.arange(n) as int64.
Value npArange(TfRuntime &rt, int64_t n);

/// np.random.default_rng and its Generator (NpGenerator.cpp).
void installNpGenerator(TfRuntime &rt, ModuleBuilder &random);

} // namespace kiln::tf
