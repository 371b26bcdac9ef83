// tf.image: the functions that TensorFlow's Python layer builds from other
// ops (flips, transposes and rotations, crops and pads, dtype conversion,
// brightness and gamma, grayscale, standardization, total variation), each
// built from the same ops in the same order (through the tf functions kiln
// defines), in the name scope TensorFlow gives it, with its Python-level
// checks and messages; and resize, a ResizeBilinear or
// ResizeNearestNeighbor node (EmitImage.cpp).
#include "TfImage.h"
#include "ShapeTensor.h"
#include "TfObjects.h"
#include "TfOps.h"

#include <array>
#include <cmath>

namespace kiln::tf {

Value atLeast3D(TfRuntime &rt, const Value &arg, const std::string &fname) {
  Value image = rt.toTensor(arg);
  const TensorType &t = rt.tensor(image).type;
  if (t.unknownRank)
    rt.raise("UnimplementedError", "kiln needs the rank of tf.image." + fname +
                                       "'s image at trace time");
  if (t.shape.size() < 3)
    rt.in.valueError("'image' (shape " + t.shapeString() +
                     ") must be at least three-dimensional.");
  for (size_t d = t.shape.size() - 3; d < t.shape.size(); ++d)
    if (t.shape[d] == 0)
      rt.in.valueError("inner 3 dims of 'image.shape' must be > 0: " +
                       t.shapeString());
  return image;
}

namespace {

/// The rank of a checked image, which must be 3 or 4 (`gap`: TensorFlow's
/// _flip misses the space before "must").
size_t rank34(TfRuntime &rt, const Value &image, bool gap = true) {
  const TensorType &t = rt.tensor(image).type;
  if (t.shape.size() != 3 && t.shape.size() != 4)
    rt.in.valueError("'image' (shape " + t.shapeString() + ")" +
                     (gap ? " " : "") + "must have either 3 or 4 dimensions.");
  return t.shape.size();
}

Value flip(TfRuntime &rt, const Params &p, const std::string &fname,
           int64_t axis) {
  TracingScope scope(rt, fname);
  Value image = atLeast3D(rt, p.require("image", fname), fname);
  size_t rank = rank34(rt, image, /*gap=*/false);
  return callTf(rt.in, {"reverse"},
                {image, pyIntList(rt.in, {rank == 3 ? axis : axis + 1})});
}

/// `x` with the static shape `shape` (less specific than its own), as
/// TensorFlow's merge of the shapes of a case's branches leaves it.
Value withShape(TfRuntime &rt, const Value &x, std::vector<int64_t> shape) {
  const TensorType &t = rt.tensor(x).type;
  if (!rt.tracing || t.shape == shape)
    return x;
  return rt.apply("Identity", {x}, {{"T", t.dtype}},
                  TensorType{t.dtype, std::move(shape)}, "Identity");
}

Value rot90(TfRuntime &rt, const Params &p) {
  Interpreter &in = rt.in;
  TracingScope scope(rt, "rot90");
  Value image = atLeast3D(rt, p.require("image", "rot90"), "rot90");
  Value kArg = p.has("k") ? p.get("k") : Value::integer(1);
  Value k = rt.toTensor(kArg, DType::Int32);
  const TensorType &kt = rt.tensor(k).type;
  if (!kt.unknownRank && !kt.shape.empty())
    in.valueError("Shape " + kt.shapeString() + " must have rank 0");
  HostTensorPtr known = rt.constantValue(k);
  size_t rank = rank34(rt, image);
  // The height and width axes, and the transpose that swaps them.
  int64_t h = rank == 3 ? 0 : 1, w = h + 1;
  Value perm =
      rank == 3 ? pyIntList(in, {1, 0, 2}) : pyIntList(in, {0, 2, 1, 3});
  auto rotated = [&rt, &in, image, perm, h, w](int64_t turns) {
    if (turns == 1)
      return callTf(
          rt.in, {"transpose"},
          {callTf(rt.in, {"reverse"}, {image, pyIntList(in, {w})}), perm});
    if (turns == 2)
      return callTf(rt.in, {"reverse"}, {image, pyIntList(in, {h, w})});
    if (turns == 3)
      return callTf(
          rt.in, {"reverse"},
          {callTf(rt.in, {"transpose"}, {image, perm}), pyIntList(in, {w})});
    return image;
  };
  // TensorFlow picks the rotation with a case: the result's static shape
  // is what all four rotations share.
  std::vector<int64_t> shape = rt.tensor(image).type.shape;
  if (shape[h] != shape[w])
    shape[h] = shape[w] = -1;
  if (known)
    return withShape(rt, rotated(((known->elementAsInt(0) % 4) + 4) % 4),
                     shape);
  // k known at run time only: the case on k mod 4, as TensorFlow builds it.
  k = callTf(rt.in, {"math", "floormod"}, {k, Value::integer(4)});
  ValueList pairs;
  for (int64_t turns = 1; turns <= 3; ++turns)
    pairs.push_back(in.tuple(
        {in.compare(ast::CmpOp::Eq, k, Value::integer(turns)),
         in.builtin("rotate", [rotated, turns](Interpreter &, CallArgs &) {
           return rotated(turns);
         })}));
  Value identity = in.builtin(
      "identity", [image](Interpreter &, CallArgs &) { return image; });
  Value out =
      callTf(rt.in, {"case"}, {in.list(std::move(pairs))},
             {{"default", identity}, {"exclusive", Value::boolean(true)}});
  return withShape(rt, out, shape);
}

Value transposeImage(TfRuntime &rt, const Params &p) {
  TracingScope scope(rt, "transpose");
  Value image = atLeast3D(rt, p.require("image", "transpose"), "transpose");
  size_t rank = rank34(rt, image);
  return callTf(rt.in, {"transpose"},
                {image, rank == 3 ? pyIntList(rt.in, {1, 0, 2})
                                  : pyIntList(rt.in, {0, 2, 1, 3})});
}

/// The largest value of an integer dtype (DType.max).
int64_t intMax(TfRuntime &rt, DType d) {
  switch (d) {
  case DType::Int8:
    return 127;
  case DType::UInt8:
    return 255;
  case DType::Int16:
    return 32767;
  case DType::Int32:
    return INT32_MAX;
  case DType::Int64:
    return INT64_MAX;
  default:
    rt.raise("UnimplementedError", std::string("kiln cannot convert images "
                                               "of dtype ") +
                                       py::dtypeName(d) + " yet");
  }
}

} // namespace

Value convertImageDtype(TfRuntime &rt, const Value &imageArg, DType to,
                        bool saturate) {
  Interpreter &in = rt.in;
  Value image = rt.toTensor(imageArg);
  DType from = rt.tensor(image).type.dtype;
  auto numeric = [](DType d) { return isFloating(d) || isInteger(d); };
  if (!numeric(to))
    in.raise("AttributeError", "dtype must be either floating point or "
                               "integer");
  if (!numeric(from))
    in.raise("AttributeError", "image dtype must be either floating point or "
                               "integer");
  if (from == to)
    return identity(rt, image);
  TracingScope scope(rt, "convert_image");
  Value dtypeValue = makeDType(to);
  auto castTo = [&](const Value &x) {
    return saturate ? callTf(rt.in, {"saturate_cast"}, {x, dtypeValue})
                    : callTf(rt.in, {"cast"}, {x, dtypeValue});
  };
  if (isInteger(from) && isInteger(to)) {
    // (max + 1) as Python computes it: 2**63 for int64.
    auto range = [&](DType d) {
      return static_cast<unsigned __int128>(intMax(rt, d)) + 1;
    };
    if (range(from) > range(to)) {
      // Scaling down, then the cast: in.max maps below out.max + 1.
      auto scale = static_cast<int64_t>(range(from) / range(to));
      return castTo(
          callTf(rt.in, {"math", "floordiv"}, {image, Value::integer(scale)}));
    }
    // Scaling up after the cast: converting back gives the input again.
    auto scale = static_cast<int64_t>(range(to) / range(from));
    return callTf(rt.in, {"math", "multiply"},
                  {castTo(image), Value::integer(scale)});
  }
  if (isFloating(from) && isFloating(to))
    return callTf(rt.in, {"cast"}, {image, dtypeValue});
  if (isInteger(from))
    return callTf(
        rt.in, {"math", "multiply"},
        {callTf(rt.in, {"cast"}, {image, dtypeValue}),
         Value::floating(1.0 / static_cast<double>(intMax(rt, from)))});
  // From float: scale, then cast (0.5 keeps the cast's rounding in range).
  Value scaled = callTf(
      rt.in, {"math", "multiply"},
      {image, Value::floating(static_cast<double>(intMax(rt, to)) + 0.5)});
  return castTo(scaled);
}

Value floatImage(TfRuntime &rt, Value &image, DType &orig) {
  orig = rt.tensor(image).type.dtype;
  if (orig == DType::Float16 || orig == DType::Float32)
    return image;
  return convertImageDtype(rt, image, DType::Float32, false);
}

namespace {

Value adjustBrightness(TfRuntime &rt, const Params &p) {
  TracingScope scope(rt, "adjust_brightness");
  Value image = rt.toTensor(p.require("image", "adjust_brightness"));
  DType orig;
  Value flt = floatImage(rt, image, orig);
  Value delta = callTf(rt.in, {"cast"},
                       {p.require("delta", "adjust_brightness"),
                        makeDType(rt.tensor(flt).type.dtype)});
  Value adjusted = callTf(rt.in, {"math", "add"}, {flt, delta});
  return convertImageDtype(rt, adjusted, orig, true);
}

Value adjustGamma(TfRuntime &rt, const Params &p) {
  Interpreter &in = rt.in;
  TracingScope scope(rt, "adjust_gamma");
  Value image = rt.toTensor(p.require("image", "adjust_gamma"));
  Value gamma =
      rt.toTensor(p.has("gamma") ? p.get("gamma") : Value::integer(1));
  Value gain = p.has("gain") ? p.get("gain") : Value::integer(1);
  DType orig;
  Value flt = floatImage(rt, image, orig);
  // A gamma known now must not be negative; one known only at run time is
  // not checked (TensorFlow asserts it).
  if (HostTensorPtr g = rt.constantValue(gamma))
    for (int64_t i = 0; i < g->type.numElements(); ++i)
      if (g->elementAsDouble(i) < 0)
        in.valueError("Gamma should be a non-negative real number.");
  Value adjusted = in.binary(ast::BinaryOp::Mult, gain,
                             in.binary(ast::BinaryOp::Pow, flt, gamma));
  return convertImageDtype(rt, adjusted, orig, true);
}

Value rgbToGrayscale(TfRuntime &rt, const Params &p) {
  TracingScope scope(rt, "rgb_to_grayscale");
  Value images = rt.toTensor(p.require("images", "rgb_to_grayscale"));
  DType orig = rt.tensor(images).type.dtype;
  Value flt = convertImageDtype(rt, images, DType::Float32, false);
  Value weights = rt.in.list({Value::floating(0.2989), Value::floating(0.5870),
                              Value::floating(0.1140)});
  Value gray = callTf(
      rt.in, {"tensordot"},
      {flt, weights, rt.in.list({Value::integer(-1), Value::integer(-1)})});
  gray = expandDims(rt, gray, -1);
  return convertImageDtype(rt, gray, orig, false);
}

Value grayscaleToRgb(TfRuntime &rt, const Params &p) {
  Interpreter &in = rt.in;
  TracingScope scope(rt, "grayscale_to_rgb");
  Value images = rt.toTensor(p.require("images", "grayscale_to_rgb"));
  const TensorType &t = rt.tensor(images).type;
  if (t.unknownRank)
    rt.raise("UnimplementedError", "kiln needs the rank of "
                                   "tf.image.grayscale_to_rgb's images at "
                                   "trace time");
  if (t.shape.size() < 2)
    in.valueError("A grayscale image (shape " + t.shapeString() +
                  ") must be at least two-dimensional.");
  if (t.isStatic() && t.shape.back() != 1)
    in.valueError("Last dimension of a grayscale image should be size 1.");
  if (t.shape.back() != 1)
    rt.raise("UnimplementedError",
             "kiln needs tf.image.grayscale_to_rgb's images to have a last "
             "dimension of 1 known at trace time");
  std::vector<int64_t> multiples(t.shape.size(), 1);
  multiples.back() = 3;
  return callTf(rt.in, {"tile"}, {images, pyIntList(in, multiples)});
}

Value perImageStandardization(TfRuntime &rt, const Params &p) {
  Interpreter &in = rt.in;
  TracingScope scope(rt, "per_image_standardization");
  Value image = atLeast3D(rt, p.require("image", "per_image_standardization"),
                          "per_image_standardization");
  image = callTf(rt.in, {"cast"}, {image, makeDType(DType::Float32)});
  Value last3 = sliceOf(rt, shapeOf(rt, image), -3, std::nullopt);
  Value pixels = callTf(rt.in, {"math", "reduce_prod"}, {last3});
  Value axes = pyIntList(in, {-1, -2, -3});
  std::vector<std::pair<std::string, Value>> keep = {
      {"axis", axes}, {"keepdims", Value::boolean(true)}};
  Value mean = callTf(rt.in, {"math", "reduce_mean"}, {image}, keep);
  // A minimum deviation keeps uniform images finite.
  Value stddev = callTf(rt.in, {"math", "reduce_std"}, {image}, keep);
  Value minStddev =
      callTf(rt.in, {"math", "rsqrt"},
             {callTf(rt.in, {"cast"}, {pixels, makeDType(DType::Float32)})});
  Value adjusted = callTf(rt.in, {"math", "maximum"}, {stddev, minStddev});
  image = in.binary(ast::BinaryOp::Sub, image, mean);
  return callTf(rt.in, {"math", "divide"}, {image, adjusted});
}

/// An offset or size argument of the cropping and padding functions: a
/// Python int where trace time knows it, else a scalar tensor (TensorFlow
/// computes with either in Python).
Value boxValue(TfRuntime &rt, const Value &v) {
  Value folded = foldKnown(rt, v);
  if (folded.isIntLike())
    return Value::integer(folded.asInt());
  Value t = rt.toTensor(folded);
  const TensorType &tt = rt.tensor(t).type;
  if (tt.unknownRank || !tt.shape.empty() || !isInteger(tt.dtype))
    rt.raise("UnimplementedError", "kiln takes tf.image's offsets and sizes "
                                   "as Python ints or integer scalars");
  return t;
}

/// An image of rank 3 or 4 as a batch (rank 4), and whether it was one.
Value asBatch(TfRuntime &rt, const Value &arg, const std::string &fname,
              bool &batch) {
  Value image = rt.toTensor(arg);
  const TensorType &given = rt.tensor(image).type;
  if (given.unknownRank)
    rt.raise("UnimplementedError",
             "kiln needs the rank of tf.image." + fname + "'s image");
  batch = given.shape.size() == 4;
  if (given.shape.size() == 3)
    image = expandDims(rt, image, 0);
  else if (!batch)
    rt.in.valueError("'image' (shape " + given.shapeString() +
                     ") must have either 3 or 4 dimensions.");
  const TensorType &t = rt.tensor(image).type;
  bool dynamic = false;
  for (size_t d = 1; d < 4; ++d) {
    if (t.shape[d] == 0)
      rt.in.valueError("inner 3 dims of 'image.shape' must be > 0: " +
                       t.shapeString());
    dynamic |= t.shape[d] < 0;
  }
  if (dynamic && rt.tracing) {
    // Sizes known at run time: _CheckAtLeast3DImage's assert_positive,
    // checked before the op's own assertions.
    Interpreter &in = rt.in;
    TracingScope positive(rt, "assert_positive");
    TracingScope less(rt, "assert_less");
    Value inner =
        callTf(in, {"slice"},
               {callTf(in, {"shape"}, {image}), in.list({Value::integer(1)}),
                in.list({Value::integer(3)})});
    Value ok = callTf(in, {"reduce_all"},
                      {in.compare(ast::CmpOp::Gt, inner, Value::integer(0))});
    callTf(
        in, {"debugging", "Assert"},
        {ok, in.list({in.str("inner 3 dims of 'image.shape' must be > 0.")})});
  }
  return image;
}

/// Dimension `d` of a batch as _ImageDimensions gives it: a Python int
/// when static, else the tensor tf.shape(image)[d].
Value imageDim(TfRuntime &rt, const Value &image, int64_t d) {
  int64_t n = rt.tensor(image).type.shape[d];
  if (n >= 0)
    return Value::integer(n);
  return rt.in.getItem(shapeOf(rt, image), Value::integer(d));
}

Value unbatch(TfRuntime &rt, const Value &x, bool batch) {
  return batch ? x : squeeze(rt, x, pyIntList(rt.in, {0}));
}

/// Python arithmetic on ints or scalar tensors, as TensorFlow's image
/// functions compute offsets and sizes.
struct BoxMath {
  TfRuntime &rt;
  Value sub(const Value &a, const Value &b) {
    return rt.in.binary(ast::BinaryOp::Sub, a, b);
  }
  Value add(const Value &a, const Value &b) {
    return rt.in.binary(ast::BinaryOp::Add, a, b);
  }
  Value half(const Value &a) {
    return rt.in.binary(ast::BinaryOp::FloorDiv, a, Value::integer(2));
  }
  Value neg(const Value &a) { return sub(Value::integer(0), a); }
  /// max_ / min_: the Python builtin on ints, tf.maximum otherwise.
  Value pick(const Value &a, const Value &b, bool max) {
    if (a.isIntLike() && b.isIntLike())
      return Value::integer(max ? std::max(a.asInt(), b.asInt())
                                : std::min(a.asInt(), b.asInt()));
    return callTf(rt.in, {"math", max ? "maximum" : "minimum"}, {a, b});
  }
  /// _assert: the ValueError now when `cond` is a Python bool, else an
  /// Assert op that fails when the function runs.
  void require(const Value &cond, const std::string &message) {
    if (!rt.isTensor(cond)) {
      if (!rt.in.truthy(cond))
        rt.in.valueError(message);
      return;
    }
    callTf(rt.in, {"debugging", "Assert"},
           {cond, rt.in.list({rt.in.str(message)})});
  }
  Value cmp(ast::CmpOp c, const Value &a, const Value &b) {
    return rt.in.compare(c, a, b);
  }
};

/// The static shape TensorFlow sets on a crop or pad of batch `image` to
/// `height` by `width`: the batch and depth as the image has them, the
/// target sizes where they are Python ints.
std::vector<int64_t> boxShape(TfRuntime &rt, const Value &image,
                              const Value &height, const Value &width) {
  const std::vector<int64_t> &shape = rt.tensor(image).type.shape;
  auto known = [](const Value &v) { return v.isIntLike() ? v.asInt() : -1; };
  return {shape[0], known(height), known(width), shape[3]};
}

/// `x` with static dimensions `shape` (-1: as it is), as set_shape refines
/// a tensor's shape.
Value refineShape(TfRuntime &rt, const Value &x,
                  const std::vector<int64_t> &shape) {
  TensorType t = rt.tensor(x).type;
  bool changed = false;
  for (size_t d = 0; d < shape.size(); ++d)
    if (shape[d] >= 0 && t.shape[d] < 0) {
      t.shape[d] = shape[d];
      changed = true;
    }
  if (!rt.tracing || !changed)
    return x;
  return rt.apply("Identity", {x}, {{"T", t.dtype}}, t, "Identity");
}

Value cropToBoundingBox(TfRuntime &rt, const Value &arg, const Value &top,
                        const Value &left, const Value &height,
                        const Value &width) {
  Interpreter &in = rt.in;
  const std::string fname = "crop_to_bounding_box";
  TracingScope scope(rt, fname);
  bool batch;
  Value image = asBatch(rt, arg, fname, batch);
  Value h = imageDim(rt, image, 1), w = imageDim(rt, image, 2);
  BoxMath m{rt};
  Value zero = Value::integer(0);
  using ast::CmpOp;
  m.require(m.cmp(CmpOp::GtE, left, zero), "offset_width must be >= 0.");
  m.require(m.cmp(CmpOp::GtE, top, zero), "offset_height must be >= 0.");
  m.require(m.cmp(CmpOp::Gt, width, zero), "target_width must be > 0.");
  m.require(m.cmp(CmpOp::Gt, height, zero), "target_height must be > 0.");
  m.require(m.cmp(CmpOp::GtE, w, m.add(width, left)),
            "width must be >= target + offset.");
  m.require(m.cmp(CmpOp::GtE, h, m.add(height, top)),
            "height must be >= target + offset.");
  Value cropped = callTf(
      rt.in, {"slice"},
      {image, in.list({Value::integer(0), top, left, Value::integer(0)}),
       in.list({Value::integer(-1), height, width, Value::integer(-1)})});
  cropped = refineShape(rt, cropped, boxShape(rt, image, height, width));
  return unbatch(rt, cropped, batch);
}

Value padToBoundingBox(TfRuntime &rt, const Value &arg, const Value &top,
                       const Value &left, const Value &height,
                       const Value &width) {
  Interpreter &in = rt.in;
  const std::string fname = "pad_to_bounding_box";
  TracingScope scope(rt, fname);
  bool batch;
  Value image = asBatch(rt, arg, fname, batch);
  Value h = imageDim(rt, image, 1), w = imageDim(rt, image, 2);
  BoxMath m{rt};
  Value right = m.sub(m.sub(width, left), w);
  Value bottom = m.sub(m.sub(height, top), h);
  Value zero = Value::integer(0);
  using ast::CmpOp;
  m.require(m.cmp(CmpOp::GtE, top, zero), "offset_height must be >= 0");
  m.require(m.cmp(CmpOp::GtE, left, zero), "offset_width must be >= 0");
  m.require(m.cmp(CmpOp::GtE, right, zero), "width must be <= target - offset");
  m.require(m.cmp(CmpOp::GtE, bottom, zero),
            "height must be <= target - offset");
  Value paddings = in.list({in.list({zero, zero}), in.list({top, bottom}),
                            in.list({left, right}), in.list({zero, zero})});
  Value padded = callTf(rt.in, {"pad"}, {image, paddings});
  padded = refineShape(rt, padded, boxShape(rt, image, height, width));
  return unbatch(rt, padded, batch);
}

/// The four offset and size arguments of crop_to_bounding_box and
/// pad_to_bounding_box.
std::array<Value, 4> boxArgs(TfRuntime &rt, const Params &p,
                             const std::string &fname) {
  std::array<Value, 4> out;
  const char *names[] = {"offset_height", "offset_width", "target_height",
                         "target_width"};
  for (int i = 0; i < 4; ++i)
    out[i] = boxValue(rt, p.require(names[i], fname));
  return out;
}

/// The image (as a batch) and the target size of resize_with_crop_or_pad
/// and resize_with_pad, with the checks both make of the size.
struct Target {
  Value image, height, width;
  bool batch;
};
Target targetArgs(TfRuntime &rt, const Params &p, const std::string &fname) {
  Target t;
  t.image = asBatch(rt, p.require("image", fname), fname, t.batch);
  t.height = boxValue(rt, p.require("target_height", fname));
  t.width = boxValue(rt, p.require("target_width", fname));
  BoxMath m{rt};
  Value zero = Value::integer(0);
  m.require(m.cmp(ast::CmpOp::Gt, t.width, zero), "target_width must be > 0.");
  m.require(m.cmp(ast::CmpOp::Gt, t.height, zero),
            "target_height must be > 0.");
  return t;
}

Value resizeWithCropOrPad(TfRuntime &rt, const Params &p) {
  TracingScope scope(rt, "resize_image_with_crop_or_pad");
  auto [image, height, width, batch] =
      targetArgs(rt, p, "resize_with_crop_or_pad");
  BoxMath m{rt};
  Value zero = Value::integer(0);
  Value h = imageDim(rt, image, 1), w = imageDim(rt, image, 2);
  Value dw = m.sub(width, w), dh = m.sub(height, h);
  Value cropped =
      cropToBoundingBox(rt, image, m.pick(m.half(m.neg(dh)), zero, true),
                        m.pick(m.half(m.neg(dw)), zero, true),
                        m.pick(height, h, false), m.pick(width, w, false));
  Value resized =
      padToBoundingBox(rt, cropped, m.pick(m.half(dh), zero, true),
                       m.pick(m.half(dw), zero, true), height, width);
  return unbatch(rt, resized, batch);
}

/// resize_with_pad: the image resized to fit the target keeping its aspect
/// ratio, then padded to the target around its centre, with TensorFlow's
/// float32 arithmetic on tensors for the sizes and offsets.
Value resizeWithPad(TfRuntime &rt, const Params &p) {
  Interpreter &in = rt.in;
  TracingScope scope(rt, "resize_image_with_pad");
  auto [image, height, width, batch] = targetArgs(rt, p, "resize_with_pad");
  BoxMath m{rt};
  Value zero = Value::integer(0);
  Value h = imageDim(rt, image, 1), w = imageDim(rt, image, 2);
  auto cast = [&](const Value &v, DType d) {
    return callTf(in, {"cast"}, {v, makeDType(d)});
  };
  auto div = [&](const Value &a, const Value &b) {
    return in.binary(ast::BinaryOp::Div, a, b);
  };
  auto floor = [&](const Value &v) {
    return callTf(in, {"math", "floor"}, {v});
  };
  Value fh = cast(h, DType::Float32), fw = cast(w, DType::Float32);
  Value fTargetH = cast(height, DType::Float32);
  Value fTargetW = cast(width, DType::Float32);
  Value ratio =
      callTf(in, {"math", "maximum"}, {div(fw, fTargetW), div(fh, fTargetH)});
  Value resizedH = div(fh, ratio), resizedW = div(fw, ratio);
  Value sizeH = cast(floor(resizedH), DType::Int32);
  Value sizeW = cast(floor(resizedW), DType::Int32);
  Value padH = floor(div(m.sub(fTargetH, resizedH), Value::integer(2)));
  Value padW = floor(div(m.sub(fTargetW, resizedW), Value::integer(2)));
  Value top = m.pick(zero, cast(padH, DType::Int32), true);
  Value left = m.pick(zero, cast(padW, DType::Int32), true);
  std::vector<std::pair<std::string, Value>> options;
  for (const char *option : {"method", "antialias"})
    if (p.has(option))
      options.emplace_back(option, p.get(option));
  Value resized = callTf(in, {"image", "resize"},
                         {image, in.list({sizeH, sizeW})}, options);
  Value padded = padToBoundingBox(rt, resized, top, left, height, width);
  return unbatch(rt, padded, batch);
}

Value centralCrop(TfRuntime &rt, const Params &p) {
  Interpreter &in = rt.in;
  TracingScope scope(rt, "central_crop");
  Value image = rt.toTensor(p.require("image", "central_crop"));
  Value fractionArg =
      foldKnown(rt, p.require("central_fraction", "central_crop"));
  double fraction;
  if (fractionArg.isNumber())
    fraction = fractionArg.is(py::Type::Float) ? fractionArg.asFloat()
                                               : fractionArg.asInt();
  else if (HostTensorPtr c = rt.isTensor(fractionArg)
                                 ? rt.constantValue(fractionArg)
                                 : nullptr)
    fraction = c->elementAsDouble(0);
  else
    rt.raise("UnimplementedError",
             "kiln needs tf.image.central_crop's central_fraction at trace "
             "time");
  if (fraction <= 0.0 || fraction > 1.0)
    in.valueError("central_fraction must be within (0, 1]");
  if (fraction == 1.0)
    return image;
  image = atLeast3D(rt, image, "central_crop");
  const TensorType &t = rt.tensor(image).type;
  size_t rank = t.shape.size();
  if (rank != 3 && rank != 4)
    in.valueError("`image` should either be a Tensor with rank = 3 or rank = "
                  "4. Had rank = " +
                  std::to_string(rank) + ".");
  int64_t hAxis = rank == 3 ? 0 : 1;
  int64_t h = t.shape[hAxis], w = t.shape[hAxis + 1];
  if (h < 0 || w < 0)
    rt.raise("UnimplementedError", "kiln needs the height and width of "
                                   "tf.image.central_crop's image at trace "
                                   "time");
  // int((size - size * fraction) / 2), in Python's doubles.
  auto start = [&](int64_t size) {
    double d = static_cast<double>(size);
    return static_cast<int64_t>((d - d * fraction) / 2);
  };
  int64_t top = start(h), left = start(w);
  std::vector<int64_t> begin = {top, left, 0},
                       size = {h - 2 * top, w - 2 * left, -1};
  if (rank == 4) {
    begin.insert(begin.begin(), 0);
    size.insert(size.begin(), -1);
  }
  return callTf(rt.in, {"slice"},
                {image, pyIntList(in, begin), pyIntList(in, size)});
}

Value totalVariation(TfRuntime &rt, const Params &p) {
  Interpreter &in = rt.in;
  TracingScope scope(rt, "total_variation");
  Value images = p.require("images", "total_variation");
  if (!rt.isTensor(images))
    in.raise("AttributeError", "'" + in.typeName(images) +
                                   "' object has no attribute 'get_shape'");
  const TensorType &t = rt.tensor(images).type;
  size_t rank = t.unknownRank ? 0 : t.shape.size();
  if (rank != 3 && rank != 4)
    in.valueError("'images' must be either 3 or 4-dimensional.");
  // The differences of neighbours down and across, summed (per image).
  int64_t h = rank == 3 ? 0 : 1;
  auto part = [&](int64_t axis, bool later) {
    ValueList key;
    for (size_t d = 0; d < rank; ++d) {
      auto slice = std::make_shared<py::SliceObject>();
      if (static_cast<int64_t>(d) == axis)
        (later ? slice->start : slice->stop) = Value::integer(later ? 1 : -1);
      key.push_back(Value::object(py::Type::Slice, slice));
    }
    return stridedSlice(rt, images, in.tuple(std::move(key)));
  };
  auto diff = [&](int64_t axis) {
    return in.binary(ast::BinaryOp::Sub, part(axis, true), part(axis, false));
  };
  Value down = diff(h), across = diff(h + 1);
  std::vector<std::pair<std::string, Value>> axis;
  if (rank == 4)
    axis = {{"axis", pyIntList(in, {1, 2, 3})}};
  auto total = [&](const Value &d) {
    return callTf(rt.in, {"math", "reduce_sum"},
                  {callTf(rt.in, {"math", "abs"}, {d})}, axis);
  };
  return in.binary(ast::BinaryOp::Add, total(down), total(across));
}

/// The Resize op's dtype rule: the OpDef's allowed types, as a traced
/// TypeError lists them and as the eager kernel lookup quotes them.
struct ResizeOpDef {
  const char *op, *traced, *kernels, *opDef;
};
const ResizeOpDef kBilinear = {
    "ResizeBilinear",
    "int8, uint8, int16, uint16, int32, int64, bfloat16, float16, float32, "
    "float64, bfloat16",
    "int8, uint8, int16, uint16, int32, int64, bfloat16, half, float, double, "
    "bfloat16",
    "; signature=images:T, size:int32 -> resized_images:float; "
    "attr=T:type,allowed=[DT_INT8, DT_UINT8, DT_INT16, DT_UINT16, DT_INT32, "
    "DT_INT64, DT_BFLOAT16, DT_HALF, DT_FLOAT, DT_DOUBLE, DT_BFLOAT16]; "
    "attr=align_corners:bool,default=false; "
    "attr=half_pixel_centers:bool,default=false>"};
const ResizeOpDef kNearest = {
    "ResizeNearestNeighbor",
    "int8, uint8, int16, uint16, int32, int64, float16, float32, float64, "
    "bfloat16",
    "int8, uint8, int16, uint16, int32, int64, half, float, double, bfloat16",
    "; signature=images:T, size:int32 -> resized_images:T; "
    "attr=T:type,allowed=[DT_INT8, DT_UINT8, DT_INT16, DT_UINT16, DT_INT32, "
    "DT_INT64, DT_HALF, DT_FLOAT, DT_DOUBLE, DT_BFLOAT16]; "
    "attr=align_corners:bool,default=false; "
    "attr=half_pixel_centers:bool,default=false>"};

/// tf.image.resize (resize_images_v2) by bilinear interpolation or the
/// nearest neighbour, with half-pixel centers: a ResizeBilinear or
/// ResizeNearestNeighbor node on a batch, whose kernel (EmitImage.cpp)
/// checks the sizes known only at run time.
Value resize(TfRuntime &rt, const Params &p) {
  Interpreter &in = rt.in;
  TracingScope scope(rt, "resize");
  Value images = rt.toTensor(p.require("images", "resize"));
  std::string method =
      p.has("method") ? in.toStr(p.get("method")) : std::string("bilinear");
  bool aspect = p.has("preserve_aspect_ratio") &&
                in.truthy(p.get("preserve_aspect_ratio"));
  bool antialias = p.has("antialias") && in.truthy(p.get("antialias"));
  const TensorType it = rt.tensor(images).type;
  if (it.unknownRank)
    in.valueError("'images' contains no shape.");
  bool batch = it.shape.size() == 4;
  if (it.shape.size() == 3)
    images = expandDims(rt, images, 0);
  else if (!batch)
    in.valueError("'images' must have either 3 or 4 dimensions.");
  const TensorType bt = rt.tensor(images).type;
  Value size;
  try {
    size = rt.toTensor(p.require("size", "resize"), DType::Int32);
  } catch (py::PyException &e) {
    if (!in.isInstance(e.exc, in.builtinClass("TypeError").get()) &&
        !in.isInstance(e.exc, in.builtinClass("ValueError").get()))
      throw;
    in.valueError("'size' must be a 1-D int32 Tensor");
  }
  const TensorType &st = rt.tensor(size).type;
  if (st.dtype != DType::Int32)
    in.valueError("'size' must be a 1-D int32 Tensor");
  if (!st.unknownRank &&
      (st.shape.size() != 1 || (st.shape[0] >= 0 && st.shape[0] != 2)))
    in.valueError("'size' must be a 1-D Tensor of 2 elements: new_height, "
                  "new_width");
  // The sizes known now give the result's static shape.
  std::vector<int64_t> outSize = {-1, -1};
  if (HostTensorPtr known = rt.constantValue(size))
    outSize = {known->elementAsInt(0), known->elementAsInt(1)};
  if (aspect) {
    // Scaled by the smaller of the two ratios, in float32 as TensorFlow
    // computes it, rounded half to even.
    if (outSize[0] < 0 || bt.shape[1] < 0 || bt.shape[2] < 0)
      rt.raise("UnimplementedError",
               "kiln needs the sizes of tf.image.resize with "
               "preserve_aspect_ratio at trace time");
    float h = static_cast<float>(bt.shape[1]),
          w = static_cast<float>(bt.shape[2]);
    float scale = std::min(static_cast<float>(outSize[0]) / h,
                           static_cast<float>(outSize[1]) / w);
    outSize = {static_cast<int64_t>(std::nearbyint(scale * h)),
               static_cast<int64_t>(std::nearbyint(scale * w))};
    size = rt.toTensor(pyIntList(in, outSize), DType::Int32);
  }
  const ResizeOpDef *def = nullptr;
  if (method == "bilinear" && !antialias)
    def = &kBilinear;
  else if (method == "nearest")
    def = &kNearest;
  else if (method == "bilinear" || method == "bicubic" || method == "area" ||
           method == "lanczos3" || method == "lanczos5" ||
           method == "gaussian" || method == "mitchellcubic")
    rt.raise("UnimplementedError",
             "kiln's tf.image.resize supports method 'bilinear' (without "
             "antialias) and 'nearest' only, not '" +
                 method + "'" + (antialias ? " with antialias" : ""));
  else
    in.valueError("Resize method is not implemented: " + method);
  DType dtype = bt.dtype;
  bool allowed = dtype == DType::Int8 || dtype == DType::UInt8 ||
                 dtype == DType::Int16 || dtype == DType::Int32 ||
                 dtype == DType::Int64 || isFloating(dtype);
  if (!allowed)
    rejectDType(rt, def->op, "images", "T", dtype, def->traced, def->kernels,
                def->opDef);
  // The kernel's checks on sizes known now (eagerly: all of them).
  auto kernelCheck = [&](bool ok, const std::string &message) {
    if (!ok)
      knownKernelError(rt, def->op, message);
  };
  if (outSize[0] != -1 || !rt.tracing)
    kernelCheck(outSize[0] > 0 && outSize[1] > 0,
                "output dimensions must be positive");
  kernelCheck(bt.shape[3] != 0, "image must have at least one channel");
  kernelCheck(bt.shape[1] != 0 && bt.shape[2] != 0,
              "input image must be of non-zero size");
  DType out = def == &kBilinear ? DType::Float32 : dtype;
  std::vector<int64_t> shape = {bt.shape[0], std::max<int64_t>(outSize[0], -1),
                                std::max<int64_t>(outSize[1], -1), bt.shape[3]};
  Value resized = rt.apply(
      def->op, {images, size},
      {{"T", dtype}, {"align_corners", false}, {"half_pixel_centers", true}},
      TensorType{out, shape}, def->op);
  return batch ? resized : squeeze(rt, resized, pyIntList(in, {0}));
}

} // namespace

void defImage(TfRuntime &rt, ModuleBuilder &image, const std::string &name,
              std::vector<std::string> params,
              Value (*fn)(TfRuntime &, const Params &)) {
  TfRuntime *r = &rt;
  image.def(name, [r, name, params, fn](Interpreter &in, CallArgs &args) {
    return fn(*r, Params(in, args, name, params));
  });
}

void installImage(TfRuntime &rt, ModuleBuilder &image) {
  TfRuntime *r = &rt;
  for (auto [name, axis] :
       {std::pair{"flip_left_right", 1}, std::pair{"flip_up_down", 0}}) {
    std::string fname = name;
    int64_t a = axis;
    image.def(fname, [r, fname, a](Interpreter &in, CallArgs &args) {
      return flip(*r, Params(in, args, fname, {"image"}), fname, a);
    });
  }
  defImage(rt, image, "rot90", {"image", "k", "name"}, rot90);
  defImage(rt, image, "transpose", {"image", "name"}, transposeImage);
  image.def("convert_image_dtype", [r](Interpreter &in, CallArgs &args) {
    Params p(in, args, "convert_image_dtype",
             {"image", "dtype", "saturate", "name"});
    std::optional<DType> to =
        dtypeArg(in, p.require("dtype", "convert_image_dtype"));
    if (!to)
      in.typeError("Cannot convert value None to a TensorFlow DType.");
    return convertImageDtype(*r, p.require("image", "convert_image_dtype"), *to,
                             p.has("saturate") && in.truthy(p.get("saturate")));
  });
  defImage(rt, image, "adjust_brightness", {"image", "delta"},
           adjustBrightness);
  defImage(rt, image, "adjust_gamma", {"image", "gamma", "gain"}, adjustGamma);
  defImage(rt, image, "rgb_to_grayscale", {"images", "name"}, rgbToGrayscale);
  defImage(rt, image, "grayscale_to_rgb", {"images", "name"}, grayscaleToRgb);
  defImage(rt, image, "resize",
           {"images", "size", "method", "preserve_aspect_ratio", "antialias",
            "name"},
           resize);
  // tf.image.ResizeMethod: the method names as class attributes.
  auto methods = std::make_shared<py::ModuleObject>();
  methods->name = "ResizeMethod";
  for (auto [attr, value] : {std::pair{"BILINEAR", "bilinear"},
                             {"NEAREST_NEIGHBOR", "nearest"},
                             {"BICUBIC", "bicubic"},
                             {"AREA", "area"},
                             {"LANCZOS3", "lanczos3"},
                             {"LANCZOS5", "lanczos5"},
                             {"GAUSSIAN", "gaussian"},
                             {"MITCHELLCUBIC", "mitchellcubic"}})
    methods->dict[attr] = image.in.str(value);
  image.set("ResizeMethod", Value::object(py::Type::Module, methods));
  for (const char *name : {"crop_to_bounding_box", "pad_to_bounding_box"}) {
    std::string fname = name;
    image.def(fname, [r, fname](Interpreter &in, CallArgs &args) {
      Params p(in, args, fname,
               {"image", "offset_height", "offset_width", "target_height",
                "target_width"});
      Value img = p.require("image", fname);
      auto [top, left, height, width] = boxArgs(*r, p, fname);
      return fname == "crop_to_bounding_box"
                 ? cropToBoundingBox(*r, img, top, left, height, width)
                 : padToBoundingBox(*r, img, top, left, height, width);
    });
  }
  defImage(rt, image, "resize_with_crop_or_pad",
           {"image", "target_height", "target_width"}, resizeWithCropOrPad);
  defImage(rt, image, "resize_with_pad",
           {"image", "target_height", "target_width", "method", "antialias"},
           resizeWithPad);
  defImage(rt, image, "central_crop", {"image", "central_fraction"},
           centralCrop);
  defImage(rt, image, "total_variation", {"images", "name"}, totalVariation);
  defImage(rt, image, "per_image_standardization", {"image"},
           perImageStandardization);
}

} // namespace kiln::tf
