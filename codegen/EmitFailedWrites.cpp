// What a failing call keeps. TensorFlow runs a function's ops as their
// inputs become ready and has no transaction: when an op fails (an
// assertion, an index out of range), the ops that did not need it still
// ran, variable writes included, and the ops after it did not. Writes to
// one variable run in program order, so the variable keeps its value after
// the last write that ran. A loop stops at the iteration that failed; its
// writes before the failing op, and those that did not need it, stay.
//
// Compiled code goes on after a failed check (zeros stand in for the
// failed op's result) and the host remembers every check that failed
// (kiln_host_failed_in): after the first, those the remaining ops hold can
// fail too. So each variable's value is chosen where it leaves a region:
// at a loop's or a branch's yield and at the function's results, it is the
// newest version whose write needed none of the failed checks. Which
// checks each write needs is known here, when the graph is emitted: the
// checks of the nodes it reads, directly or not.
#include "CallAttrs.h"
#include "Emitter.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

#include <algorithm>

namespace kiln {

bool Emitter::inRegion(int node, int r) const {
  if (r < 0)
    return true;
  for (int at = g.nodes[node].region; at >= 0; at = g.regions[at].parent)
    if (at == r)
      return true;
  return false;
}

bool Emitter::holdsWrites(int id) {
  if (holdsWrites_.empty()) {
    holdsWrites_.assign(g.nodes.size(), 0);
    for (size_t i = 0; i < g.nodes.size(); ++i) {
      if (!live[i] || !graph::isVariableWrite(g.nodes[i].op))
        continue;
      for (int r = g.nodes[i].region; r >= 0; r = g.regions[r].parent)
        if (regionOwners[r] >= 0)
          holdsWrites_[regionOwners[r]] = 1;
    }
  }
  return holdsWrites_[id];
}

std::string variableScatterKernel(const graph::Node &n) {
  std::string kernel = n.errorName.substr(n.errorName.rfind('/') + 1);
  return kernel.rfind("ResourceScatter", 0) == 0 ? kernel : "";
}

/// A variable's scatter, whose kernel updates the variable in place: when
/// an index is bad, the updates it made stay written.
static bool writesInPlace(const graph::Node &n) {
  return !variableScatterKernel(n).empty();
}

const std::vector<int64_t> &Emitter::failuresBefore(int id, bool start) {
  const graph::Node &n = g.nodes[id];
  const bool partial = graph::isVariableWrite(n.op) && n.inputs.size() > 1 &&
                       n.inputs[1].node >= 0 &&
                       writesInPlace(g.nodes[n.inputs[1].node]);
  start = start && (!n.regions.empty() || partial);
  int64_t memo = start ? -1 - id : id;
  auto found = failures_.find(memo);
  if (found != failures_.end())
    return found->second;
  std::vector<char> seen(g.nodes.size(), 0);
  std::vector<int> stack;
  std::vector<int64_t> specs;
  auto waitFor = [&](const std::string &control) {
    auto &covered = controlled_[control];
    if (covered.empty()) // found once per name: the nodes it covers
      for (size_t f = 0; f < g.nodes.size(); ++f)
        if (graph::controlCovers(control, g.nodes[f].name))
          covered.push_back(static_cast<int>(f));
    stack.insert(stack.end(), covered.begin(), covered.end());
  };
  auto reads = [&](const graph::Node &x) {
    const int64_t at = &x - g.nodes.data();
    for (const graph::Output &in : x.inputs) {
      if (in.node < 0)
        continue;
      stack.push_back(in.node);
      // An inlined call's result, read from outside the callee: all of
      // the callee has to have run.
      const graph::Node &from = g.nodes[in.node];
      auto done = from.attrs.find(graph::kCallDone);
      auto range = from.attrs.find(graph::kCallNodes);
      if (done == from.attrs.end() || range == from.attrs.end())
        continue;
      const auto &nodes = std::get<std::vector<int64_t>>(range->second);
      if (nodes.size() == 2 && (at < nodes[0] || at >= nodes[1]))
        for (const std::string &name :
             std::get<std::vector<std::string>>(done->second))
          waitFor(name);
    }
    for (const std::string &control : x.controlInputs)
      waitFor(control);
  };
  if (start && partial) {
    // The write of what a scatter left needs what the scatter reads, not
    // the scatter's success.
    const int scatter = n.inputs[1].node;
    specs = specsOf[id];
    reads(n);
    stack.erase(std::remove(stack.begin(), stack.end(), scatter), stack.end());
    reads(g.nodes[scatter]);
  } else if (start) {
    // What the control flow reads: its inputs, and the values of the
    // regions around it that the nodes inside read.
    reads(n);
    std::vector<int> inner;
    for (int r : n.regions)
      inner.insert(inner.end(), g.regions[r].nodes.begin(),
                   g.regions[r].nodes.end());
    for (size_t i = 0; i < inner.size(); ++i) {
      const graph::Node &x = g.nodes[inner[i]];
      size_t before = stack.size();
      reads(x);
      stack.erase(std::remove_if(stack.begin() + before, stack.end(),
                                 [&](int s) {
                                   return std::any_of(
                                       n.regions.begin(), n.regions.end(),
                                       [&](int r) { return inRegion(s, r); });
                                 }),
                  stack.end());
      for (int r : x.regions)
        inner.insert(inner.end(), g.regions[r].nodes.begin(),
                     g.regions[r].nodes.end());
    }
  } else {
    stack.push_back(id);
  }
  while (!stack.empty()) {
    int x = stack.back();
    stack.pop_back();
    if (seen[x])
      continue;
    seen[x] = 1;
    specs.insert(specs.end(), specsOf[x].begin(), specsOf[x].end());
    reads(g.nodes[x]);
    for (int r : g.nodes[x].regions)
      stack.insert(stack.end(), g.regions[r].nodes.begin(),
                   g.regions[r].nodes.end());
  }
  std::sort(specs.begin(), specs.end());
  specs.erase(std::unique(specs.begin(), specs.end()), specs.end());
  return failures_[memo] = std::move(specs);
}

std::optional<graph::Output> Emitter::priorVersion(graph::Output o) {
  const graph::Node &n = g.nodes[o.node];
  if (graph::isVariableWrite(n.op) && !n.inputs.empty())
    return n.inputs[0];
  if (n.op == "StatelessWhile" &&
      static_cast<size_t>(o.index) < n.inputs.size())
    return n.inputs[o.index];
  if (n.op == "For" && static_cast<size_t>(o.index) + 3 < n.inputs.size())
    return n.inputs[o.index + 3];
  if (n.op != "StatelessIf")
    return std::nullopt;
  // A branch's result, followed back through its writes to the value
  // from before the If.
  for (int r : n.regions) {
    const graph::Region &branch = g.regions[r];
    if (static_cast<size_t>(o.index) >= branch.results.size())
      return std::nullopt;
    graph::Output x = branch.results[o.index];
    while (x.node >= 0 && inRegion(x.node, r)) {
      std::optional<graph::Output> prior = priorVersion(x);
      if (!prior)
        break;
      x = *prior;
    }
    if (x.node >= 0 && !inRegion(x.node, r))
      return x;
  }
  return std::nullopt;
}

Value Emitter::failedIn(Location loc, ArrayRef<int64_t> specs) {
  auto i64 = b.getI64Type();
  auto ask =
      declare("kiln_host_failed_in", b.getFunctionType({i64, i64}, {i64}));
  Value any = b.create<arith::ConstantIntOp>(loc, 0, 1);
  Value zero = b.create<arith::ConstantIntOp>(loc, 0, i64);
  // One question per run of consecutive indices (a loop's checks are).
  for (size_t i = 0; i < specs.size();) {
    size_t j = i + 1;
    while (j < specs.size() && specs[j] == specs[j - 1] + 1)
      ++j;
    Value failed =
        b.create<func::CallOp>(
             loc, ask, TypeRange{i64},
             ValueRange{b.create<arith::ConstantIntOp>(loc, specs[i], i64),
                        b.create<arith::ConstantIntOp>(loc, specs[j - 1], i64)})
            .getResult(0);
    any = b.create<arith::OrIOp>(
        loc, any,
        b.create<arith::CmpIOp>(loc, arith::CmpIPredicate::ne, failed, zero));
    i = j;
  }
  return any;
}

/// Whether a value of type `from` can stand where `to` is expected.
static bool castable(Type from, Type to) {
  return tensor::CastOp::areCastCompatible(from, to);
}

Value Emitter::keptValue(Location loc, graph::Output o, int r, Value fallback,
                         Type type) {
  // The versions from the newest back, while they are written in `r`.
  std::vector<graph::Output> versions{o};
  for (;;) {
    graph::Output newest = versions.back();
    if (!inRegion(newest.node, r))
      break;
    std::optional<graph::Output> prior = priorVersion(newest);
    auto value = prior ? values.find(key(*prior)) : values.end();
    if (value == values.end() || !castable(value->second.getType(), type))
      break;
    versions.push_back(*prior);
  }
  // The oldest needs no choice when it comes from outside `r` or is an
  // argument; made by another op than a write (a random generator's next
  // state), it is `fallback`'s when that op did not run.
  const graph::Node &oldest = g.nodes[versions.back().node];
  Value kept = castTo(loc, values.at(key(versions.back())), type);
  size_t choices = versions.size() - 1;
  if (fallback && castable(fallback.getType(), type) &&
      inRegion(versions.back().node, r) && oldest.op != "Placeholder" &&
      oldest.op != "RegionArg") {
    kept = castTo(loc, fallback, type);
    choices = versions.size();
  }
  for (size_t i = choices; i-- > 0;) {
    Value v = castTo(loc, values.at(key(versions[i])), type);
    const std::vector<int64_t> &specs =
        failuresBefore(versions[i].node, /*start=*/true);
    if (specs.empty()) {
      kept = v;
      continue;
    }
    Value older = kept;
    kept = choose(
        loc, failedIn(loc, specs), [&](Location) { return older; },
        [&](Location) { return v; });
  }
  return kept;
}

void Emitter::keepWrites(Location loc, int r, SmallVector<Value> &results,
                         size_t first) {
  const graph::Region &region = g.regions[r];
  for (size_t k = 0; k < region.results.size(); ++k) {
    Value &v = results[first + k];
    // A value no write made passes as it is (a loop's counter).
    if (!priorVersion(region.results[k]))
      continue;
    v = keptValue(loc, region.results[k], r, nullptr, v.getType());
  }
}

/// An scf.while doing what scf.for `loop` did, in its place.
static scf::WhileOp whileOf(OpBuilder &b, scf::ForOp loop) {
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPoint(loop);
  Location loc = loop.getLoc();
  SmallVector<Value> inits{loop.getLowerBound()};
  inits.append(loop.getInitArgs().begin(), loop.getInitArgs().end());
  SmallVector<Type> types;
  for (Value v : inits)
    types.push_back(v.getType());
  SmallVector<Location> locs(types.size(), loc);
  auto w = b.create<scf::WhileOp>(loc, types, inits);
  Block *before = b.createBlock(&w.getBefore(), {}, types, locs);
  Value more =
      b.create<arith::CmpIOp>(loc, arith::CmpIPredicate::slt,
                              before->getArgument(0), loop.getUpperBound());
  b.create<scf::ConditionOp>(loc, more, before->getArguments());
  // The body moves over: the iteration count is the loop's first value.
  Block *after = b.createBlock(&w.getAfter(), {}, types, locs);
  Block *body = loop.getBody();
  for (unsigned i = 0; i < body->getNumArguments(); ++i)
    body->getArgument(i).replaceAllUsesWith(after->getArgument(i));
  after->getOperations().splice(after->end(), body->getOperations());
  auto yield = cast<scf::YieldOp>(after->getTerminator());
  b.setInsertionPoint(yield);
  SmallVector<Value> next{
      b.create<arith::AddIOp>(loc, after->getArgument(0), loop.getStep())};
  next.append(yield.getOperands().begin(), yield.getOperands().end());
  b.create<scf::YieldOp>(yield.getLoc(), next);
  yield.erase();
  loop.replaceAllUsesWith(w.getResults().drop_front());
  loop.erase();
  return w;
}

Operation *Emitter::stopOnFailure(Operation *op, int id) {
  // Every check inside the loop, and those the loop depends on.
  std::vector<int64_t> specs = failuresBefore(id, /*start=*/true);
  for (size_t i = 0; i < g.nodes.size(); ++i)
    if (g.nodes[i].region >= 0 &&
        std::any_of(g.nodes[id].regions.begin(), g.nodes[id].regions.end(),
                    [&](int r) { return inRegion(static_cast<int>(i), r); }))
      specs.insert(specs.end(), specsOf[i].begin(), specsOf[i].end());
  if (specs.empty())
    return op;
  std::sort(specs.begin(), specs.end());
  specs.erase(std::unique(specs.begin(), specs.end()), specs.end());
  auto loop = isa<scf::ForOp>(op) ? whileOf(b, cast<scf::ForOp>(op))
                                  : cast<scf::WhileOp>(op);
  scf::ConditionOp condition = loop.getConditionOp();
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPoint(condition);
  Location loc = condition.getLoc();
  Value failed = failedIn(loc, specs);
  Value go = b.create<arith::AndIOp>(
      loc, condition.getCondition(),
      b.create<arith::XOrIOp>(loc, failed,
                              b.create<arith::ConstantIntOp>(loc, 1, 1)));
  condition.getConditionMutable().assign(go);
  return loop;
}

} // namespace kiln
