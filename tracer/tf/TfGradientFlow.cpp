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
// stacks' rows have one shape).
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

/// Restores the graph's current region.
struct CurrentRegion {
  explicit CurrentRegion(graph::Graph &g) : g(g), saved(g.current) {}
  ~CurrentRegion() { g.current = saved; }
  graph::Graph &g;
  int saved;
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
      CurrentRegion keep(g);
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
  if (a.unknownRank || b.unknownRank || a.shape.size() != b.shape.size())
    rt.raise("UnimplementedError",
             "kiln cannot merge gradients of ranks " +
                 std::to_string(a.shape.size()) + " and " +
                 std::to_string(b.shape.size()) + " from a staged if");
  TensorType t = a;
  for (size_t i = 0; i < t.shape.size(); ++i)
    if (a.shape[i] != b.shape[i])
      t.shape[i] = -1;
  return t;
}

ValueList nodeOutputs(TfRuntime &rt, int id) {
  ValueList out;
  for (size_t i = 0; i < rt.tracing->graph.nodes[id].outputs.size(); ++i)
    out.push_back(rt.symbolic({id, static_cast<int>(i)}));
  return out;
}

/// StatelessIf: an If on the same predicate whose branches recompute the
/// forward branch and differentiate it.
ValueList ifGradient(TfRuntime &rt, const std::vector<TapeEntry> &tape,
                     const TapeEntry &e, const ValueList &grads) {
  graph::Graph &g = rt.tracing->graph;
  const graph::Node forward = g.nodes[e.staged];
  size_t n = e.inputs.size() + e.variables.size();
  std::vector<int> regions;
  std::vector<std::vector<TensorType>> types;
  for (int branch : forward.regions) {
    CurrentRegion keep(g);
    regions.push_back(g.beginRegion());
    Remap m;
    cloneNodes(g, branch, m);
    ValueList targets, seeds;
    for (size_t j = 0; j < e.outputs.size(); ++j)
      if (!grads[j].isNone()) {
        targets.push_back(rt.symbolic(m(g.regions[branch].results[j])));
        seeds.push_back(dense(rt, grads[j]));
      }
    ValueList got = backpropEntries(rt, entriesWithin(rt, tape, branch, m),
                                    targets, seeds, e.inputs, e.variables);
    types.emplace_back();
    for (size_t k = 0; k < n; ++k) {
      Value grad = got[k].isNone() ? zeroGradient(rt, e, k) : dense(rt, got[k]);
      g.regions[regions.back()].results.push_back(rt.graphOutput(grad));
      types.back().push_back(rt.tensor(grad).type);
    }
  }
  graph::Node node;
  node.op = "StatelessIf";
  node.name = g.uniqueName("gradients/cond_grad");
  node.inputs = {forward.inputs[0]};
  node.regions = regions;
  for (size_t k = 0; k < n; ++k)
    node.outputs.push_back(relaxed(rt, types[0][k], types[1][k]));
  node.loc = forward.loc;
  return nodeOutputs(rt, g.add(std::move(node)));
}

Value int32Scalar(TfRuntime &rt, int64_t v) {
  return rt.toTensor(Value::integer(v), DType::Int32);
}

