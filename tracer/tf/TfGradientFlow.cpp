// Gradients through staged control flow (StatelessIf, StatelessWhile,
// For) inside a traced tf.function.
//
// The ops of a staged region were recorded on the tape as they were traced;
// their values live inside the region, where the gradient cannot read them.
// So each gradient recomputes them: it clones the forward region's nodes
// where the gradient needs them and differentiates the recorded entries,
// remapped onto the clones, on a tape of their own.
//
//   If:    If(pred) {clone of then; its gradient} {clone of else; ...}
//   loops: a clone of the loop that also stacks the state entering each
//          iteration (and counts them), then a For over the iterations in
//          reverse whose body clones the forward body on that iteration's
//          state and carries the state's gradient, and the sum of the
//          gradients of the tensors the body reads from outside it.
//
// TensorFlow keeps the intermediates instead (cond_v2 adds them as outputs,
// while_v2 accumulates them in TensorLists); recomputing them computes the
// same ops on the same values. It costs a second forward pass, and a loop's
// state must keep its run-time shape from one iteration to the next (the
// stacks' rows have one shape), except a TensorArray buffer the body only
// writes to, of which only the shape is stacked. A tape recording while a
// gradient is built records the clones and the new control flow too
// (cloneRecorded, addStaged), so that gradients of gradients go through.
#include "TfGradient.h"
#include "TfGradientOps.h"
#include "TfIndexedSlices.h"

#include "TfOps.h"
#include "TfVariable.h"

#include <algorithm>

