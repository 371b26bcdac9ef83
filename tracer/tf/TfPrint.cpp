// tf.print: its arguments become one template, text pieces around tensors,
// as print_v2 builds a StringFormat template. Tensors inside lists, tuples
// and dicts are formatted in place, and dicts print with sorted keys, since
// TensorFlow packs the structure back through tf.nest.
#include "TfPrint.h"
#include "TfVariable.h"

#include "TfObjects.h"
#include "TfOps.h"

#include "Objects.h"
#include "TensorFormat.h"

#include <algorithm>

namespace kiln::tf {

using py::Type;

namespace {

/// `v` as a namedtuple (top_k's TopKV2), or null.
NamedTupleObject *asNamedTuple(const Value &v) {
  return v.is(Type::Native) ? dynamic_cast<NamedTupleObject *>(v.raw())
                            : nullptr;
}

/// Builds a TracedPrint: eager tensors are formatted at once, symbolic
/// ones become slots filled when the graph runs.
class TemplateBuilder {
public:
  TemplateBuilder(TfRuntime &rt, Interpreter &in, TracedPrint &print)
      : rt(rt), in(in), print(print) {
    print.pieces.assign(1, "");
  }

  void text(const std::string &s) { print.pieces.back() += s; }

  void tensor(const Value &v, bool quoteScalarString) {
    auto &t = rt.tensor(v);
    if (!t.symbolic()) {
      text(printedTensor(*t.value, print.summarize, quoteScalarString));
      return;
    }
    tensors.push_back(v);
    print.tensors.push_back({-1, quoteScalarString});
    print.pieces.emplace_back();
  }

  /// repr() of a nested structure, its tensors printed as tf.print does.
  void structure(const Value &v) {
    if (rt.isTensor(v))
      return tensor(v, true);
    if (asVariable(v)) // printed as its value
      return tensor(rt.toTensor(v), true);
    if (v.is(Type::List) || v.is(Type::Tuple)) {
      const ValueList &items = v.is(Type::List) ? v.as<py::ListObject>().items
                                                : v.as<py::TupleObject>().items;
      text(v.is(Type::List) ? "[" : "(");
      for (size_t i = 0; i < items.size(); ++i) {
        if (i)
          text(", ");
        structure(items[i]);
      }
      text(v.is(Type::List) ? "]" : (items.size() == 1 ? ",)" : ")"));
      return;
    }
    if (NamedTupleObject *named = asNamedTuple(v)) {
      // A namedtuple (top_k's TopKV2): its name and fields.
      text(named->name + "(");
      for (size_t i = 0; i < named->values.size(); ++i) {
        text((i ? ", " : "") + named->fields[i] + "=");
        structure(named->values[i]);
      }
      text(")");
      return;
    }
    if (v.is(Type::Dict)) {
      std::vector<const py::HashTable::Entry *> entries;
      for (auto &e : v.as<py::DictObject>().table.entries())
        if (e.live)
          entries.push_back(&e);
      // tf.nest orders a dict by its sorted keys (a TypeError for keys
      // that do not compare, as in TensorFlow).
      std::stable_sort(entries.begin(), entries.end(),
                       [&](const auto *a, const auto *b) {
                         return in.lessThan(a->key, b->key);
                       });
      text("{");
      for (size_t i = 0; i < entries.size(); ++i) {
        if (i)
          text(", ");
        text(in.repr(entries[i]->key) + ": ");
        structure(entries[i]->value);
      }
      text("}");
      return;
    }
    text(in.repr(v));
  }