/// For and StatelessWhile.
ValueList loopGradient(TfRuntime &rt, const std::vector<TapeEntry> &tape,
                       const TapeEntry &e, const ValueList &grads) {
  graph::Graph &g = rt.tracing->graph;
  const graph::Node forward = g.nodes[e.staged];
  const bool isFor = forward.op == "For";
  const size_t bounds = isFor ? 3 : 0;
  const size_t numState = forward.inputs.size() - bounds;
  const int body = forward.regions.back();
  const std::vector<int> bodyArgs = g.regions[body].args;
  const std::vector<graph::Output> bodyResults = g.regions[body].results;
  // The state: the loop variables, then the tf.Variables the loop carries.
  std::vector<TensorType> stateTypes;
  for (size_t k = 0; k < numState; ++k) {
    const TensorType &t = g.nodes[bodyArgs[(isFor ? 1 : 0) + k]].outputs[0];
    if (t.unknownRank)
      rt.raise("UnimplementedError",
               "kiln differentiates a staged loop only when the ranks of its "
               "loop variables are known");
    stateTypes.push_back(t);
  }
  auto bufferType = [&](size_t k) {
    TensorType t = stateTypes[k];
    t.shape.insert(t.shape.begin(), -1);
    return t;
  };

  // 1. The loop again, stacking the state entering each iteration.
  ValueList stacks, recomputed;
  Value iterations;
  {
    graph::Node loop;
    loop.op = forward.op;
    loop.name = g.uniqueName("gradients/while_stack");
    loop.inputs = forward.inputs;
    loop.inputs.push_back(rt.graphOutput(int32Scalar(rt, 0)));
    for (size_t k = 0; k < numState; ++k) {
      // A row's sizes known at run time only are the initial state's (the
      // stacking checks that each iteration keeps them).
      ValueList reserve{int32Scalar(rt, 0)};
      if (!stateTypes[k].isStatic()) {
        Value init = rt.symbolic(forward.inputs[bounds + k]);
        reserve.push_back(rt.apply(
            "Shape", {init}, {{"out_type", DType::Int32}},
            TensorType{DType::Int32, {int64_t(stateTypes[k].shape.size())}},
            "Shape"));
      }
      loop.inputs.push_back(
          rt.graphOutput(rt.apply("TensorListReserve", reserve,
                                  {{"element_dtype", stateTypes[k].dtype}},
                                  bufferType(k), "TensorListReserve")));
    }
    // A region of the loop, cloned from region `old` (whose first `skip`
    // arguments precede the state): arguments for the state, then the
    // count and the stacks, the old ones mapped to the new.
    struct Opened {
      int region;
      Remap m;
      ValueList state, bufs;
      Value count;
    };
    auto open = [&](int old, size_t skip) {
      Opened o;
      o.region = g.beginRegion();
      loop.regions.push_back(o.region);
      const std::vector<int> oldArgs = g.regions[old].args;
      for (size_t k = 0; k < skip; ++k)
        o.m.args[oldArgs[k]] = g.addRegionArg(g.nodes[oldArgs[k]].outputs[0]);
      for (size_t k = 0; k < numState; ++k) {
        graph::Output a = g.addRegionArg(stateTypes[k]);
        o.m.args[oldArgs[skip + k]] = a;
        o.state.push_back(rt.symbolic(a));
      }
      o.count = rt.symbolic(g.addRegionArg(TensorType{DType::Int32, {}}));
      for (size_t k = 0; k < numState; ++k)
        o.bufs.push_back(rt.symbolic(g.addRegionArg(bufferType(k))));
      cloneNodes(g, old, o.m);
      return o;
    };
    if (!isFor) {
      CurrentRegion keep(g);
      Opened cond = open(forward.regions[0], 0);
      g.regions[cond.region].results.push_back(
          cond.m(g.regions[forward.regions[0]].results[0]));
    }
    {
      CurrentRegion keep(g);
      Opened b = open(body, isFor ? 1 : 0);
      std::vector<graph::Output> results;
      for (graph::Output o : bodyResults)
        results.push_back(b.m(o));
      results.push_back(
          rt.graphOutput(binaryOp(rt, "AddV2", b.count, int32Scalar(rt, 1))));
      for (size_t k = 0; k < numState; ++k)
        results.push_back(rt.graphOutput(
            rt.apply("TensorListSetItem", {b.bufs[k], b.count, b.state[k]},
                     {{"grow", true}}, bufferType(k), "TensorListSetItem")));
      g.regions[b.region].results = results;
    }
    loop.outputs = stateTypes;
    loop.outputs.push_back(TensorType{DType::Int32, {}});
    for (size_t k = 0; k < numState; ++k)
      loop.outputs.push_back(bufferType(k));
    loop.loc = forward.loc;
    ValueList out = nodeOutputs(rt, g.add(std::move(loop)));
    iterations = out[numState];
    stacks.assign(out.begin() + numState + 1, out.end());
  }

  // 2. The iterations in reverse, each recomputed from its stacked state
  // and differentiated. Carried: the gradient of each differentiable loop
  // variable, then the sums of the entry's inputs' and variables'.
  std::vector<size_t> diff; // the loop variables gradients flow through
  for (size_t k = 0; k < e.outputs.size(); ++k)
    if (isFloating(stateTypes[k].dtype))
      diff.push_back(k);
  const size_t numSources = e.inputs.size() + e.variables.size();
  ValueList inits;
  for (size_t k : diff)
    inits.push_back(grads[k].isNone() ? filledLike(rt, e.outputs[k], 0)
                                      : dense(rt, grads[k]));
  for (size_t k = 0; k < numSources; ++k)
    inits.push_back(zeroGradient(rt, e, k));
  graph::Node loop;
  loop.op = "For";
  loop.name = g.uniqueName("gradients/while_grad");
  for (const Value &v : {binaryOp(rt, "Sub", iterations, int32Scalar(rt, 1)),
                         int32Scalar(rt, -1), int32Scalar(rt, -1)})
    loop.inputs.push_back(rt.graphOutput(v));
  for (auto &v : inits) {
    loop.inputs.push_back(rt.graphOutput(v));
    loop.outputs.push_back(rt.tensor(v).type);
  }
  {
    CurrentRegion keep(g);
    int region = g.beginRegion();
    loop.regions.push_back(region);
    Value i = rt.symbolic(g.addRegionArg(TensorType{DType::Int32, {}}));
    ValueList carried;
    for (auto &t : loop.outputs)
      carried.push_back(rt.symbolic(g.addRegionArg(t)));
    Remap m;
    if (isFor) {
      // The induction variable: start + i * delta.
      Value start = rt.symbolic(forward.inputs[0]);
      Value delta = rt.symbolic(forward.inputs[2]);
      Value iv = binaryOp(
          rt, "AddV2", start,
          binaryOp(rt, "Mul", cast(rt, i, rt.tensor(start).type.dtype), delta));
      m.args[bodyArgs[0]] = rt.graphOutput(iv);
    }
    ValueList state;
    for (size_t k = 0; k < numState; ++k) {
      state.push_back(rt.apply("GatherV2", {stacks[k], i},
                               {{"axis", int64_t(0)}}, stateTypes[k],
                               "TensorListGetItem"));
      m.args[bodyArgs[(isFor ? 1 : 0) + k]] = rt.graphOutput(state.back());
    }
    cloneNodes(g, body, m);
    ValueList targets, seeds, sources;
    for (size_t j = 0; j < diff.size(); ++j) {
      targets.push_back(rt.symbolic(m(bodyResults[diff[j]])));
      seeds.push_back(carried[j]);
      sources.push_back(state[diff[j]]);
    }
    sources.insert(sources.end(), e.inputs.begin(), e.inputs.end());
    ValueList got = backpropEntries(rt, entriesWithin(rt, tape, body, m),
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
  loop.loc = forward.loc;
  ValueList out = nodeOutputs(rt, g.add(std::move(loop)));
  // An input that is also a loop variable's initial value gets that
  // variable's gradient too.
  ValueList result(out.begin() + diff.size(), out.end());
  for (size_t j = 0; j < diff.size(); ++j) {
    graph::Output init = forward.inputs[bounds + diff[j]];
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
  // The recomputed forward ops are not recorded: a tape that would
  // differentiate the gradient could not see through them.
  if (anyTapeRecording(rt))
    rt.raise("UnimplementedError",
             "kiln cannot take a gradient of a gradient through a staged " +
                 std::string(e.op == "StatelessIf" ? "if" : "loop") + " yet");
  if (e.op == "StatelessIf")
    return ifGradient(rt, tape, e, grads);
  return loopGradient(rt, tape, e, grads);
}

} // namespace kiln::tf