namespace kiln::tf {

namespace {

void addWithin(const graph::Graph &g, int region, std::set<int> &out) {
  const graph::Region &r = g.regions[region];
  out.insert(r.args.begin(), r.args.end());
  for (int id : r.nodes) {
    out.insert(id);
    for (int sub : g.nodes[id].regions)
      addWithin(g, sub, out);
  }
}

/// Where a clone's nodes read what the original's read.
struct Remap {
  std::map<int, graph::Output> args; // region argument -> its stand-in
  std::map<int, int> nodes;          // original node -> its clone
  graph::Output operator()(graph::Output o) const {
    if (auto a = args.find(o.node); a != args.end())
      return a->second;
    if (auto n = nodes.find(o.node); n != nodes.end())
      return {n->second, o.index};
    return o;
  }
};

/// Clones region `from`'s nodes (nested regions too) into the current
/// region, reading through `m`, which learns the clones. PrintV2 and
/// Assert nodes are left out: they ran in the forward pass.
void cloneNodes(graph::Graph &g, int from, Remap &m) {
  const std::vector<int> ids = g.regions[from].nodes;
  for (int id : ids) {
    graph::Node n = g.nodes[id];
    if (n.op == "PrintV2" || n.op == "Assert")
      continue;
    for (auto &input : n.inputs)
      input = m(input);
    n.name = g.uniqueName(n.name);
    std::vector<int> regions;
    for (int sub : n.regions) {
      graph::RegionGuard keep(g);
      int copy = g.beginRegion();
      for (int a : std::vector<int>(g.regions[sub].args))
        m.args[a] = g.addRegionArg(g.nodes[a].outputs[0]);
      cloneNodes(g, sub, m);
      for (graph::Output o : std::vector<graph::Output>(g.regions[sub].results))
        g.regions[copy].results.push_back(m(o));
      regions.push_back(copy);
    }
    n.regions = std::move(regions);
    m.nodes[id] = g.add(std::move(n));
  }
}

/// `v` read through `m`.
Value remapped(TfRuntime &rt, const Value &v, const Remap &m) {
  if (!rt.isTensor(v) || !rt.tensor(v).symbolic() ||
      rt.tensor(v).trace != rt.tracing)
    return v;
  graph::Output o = rt.tensor(v).out, to = m(o);
  return to.node == o.node && to.index == o.index ? v : rt.symbolic(to);
}

/// The tape's entries recorded inside region `region`, moved onto the
/// clones `m` made.
std::vector<TapeEntry> entriesWithin(TfRuntime &rt,
                                     const std::vector<TapeEntry> &tape,
                                     int region, const Remap &m) {
  const graph::Graph &g = rt.tracing->graph;
  std::set<int> within;
  addWithin(g, region, within);
  std::vector<TapeEntry> out;
  for (const TapeEntry &e : tape) {
    if (e.outputs.empty() || !rt.isTensor(e.outputs[0]))
      continue;
    const TensorObject &o = rt.tensor(e.outputs[0]);
    if (!o.symbolic() || o.trace != rt.tracing || !within.count(o.out.node))
      continue;
    TapeEntry c = e;
    for (ValueList *list : {&c.inputs, &c.outputs})
      for (auto &v : *list)
        v = remapped(rt, v, m);
    if (c.staged >= 0)
      c.staged = m.nodes.at(c.staged);
    out.push_back(std::move(c));
  }
  return out;
}

/// cloneNodes, and each recording tape records the clones of the entries
/// it recorded in `from`: a tape outside the gradient can differentiate it
/// again.
void cloneRecorded(TfRuntime &rt, int from, Remap &m) {
  cloneNodes(rt.tracing->graph, from, m);
  recordEntries(rt, [&](const std::vector<TapeEntry> &tape) {
    return entriesWithin(rt, tape, from, m);
  });
}

/// Adds control-flow node `node` and records it on the recording tapes
/// (recordStagedOp); returns its outputs.
ValueList addStaged(TfRuntime &rt, graph::Node node) {
  int id = rt.tracing->graph.add(std::move(node));
  ValueList out;
  for (size_t i = 0; i < rt.tracing->graph.nodes[id].outputs.size(); ++i)
    out.push_back(rt.symbolic({id, static_cast<int>(i)}));
  recordStagedOp(rt, id, out);
  return out;
}

Value dense(TfRuntime &rt, const Value &g) {
  IndexedSlicesObject *s = asIndexedSlices(g);
  return s ? densify(rt, *s) : g;
}

/// A zero gradient for input `k` of `e` (its inputs, then its variables).
Value zeroGradient(TfRuntime &rt, const TapeEntry &e, size_t k) {
  if (k < e.inputs.size())
    return filledLike(rt, e.inputs[k], 0);
  return filled(rt, e.variables[k - e.inputs.size()]->type, 0);
}

/// The least specific type of `a` and `b` (same dtype and rank).
TensorType relaxed(TfRuntime &rt, const TensorType &a, const TensorType &b) {
  TensorType t;
  if (!graph::relaxTypes(a, b, t))
    rt.raise("UnimplementedError",
             "kiln cannot merge gradients of ranks " +
                 std::to_string(a.shape.size()) + " and " +
                 std::to_string(b.shape.size()) + " from a staged if");
  return t;
}

/// StatelessIf: an If on the same predicate whose branches recompute the
/// forward branch and differentiate it. An input neither branch reaches
/// gets None.
ValueList ifGradient(TfRuntime &rt, const std::vector<TapeEntry> &tape,
                     const TapeEntry &e, const ValueList &grads) {
  graph::Graph &g = rt.tracing->graph;
  const graph::Node forward = g.nodes[e.staged];
  const size_t n = e.inputs.size() + e.variables.size();
  std::vector<int> regions;
  std::vector<ValueList> got;
  for (int branch : forward.regions) {
    graph::RegionGuard keep(g);
    regions.push_back(g.beginRegion());
    Remap m;
    cloneRecorded(rt, branch, m);
    ValueList targets, seeds;
    for (size_t j = 0; j < e.outputs.size(); ++j)
      if (!grads[j].isNone()) {
        targets.push_back(rt.symbolic(m(g.regions[branch].results[j])));
        seeds.push_back(dense(rt, grads[j]));
      }
    got.push_back(backpropEntries(rt, entriesWithin(rt, tape, branch, m),
                                  targets, seeds, e.inputs, e.variables));
  }
  graph::Node node;
  node.op = "StatelessIf";
  node.name = g.uniqueName("gradients/cond_grad");
  node.inputs = {forward.inputs[0]};
  node.regions = regions;
  node.loc = forward.loc;
  std::vector<size_t> reached; // the inputs that get an output
  for (size_t k = 0; k < n; ++k) {
    if (got[0][k].isNone() && got[1][k].isNone())
      continue;
    reached.push_back(k);
    std::vector<TensorType> types;
    for (size_t b = 0; b < 2; ++b) {
      graph::RegionGuard keep(g);
      g.current = regions[b];
      Value grad =
          got[b][k].isNone() ? zeroGradient(rt, e, k) : dense(rt, got[b][k]);
      g.regions[regions[b]].results.push_back(rt.graphOutput(grad));
      types.push_back(rt.tensor(grad).type);
    }
    node.outputs.push_back(relaxed(rt, types[0], types[1]));
  }
  ValueList out = addStaged(rt, std::move(node));
  ValueList result(n);
  for (size_t j = 0; j < reached.size(); ++j)
    result[reached[j]] = out[j];
  return result;
}

Value int32Scalar(TfRuntime &rt, int64_t v) {
  return rt.toTensor(Value::integer(v), DType::Int32);
}

/// What a loop's gradient keeps of each state entering an iteration.
enum class Kept {
  Value, // the state itself
  Shape, // its shape only: a TensorArray buffer the body only writes to
  None,  // nothing: such a buffer of a static shape
};

/// A staged loop (For or StatelessWhile) being differentiated.
struct Loop {
  Loop(const graph::Graph &g, int id)
      : forward(g.nodes[id]), isFor(forward.op == "For"), bounds(isFor ? 3 : 0),
        numState(forward.inputs.size() - bounds), body(forward.regions.back()),
        bodyArgs(g.regions[body].args), bodyResults(g.regions[body].results) {}
  const graph::Node forward; // a copy: the graph grows
  const bool isFor;
  const size_t bounds;   // start, limit and delta come first in a For
  const size_t numState; // the loop variables, then the tf.Variables carried
  const int body;
  const std::vector<int> bodyArgs; // the induction variable (For), state
  const std::vector<graph::Output> bodyResults;
  std::vector<TensorType> stateTypes;
  std::vector<Kept> kept;

