// How an op failing inside a dataset's function reaches the script.
//
// TensorFlow runs a pipeline in its iterator kernel, so the error a script
// sees is IteratorGetNext's (ReduceDataset's, DatasetToSingleElement's):
//
//   {{function_node __wrapped__IteratorGetNext_output_types_1_device_...}}
//   Error in user-defined function passed to MapDataset:3 transformation
//   with iterator: Iterator::Root::Prefetch::FiniteTake::ParallelMapV2:
//   <the op's message>
//   	 [[{{node StringToNumber}}]] [Op:IteratorGetNext] name:
//
// "MapDataset:3" names the transformation by its kernel and a process-wide
// count of the dataset kernels made so far; the path lists the iterators
// from the root down to the failing one, as tf.data's default
// optimizations leave them (a stateless map parallelized, a Prefetch added
// on top of a synchronous pipeline, a map fused with the batch after it,
// which drops the prefix). kiln's function raises the error with the
// traced function's text; the dataset that called it tags the exception
// here, each iterator it passes through adds its name, and the consumer
// rewrites the message before the script sees it.
#include "TfDataset.h"

#include "TfOps.h"

#include <map>

namespace kiln::tf {
namespace data {

namespace {

/// Stands for a map's iterator that tf.data's map_parallelization turns
/// into ParallelMapV2 where it optimizes (not in get_single_element).
const char *const kOptimizableMap = "\x01Map";

struct FunctionError {
  std::string transformation;    // "MapDataset:3"; "" when no prefix
  std::vector<std::string> path; // iterators, outermost first
  std::string message, node;     // the op's own message, its node
  bool fused = false;   // a map directly under a batch (map_and_batch_fusion)
  bool indexed = false; // the next segment was added with its index
};

/// The errors on their way up, by exception instance.
std::map<const void *, FunctionError> &inFlight() {
  static std::map<const void *, FunctionError> errors;
  return errors;
}

int64_t &datasetCount() {
  static int64_t count = 0;
  return count;
}

bool isOpError(Interpreter &in, const Value &exc) {
  std::string type = in.typeName(exc);
  for (auto &c : opErrorClasses())
    if (type == c.name)
      return true;
  return false;
}

/// Splits a kiln function error ("Graph execution error: ... Detected at
/// node N defined at ...:\n  File ...\n\nMESSAGE\n\t [[{{node N}}]] [Op:F]",
/// a lambda's "{{function_node F}} MESSAGE\n\t [[{{node N}}]] [Op:F]") or an
/// eager op's ("{{function_node __wrapped__OP_device_...}} MESSAGE
/// [Op:OP] name: ") into the op's message and its node.
bool splitOpError(const std::string &text, std::string &message,
                  std::string &node) {
  const std::string nodeLine = "\n\t [[{{node ";
  size_t at = text.rfind(nodeLine);
  if (at != std::string::npos) {
    size_t end = text.find("}}]]", at);
    if (end == std::string::npos)
      return false;
    node = text.substr(at + nodeLine.size(), end - at - nodeLine.size());
    std::string head = text.substr(0, at);
    const std::string detected = "defined at (most recent call last):\n";
    size_t start = 0;
    if (head.rfind("Graph execution error:", 0) == 0) {
      start = head.find(detected);
      if (start == std::string::npos)
        return false;
      start += detected.size();
      while (head.compare(start, 7, "  File ") == 0) {
        size_t next = head.find("\n\n", start);
        if (next == std::string::npos)
          return false;
        start = next + 2;
      }
    } else if (head.rfind("{{function_node ", 0) == 0) {
      start = head.find("}} ") + 3;
    }
    message = head.substr(start);
    return true;
  }
  // An eager op's error: its node is the op.
  if (text.rfind("{{function_node __wrapped__", 0) != 0)
    return false;
  size_t close = text.find("}} "), op = text.rfind(" [Op:");
  if (close == std::string::npos || op == std::string::npos || op < close)
    return false;
  size_t opEnd = text.find(']', op);
  message = text.substr(close + 3, op - close - 3);
  node = text.substr(op + 5, opEnd - op - 5);
  return true;
}

/// Whether an iterator runs its input ahead of the consumer, so that
/// tf.data's inject_prefetch leaves the pipeline alone.
bool isAsync(const std::string &segment) {
  return segment == kOptimizableMap || segment == "ParallelMapV2" ||
         segment == "Prefetch" || segment == "ParallelInterleaveV4" ||
         segment == "ParallelBatch";
}

} // namespace

std::string iteratorSegment(const std::string &className) {
  static const std::map<std::string, std::string> names = {
      {"_MapDataset", kOptimizableMap},
      {"_ParallelMapDataset", "ParallelMapV2"},
      {"_FilterDataset", "Filter"},
      {"_TakeWhileDataset", "TakeWhile"},
      {"_ScanDataset", "Scan"},
      {"_FlatMapDataset", "FlatMap"},
      {"_InterleaveDataset", "Interleave"},
      {"_ParallelInterleaveDataset", "ParallelInterleaveV4"},
      {"_BatchDataset", "BatchV2"},
      {"_ParallelBatchDataset", "ParallelBatch"},
      {"_PaddedBatchDataset", "PaddedBatchV2"},
      {"_UnbatchDataset", "Unbatch"},
      {"_TakeDataset", "FiniteTake"},
      {"_SkipDataset", "FiniteSkip"},
      {"_ShuffleDataset", "Shuffle"},
      {"CacheDataset", "MemoryCacheImpl"},
      {"_ShardDataset", "Shard"},
      {"_WindowDataset", "Window"},
      {"_UniqueDataset", "Unique"},
      {"_PrefetchDataset", "Prefetch"},
      {"_IgnoreErrorsDataset", "IgnoreErrors"},
      {"_AssertCardinalityDataset", "AssertCardinality"},
      {"_DirectedInterleaveDataset", "DirectedInterleave"},
  };
  auto it = names.find(className);
  return it == names.end() ? "" : it->second;
}

std::string mapSegment(const TfFunction &fn) {
  return isStatefulFunction(fn) ? "Map" : kOptimizableMap;
}

int64_t countDatasetKernels(int64_t n) {
  int64_t first = datasetCount();
  datasetCount() += n;
  return first;
}

void tagFunctionError(TfRuntime &rt, const py::PyException &e,
                      const std::string &transformation) {
  if (inFlight().count(e.exc.raw()) || !isOpError(rt.in, e.exc))
    return;
  FunctionError f;
  if (!splitOpError(rt.in.toStr(e.exc), f.message, f.node))
    return;
  f.transformation = transformation;
  inFlight()[e.exc.raw()] = std::move(f);
}

void addSegment(const py::PyException &e, const std::string &segment,
                bool indexed) {
  auto it = inFlight().find(e.exc.raw());
  if (it == inFlight().end() || segment.empty())
    return;
  FunctionError &f = it->second;
  if (f.indexed) { // the iterator added itself with its index
    f.indexed = false;
    return;
  }
  // A flat_map's inner pipeline is not optimized.
  if (segment.rfind("FlatMap[", 0) == 0)
    for (std::string &s : f.path)
      if (s == kOptimizableMap)
        s = "Map";
  if (segment == "BatchV2" && f.path.size() == 1 &&
      (f.path[0] == kOptimizableMap || f.path[0] == "Map" ||
       f.path[0] == "ParallelMapV2"))
    f.fused = true;
  f.path.insert(f.path.begin(), segment);
  f.indexed = indexed;
}

NextFn throughSegment(NextFn next, std::function<std::string()> segment,
                      bool indexed) {
  return [next, segment, indexed](Interpreter &in, Value &out) {
    try {
      return next(in, out);
    } catch (py::PyException &e) {
      addSegment(e, segment(), indexed);
      throw;
    }
  };
}

void rewriteFunctionError(TfRuntime &rt, const py::PyException &e,
                          Consumer consumer, const std::string &kernel,
                          const std::string &topSegment) {
  auto it = inFlight().find(e.exc.raw());
  if (it == inFlight().end())
    return;
  FunctionError f = std::move(it->second);
  inFlight().erase(it);
  // get_single_element's iterator runs the pipeline unoptimized.
  bool optimized = consumer != Consumer::SingleElement;
  std::string text = eagerKernelPrefix(kernel);
  if (!f.transformation.empty() && !(optimized && f.fused)) {
    std::string path = consumer == Consumer::Iterator ? "Iterator::Root::"
                       : consumer == Consumer::Reduce
                           ? "ReduceIterator::Root::"
                           : "SingleElementIterator::";
    if (optimized && !isAsync(topSegment))
      path += "Prefetch::";
    for (size_t i = 0; i < f.path.size(); ++i) {
      const std::string &s = f.path[i];
      path +=
          (i ? "::" : "") +
          (s == kOptimizableMap ? (optimized ? "ParallelMapV2" : "Map") : s);
    }
    text += "Error in user-defined function passed to " + f.transformation +
            " transformation with iterator: " + path + ": ";
  }
  std::string op = consumer == Consumer::Iterator ? "IteratorGetNext"
                   : consumer == Consumer::Reduce ? "ReduceDataset"
                                                  : "DatasetToSingleElement";
  text += f.message + "\n\t [[{{node " + f.node + "}}]]" + eagerOpSuffix(op);
  e.exc.as<py::InstanceObject>().setAttr(rt.in, "message", rt.in.str(text));
}

} // namespace data
} // namespace kiln::tf
