// tf.image's filters and measures built from other ops in TensorFlow's
// Python layer: image_gradients (neighbour differences), sobel_edges (a
// depthwise convolution of the reflected image with the Sobel kernels)
// and psnr (from the mean squared error, with the shape checks that
// psnr and ssim share). Each uses the same ops in the same order, so its
// values are TensorFlow's bit for bit.
#include "TfImage.h"
#include "TfObjects.h"

#include <cmath>

namespace kiln::tf {

namespace {

Value sliceAlong(TfRuntime &rt, const Value &image, size_t axis, bool later) {
  ValueList key;
  for (size_t d = 0; d < 4; ++d) {
    auto slice = std::make_shared<py::SliceObject>();
    if (d == axis)
      (later ? slice->start : slice->stop) = Value::integer(later ? 1 : -1);
    key.push_back(Value::object(py::Type::Slice, slice));
  }
  return stridedSlice(rt, image, rt.in.tuple(std::move(key)));
}

/// The image's static shape as TensorShape's str() prints it, for
/// messages: "(2, 3)", "<unknown>".
std::string shapeText(TfRuntime &rt, const Value &image) {
  const TensorType &t = rt.tensor(image).type;
  return t.unknownRank ? "<unknown>" : t.shapeString();
}

Value requireTensor(TfRuntime &rt, const Value &v, const char *attribute) {
  if (!rt.isTensor(v))
    rt.in.raise("AttributeError", "'" + rt.in.typeName(v) +
                                      "' object has no attribute '" +
                                      attribute + "'");
  return v;
}

Value imageGradients(TfRuntime &rt, const Params &p) {
  Interpreter &in = rt.in;
  Value image =
      requireTensor(rt, p.require("image", "image_gradients"), "get_shape");
  const TensorType &t = rt.tensor(image).type;
  if (t.unknownRank || t.shape.size() != 4)
    in.valueError("image_gradients expects a 4D tensor [batch_size, h, w, "
                  "d], not " +
                  shapeText(rt, image) + ".");
  Value shape = shapeOf(rt, image);
  Value dims = callTf(in, {"unstack"}, {shape});
  auto dim = [&](int64_t d) { return in.getItem(dims, Value::integer(d)); };
  Value dtype = makeDType(t.dtype);
  // Each difference gets a row (a column) of zeros after it, so that it
  // has the image's shape.
  auto difference = [&](size_t axis) {
    Value d = in.binary(ast::BinaryOp::Sub, sliceAlong(rt, image, axis, true),
                        sliceAlong(rt, image, axis, false));
    ValueList sizes = {dim(0), dim(1), dim(2), dim(3)};
    sizes[axis] = Value::integer(1);
    Value zeros =
        callTf(in, {"zeros"},
               {callTf(in, {"stack"}, {in.list(std::move(sizes))}), dtype});
    Value joined =
        callTf(in, {"concat"}, {in.list({d, zeros}), Value::integer(axis)});
    return callTf(in, {"reshape"}, {joined, shape});
  };
  Value dy = difference(1);
  Value dx = difference(2);
  return in.tuple({dy, dx});
}

Value sobelEdges(TfRuntime &rt, const Params &p) {
  Interpreter &in = rt.in;
  Value image =
      requireTensor(rt, p.require("image", "sobel_edges"), "get_shape");
  const TensorType t = rt.tensor(image).type;
  if (t.unknownRank || t.shape.size() != 4)
    rt.raise("UnimplementedError",
             "kiln's tf.image.sobel_edges takes images of rank 4");
  Value shape = shapeOf(rt, image);
  // The vertical and horizontal kernels, stacked along the last axis:
  // kernels[i][j][0][k] is the k-th kernel's tap (i, j).
  const int64_t sobel[2][3][3] = {{{-1, -2, -1}, {0, 0, 0}, {1, 2, 1}},
                                  {{-1, 0, 1}, {-2, 0, 2}, {-1, 0, 1}}};
  ValueList rows;
  for (int i = 0; i < 3; ++i) {
    ValueList row;
    for (int j = 0; j < 3; ++j)
      row.push_back(in.list({pyIntList(in, {sobel[0][i][j], sobel[1][i][j]})}));
    rows.push_back(in.list(std::move(row)));
  }
  Value kernels = callTf(in, {"constant"}, {in.list(std::move(rows))},
                         {{"dtype", makeDType(t.dtype)}});
  Value channels = in.getItem(shape, Value::integer(-1));
  kernels = callTf(in, {"tile"},
                   {kernels, in.list({Value::integer(1), Value::integer(1),
                                      channels, Value::integer(1)})},
                   {{"name", in.str("sobel_filters")}});
  Value pads = in.list({pyIntList(in, {0, 0}), pyIntList(in, {1, 1}),
                        pyIntList(in, {1, 1}), pyIntList(in, {0, 0})});
  Value padded =
      callTf(in, {"pad"}, {image, pads}, {{"mode", in.str("REFLECT")}});
  Value output =
      callTf(in, {"nn", "depthwise_conv2d"},
             {padded, kernels, pyIntList(in, {1, 1, 1, 1}), in.str("VALID")});
  Value outShape =
      callTf(in, {"concat"},
             {in.list({shape, pyIntList(in, {2})}), Value::integer(0)});
  output = callTf(in, {"reshape"}, {output}, {{"shape", outShape}});
  // set_shape: the image's static shape, then the two kernels.
  TensorType refined = rt.tensor(output).type;
  std::vector<int64_t> known = t.shape;
  known.push_back(2);
  bool changed = false;
  for (size_t d = 0; d < known.size(); ++d)
    if (refined.shape[d] < 0 && known[d] >= 0) {
      refined.shape[d] = known[d];
      changed = true;
    }
  if (!rt.tracing || !changed)
    return output;
  return rt.apply("Identity", {output}, {{"T", t.dtype}}, refined, "Identity");
}

/// _verify_compatible_image_shapes: ranks of at least 3 and the same last
/// three dimensions now, where known; Assert ops for the run time.
void compatibleImageShapes(TfRuntime &rt, const Value &a, const Value &b) {
  Interpreter &in = rt.in;
  const TensorType &at = rt.tensor(a).type, &bt = rt.tensor(b).type;
  for (const TensorType *t : {&at, &bt})
    if (!t->unknownRank && t->shape.size() < 3)
      in.valueError("Shape " + t->shapeString() + " must have rank at least 3");
  if (!at.unknownRank && !bt.unknownRank) {
    auto last3 = [](const TensorType &t) {
      return std::vector<int64_t>(t.shape.end() - 3, t.shape.end());
    };
    std::vector<int64_t> x = last3(at), y = last3(bt);
    for (size_t d = 0; d < 3; ++d)
      if (x[d] >= 0 && y[d] >= 0 && x[d] != y[d])
        in.valueError("Shapes " + TensorType{at.dtype, x}.shapeString() +
                      " and " + TensorType{bt.dtype, y}.shapeString() +
                      " are incompatible");
    // The leading dimensions broadcast (from the right).
    size_t n = std::min(at.shape.size(), bt.shape.size()) - 3;
    for (size_t i = 1; i <= n; ++i) {
      int64_t d1 = at.shape[at.shape.size() - 3 - i];
      int64_t d2 = bt.shape[bt.shape.size() - 3 - i];
      if (d1 != 1 && d2 != 1 && d1 >= 0 && d2 >= 0 && d1 != d2)
        in.valueError("Two images are not compatible: " + at.shapeString() +
                      " and " + bt.shapeString());
    }
  } else {
    rt.raise("UnimplementedError",
             "kiln needs the ranks of tf.image's images at trace time");
  }
  Value shapeN = callTf(in, {"shape_n"}, {in.list({a, b})});
  Value s1 = in.getItem(shapeN, Value::integer(0));
  Value s2 = in.getItem(shapeN, Value::integer(1));
  std::vector<std::pair<std::string, Value>> summarize = {
      {"summarize", Value::integer(10)}};
  Value data = in.list({s1, s2});
  callTf(in, {"debugging", "Assert"},
         {callTf(in, {"math", "greater_equal"},
                 {callTf(in, {"size"}, {s1}), Value::integer(3)}),
          data},
         summarize);
  auto last3 = [&](const Value &s) {
    auto slice = std::make_shared<py::SliceObject>();
    slice->start = Value::integer(-3);
    return in.getItem(s, Value::object(py::Type::Slice, slice));
  };
  callTf(in, {"debugging", "Assert"},
         {callTf(in, {"math", "reduce_all"},
                 {callTf(in, {"math", "equal"}, {last3(s1), last3(s2)})}),
          data},
         summarize);
}

Value psnr(TfRuntime &rt, const Params &p) {
  Interpreter &in = rt.in;
  Value a = p.require("a", "psnr"), b = p.require("b", "psnr");
  Value maxVal = p.require("max_val", "psnr");
  TracingScope scope(rt, p.has("name") && !p.get("name").isNone()
                             ? in.toStr(p.get("name"))
                             : std::string("PSNR"));
  requireTensor(rt, a, "dtype");
  Value f32 = makeDType(DType::Float32);
  maxVal = callTf(in, {"cast"}, {maxVal, makeDType(rt.tensor(a).type.dtype)});
  maxVal = convertImageDtype(rt, maxVal, DType::Float32, false);
  a = convertImageDtype(rt, a, DType::Float32, false);
  b = convertImageDtype(rt, b, DType::Float32, false);
  Value mse = callTf(in, {"math", "reduce_mean"},
                     {callTf(in, {"math", "squared_difference"}, {a, b}),
                      pyIntList(in, {-3, -2, -1})});
  auto log = [&](const Value &x) { return callTf(in, {"math", "log"}, {x}); };
  Value scaled =
      in.binary(ast::BinaryOp::Div,
                in.binary(ast::BinaryOp::Mult, Value::integer(20), log(maxVal)),
                log(Value::floating(10.0)));
  // np.float32(10 / np.log(10)) times the log of the error.
  Value weighted = in.binary(
      ast::BinaryOp::Mult,
      Value::floating(static_cast<float>(10 / std::log(10.0))), log(mse));
  Value value = callTf(in, {"math", "subtract"}, {scaled, weighted},
                       {{"name", in.str("psnr")}});
  compatibleImageShapes(rt, a, b);
  return identity(rt, value);
}

} // namespace

void installImageFilters(TfRuntime &rt, ModuleBuilder &image) {
  defImage(rt, image, "image_gradients", {"image"}, imageGradients);
  defImage(rt, image, "sobel_edges", {"image"}, sobelEdges);
  defImage(rt, image, "psnr", {"a", "b", "max_val", "name"}, psnr);
}

} // namespace kiln::tf