  int stateArg(size_t k) const { return bodyArgs[(isFor ? 1 : 0) + k]; }
};

/// The regions nested in region `r`'s nodes, at any depth.
void nestedRegions(const graph::Graph &g, int r, std::vector<int> &out) {
  for (int id : g.regions[r].nodes)
    for (int sub : g.nodes[id].regions) {
      out.push_back(sub);
      nestedRegions(g, sub, out);
    }
}

/// Whether the body uses state argument `arg` only as the buffer that
/// TensorArray writes (TensorListSetItem) write to, directly or through
/// earlier writes, and yields: the gradient then needs its shape only.
/// Any other use, or one inside a nested region, needs its value.
bool onlyWritten(const graph::Graph &g, int body, int arg) {
  std::set<int> buffers{arg};
  for (int id : g.regions[body].nodes) {
    const graph::Node &n = g.nodes[id];
    for (size_t j = 0; j < n.inputs.size(); ++j) {
      if (!buffers.count(n.inputs[j].node))
        continue;
      if (n.op != "TensorListSetItem" || j != 0)
        return false;
      buffers.insert(id);
    }
  }
  std::vector<int> nested;
  nestedRegions(g, body, nested);
  for (int r : nested) {
    for (graph::Output o : g.regions[r].results)
      if (buffers.count(o.node))
        return false;
    for (int id : g.regions[r].nodes)
      for (graph::Output o : g.nodes[id].inputs)
        if (buffers.count(o.node))
          return false;
  }
  return true;
}

/// Each state's type, and what the gradient keeps of it.
void describeState(TfRuntime &rt, Loop &loop) {
  const graph::Graph &g = rt.tracing->graph;
  for (size_t k = 0; k < loop.numState; ++k) {
    const TensorType &t = g.nodes[loop.stateArg(k)].outputs[0];
    if (t.unknownRank)
      rt.raise("UnimplementedError",
               "kiln differentiates a staged loop only when the ranks of its "
               "loop variables are known");
    loop.stateTypes.push_back(t);
    Kept kept = Kept::Value;
    if (onlyWritten(g, loop.body, loop.stateArg(k)))
      kept = t.isStatic() ? Kept::None : Kept::Shape;
    loop.kept.push_back(kept);
  }
}

/// The rows of state k's stack: the state, or its shape.
TensorType stackRow(const Loop &loop, size_t k) {
  if (loop.kept[k] == Kept::Shape)
    return {DType::Int32, {int64_t(loop.stateTypes[k].shape.size())}};
  return loop.stateTypes[k];
}

TensorType stackType(const Loop &loop, size_t k) {
  TensorType t = stackRow(loop, k);
  t.shape.insert(t.shape.begin(), -1);
  return t;
}

/// Step 1: the loop again, stacking what the gradient keeps of the state
/// entering each iteration, and counting the iterations. Returns the count,
/// then each state's stack (None where nothing is kept). The loop is built
/// once per forward loop and reused by the gradients that can see it (a
/// jacobian's rows, a persistent tape's gradients).
ValueList stackingLoop(TfRuntime &rt, const Loop &loop, int forwardId) {
  graph::Graph &g = rt.tracing->graph;
  auto outputs = [&](int id) {
    ValueList out{rt.symbolic({id, static_cast<int>(loop.numState)})};
    int at = static_cast<int>(loop.numState) + 1;
    for (size_t k = 0; k < loop.numState; ++k)
      out.push_back(loop.kept[k] == Kept::None ? Value()
                                               : rt.symbolic({id, at++}));
    return out;
  };
  // A tape recording now must record the loop it differentiates through:
  // then it is built anew.
  const bool share = !anyTapeRecording(rt);
  auto cached = rt.tracing->loopStacks.find(forwardId);
  if (share && cached != rt.tracing->loopStacks.end() &&
      g.visible(g.nodes[cached->second].region))
    return outputs(cached->second);
  std::vector<size_t> stacked; // the states with a stack
  for (size_t k = 0; k < loop.numState; ++k)
    if (loop.kept[k] != Kept::None)
      stacked.push_back(k);
  graph::Node node;
  node.op = loop.forward.op;
  node.name = g.uniqueName("gradients/while_stack");
  node.inputs = loop.forward.inputs;
  node.inputs.push_back(rt.graphOutput(int32Scalar(rt, 0)));
  for (size_t k : stacked) {
    // Rows whose sizes are known at run time only take the initial
    // state's (TensorListSetItem checks that each iteration keeps them).
    ValueList reserve{int32Scalar(rt, 0)};
    if (!stackRow(loop, k).isStatic())
      reserve.push_back(
          shapeOf(rt, rt.symbolic(loop.forward.inputs[loop.bounds + k])));
    node.inputs.push_back(
        rt.graphOutput(rt.apply("TensorListReserve", reserve,
                                {{"element_dtype", stackRow(loop, k).dtype}},
                                stackType(loop, k), "TensorListReserve")));
  }
  // A region cloned from `old`, whose first `skip` arguments come before
  // the state: arguments for the state, the count and the stacks.
  struct Region {
    int id;
    Remap m;
    ValueList state, stacks;
    Value count;
  };
  auto region = [&](int old, size_t skip) {
    Region r;
    r.id = g.beginRegion();
    node.regions.push_back(r.id);
    const std::vector<int> oldArgs = g.regions[old].args;
    for (size_t k = 0; k < skip; ++k)
      r.m.args[oldArgs[k]] = g.addRegionArg(g.nodes[oldArgs[k]].outputs[0]);
    for (size_t k = 0; k < loop.numState; ++k) {
      graph::Output a = g.addRegionArg(loop.stateTypes[k]);
      r.m.args[oldArgs[skip + k]] = a;
      r.state.push_back(rt.symbolic(a));
    }
    r.count = rt.symbolic(g.addRegionArg(TensorType{DType::Int32, {}}));
    for (size_t k : stacked)
      r.stacks.push_back(rt.symbolic(g.addRegionArg(stackType(loop, k))));
    watchLoopState(rt, r.state);
    watchLoopState(rt, r.stacks);
    cloneRecorded(rt, old, r.m);
    return r;
  };
  if (!loop.isFor) {
    graph::RegionGuard keep(g);
    int cond = loop.forward.regions[0];
    Region r = region(cond, 0);
    g.regions[r.id].results.push_back(r.m(g.regions[cond].results[0]));
  }
  {
    graph::RegionGuard keep(g);
    Region r = region(loop.body, loop.isFor ? 1 : 0);
    std::vector<graph::Output> results;
    for (graph::Output o : loop.bodyResults)
      results.push_back(r.m(o));
    results.push_back(
        rt.graphOutput(binaryOp(rt, "AddV2", r.count, int32Scalar(rt, 1))));
    for (size_t j = 0; j < stacked.size(); ++j) {
      size_t k = stacked[j];
      Value row =
          loop.kept[k] == Kept::Shape ? shapeOf(rt, r.state[k]) : r.state[k];
      results.push_back(rt.graphOutput(
          rt.apply("TensorListSetItem", {r.stacks[j], r.count, row},
                   {{"grow", true}}, stackType(loop, k), "TensorListSetItem")));
    }
    g.regions[r.id].results = results;
  }
  node.outputs = loop.stateTypes;
  node.outputs.push_back(TensorType{DType::Int32, {}});
  for (size_t k : stacked)
    node.outputs.push_back(stackType(loop, k));
  node.loc = loop.forward.loc;
  int id = rt.tensor(addStaged(rt, std::move(node))[0]).out.node;
  if (share)
    rt.tracing->loopStacks[forwardId] = id;
  return outputs(id);
}

/// State k entering iteration `i`, from its stack.
Value stateAt(TfRuntime &rt, const Loop &loop, size_t k, const Value &stack,
              const Value &i) {
  const TensorType &type = loop.stateTypes[k];
  switch (loop.kept[k]) {
  case Kept::None:
    return filled(rt, type, 0);
  case Kept::Value:
    return rt.apply("GatherV2", {stack, i}, {{"axis", int64_t(0)}}, type,
                    "TensorListGetItem");
  case Kept::Shape:
    break;
  }
  // A zero buffer of the shape it had: the writes' gradients need no more.
  int64_t rank = static_cast<int64_t>(type.shape.size());
  Value shape = rt.apply("GatherV2", {stack, i}, {{"axis", int64_t(0)}},
                         stackRow(loop, k), "TensorListGetItem");
  Value rows =
      rt.apply("GatherV2", {shape, int32Scalar(rt, 0)}, {{"axis", int64_t(0)}},
               TensorType{DType::Int32, {}}, "strided_slice");
  return rt.apply("TensorListReserve", {rows, sliceAxis(rt, shape, 0, 1, rank)},
                  {{"element_dtype", type.dtype}}, type, "TensorListReserve");
}

/// For and StatelessWhile: step 1 (stackingLoop), then step 2, a For over
/// the iterations in reverse that recomputes each from its stacked state
/// and differentiates it. It carries the gradient of each differentiable
/// loop variable, and the sums of the gradients of the entry's inputs and
/// variables.
ValueList loopGradient(TfRuntime &rt, const std::vector<TapeEntry> &tape,
                       const TapeEntry &e, const ValueList &grads) {
  graph::Graph &g = rt.tracing->graph;
  Loop loop(g, e.staged);
  describeState(rt, loop);
  ValueList stacks = stackingLoop(rt, loop, e.staged);
  Value iterations = stacks[0];
  stacks.erase(stacks.begin());
  // The loop variables gradients flow through: the entry's outputs are
  // the loop variables (the tf.Variables carried after them get their
  // gradients through their reads).
  std::vector<size_t> diff;
  for (size_t k = 0; k < e.outputs.size(); ++k)
    if (isFloating(loop.stateTypes[k].dtype))
      diff.push_back(k);
  const size_t numSources = e.inputs.size() + e.variables.size();
  graph::Node node;
  node.op = "For";
  node.name = g.uniqueName("gradients/while_grad");
  for (const Value &v : {binaryOp(rt, "Sub", iterations, int32Scalar(rt, 1)),
                         int32Scalar(rt, -1), int32Scalar(rt, -1)})
    node.inputs.push_back(rt.graphOutput(v));
  ValueList inits;
  for (size_t k : diff)
    inits.push_back(grads[k].isNone() ? filledLike(rt, e.outputs[k], 0)
                                      : dense(rt, grads[k]));
  for (size_t k = 0; k < numSources; ++k)
    inits.push_back(zeroGradient(rt, e, k));
  for (auto &v : inits) {
    node.inputs.push_back(rt.graphOutput(v));
    node.outputs.push_back(rt.tensor(v).type);
  }
  {
    graph::RegionGuard keep(g);
    int region = g.beginRegion();
    node.regions.push_back(region);
    Value i = rt.symbolic(g.addRegionArg(TensorType{DType::Int32, {}}));
    ValueList carried;
    for (auto &t : node.outputs)
      carried.push_back(rt.symbolic(g.addRegionArg(t)));
    watchLoopState(rt, carried);
    Remap m;
    if (loop.isFor) {
      // The induction variable: start + i * delta.
      Value start = rt.symbolic(loop.forward.inputs[0]);
      Value delta = rt.symbolic(loop.forward.inputs[2]);
      Value iv = binaryOp(
          rt, "AddV2", start,
          binaryOp(rt, "Mul", cast(rt, i, rt.tensor(start).type.dtype), delta));
      m.args[loop.bodyArgs[0]] = rt.graphOutput(iv);
    }
    ValueList state;
    for (size_t k = 0; k < loop.numState; ++k) {
      state.push_back(stateAt(rt, loop, k, stacks[k], i));
      m.args[loop.stateArg(k)] = rt.graphOutput(state.back());
    }
    cloneRecorded(rt, loop.body, m);
    ValueList targets, seeds, sources;
    for (size_t j = 0; j < diff.size(); ++j) {
      targets.push_back(rt.symbolic(m(loop.bodyResults[diff[j]])));
      seeds.push_back(carried[j]);
      sources.push_back(state[diff[j]]);
    }
    sources.insert(sources.end(), e.inputs.begin(), e.inputs.end());
    ValueList got = backpropEntries(rt, entriesWithin(rt, tape, loop.body, m),
                                    targets, seeds, sources, e.variables);
    std::vector<graph::Output> results;
    for (size_t j = 0; j < diff.size(); ++j)
      results.push_back(rt.graphOutput(got[j].isNone()
                                           ? filledLike(rt, state[diff[j]], 0)
                                           : dense(rt, got[j])));
    for (size_t k = 0; k < numSources; ++k) {
      const Value &sum = carried[diff.size() + k];
      const Value &grad = got[diff.size() + k];
      results.push_back(rt.graphOutput(
          grad.isNone() ? sum : binaryOp(rt, "AddV2", sum, dense(rt, grad))));
    }
    g.regions[region].results = results;
  }
  node.loc = loop.forward.loc;
  ValueList out = addStaged(rt, std::move(node));
  // An input that is also a loop variable's initial value gets that
  // variable's gradient too.
  ValueList result(out.begin() + diff.size(), out.end());
  for (size_t j = 0; j < diff.size(); ++j) {
    graph::Output init = loop.forward.inputs[loop.bounds + diff[j]];
    for (size_t k = 0; k < e.inputs.size(); ++k) {
      const TensorObject &o = rt.tensor(e.inputs[k]);
      if (o.symbolic() && o.out.node == init.node && o.out.index == init.index)
        result[k] = binaryOp(rt, "AddV2", out[j], result[k]);
    }
  }
  return result;
}

} // namespace

std::set<int> nodesWithin(const graph::Graph &g, int node) {
  std::set<int> out;
  for (int r : g.nodes[node].regions)
    addWithin(g, r, out);
  return out;
}

ValueList stagedGradient(TfRuntime &rt, const std::vector<TapeEntry> &tape,
                         const TapeEntry &e, const ValueList &grads) {
  if (e.op == "StatelessIf")
    return ifGradient(rt, tape, e, grads);
  return loopGradient(rt, tape, e, grads);
}

} // namespace kiln::tf
