// A traced graph that mixes string tensors with numbers. MLIR has no string
// type, so such a graph runs in stages that alternate: the ops on strings
// run on the host (TfHostOps.h), the numeric ones as compiled subgraphs of
// the trace. A stage starts only where a value crosses between the two, so
// a function that formats a label from its numeric result runs as one
// compiled stage and one host stage.
//
// A `for` over a tf.data dataset or iterator inside a tf.function (a
// ReduceDataset node) runs the same way: the host pulls each element from
// the pipeline, which lives in the interpreter, and runs the loop's body,
// compiled, on it; so does next(iterator) (IteratorGetNext). So does
// tf.py_function's node, which calls Python, and the stages after it are
// compiled once per shape of its results, which are known only then.
#pragma once

#include "Graph.h"

#include <functional>
#include <map>
#include <memory>
#include <string>
#include <vector>

namespace kiln::tf {

class StagedGraph {
public:
  /// The next element that a ReduceDataset or IteratorGetNext node reads:
  /// its tensors, flattened, into `element`; false at the end. The
  /// pipeline's own errors are thrown as they are eagerly.
  using ElementSource =
      std::function<bool(std::vector<graph::HostTensorPtr> &element)>;
  /// Reads the source kept under `id` (the node's "source" attr): a
  /// dataset from its start, an iterator from where it is. `graphValues`
  /// are the node's first "graph_inputs" inputs, the graph tensors its
  /// trace built datasets from. Set by tf.data (TfDataLoops.cpp), which
  /// keeps the sources.
  static std::function<ElementSource(
      int64_t id, const std::vector<graph::HostTensorPtr> &graphValues)>
      openSource;

  /// Calls the Python function of a py_function or numpy_function node
  /// (EagerPyFunc, PyFunc) on `inputs`. False with `errorClass`
  /// ("InvalidArgumentError") and the kernel's message `error` when it
  /// fails. Set by TfPyFunction.cpp, which keeps the functions.
  static std::function<bool(const graph::Node &n,
                            const std::vector<graph::HostTensorPtr> &inputs,
                            std::vector<graph::HostTensorPtr> &outputs,
                            std::string &errorClass, std::string &error)>
      callPython;

  /// Splits `graph` into stages and compiles the numeric ones. Returns null
  /// and sets `error` to "UnimplementedError: kiln cannot run 'FUNCTION':
  /// ..." when a string tensor meets an op that has no host kernel or
  /// flows into staged control flow, "InternalError: ..." when a stage
  /// does not compile.
  static std::unique_ptr<StagedGraph> build(const graph::Graph &graph,
                                            const std::string &function,
                                            graph::Executor &executor,
                                            std::string &error);

  /// Runs the stages on `inputs` (the graph's Placeholders, in order) and
  /// returns the graph's results. A failed check reads as runGraphOnHost's
  /// and the executor's errors do ("InvalidArgumentError: ...").
  bool run(graph::Executor &executor, const std::string &file,
           const std::vector<graph::HostTensorPtr> &inputs,
           std::vector<graph::HostTensorPtr> &outputs,
           std::string &error) const;

private:
  struct Stage {
    bool host = false;
    std::vector<int> nodes; // top-level nodes of the graph, in order
    // Compiled stages: the subgraph's arguments and results, as outputs of
    // the whole graph's nodes.
    const graph::Executor::Compiled *compiled = nullptr;
    std::vector<graph::Output> inputs, outputs;
    // A stage that reads tensors of unknown rank (a py_function's results)
    // is compiled when it runs, once per shapes of its arguments
    // (RankSpecialize.h).
    graph::Graph unspecialized;
    mutable std::map<std::string, const graph::Executor::Compiled *>
        specialized;
  };
  /// A region of control flow that runs on the host, as a graph of its
  /// own: its Placeholders are the region's arguments, then `captures`.
  struct Body {
    std::unique_ptr<StagedGraph> graph;
    std::vector<graph::Output> captures;
  };
  /// Runs control-flow node `id` (If, While, For, ReduceDataset) on the host
  /// with its inputs `operands`; `value` reads the enclosing graph's values.
  bool runControl(
      graph::Executor &executor, const std::string &file, int id,
      const std::vector<graph::HostTensorPtr> &operands,
      std::vector<graph::HostTensorPtr> &results,
      const std::function<graph::HostTensorPtr(const graph::Output &)> &value,
      std::string &error) const;
  /// Stage `stage`, of unknown ranks, compiled for the shapes of
  /// `inputs` (once per shapes); null with `error` set when it cannot be.
  const graph::Executor::Compiled *
  specialize(graph::Executor &executor, const std::string &file,
             const Stage &stage,
             const std::vector<graph::HostTensorPtr> &inputs,
             std::string &error) const;
  /// Prints as PrintV2 node `n` does, its tensors `in`.
  static void hostPrint(graph::Executor &executor, const graph::Node &n,
                        const std::vector<graph::HostTensorPtr> &in);
  graph::Graph graph_;
  std::string function_; // the traced function's name, for errors
  std::vector<Stage> stages_;
  std::map<int, std::vector<Body>> bodies_; // by control-flow node
};

} // namespace kiln::tf
