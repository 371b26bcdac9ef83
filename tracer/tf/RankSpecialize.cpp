// Rank specialization of graphs with unknown-rank tensors.
#include "RankSpecialize.h"

#include "TfOps.h"

#include <algorithm>

namespace kiln::tf {

using graph::TensorType;

bool graphHasUnknownRank(const graph::Graph &graph) {
  for (auto &n : graph.nodes)
    for (auto &t : n.outputs)
      if (t.unknownRank)
        return true;
  return false;
}

std::string specializationKey(const std::vector<TensorType> &args) {
  std::string key;
  for (auto &t : args)
    key += t.shapeString() + ";";
  return key;
}

/// Ops whose result has their (first) input's shape.

bool specializeRanks(const graph::Graph &graph,
                     const std::vector<TensorType> &args, graph::Graph &out,
                     std::string &error, const std::string &file) {
  out = graph;
  if (args.size() != out.args.size()) {
    error = "expected " + std::to_string(out.args.size()) +
            " tensor arguments, got " + std::to_string(args.size());
    return false;
  }
  for (size_t i = 0; i < args.size(); ++i) {
    TensorType &t = out.nodes[out.args[i]].outputs[0];
    if (t.unknownRank) {
      t.unknownRank = false;
      t.shape = args[i].shape;
    }
  }
  for (auto &n : out.nodes) {
    if (n.op == "PrintV2") // prints any rank
      continue;
    // Nodes that read a tensor of unknown rank get their shape from the
    // now known input shapes; so do shape-preserving and broadcasting ones
    // whose inputs' shapes became more specific (an Identity must keep its
    // input's type). Others keep the less specific type they were traced
    // with.
    bool rankless = !n.outputs.empty() && n.outputs[0].unknownRank;
    bool refined = false;
    for (auto &input : n.inputs) {
      rankless |= graph.typeOf(input).unknownRank;
      refined |= !(graph.typeOf(input) == out.typeOf(input));
    }
    if (!rankless && !(refined && !n.inputs.empty() &&
                       (graph::isShapePreserving(n.op) ||
                        graph::isBroadcastingOp(n.op) || n.op == "Transpose")))
      continue;
    if (n.attrs.count("rank_axes")) {
      // A reduction of an input of unknown rank: its axes (all, or those
      // given, negative ones from the end) now that the rank is known.
      const std::vector<int64_t> &input = out.typeOf(n.inputs[0]).shape;
      int64_t rank = input.size();
      std::vector<int64_t> axes;
      bool arg = n.op == "ArgMax" || n.op == "ArgMin";
      if (!arg && std::get<bool>(n.attrs.at("all_axes"))) {
        for (int64_t d = 0; d < rank; ++d)
          axes.push_back(d);
      } else {
        for (int64_t a :
             std::get<std::vector<int64_t>>(n.attrs.at("rank_axes"))) {
          if (a < -rank || a >= rank) {
            // The kernel's error, typed as the executor's run errors are.
            error =
                "InvalidArgumentError: " +
                graph.runtimeError(n,
                                   "Invalid reduction dimension (" +
                                       std::to_string(a) + " for input with " +
                                       std::to_string(rank) + " dimension(s)",
                                   file);
            return false;
          }
          axes.push_back(a < 0 ? a + rank : a);
        }
        std::sort(axes.begin(), axes.end());
        axes.erase(std::unique(axes.begin(), axes.end()), axes.end());
      }
      bool keep = !arg && std::get<bool>(n.attrs.at("keep_dims"));
      std::vector<int64_t> shape;
      for (int64_t d = 0; d < rank; ++d) {
        bool reduced = std::count(axes.begin(), axes.end(), d) > 0;
        if (!reduced)
          shape.push_back(input[d]);
        else if (keep)
          shape.push_back(1);
      }
      if (arg)
        n.attrs["axis"] = axes.at(0);
      else
        n.attrs["axes"] = axes;
      n.attrs.erase("rank_axes");
      n.attrs.erase("all_axes");
      n.outputs[0].unknownRank = false;
      n.outputs[0].shape = shape;
      continue;
    }
    if ((n.op == "Shape" || n.op == "Size" || n.op == "Rank") &&
        !n.inputs.empty() && out.typeOf(n.inputs[0]).isStatic()) {
      // What the input's now known shape says, as a constant.
      const std::vector<int64_t> &shape = out.typeOf(n.inputs[0]).shape;
      int64_t size = 1;
      for (int64_t d : shape)
        size *= d;
      DType dtype = n.op == "Rank" ? DType::Int32
                                   : std::get<DType>(n.attrs.at("out_type"));
      TensorType type{dtype, {}};
      std::vector<int64_t> values{n.op == "Rank"   ? int64_t(shape.size())
                                  : n.op == "Size" ? size
                                                   : 0};
      if (n.op == "Shape") {
        type.shape = {int64_t(shape.size())};
        values = shape;
      }
      auto value = graph::HostTensor::zeros(type);
      for (size_t i = 0; i < values.size(); ++i) {
        if (dtype == DType::Int64)
          reinterpret_cast<int64_t *>(value->bytes.data())[i] = values[i];
        else
          reinterpret_cast<int32_t *>(value->bytes.data())[i] =
              static_cast<int32_t>(values[i]);
      }
      n.op = "Const";
      n.inputs.clear();
      n.attrs = {{"value", HostTensorPtr(value)}, {"dtype", dtype}};
      n.outputs[0] = type;
      continue;
    }
    if (n.op == "Transpose") {
      // A transpose of an input whose shape is now known: its permutation
      // (all dimensions reversed when none was given to one of unknown
      // rank), checked as the kernel checks it, and its result's shape.
      const std::vector<int64_t> &input = out.typeOf(n.inputs[0]).shape;
      int64_t rank = input.size();
      auto perm = std::get<std::vector<int64_t>>(n.attrs.at("perm"));
      auto all = n.attrs.find("reverse_all");
      if (all != n.attrs.end() && std::get<bool>(all->second)) {
        perm.clear();
        for (int64_t d = rank - 1; d >= 0; --d)
          perm.push_back(d);
      }
      if (n.attrs.count("swap_last")) { // matrix_transpose: range(r - 2)
        perm.clear();                   // and the last two swapped
        for (int64_t d = 0; d < rank - 2; ++d)
          perm.push_back(d);
        perm.push_back(rank - 1);
        perm.push_back(rank - 2);
      }
      std::string problem;
      if (n.attrs.count("swap_last") && rank < 2) // its range(rank - 2)
        problem = "Requires start <= limit when delta > 0: 0/" +
                  std::to_string(rank - 2);
      else if (static_cast<int64_t>(perm.size()) != rank)
        problem = "transpose expects a vector of size " + std::to_string(rank) +
                  ". But input(1) is a vector of size " +
                  std::to_string(perm.size());
      bool outOfRange;
      if (problem.empty())
        problem = permutationProblem(perm, rank, outOfRange);
      if (!problem.empty()) {
        error = "InvalidArgumentError: " + graph.runtimeError(n, problem, file);
        return false;
      }
      std::vector<int64_t> normalized, shape;
      for (int64_t p : perm) {
        normalized.push_back(p < 0 ? p + rank : p);
        shape.push_back(input[normalized.back()]);
      }
      n.attrs["perm"] = normalized;
      n.attrs.erase("reverse_all");
      n.attrs.erase("swap_last");
      if (rank == 0) { // nothing to move, as a scalar's traced transpose
        n.op = "Identity";
        n.attrs.erase("perm");
      }
      n.outputs[0].unknownRank = false;
      n.outputs[0].shape = shape;
      continue;
    }
    if (n.op == "Reshape" && n.attrs.count("rank_reshape") &&
        n.inputs.size() == 1 && out.typeOf(n.inputs[0]).isStatic()) {
      // A reshape of an input of unknown rank to a shape given at trace
      // time: its -1 resolved, checked as the kernel checks it.
      auto shape = std::get<std::vector<int64_t>>(n.attrs.at("shape"));
      int64_t total = out.typeOf(n.inputs[0]).numElements(), known = 1;
      int64_t unknownAt = -1;
      for (size_t i = 0; i < shape.size(); ++i) {
        if (shape[i] == -1)
          unknownAt = static_cast<int64_t>(i);
        else
          known *= shape[i];
      }
      std::string problem;
      if (unknownAt >= 0 && (known == 0 || total % known != 0))
        problem = "Input to reshape is a tensor with " + std::to_string(total) +
                  " values, but the requested shape requires a multiple of " +
                  std::to_string(known);
      else if (unknownAt < 0 && known != total)
        problem = "Input to reshape is a tensor with " + std::to_string(total) +
                  " values, but the requested shape has " +
                  std::to_string(known);
      if (!problem.empty()) {
        error = "InvalidArgumentError: " + graph.runtimeError(n, problem, file);
        return false;
      }
      if (unknownAt >= 0)
        shape[unknownAt] = total / known;
      n.attrs["shape"] = shape;
      n.attrs.erase("rank_reshape");
      n.outputs[0].unknownRank = false;
      n.outputs[0].shape = shape;
      continue;
    }
    if (n.op == "ExpandDims" && n.attrs.count("rank_axis")) {
      // An expand_dims of an input of unknown rank: its axis checked and the
      // dimension inserted now that the rank is known.
      std::vector<int64_t> shape = out.typeOf(n.inputs[0]).shape;
      int64_t rank = shape.size();
      int64_t axis = std::get<int64_t>(n.attrs.at("rank_axis"));
      if (axis < -rank - 1 || axis > rank) {
        error =
            "InvalidArgumentError: " +
            graph.runtimeError(n,
                               "Tried to expand dim index " +
                                   std::to_string(axis) + " for tensor with " +
                                   std::to_string(rank) + " dimensions.",
                               file);
        return false;
      }
      shape.insert(shape.begin() + (axis < 0 ? axis + rank + 1 : axis), 1);
      n.attrs.erase("rank_axis");
      n.outputs[0].unknownRank = false;
      n.outputs[0].shape = shape;
      continue;
    }
    if ((n.op == "ConcatV2" || n.op == "Pack") && n.attrs.count("rank_axis")) {
      // A concat or stack of inputs of unknown rank, checked as the kernels
      // check them now that the shapes are known.
      bool pack = n.op == "Pack";
      std::vector<std::vector<int64_t>> shapes;
      for (auto &input : n.inputs)
        shapes.push_back(out.typeOf(input).shape);
      const std::vector<int64_t> &first = shapes[0];
      int64_t rank = static_cast<int64_t>(first.size()) + (pack ? 1 : 0);
      int64_t given = std::get<int64_t>(n.attrs.at("rank_axis"));
      int64_t axis = given < 0 ? given + rank : given;
      std::string problem;
      if (!pack && rank == 0)
        problem = "ConcatOp : Can't concatenate scalars (use tf.stack "
                  "instead)";
      else if ((axis < 0 || axis >= rank) && pack)
        problem = "axis = " + std::to_string(given) + " not in [" +
                  std::to_string(-rank) + ", " + std::to_string(rank) + ")";
      else if (axis < 0 || axis >= rank)
        problem =
            "ConcatOp : Expected concatenating dimensions in the range [" +
            std::to_string(-rank) + ", " + std::to_string(rank) +
            "), but got " + std::to_string(given);
      std::vector<int64_t> shape = first;
      for (size_t k = 1; problem.empty() && k < shapes.size(); ++k) {
        const std::vector<int64_t> &s = shapes[k];
        if (pack && s != first)
          problem = "Shapes of all inputs must match: values[0].shape = " +
                    shapeList(first) + " != values[" + std::to_string(k) +
                    "].shape = " + shapeList(s);
        else if (!pack && s.size() != first.size())
          problem = "ConcatOp : Ranks of all input tensors should match: "
                    "shape[0] = " +
                    shapeList(first) + " vs. shape[" + std::to_string(k) +
                    "] = " + shapeList(s);
        // (A size known at run time only, from an argument with a None
        // dimension, is not checked here.)
        for (size_t d = 0; !pack && problem.empty() && d < s.size(); ++d)
          if (int64_t(d) != axis && s[d] != first[d] && s[d] >= 0 &&
              first[d] >= 0)
            problem = "ConcatOp : Dimension " + std::to_string(d) +
                      " in both shapes must be equal: shape[0] = " +
                      shapeList(first) + " vs. shape[" + std::to_string(k) +
                      "] = " + shapeList(s);
        if (!pack && problem.empty())
          shape[axis] =
              shape[axis] < 0 || s[axis] < 0 ? -1 : shape[axis] + s[axis];
      }
      if (!problem.empty()) {
        error = "InvalidArgumentError: " + graph.runtimeError(n, problem, file);
        return false;
      }
      if (pack)
        shape.insert(shape.begin() + axis, int64_t(shapes.size()));
      n.attrs["axis"] = axis;
      n.attrs.erase("rank_axis");
      n.outputs[0].unknownRank = false;
      n.outputs[0].shape = shape;
      continue;
    }
    if (n.op == "Squeeze" && n.attrs.count("squeeze_axes")) {
      // A squeeze of an input of unknown rank: its axes checked, or every
      // dimension of size 1 dropped, now that the shape is known.
      const std::vector<int64_t> &input = out.typeOf(n.inputs[0]).shape;
      int64_t rank = input.size();
      std::vector<int64_t> axes;
      std::string problem;
      for (int64_t a :
           std::get<std::vector<int64_t>>(n.attrs.at("squeeze_axes"))) {
        if (a < -rank || a >= rank) {
          problem = "Tried to squeeze dim index " + std::to_string(a) +
                    " for tensor with " + std::to_string(rank) + " dimensions.";
          break;
        }
        axes.push_back(a < 0 ? a + rank : a);
      }
      std::vector<int64_t> shape, checked;
      for (int64_t i = 0; problem.empty() && i < rank; ++i) {
        bool listed = std::count(axes.begin(), axes.end(), i) > 0;
        if (listed && input[i] < 0) { // checked when it runs (codegen)
          checked.push_back(i);
          continue;
        }
        if (listed && input[i] != 1)
          problem = "Can not squeeze dim[" + std::to_string(i) +
                    "], expected a dimension of 1, got " +
                    std::to_string(input[i]);
        if (!listed && !(axes.empty() && input[i] == 1))
          shape.push_back(input[i]);
      }
      if (!problem.empty()) {
        error = "InvalidArgumentError: " + graph.runtimeError(n, problem, file);
        return false;
      }
      n.attrs.erase("squeeze_axes");
      if (!checked.empty())
        n.attrs["checked_dims"] = checked;
      n.outputs[0].unknownRank = false;
      n.outputs[0].shape = shape;
      continue;
    }
    if (n.op == "Fill" && n.inputs.size() == 2 &&
        out.nodes[n.inputs[0].node].op == "Const") {
      // tf.fill(tf.shape(x), v) of an x of unknown rank: its dims are a
      // constant now.
      const auto &value = std::get<HostTensorPtr>(
          out.nodes[n.inputs[0].node].attrs.at("value"));
      std::vector<int64_t> shape;
      for (int64_t i = 0; i < value->type.numElements(); ++i)
        shape.push_back(value->elementAsInt(i));
      n.outputs[0].unknownRank = false;
      n.outputs[0].shape = shape;
      continue;
    }
    if (n.op == "ReverseV2" && n.attrs.count("reverse_axes")) {
      // A reverse of an input of unknown rank: its axes checked as the
      // kernel checks them now that the rank is known.
      const std::vector<int64_t> &input = out.typeOf(n.inputs[0]).shape;
      int64_t rank = input.size();
      std::vector<int64_t> normalized;
      std::string problem = reverseAxesProblem(
          std::get<std::vector<int64_t>>(n.attrs.at("reverse_axes")), rank,
          normalized);
      if (!problem.empty()) {
        error = "InvalidArgumentError: " + graph.runtimeError(n, problem, file);
        return false;
      }
      n.attrs["axes"] = normalized;
      n.attrs.erase("reverse_axes");
      n.outputs[0].unknownRank = false;
      n.outputs[0].shape = input;
      continue;
    }
    if (n.op == "EnsureShape" && !n.inputs.empty()) {
      // The input's shape, now known, checked against the expected one.
      const TensorType &input = out.typeOf(n.inputs[0]);
      const auto &expected =
          std::get<std::vector<int64_t>>(n.attrs.at("shape"));
      bool fits = input.shape.size() == expected.size();
      std::string text;
      for (size_t d = 0; d < expected.size(); ++d) {
        fits = fits && (expected[d] < 0 || expected[d] == input.shape[d]);
        text +=
            (d ? "," : "") +
            (expected[d] < 0 ? std::string("?") : std::to_string(expected[d]));
      }
      if (!fits) {
        error =
            "InvalidArgumentError: " +
            graph.runtimeError(
                n,
                "Shape of tensor " + graph.nodes[n.inputs[0].node].name + " " +
                    shapeList(input.shape) +
                    " is not compatible with expected shape [" + text + "].",
                file);
        return false;
      }
      n.outputs[0].unknownRank = false;
      n.outputs[0].shape = input.shape;
      continue;
    }
    // A variable write's result is the variable's value, of its static
    // type; the compiled write checks the value's shape against it
    // (EmitVariables.cpp).
    if (graph::isVariableWrite(n.op) && !n.outputs[0].unknownRank)
      continue;
    bool preserving = graph::isShapePreserving(n.op) && !n.inputs.empty();
    // Other ops on an unknown-rank tensor (a reduction over all its axes,
    // say) fixed attributes at trace time from a rank they did not know.
    if (!preserving && !graph::isBroadcastingOp(n.op)) {
      error = "kiln cannot compile " + n.op + " ('" + n.name +
              "') on a tensor of unknown rank yet";
      return false;
    }
    std::vector<int64_t> shape;
    if (preserving) {
      shape = out.typeOf(n.inputs[0]).shape;
    } else {
      for (auto &input : n.inputs) {
        std::vector<int64_t> next;
        if (!broadcastShapes(shape, out.typeOf(input).shape, next)) {
          error = "the inputs of '" + n.name + "' do not broadcast";
          return false;
        }
        shape = next;
      }
    }
    // Nodes that read an unknown-rank tensor get their shape recomputed
    // from the now known input shapes.
    n.outputs[0].unknownRank = false;
    n.outputs[0].shape = shape;
  }
  return true;
}

} // namespace kiln::tf
