// Running a graph that mixes strings and numbers in alternating stages.
#include "StagedGraph.h"

#include "RankSpecialize.h"
#include "TfHostOps.h"
#include "TfPrint.h"

#include <algorithm>
#include <cstring>
#include <map>

namespace kiln::tf {

using graph::DType;
using graph::HostTensorPtr;
using graph::Output;

namespace {

bool touchesStrings(const graph::Graph &g, const graph::Node &n) {
  for (auto &t : n.outputs)
    if (t.dtype == DType::String)
      return true;
  for (auto &o : n.inputs)
    if (g.typeOf(o).dtype == DType::String)
      return true;
  return false;
}

/// The nodes inside node `id`'s regions, nested ones included (region
/// arguments too), appended to `out`.
void collectRegionNodes(const graph::Graph &g, int id, std::vector<int> &out) {
  for (int r : g.nodes[id].regions) {
    const graph::Region &region = g.regions[r];
    out.insert(out.end(), region.args.begin(), region.args.end());
    for (int inner : region.nodes) {
      out.push_back(inner);
      collectRegionNodes(g, inner, out);
    }
  }
}

/// What the nodes `members` read: their inputs and their regions' results
/// (TensorFlow's graph lists the attr inputs too; no kernel reads them).
template <typename Fn>
void forEachRead(const graph::Graph &g, const std::vector<int> &members,
                 Fn fn) {
  for (int m : members) {
    for (const Output &o : g.nodes[m].inputs)
      fn(o);
    for (int r : g.nodes[m].regions)
      for (const Output &o : g.regions[r].results)
        fn(o);
  }
}

/// The subgraph of `g` that runs `members` (the nodes of one region with
/// the nodes of their regions, in graph order) and returns `outputs`. Its
/// Placeholders are `inputs` (given ones first, in order) and then each
/// other value it reads from nodes that are not members, appended to
/// `inputs`.
graph::Graph subgraph(const graph::Graph &g, const std::vector<int> &members,
                      std::vector<Output> &inputs,
                      const std::vector<Output> &outputs) {
  graph::Graph sub;
  sub.name = g.name; // run-time errors name the traced function
  sub.traceStack = g.traceStack;
  sub.hostPrints = g.hostPrints;
  std::vector<int> newId(g.nodes.size(), -1);
  std::vector<bool> member(g.nodes.size(), false);
  for (int m : members)
    member[m] = true;
  std::map<std::pair<int, int>, int> placeholders;
  std::vector<Output> given;
  given.swap(inputs);
  auto addInput = [&](const Output &o) {
    if (member[o.node] || placeholders.count({o.node, o.index}))
      return;
    graph::Node p;
    p.op = "Placeholder";
    p.name = g.nodes[o.node].name +
             (o.index ? "_" + std::to_string(o.index) : std::string());
    p.outputs = {g.typeOf(o)};
    placeholders[{o.node, o.index}] = static_cast<int>(sub.nodes.size());
    sub.args.push_back(static_cast<int>(sub.nodes.size()));
    sub.nodes.push_back(std::move(p));
    inputs.push_back(o);
  };
  for (const Output &o : given)
    addInput(o);
  forEachRead(g, members, addInput);
  for (const Output &o : outputs)
    addInput(o);
  auto remap = [&](const Output &o) -> Output {
    if (member[o.node])
      return {newId[o.node], o.index};
    return {placeholders.at({o.node, o.index}), 0};
  };
  // Regions keep their relative order, so a parent comes before the
  // regions nested in it.
  std::map<int, int> newRegion;
  for (int m : members)
    for (int r : g.nodes[m].regions)
      newRegion[r] = 0;
  for (auto &[old, id] : newRegion) {
    id = static_cast<int>(sub.regions.size());
    graph::Region region;
    // The region the members live in is the subgraph's body.
    auto parent = newRegion.find(g.regions[old].parent);
    region.parent = parent == newRegion.end() ? -1 : parent->second;
    sub.regions.push_back(region);
  }
  for (int m : members) {
    newId[m] = static_cast<int>(sub.nodes.size());
    sub.nodes.push_back(g.nodes[m]);
  }
  for (int m : members) {
    graph::Node &n = sub.nodes[newId[m]];
    for (Output &o : n.inputs)
      o = remap(o);
    n.attrInputs.clear();
    auto region = newRegion.find(n.region);
    n.region = region == newRegion.end() ? -1 : region->second;
    for (int &r : n.regions)
      r = newRegion.at(r);
  }
  for (auto &[old, id] : newRegion) {
    const graph::Region &from = g.regions[old];
    graph::Region &to = sub.regions[id];
    for (int a : from.args)
      to.args.push_back(newId[a]);
    for (int n : from.nodes)
      to.nodes.push_back(newId[n]);
    for (const Output &o : from.results)
      to.results.push_back(remap(o));
  }
  for (const Output &o : outputs)
    sub.results.push_back(remap(o));
  return sub;
}

/// Control flow the host can run when its regions hold strings.
bool isHostControl(const std::string &op) {
  return op == "StatelessIf" || op == "StatelessWhile" || op == "For" ||
         op == "ReduceDataset";
}

} // namespace

std::function<StagedGraph::ElementSource(int64_t,
                                         const std::vector<HostTensorPtr> &)>
    StagedGraph::openSource;

std::function<bool(const graph::Node &, const std::vector<HostTensorPtr> &,
                   std::vector<HostTensorPtr> &, std::string &, std::string &)>
    StagedGraph::callPython;

std::unique_ptr<StagedGraph> StagedGraph::build(const graph::Graph &g,
                                                const std::string &function,
                                                graph::Executor &executor,
                                                std::string &error) {
  auto staged = std::make_unique<StagedGraph>();
  staged->graph_ = g;
  staged->function_ = function;
  const std::string unsupported =
      "UnimplementedError: kiln cannot run '" + function + "': ";
  // Each top-level node's level: even levels are compiled, odd ones run on
  // the host; a node goes to the first level of its kind that is not
  // before any level it reads from.
  std::vector<int> level(g.nodes.size(), -1);
  std::vector<std::vector<int>> closure(g.nodes.size());
  int levels = 0;
  // Effects (prints, asserts, variable writes, and control flow holding
  // them) keep their program order, as TensorFlow's automatic control
  // dependencies do: none goes to a level before the previous one's.
  int lastEffect = 0;
  for (int id : g.bodyNodes()) {
    const graph::Node &n = g.nodes[id];
    // Prints the tracer renders after the call read results, not nodes.
    if (n.op == "Placeholder" || (n.op == "PrintV2" && !g.hostPrints))
      continue;
    closure[id] = {id};
    collectRegionNodes(g, id, closure[id]);
    // A loop over a dataset (and the control flow around it) runs on the
    // host, which has the pipeline.
    bool host = false;
    for (int k : closure[id])
      host |= touchesStrings(g, g.nodes[k]) ||
              graph::readsDataset(g.nodes[k]) || graph::callsPython(g.nodes[k]);
    // The script's line, for the user to find the op by.
    std::string where =
        n.loc.valid() ? " on line " + std::to_string(n.loc.line) : "";
    if (host && !n.regions.empty() && !isHostControl(n.op)) {
      error = unsupported + "it carries string tensors through " + n.op +
              where + ", which kiln cannot do yet";
      return nullptr;
    }
    if (host && n.regions.empty() && n.op != "PrintV2" &&
        !graph::readsDataset(n) && !graph::callsPython(n) &&
        !hasHostKernel(g, n)) {
      error = unsupported + "it applies " + n.op + " to string tensors" +
              where + ", which kiln cannot do yet";
      return nullptr;
    }
    // Compiled stages are specialized to the shapes they get, and the
    // host's control flow passes on what it gets; its kernels need ranks.
    for (int k : closure[id])
      for (auto &t : g.nodes[k].outputs)
        if (t.unknownRank && host && hasHostKernel(g, g.nodes[k]) &&
            g.nodes[k].op != "Identity" && g.nodes[k].op != "StopGradient") {
          error = unsupported + "it has a tensor of unknown rank" + where +
                  " in a graph that runs partly on the host (for string "
                  "tensors, a loop over a dataset or a py_function), which "
                  "kiln does not support yet";
          return nullptr;
        }
    // (Reading an iterator is one: each read moves it on.)
    bool effect = false;
    for (int k : closure[id])
      effect |= g.nodes[k].outputs.empty() || g.nodes[k].op == "PrintV2" ||
                g.nodes[k].op == "IteratorGetNext" ||
                graph::callsPython(g.nodes[k]);
    int at = effect ? lastEffect : 0;
    forEachRead(g, closure[id],
                [&](const Output &o) { at = std::max(at, level[o.node]); });
    if (at % 2 != (host ? 1 : 0))
      ++at;
    level[id] = at;
    if (effect)
      lastEffect = at;
    levels = std::max(levels, at + 1);
    if (!host || n.regions.empty())
      continue;
    // Control flow on the host: each region is a graph of its own, staged
    // in turn, whose arguments are the region's and then the values it
    // reads from outside.
    std::vector<Body> &bodies = staged->bodies_[id];
    for (int r : n.regions) {
      const graph::Region &region = g.regions[r];
      std::vector<int> members;
      for (int inner : region.nodes) {
        members.push_back(inner);
        collectRegionNodes(g, inner, members);
      }
      std::sort(members.begin(), members.end());
      Body body;
      for (int a : region.args)
        body.captures.push_back({a, 0});
      graph::Graph sub = subgraph(g, members, body.captures, region.results);
      body.captures.erase(body.captures.begin(),
                          body.captures.begin() + region.args.size());
      body.graph = build(sub, function, executor, error);
      if (!body.graph)
        return nullptr;
      bodies.push_back(std::move(body));
    }
  }
  std::vector<Stage> &stages = staged->stages_;
  std::vector<int> stageOf(g.nodes.size(), -1);
  for (int l = 0; l < levels; ++l) {
    Stage stage;
    stage.host = l % 2 == 1;
    for (int id : g.bodyNodes())
      if (level[id] == l)
        stage.nodes.push_back(id);
    if (stage.nodes.empty())
      continue;
    for (int id : stage.nodes)
      for (int k : closure[id])
        stageOf[k] = static_cast<int>(stages.size());
    stages.push_back(std::move(stage));
  }
  for (size_t s = 0; s < stages.size(); ++s) {
    Stage &stage = stages[s];
    if (stage.host)
      continue;
    // What later stages and the results read from this one.
    std::vector<Output> outputs;
    auto keep = [&](const Output &o) {
      if (stageOf[o.node] != static_cast<int>(s))
        return;
      for (const Output &have : outputs)
        if (have.node == o.node && have.index == o.index)
          return;
      outputs.push_back(o);
    };
    for (size_t t = s + 1; t < stages.size(); ++t)
      for (int id : stages[t].nodes)
        forEachRead(g, closure[id], keep);
    for (const Output &o : g.results)
      keep(o);
    stage.outputs = outputs;
    std::vector<int> members;
    for (int id : stage.nodes)
      members.insert(members.end(), closure[id].begin(), closure[id].end());
    std::sort(members.begin(), members.end());
    graph::Graph sub = subgraph(g, members, stage.inputs, stage.outputs);
    // When the stage fails, its variables' values are those after their
    // last write that ran (EmitFailedWrites.cpp), for the call to keep.
    for (size_t k = 0; k < stage.outputs.size(); ++k) {
      const graph::Node &n = g.nodes[stage.outputs[k].node];
      if (graph::isVariableWrite(n.op) || !n.regions.empty())
        sub.variableResults.emplace_back(k, -1);
    }
    if (graphHasUnknownRank(sub)) {
      stage.unspecialized = std::move(sub);
      continue;
    }
    stage.compiled = executor.compile(sub, error);
    if (!stage.compiled) {
      error =
          "InternalError: kiln could not compile '" + function + "': " + error;
      return nullptr;
    }
  }
  return staged;
}

bool StagedGraph::runControl(
    graph::Executor &executor, const std::string &file, int id,
    const std::vector<HostTensorPtr> &operands,
    std::vector<HostTensorPtr> &results,
    const std::function<HostTensorPtr(const Output &)> &value,
    std::string &error) const {
  const graph::Node &n = graph_.nodes[id];
  const std::vector<Body> &bodies = bodies_.at(id);
  // Runs region `r` on `args` and then the values it reads from outside.
  auto runBody = [&](size_t r, std::vector<HostTensorPtr> args,
                     std::vector<HostTensorPtr> &out) {
    for (const Output &o : bodies[r].captures)
      args.push_back(value(o));
    out.clear();
    return bodies[r].graph->run(executor, file, args, out, error);
  };
  // A body that fails hands back what its variables keep (run's
  // outputs), which the loop's or branch's results then hold.
  if (n.op == "StatelessIf") {
    bool taken = operands[0]->elementAsDouble(0) != 0;
    return runBody(taken ? 0 : 1, {}, results);
  }
  if (n.op == "StatelessWhile") {
    results = operands;
    for (;;) {
      std::vector<HostTensorPtr> test;
      if (!runBody(0, results, test))
        return false;
      if (test[0]->elementAsDouble(0) == 0)
        return true;
      std::vector<HostTensorPtr> next;
      bool ran = runBody(1, results, next);
      results = std::move(next);
      if (!ran)
        return false;
    }
  }
  if (n.op == "ReduceDataset") {
    // Each element and then the state; with a `break`, the body's last
    // result says whether to go on.
    size_t k = graph::leadingInputCount(n);
    ElementSource next = openSource(
        std::get<int64_t>(n.attrs.at("source")),
        std::vector<HostTensorPtr>(operands.begin(), operands.begin() + k));
    bool stops = n.attrs.count("stops") != 0;
    results.assign(operands.begin() + k, operands.end());
    size_t carried = results.size();
    std::vector<HostTensorPtr> element;
    while (next(element)) {
      std::vector<HostTensorPtr> args = element, out;
      args.insert(args.end(), results.begin(), results.end());
      bool ran = runBody(0, args, out);
      bool goOn = ran && (!stops || out.back()->elementAsDouble(0) != 0);
      if (stops && out.size() > carried)
        out.pop_back();
      results = std::move(out);
      if (!ran)
        return false;
      if (!goOn)
        break;
      element.clear();
    }
    return true;
  }
  // For: range(start, limit, delta) with the state after the bounds.
  int64_t start = operands[0]->elementAsInt(0);
  int64_t limit = operands[1]->elementAsInt(0);
  int64_t delta = operands[2]->elementAsInt(0);
  if (delta == 0) {
    error = "InvalidArgumentError: " +
            graph_.runtimeError(n, "Requires delta != 0", file);
    return false;
  }
  results.assign(operands.begin() + 3, operands.end());
  graph::TensorType ivType =
      graph_.nodes[graph_.regions[n.regions[0]].args[0]].outputs[0];
  for (int64_t iv = start; delta > 0 ? iv < limit : iv > limit; iv += delta) {
    auto counter = graph::HostTensor::zeros(ivType);
    if (ivType.dtype == DType::Int64)
      std::memcpy(counter->bytes.data(), &iv, 8);
    else {
      int32_t narrow = static_cast<int32_t>(iv);
      std::memcpy(counter->bytes.data(), &narrow, 4);
    }
    std::vector<HostTensorPtr> args{counter}, next;
    args.insert(args.end(), results.begin(), results.end());
    bool ran = runBody(0, args, next);
    results = std::move(next);
    if (!ran)
      return false;
  }
  return true;
}

const graph::Executor::Compiled *StagedGraph::specialize(
    graph::Executor &executor, const std::string &file, const Stage &stage,
    const std::vector<HostTensorPtr> &inputs, std::string &error) const {
  std::vector<graph::TensorType> shapes;
  for (const HostTensorPtr &t : inputs)
    shapes.push_back(t->type);
  const graph::Executor::Compiled *&slot =
      stage.specialized[specializationKey(shapes)];
  if (slot)
    return slot;
  graph::Graph specialized;
  if (!specializeRanks(stage.unspecialized, shapes, specialized, error, file)) {
    if (error.rfind("InvalidArgumentError: ", 0) != 0)
      error = "UnimplementedError: " + error;
    return nullptr;
  }
  slot = executor.compile(specialized, error);
  if (!slot)
    error =
        "InternalError: kiln could not compile '" + function_ + "': " + error;
  return slot;
}

void StagedGraph::hostPrint(graph::Executor &executor, const graph::Node &n,
                            const std::vector<HostTensorPtr> &in) {
  const auto &pieces = std::get<std::vector<std::string>>(n.attrs.at("pieces"));
  const auto &quote = std::get<std::vector<int64_t>>(n.attrs.at("quote"));
  int64_t summarize = std::get<int64_t>(n.attrs.at("summarize"));
  std::string text = pieces[0];
  for (size_t i = 0; i < in.size(); ++i)
    text += printedTensor(*in[i], summarize, quote[i]) + pieces[i + 1];
  executor.printSink(std::get<bool>(n.attrs.at("to_stdout")), text);
}

bool StagedGraph::run(graph::Executor &executor, const std::string &file,
                      const std::vector<HostTensorPtr> &inputs,
                      std::vector<HostTensorPtr> &outputs,
                      std::string &error) const {
  const graph::Graph &g = graph_;
  std::vector<std::vector<HostTensorPtr>> values(g.nodes.size());
  for (size_t i = 0; i < g.args.size(); ++i)
    values[g.args[i]] = {inputs.at(i)};
  auto value = [&](const Output &o) { return values[o.node].at(o.index); };
  // Runs the stages in order until one fails; true when none did.
  auto runStages = [&] {
    for (const Stage &stage : stages_) {
      if (stage.host) {
        for (int id : stage.nodes) {
          const graph::Node &n = g.nodes[id];
          std::vector<HostTensorPtr> in;
          for (const Output &o : n.inputs)
            in.push_back(value(o));
          if (!n.regions.empty()) {
            if (!runControl(executor, file, id, in, values[id], value, error))
              return false;
            continue;
          }
          if (n.op == "PrintV2") { // a print of strings in a staged loop
            hostPrint(executor, n, in);
            continue;
          }
          if (graph::callsPython(n)) {
            std::string type;
            if (!callPython(n, in, values[id], type, error)) {
              error = type + ": " + g.runtimeError(n, error, file);
              return false;
            }
            continue;
          }
          if (n.op == "IteratorGetNext" || n.op == "DatasetToSingleElement") {
            ElementSource next =
                openSource(std::get<int64_t>(n.attrs.at("source")), in);
            auto fail = [&](const std::string &type, const std::string &m) {
              error = type + ": " + g.runtimeError(n, m, file);
              return false;
            };
            if (n.op == "IteratorGetNext") {
              if (!next(values[id]))
                return fail("OutOfRangeError", "End of sequence");
              continue;
            }
            std::vector<HostTensorPtr> extra;
            if (!next(values[id]))
              return fail("InvalidArgumentError", "Dataset was empty.");
            if (next(extra))
              return fail("InvalidArgumentError",
                          "Dataset had more than one element.");
            continue;
          }
          HostTensorPtr out;
          if (!runHostKernel(n, in, out, error)) {
            std::string type, message;
            if (splitKernelError(error, type, message))
              error = type + ": " + g.runtimeError(n, message, file);
            return false;
          }
          values[id] = {out};
        }
        continue;
      }
      std::vector<HostTensorPtr> in, out;
      for (const Output &o : stage.inputs)
        in.push_back(value(o));
      const graph::Executor::Compiled *compiled = stage.compiled;
      if (!compiled &&
          !(compiled = specialize(executor, file, stage, in, error)))
        return false;
      bool ran = executor.run(compiled, in, out, error);
      // (A failed stage's outputs that are variables hold what they keep.)
      if (out.size() == stage.outputs.size())
        for (size_t k = 0; k < stage.outputs.size(); ++k) {
          const Output &o = stage.outputs[k];
          auto &slot = values[o.node];
          slot.resize(std::max(slot.size(), static_cast<size_t>(o.index) + 1));
          slot[o.index] = out[k];
        }
      if (!ran)
        return false;
    }
    return true;
  };
  if (!runStages()) {
    // What ran before the failure stays; the stages after it do not run.
    outputs = resultsAfterFailure(g, values);
    return false;
  }
  for (const Output &o : g.results)
    outputs.push_back(value(o));
  return true;
}

} // namespace kiln::tf