  ValueList tensors; // the symbolic ones, in slot order

private:
  TfRuntime &rt;
  Interpreter &in;
  TracedPrint &print;
};

} // namespace

std::string printedTensor(const graph::HostTensor &t, int64_t summarize,
                          bool quoteScalarString) {
  if (quoteScalarString && t.type.dtype == DType::String &&
      t.type.shape.empty()) {
    graph::HostTensor row; // as a one-element array, then without [ ]
    row.type.dtype = DType::String;
    row.type.shape = {1};
    row.strings = t.strings;
    std::string quoted = py::tfPrintFormat(row.view(), summarize);
    return quoted.substr(1, quoted.size() - 2);
  }
  return py::tfPrintFormat(t.view(), summarize);
}

std::string renderPrint(const TracedPrint &print,
                        const std::vector<HostTensorPtr> &results) {
  std::string line = print.pieces.at(0);
  for (size_t i = 0; i < print.tensors.size(); ++i) {
    const auto &slot = print.tensors[i];
    line += printedTensor(*results.at(slot.resultIndex), print.summarize,
                          slot.quoteScalarString);
    line += print.pieces.at(i + 1);
  }
  return line;
}

Value tfPrint(TfRuntime &rt, Interpreter &in, CallArgs &args) {
  TracedPrint print;
  std::string sep = " ", end = "\n";
  for (auto &[k, v] : args.keywords) {
    if (k == "sep")
      sep = in.toStr(v);
    else if (k == "end")
      end = in.toStr(v);
    else if (k == "summarize")
      print.summarize = v.isNone() ? 3 : in.toIndex(v);
    else if (k == "output_stream") {
      auto *s =
          v.is(Type::Native) ? dynamic_cast<StreamObject *>(v.raw()) : nullptr;
      // A "file://PATH" string names a file; the standard streams' are the
      // ones kiln writes.
      std::string path = v.is(Type::Str) ? v.as<py::StrObject>().s : "";
      if (path == "file:///dev/stdout" || path == "file:///dev/stderr") {
        print.toStdout = path == "file:///dev/stdout";
      } else if (path.rfind("file://", 0) == 0) {
        in.raise("NotImplementedError",
                 "kiln's tf.print writes to sys.stdout, sys.stderr, "
                 "file:///dev/stdout and file:///dev/stderr; not to " +
                     path.substr(7));
      } else if (!s) {
        in.valueError(
            "kiln's tf.print supports sys.stdout and sys.stderr only");
      } else {
        print.toStdout = s->isStdout;
      }
    } else if (k != "name") {
      in.typeError("print() got an unexpected keyword argument '" + k + "'");
    }
  }
  TemplateBuilder line(rt, in, print);
  const ValueList &inputs = args.positional;
  for (size_t i = 0; i < inputs.size(); ++i) {
    if (i)
      line.text(sep);
    // A variable prints its value.
    const Value v = asVariable(inputs[i]) ? rt.toTensor(inputs[i]) : inputs[i];
    if (rt.isTensor(v))
      line.tensor(v, inputs.size() > 1);
    else if (v.is(Type::Str))
      line.text(v.as<py::StrObject>().s);
    else if (v.is(Type::List) || v.is(Type::Tuple) || v.is(Type::Dict) ||
             asNamedTuple(v))
      line.structure(v);
    else // other objects print as their repr (TensorShape([2, None]))
      line.text(in.repr(v));
  }
  line.text(end);
  if (!rt.tracing) {
    (print.toStdout ? in.out() : in.err()) << print.pieces[0];
    return Value();
  }
  // At the top level the printed tensors are also results, printed after
  // the call when no print runs inside compiled code.
  // They take the name of TensorFlow's one StringFormat node (and names
  // in its scope), so that later nodes are numbered as in TensorFlow.
  if (rt.tracing->graph.current < 0) {
    std::string format = rt.tracing->graph.uniqueName("StringFormat");
    for (size_t i = 0; i < line.tensors.size(); ++i) {
      const Value &t = line.tensors[i];
      Value id = rt.apply("Identity", {t}, {{"T", rt.tensor(t).type.dtype}},
                          rt.tensor(t).type,
                          i ? format + "/input_" + std::to_string(i) : format,
                          /*exactName=*/true);
      print.tensors[i].resultIndex =
          static_cast<int>(rt.tracing->graph.results.size());
      rt.tracing->graph.results.push_back(id.as<TensorObject>().out);
    }
  }
  // Also a node, used when prints run inside compiled code (a print in a
  // staged loop runs on every iteration): graph::Graph::hostPrints.
  std::vector<int64_t> quote; // for a print the host runs (StagedGraph.h)
  for (auto &slot : print.tensors)
    quote.push_back(slot.quoteScalarString);
  rt.applyEffect("PrintV2", line.tensors,
                 {{"pieces", print.pieces},
                  {"summarize", print.summarize},
                  {"to_stdout", print.toStdout},
                  {"quote", quote}});
  if (rt.tracing->graph.current < 0)
    rt.tracing->prints.push_back(std::move(print));
  // Inside a function tf.print returns its PrintV2 operation.
  return namedOperation(rt.tracing->graph.nodes.back().name, "PrintV2");
}

} // namespace kiln::tf
