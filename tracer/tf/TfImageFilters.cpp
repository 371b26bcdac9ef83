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

/// _fspecial_gauss: a size x size Gaussian of width sigma, the softmax of
/// the squared distances from the centre, as a [size, size, 1, 1] filter.
Value gaussianFilter(TfRuntime &rt, const Value &size, const Value &sigma) {
  Interpreter &in = rt.in;
  auto bin = [&](ast::BinaryOp op, const Value &a, const Value &b) {
    return in.binary(op, a, b);
  };
  Value dtype = makeDType(rt.tensor(sigma).type.dtype);
  Value coords = callTf(in, {"cast"}, {callTf(in, {"range"}, {size}), dtype});
  coords =
      bin(ast::BinaryOp::Sub, coords,
          bin(ast::BinaryOp::Div,
              callTf(in, {"cast"},
                     {bin(ast::BinaryOp::Sub, size, Value::integer(1)), dtype}),
              Value::floating(2.0)));
  Value g = callTf(in, {"math", "square"}, {coords});
  g = bin(ast::BinaryOp::Mult, g,
          bin(ast::BinaryOp::Div, Value::floating(-0.5),
              callTf(in, {"math", "square"}, {sigma})));
  auto reshaped = [&](const Value &x, std::vector<int64_t> shape) {
    return callTf(in, {"reshape"}, {x}, {{"shape", pyIntList(in, shape)}});
  };
  g = bin(ast::BinaryOp::Add, reshaped(g, {1, -1}), reshaped(g, {-1, 1}));
  g = callTf(in, {"nn", "softmax"}, {reshaped(g, {1, -1})});
  return callTf(
      in, {"reshape"}, {g},
      {{"shape", in.list({size, size, Value::integer(1), Value::integer(1)})}});
}

