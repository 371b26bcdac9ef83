// tf.switch_case and tf.case: a choice among callables. Eagerly the chosen
// one is called; while tracing on tensors the choice is a chain of
// tf.conds, each branch traced once as TensorFlow traces them (its Case
// and If ops compute the same values).
#include "ControlDeps.h"
#include "Staging.h"
#include "TfModuleBuilder.h"
#include "TfOps.h"

#include <algorithm>

namespace kiln::tf {

using py::Type;

namespace {

/// tf.cond(pred, then, otherwise) through the tensorflow module (staged
/// when pred is a graph tensor).
Value cond(Interpreter &in, const Value &pred, const Value &then,
           const Value &otherwise) {
  Value condFn = in.getAttr(in.importModule("tensorflow"), "cond");
  return in.call(condFn, ValueList{pred, then, otherwise});
}

/// `branches[k]` when `preds[k]` holds, the first that does, else
/// `fallback`: nested conds built from the last branch up. `branchScope`:
/// the exact name scope of every branch's ops (tf.switch_case's one Case
/// op), else each cond's own.
Value chain(TfRuntime &rt, const ValueList &preds, const ValueList &branches,
            const Value &fallback, const std::string &branchScope = "") {
  Interpreter &in = rt.in;
  TfRuntime *r = &rt;
  Value rest = fallback;
  for (size_t k = preds.size(); k-- > 0;) {
    Value pred = preds[k], then = branches[k], otherwise = rest;
    rest = in.builtin("case_branch", [r, pred, then, otherwise, branchScope](
                                         Interpreter &in, CallArgs &) {
      if (!branchScope.empty() && r->isTensor(pred) &&
          r->tensor(pred).symbolic())
        return stageCond(*r, pred, then, otherwise, branchScope);
      return cond(in, pred, then, otherwise);
    });
  }
  return in.call(rest, ValueList{});
}

} // namespace

void installCase(TfRuntime &rt, ModuleBuilder &tf) {
  TfRuntime *r = &rt;
  tf.def("switch_case", [r](Interpreter &in, CallArgs &args) {
    Params p(in, args, "switch_case",
             {"branch_index", "branch_fns", "default", "name"});
    Value index = p.require("branch_index", "switch_case");
    if (!r->isTensor(index))
      in.typeError("'branch_index' must be a Tensor, got " +
                   in.repr(in.typeOf(index)
                               ? Value::object(Type::Class, in.typeOf(index))
                               : Value()));
    DType indexType = r->tensor(index).type.dtype;
    if (!isInteger(indexType))
      in.typeError("'branch_index' must be an integer Tensor, got <dtype: '" +
                   std::string(py::dtypeName(indexType)) + "'>");
    Value fns = p.require("branch_fns", "switch_case");
    // (key, fn) pairs: a list of callables is keyed 0, 1, ...; a dict or a
    // list of pairs by its keys.
    std::vector<std::pair<int64_t, Value>> pairs;
    if (fns.is(Type::Dict)) {
      for (auto &key : in.toList(fns))
        pairs.emplace_back(in.toIndex(key), in.getItem(fns, key));
    } else {
      ValueList items = in.toList(fns);
      for (size_t k = 0; k < items.size(); ++k) {
        if (items[k].is(Type::Tuple) || items[k].is(Type::List)) {
          ValueList pair = in.toList(items[k]);
          if (pair.size() != 2)
            in.typeError("branch_fns must be a list of callables or of "
                         "(int, callable) pairs");
          pairs.emplace_back(in.toIndex(pair[0]), pair[1]);
        } else {
          pairs.emplace_back(static_cast<int64_t>(k), items[k]);
        }
      }
    }
    if (pairs.empty())
      in.valueError("Must provide at least one item in branch_fns");
    std::sort(pairs.begin(), pairs.end(),
              [](const auto &a, const auto &b) { return a.first < b.first; });
    for (size_t k = 0; k < pairs.size(); ++k) {
      if (pairs[k].first == static_cast<int64_t>(k))
        continue;
      std::string found;
      for (auto &pair : pairs)
        found += (found.empty() ? "" : ",") + std::to_string(pair.first);
      in.valueError("branch indices (keys) must form contiguous range of [0 "
                    "to " +
                    std::to_string(pairs.size()) + ") but found {" + found +
                    "}");
    }
    // An index outside the keys takes the default: the last branch unless
    // given.
    Value fallback = p.has("default") ? p.get("default") : pairs.back().second;
    if (!(r->isTensor(index) && r->tensor(index).symbolic())) {
      int64_t i = r->isTensor(index) ? r->constantValue(index)->elementAsInt(0)
                                     : in.toIndex(index);
      for (auto &[key, fn] : pairs)
        if (key == i)
          return in.call(fn, ValueList{});
      return in.call(fallback, ValueList{});
    }
    // TensorFlow's one Case op, switch_case/indexed_case: the branches'
    // ops are named in its scope.
    ApiNameScope scope(*r, p.get("name"), "switch_case");
    std::string caseScope = scope.scopeName() + "/indexed_case";
    // Without a default the last branch is it, traced once.
    if (!p.has("default"))
      pairs.pop_back();
    // The branches as TensorFlow traces them, in order: an Operation they
    // return becomes the branch index (cond_v2's op_return_value), and
    // each must return what branches[0] does.
    auto first = std::make_shared<Value>();
    auto traced = [r, index, first, caseScope](const Value &fn, size_t k) {
      return r->in.builtin("switch_case_branch", [=](Interpreter &in,
                                                     CallArgs &) {
        Value result = replaceOperations(*r, in.call(fn, ValueList{}), index);
        if (k == 0)
          *first = result;
        else
          checkSameBranchOutputs(*r, *first, result, caseScope, "branches[0]",
                                 "branches[" + std::to_string(k) + "]",
                                 "tf.switch_case");
        return result;
      });
    };
    ValueList preds, branches;
    for (auto &[key, fn] : pairs) {
      preds.push_back(binaryOp(
          *r, "Equal", index,
          r->toTensor(Value::integer(key), r->tensor(index).type.dtype)));
      branches.push_back(traced(fn, branches.size()));
    }
    graph::Graph &g = r->tracing->graph;
    size_t before = g.nodes.size();
    Value out = chain(*r, preds, branches, traced(fallback, branches.size()),
                      caseScope + "/");
    // The Case op takes an int32 index; TensorFlow makes it, and finds
    // that out, once the branches are traced. (Its random ops do not make
    // it a stateful Case.)
    if (indexType != DType::Int32) {
      bool stateful = false;
      for (size_t i = before; i < g.nodes.size(); ++i)
        stateful |= g.nodes[i].op == "PrintV2" || g.nodes[i].op == "Assert" ||
                    g.nodes[i].op == "ReadVariableOp" ||
                    graph::isVariableWrite(g.nodes[i].op);
      in.typeError(std::string("Input 'branch_index' of '") +
                   (stateful ? "Case" : "StatelessCase") + "' Op has type " +
                   py::dtypeName(indexType) +
                   " that does not match expected type of int32.");
    }
    return out;
  });
  tf.def("case", [r](Interpreter &in, CallArgs &args) {
    Params p(in, args, "case",
             {"pred_fn_pairs", "default", "exclusive", "strict", "name"});
    ValueList pairs = in.toList(p.require("pred_fn_pairs", "case"));
    if (pairs.empty())
      in.valueError("pred_fn_pairs should not be empty");
    ValueList preds, branches;
    for (auto &pair : pairs) {
      ValueList two = in.toList(pair);
      if (two.size() != 2)
        in.typeError("Each entry in pred_fn_pairs must be a 2-tuple");
      preds.push_back(two[0]);
      branches.push_back(two[1]);
    }
    // TensorFlow's ops in its name scope ("case/cond/...").
    ApiNameScope scope(*r, p.get("name"), "case");
    // tf.debugging.Assert(condition, data) through the tensorflow module:
    // the names of its op, for what must wait for it.
    auto assertThat = [r, &in](const Value &condition, ValueList data) {
      Value debugging = in.getAttr(in.importModule("tensorflow"), "debugging");
      std::vector<std::string> names;
      controlNames(*r,
                   in.call(in.getAttr(debugging, "Assert"),
                           ValueList{condition, in.list(std::move(data))}),
                   names);
      return names;
    };
    auto stacked = [&in](const ValueList &values) {
      CallArgs stack;
      stack.positional = {in.list(values)};
      return in.call(in.getAttr(in.importModule("tensorflow"), "stack"), stack);
    };
    // At most `n` of `preds` hold (TensorFlow's _assert_at_most_n_true).
    auto atMost = [r, &in, assertThat, stacked](const ValueList &preds,
                                                int64_t n,
                                                const std::string &what) {
      std::string names;
      for (auto &pred : preds)
        names += (names.empty() ? "" : ", ") +
                 (r->isTensor(pred) && r->tensor(pred).symbolic()
                      ? in.toStr(in.getAttr(pred, "name"))
                      : std::string("?"));
      Value predsStacked = stacked(preds);
      Value count = reduce(*r, "Sum", cast(*r, predsStacked, DType::Int32),
                           Value(), false);
      return assertThat(
          binaryOp(*r, "LessEqual", count, Value::integer(n)),
          {in.str(what + ": more than " + std::to_string(n) + " conditions (" +
                  names + ") evaluated as True:"),
           predsStacked});
    };
    ValueList allPreds = preds;
    // Without a default the last pair's function is it, when its
    // predicate holds: it waits for an assertion that fails when none
    // does (and for one that no other holds, which the chain of conds
    // makes sure of). TensorFlow makes it first, so exclusive=True does
    // not count its predicate.
    Value fallback;
    if (p.has("default")) {
      fallback = p.get("default");
    } else {
      Value lastPred = preds.back(), lastFn = branches.back();
      preds.pop_back();
      branches.pop_back();
      std::string others = "Implementation error: selected default action #" +
                           std::to_string(preds.size()) +
                           " was called, but some of other predicates are "
                           "True: ";
      ValueList otherPreds = preds;
      fallback =
          in.builtin("case_default", [r, lastPred, lastFn, allPreds, otherPreds,
                                      others, atMost, assertThat,
                                      stacked](Interpreter &in, CallArgs &) {
            std::vector<std::string> waits;
            if (!otherPreds.empty())
              waits = atMost(otherPreds, 0, others);
            else if (r->tracing) // (its Assert's name is taken all the same)
              r->tracing->graph.uniqueName("Assert");
            std::vector<std::string> none = assertThat(
                lastPred,
                {in.str("Input error: None of conditions evaluated as True:"),
                 stacked(allPreds)});
            waits.insert(waits.end(), none.begin(), none.end());
            ControlDependencies after(*r, waits);
            return in.call(lastFn, ValueList{});
          });
    }
    // exclusive=True: at most one of the predicates left beside the
    // default may hold, checked before any branch runs.
    std::vector<std::string> exclusive;
    if (p.has("exclusive") && in.truthy(p.get("exclusive")) && !preds.empty())
      exclusive = atMost(preds, 1, "Input error: exclusive=True");
    ControlDependencies afterExclusive(*r, exclusive);
    bool symbolic = false;
    for (auto &pred : preds)
      symbolic |= r->isTensor(pred) && r->tensor(pred).symbolic();
    if (!symbolic) {
      for (size_t k = 0; k < preds.size(); ++k)
        if (in.truthy(preds[k]))
          return in.call(branches[k], ValueList{});
      return in.call(fallback, ValueList{});
    }
    return chain(*r, preds, branches, fallback);
  });
}

} // namespace kiln::tf
