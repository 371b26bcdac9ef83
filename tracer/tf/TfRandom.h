// What tf.random's samplers share with tf.random.Generator
// (TfGenerator.cpp): the CPU kernels' samples from a Philox key and
// counter, computed on the host.
#pragma once

#include "Philox.h"
#include "TfRuntime.h"

namespace kiln::tf {

enum class SampleKind { Uniform, Normal, TruncatedNormal };

/// The kernel's output of `shape` from a Philox generator at `key`,
/// `counter`: uniform floats, integers lo + bits % range (all the bits
/// when `range` is 0, as the full-range kernels), normals or truncated
/// normals of `dtype`.
HostTensorPtr philoxSamples(SampleKind kind, DType dtype,
                            const std::vector<int64_t> &shape, philox::Key key,
                            philox::Block counter, int64_t lo, uint64_t range);

/// A sampler's shape argument, known at trace time: a list of sizes or a
/// tensor. A negative size is kernel `op`'s error eagerly (kiln's
/// ValueError while tracing, where TensorFlow's kernel fails when the
/// function runs); `fname` names the API in kiln's refusals.
std::vector<int64_t> randomShapeArg(TfRuntime &rt, const Value &v,
                                    const std::string &fname,
                                    const std::string &op = "");

/// random_seed.get_seed: the (seed, seed2) pair of a random op whose
/// `seed` argument is `opSeed` (None or an int), under the global seed;
/// {0, 0} asks for nondeterministic seeds. An op without a seed under a
/// global one draws its seed as TensorFlow does (TfRandom.cpp).
std::pair<int64_t, int64_t> randomOpSeeds(TfRuntime &rt, const Value &opSeed);

/// tf.random.Generator, get_global_generator, set_global_generator and
/// Algorithm (TfGenerator.cpp).
void installGenerator(TfRuntime &rt, class ModuleBuilder &random);

} // namespace kiln::tf