/// tf.image.ssim: the per-channel structural similarity of two image
/// batches under a Gaussian window (a depthwise convolution, VALID), as
/// _ssim_per_channel and _ssim_helper compute it, averaged over the
/// channels.
Value ssim(TfRuntime &rt, const Params &p) {
  Interpreter &in = rt.in;
  const char *fname = "ssim";
  TracingScope scope(rt, "SSIM");
  Value img1 = rt.toTensor(p.require("img1", fname));
  Value img2 = rt.toTensor(p.require("img2", fname));
  compatibleImageShapes(rt, img1, img2);
  img1 = identity(rt, img1);
  auto option = [&](const char *name, Value fallback) {
    return p.has(name) ? p.get(name) : fallback;
  };
  Value maxVal = callTf(
      in, {"cast"},
      {p.require("max_val", fname), makeDType(rt.tensor(img1).type.dtype)});
  maxVal = convertImageDtype(rt, maxVal, DType::Float32, false);
  img1 = convertImageDtype(rt, img1, DType::Float32, false);
  img2 = convertImageDtype(rt, img2, DType::Float32, false);
  bool indexMap =
      p.has("return_index_map") && in.truthy(p.get("return_index_map"));
  auto bin = [&](ast::BinaryOp op, const Value &a, const Value &b) {
    return in.binary(op, a, b);
  };
  // _ssim_per_channel: the filter and the size checks.
  Value size =
      callTf(in, {"constant"}, {option("filter_size", Value::integer(11))},
             {{"dtype", makeDType(DType::Int32)}});
  Value sigma =
      callTf(in, {"constant"}, {option("filter_sigma", Value::floating(1.5))},
             {{"dtype", makeDType(DType::Float32)}});
  Value shapes = callTf(in, {"shape_n"}, {in.list({img1, img2})});
  Value shape1 = in.getItem(shapes, Value::integer(0));
  for (int64_t i = 0; i < 2; ++i) {
    Value shape = in.getItem(shapes, Value::integer(i));
    auto slice = std::make_shared<py::SliceObject>();
    slice->start = Value::integer(-3);
    slice->stop = Value::integer(-1);
    Value spatial = in.getItem(shape, Value::object(py::Type::Slice, slice));
    callTf(in, {"debugging", "Assert"},
           {callTf(in, {"math", "reduce_all"},
                   {callTf(in, {"math", "greater_equal"}, {spatial, size})}),
            in.list({shape, size})},
           {{"summarize", Value::integer(8)}});
  }
  img1 = identity(rt, img1);
  Value kernel = gaussianFilter(rt, size, sigma);
  kernel =
      callTf(in, {"tile"}, {kernel},
             {{"multiples", in.list({Value::integer(1), Value::integer(1),
                                     in.getItem(shape1, Value::integer(-1)),
                                     Value::integer(1)})}});
  // The window's weighted mean of each image's pixels (leading dimensions
  // flattened into one batch for the convolution).
  auto reducer = [&](const Value &x) {
    Value shape = shapeOf(rt, x);
    auto tail = [&](int64_t start, std::optional<int64_t> stop) {
      auto slice = std::make_shared<py::SliceObject>();
      if (start)
        slice->start = Value::integer(start);
      if (stop)
        slice->stop = Value::integer(*stop);
      return Value::object(py::Type::Slice, slice);
    };
    Value flat = callTf(
        in, {"reshape"}, {x},
        {{"shape", callTf(in, {"concat"},
                          {in.list({pyIntList(in, {-1}),
                                    in.getItem(shape, tail(-3, std::nullopt))}),
                           Value::integer(0)})}});
    Value y =
        callTf(in, {"nn", "depthwise_conv2d"},
               {flat, kernel, pyIntList(in, {1, 1, 1, 1}), in.str("VALID")});
    Value outer = in.getItem(shape, tail(0, -3));
    Value inner = in.getItem(shapeOf(rt, y), tail(1, std::nullopt));
    return callTf(in, {"reshape"},
                  {y, callTf(in, {"concat"},
                             {in.list({outer, inner}), Value::integer(0)})});
  };
  // _ssim_helper.
  Value k1 = option("k1", Value::floating(0.01));
  Value k2 = option("k2", Value::floating(0.03));
  Value c1 = bin(ast::BinaryOp::Pow, bin(ast::BinaryOp::Mult, k1, maxVal),
                 Value::integer(2));
  Value c2 = bin(ast::BinaryOp::Pow, bin(ast::BinaryOp::Mult, k2, maxVal),
                 Value::integer(2));
  Value mean0 = reducer(img1), mean1 = reducer(img2);
  Value num0 = bin(ast::BinaryOp::Mult, bin(ast::BinaryOp::Mult, mean0, mean1),
                   Value::floating(2.0));
  auto square = [&](const Value &x) {
    return callTf(in, {"math", "square"}, {x});
  };
  Value den0 = bin(ast::BinaryOp::Add, square(mean0), square(mean1));
  Value luminance = bin(ast::BinaryOp::Div, bin(ast::BinaryOp::Add, num0, c1),
                        bin(ast::BinaryOp::Add, den0, c1));
  Value num1 =
      bin(ast::BinaryOp::Mult, reducer(bin(ast::BinaryOp::Mult, img1, img2)),
          Value::floating(2.0));
  Value den1 = reducer(bin(ast::BinaryOp::Add, square(img1), square(img2)));
  c2 = bin(ast::BinaryOp::Mult, c2, Value::floating(1.0));
  Value cs =
      bin(ast::BinaryOp::Div,
          bin(ast::BinaryOp::Add, bin(ast::BinaryOp::Sub, num1, num0), c2),
          bin(ast::BinaryOp::Add, bin(ast::BinaryOp::Sub, den1, den0), c2));
  Value value = bin(ast::BinaryOp::Mult, luminance, cs);
  if (!indexMap)
    value = callTf(in, {"math", "reduce_mean"},
                   {value, callTf(in, {"constant"}, {pyIntList(in, {-3, -2})},
                                  {{"dtype", makeDType(DType::Int32)}})});
  return callTf(in, {"math", "reduce_mean"}, {value, pyIntList(in, {-1})});
}

} // namespace

void installImageFilters(TfRuntime &rt, ModuleBuilder &image) {
  defImage(rt, image, "image_gradients", {"image"}, imageGradients);
  defImage(rt, image, "sobel_edges", {"image"}, sobelEdges);
  defImage(rt, image, "psnr", {"a", "b", "max_val", "name"}, psnr);
  defImage(rt, image, "ssim",
           {"img1", "img2", "max_val", "filter_size", "filter_sigma", "k1",
            "k2", "return_index_map"},
           ssim);
}

} // namespace kiln::tf
