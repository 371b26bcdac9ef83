// tf.data's shuffle and Dataset.random, with TensorFlow's numbers for the
// same seeds: ShuffleDatasetV3's buffer, one 32-bit Philox sample per
// element taken modulo the number of buffered elements, and a seed
// generator shared by the dataset's iterators that gives each new iterator
// (each epoch) seeds of its own.
#include "TfDataset.h"

#include "Philox.h"
#include "TfModuleBuilder.h"
#include "TfObjects.h"
#include "TfOps.h"
#include "TfRandom.h"

#include <deque>
#include <random>

namespace kiln::tf {
namespace data {

using py::Type;

// ---- shuffle ----

/// random::SingleSampleAdapter<PhiloxRandom>: Philox's 32-bit outputs one
/// at a time, the generator seeded as PhiloxRandom(seed, seed2).
class PhiloxStream {
public:
  PhiloxStream(uint64_t seed, uint64_t seed2)
      : key_{uint32_t(seed), uint32_t(seed >> 32)}, counter_{0, 0,
                                                             uint32_t(seed2),
                                                             uint32_t(seed2 >>
                                                                      32)} {}
  uint32_t next() {
    if (used_ == 4) {
      block_ = philox::philox(counter_, key_);
      counter_ = philox::skip(counter_, 1);
      used_ = 0;
    }
    return block_[used_++];
  }

private:
  philox::Key key_;
  philox::Block counter_;
  philox::Block block_{};
  int used_ = 4;
};

/// The kernel's seeds: (0, 0), which no seed gives, asks for
/// nondeterministic ones (RandomSeeds).
std::pair<uint64_t, uint64_t> kernelSeeds(int64_t seed, int64_t seed2) {
  if (seed != 0 || seed2 != 0)
    return {uint64_t(seed), uint64_t(seed2)};
  std::random_device entropy;
  return {uint64_t(entropy()) << 32 | entropy(),
          uint64_t(entropy()) << 32 | entropy()};
}

namespace {

/// Nonzero inside a ProbeScope.
int probing = 0;

} // namespace

ProbeScope::ProbeScope(Interpreter &in) : out(in.out()), err(in.err()) {
  ++probing;
}

ProbeScope::~ProbeScope() { --probing; }

bool probingFirstElement() { return probing > 0; }

/// The dataset's seed generator, shared by its iterators: with reshuffling
/// each iterator takes the next two samples of a Philox stream as its
/// seeds; without, every iterator gets the dataset's seeds. A dataset
/// built inside a tf.function is built anew by each call in TensorFlow,
/// so its stream starts over on each call (`perCall`).
struct SeedGenerator {
  SeedGenerator(std::pair<uint64_t, uint64_t> seeds, bool reshuffle,
                bool perCall)
      : seed(seeds.first), seed2(seeds.second), stream(seed, seed2),
        reshuffle(reshuffle), perCall(perCall) {}
  std::pair<uint64_t, uint64_t> generate() {
    if (!reshuffle)
      return {seed, seed2};
    if (perCall && call != functionCallSerial()) {
      call = functionCallSerial();
      stream = PhiloxStream(seed, seed2);
    }
    PhiloxStream probe = stream;
    PhiloxStream &from = probing ? probe : stream;
    uint64_t a = from.next();
    uint64_t b = from.next();
    return {a, b};
  }
  uint64_t seed, seed2;
  PhiloxStream stream;
  bool reshuffle;
  bool perCall;
  uint64_t call = 0; // the call the stream started over in
};

NextFn shuffleIterator(NextFn input, int64_t bufferSize,
                       std::shared_ptr<SeedGenerator> seeds) {
  struct State {
    NextFn input;
    bool exhausted = false;
    std::deque<Value> buffer; // front: the oldest slot of the ring
    std::optional<PhiloxStream> rng;
  };
  auto s = std::make_shared<State>();
  s->input = std::move(input);
  auto [a, b] = seeds->generate();
  s->rng.emplace(a, b);
  // UNKNOWN_CARDINALITY as the buffer size buffers everything.
  size_t capacity = bufferSize < 0 ? SIZE_MAX : static_cast<size_t>(bufferSize);
  return [s, capacity](Interpreter &in, Value &out) {
    while (!s->exhausted && s->buffer.size() < capacity) {
      Value v;
      if (s->input(in, v))
        s->buffer.push_back(v);
      else
        s->exhausted = true;
    }
    if (s->buffer.empty())
      return false;
    size_t offset = s->rng->next() % s->buffer.size();
    out = s->buffer[offset];
    std::swap(s->buffer[offset], s->buffer.front());
    s->buffer.pop_front();
    return true;
  };
}

Value shuffle(TfRuntime &rt, const DatasetObject &d, CallArgs &args) {
  Interpreter &in = rt.in;
  Params p(in, args, "shuffle",
           {"buffer_size", "seed", "reshuffle_each_iteration", "name"},
           Wording::Python);
  Value sizeArg = p.require("buffer_size", "shuffle");
  int64_t size =
      rt.isTensor(sizeArg)
          ? in.toIndex(in.call(in.getAttr(sizeArg, "numpy"), ValueList{}))
          : in.toIndex(sizeArg);
  if (size <= 0 && size != kUnknown)
    datasetError(rt, "ShuffleDatasetV3",
                 "buffer_size must be greater than zero or "
                 "UNKNOWN_CARDINALITY");
  bool reshuffle = !p.has("reshuffle_each_iteration") ||
                   in.truthy(p.get("reshuffle_each_iteration"));
  auto [seed, seed2] = randomOpSeeds(rt, p.get("seed"));
  auto seeds = std::make_shared<SeedGenerator>(
      kernelSeeds(seed, seed2), reshuffle, rt.tracing != nullptr);
  return derived(rt, d, "_ShuffleDataset", d.spec, d.cardinality,
                 [size, seeds](Interpreter &, NextFn input) {
                   return shuffleIterator(std::move(input), size, seeds);
                 });
}

/// Dataset.random: int64 elements, each one 32-bit Philox sample; with
/// rerandomize_each_iteration each iteration gets seeds of its own.
Value randomDataset(TfRuntime &rt, CallArgs &args) {
  Interpreter &in = rt.in;
  Params p(in, args, "random", {"seed", "rerandomize_each_iteration", "name"},
           Wording::Python);
  auto [seed, seed2] = randomOpSeeds(rt, p.get("seed"));
  bool rerandomize = p.has("rerandomize_each_iteration") &&
                     in.truthy(p.get("rerandomize_each_iteration"));
  auto seeds = std::make_shared<SeedGenerator>(
      kernelSeeds(seed, seed2), rerandomize, rt.tracing != nullptr);
  TfRuntime *r = &rt;
  return makeDataset(rt, "_RandomDataset",
                     tensorSpec(TensorType{DType::Int64, {}}), kInfinite,
                     [r, seeds](Interpreter &) -> NextFn {
                       auto [a, b] = seeds->generate();
                       auto rng = std::make_shared<PhiloxStream>(a, b);
                       return [r, rng](Interpreter &, Value &out) {
                         out = int64Tensor(*r, rng->next());
                         return true;
                       };
                     });
}

} // namespace data
} // namespace kiln::tf
