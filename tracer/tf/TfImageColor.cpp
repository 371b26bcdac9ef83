// tf.image's colour functions: the YUV and YIQ conversions (a tensordot
// with TensorFlow's matrix), RGBToHSV and HSVToRGB, and adjust_contrast,
// adjust_saturation and adjust_hue, whose kernels (AdjustContrastv2,
// AdjustSaturation, AdjustHue) take float32 images; the kernels are
// codegen/EmitImageColor.cpp. Each function converts and checks its
// arguments as TensorFlow's Python layer and the op's shape function and
// kernel do.
#include "TfImage.h"
#include "TfObjects.h"

#include <array>
#include <cmath>

namespace kiln::tf {

namespace {

using Matrix = std::array<std::array<double, 3>, 3>;

// The matrices of image_ops_impl.py, rows by input channel.
const Matrix kRgbToYuv = {{{0.299, -0.14714119, 0.61497538},
                           {0.587, -0.28886916, -0.51496512},
                           {0.114, 0.43601035, -0.10001026}}};
const Matrix kYuvToRgb = {
    {{1, 1, 1}, {0, -0.394642334, 2.03206185}, {1.13988303, -0.58062185, 0}}};
const Matrix kRgbToYiq = {{{0.299, 0.59590059, 0.2115},
                           {0.587, -0.27455667, -0.52273617},
                           {0.114, -0.32134392, 0.31119955}}};
const Matrix kYiqToRgb = {{{1, 1, 1},
                           {0.95598634, -0.27201283, -1.10674021},
                           {0.6208248, -0.64720424, 1.70423049}}};

/// images . kernel over the last axis, as rgb_to_yuv and its kin compute
/// it: the matrix converted to the images' dtype (a TypeError for
/// integer images), then tensordot.
Value colourMatrix(TfRuntime &rt, const Params &p, const std::string &fname,
                   const Matrix &m) {
  Interpreter &in = rt.in;
  Value images = rt.toTensor(p.require("images", fname));
  const TensorType &t = rt.tensor(images).type;
  // The Python list as image_ops_impl.py writes it (1 and 0 as ints), for
  // the conversion's error on integer images.
  ValueList rows;
  for (const auto &row : m) {
    ValueList items;
    for (double v : row)
      items.push_back(v == std::floor(v) ? Value::integer(int64_t(v))
                                         : Value::floating(v));
    rows.push_back(in.list(std::move(items)));
  }
  Value list = in.list(std::move(rows));
  Value kernel = rt.tracing
                     ? rt.constant(rt.hostFromPython(list, t.dtype), "kernel")
                     : rt.toTensor(list, t.dtype);
  if (t.unknownRank)
    in.typeError("unsupported operand type(s) for -: 'NoneType' and 'int'");
  int64_t last = static_cast<int64_t>(t.shape.size()) - 1;
  return callTf(
      in, {"tensordot"},
      {images, kernel, in.list({pyIntList(in, {last}), pyIntList(in, {0})})});
}

/// RGBToHSV or HSVToRGB: a float image whose last dimension holds the 3
/// channels.
Value colourSpace(TfRuntime &rt, const Params &p, const std::string &op) {
  Value arg = p.require("images", op);
  PythonOperands slowPath(rt, {arg});
  // A Python list converts as the op's default type, float32.
  Value images = slowPathOperand(arg) ? rt.toTensor(arg, DType::Float32)
                                      : rt.toTensor(arg);
  const TensorType &t = rt.tensor(images).type;
  if (!isFloating(t.dtype))
    rejectDType(
        rt, op, "images", "T", t.dtype, "float16, bfloat16, float32, float64",
        "half, bfloat16, float, double",
        "; signature=images:T -> output:T; attr=T:type,default=DT_FLOAT,"
        "allowed=[DT_HALF, DT_BFLOAT16, DT_FLOAT, DT_DOUBLE]>",
        !rt.pythonOperands);
  if (t.unknownRank)
    rt.raise("UnimplementedError", "kiln needs the rank of tf.image's " + op +
                                       " input at trace time");
  std::string node = rt.tracing ? rt.tracing->graph.uniqueName(op) : op;
  auto shapeError = [&](const std::string &message) {
    rt.in.valueError(message + " for '{{node " + node + "}} = " + op + "[T=" +
                     tfTypeName(t.dtype) + "](" + inputName(rt, images) +
                     ")' with input shapes: " + shapeList(t.shape) + ".");
  };
  if (t.shape.empty()) {
    if (rt.tracing)
      shapeError("Shape must be at least rank 1 but is rank 0");
    kernelError(rt, op, "input must be at least 1D[]");
  }
  int64_t channels = t.shape.back();
  if (channels >= 0 && channels != 3) {
    if (rt.tracing)
      shapeError("Dimension must be 3 but is " + std::to_string(channels));
    rt.raise("FailedPreconditionError",
             eagerKernelPrefix(op) +
                 "input must have 3 channels but input only has " +
                 std::to_string(channels) + " channels." +
                 eagerOpSuffix(op, !rt.pythonOperands));
  }
  return rt.apply(op, {images}, {{"T", t.dtype}}, t, node, true);
}

/// The adjust_* functions: what each kernel is called, names its node
/// and its scalar input.
struct Adjustment {
  const char *fname;  // "adjust_saturation"
  const char *op;     // "AdjustSaturation"
  const char *scalar; // the op's scalar input
  bool nodeIsScope;   // the node is named as its scope ("adjust_contrast")
  bool saturate;      // the result converts back saturating
};
const Adjustment kContrast = {"adjust_contrast", "AdjustContrastv2",
                              "contrast_factor", true, true};
const Adjustment kSaturation = {"adjust_saturation", "AdjustSaturation",
                                "scale", false, false};
const Adjustment kHue = {"adjust_hue", "AdjustHue", "delta", false, false};

/// Runs adjustment `a` of the image by `amount`: the image as float32
/// (float16 stays, and finds no CPU kernel), the node with its shape
/// function's and kernel's checks, the result converted back.
Value adjust(TfRuntime &rt, const Adjustment &a, const Value &imageArg,
             const Value &amountArg) {
  Interpreter &in = rt.in;
  PythonOperands slowPath(rt, {amountArg});
  TracingScope scope(rt, a.fname);
  const std::string op = a.op;
  Value image = rt.toTensor(imageArg);
  DType orig;
  Value flt = floatImage(rt, image, orig);
  const TensorType t = rt.tensor(flt).type;
  std::string node;
  if (rt.tracing)
    node = a.nodeIsScope ? rt.tracing->graph.scopeName()
                         : rt.tracing->graph.uniqueName(op);
  if (t.dtype == DType::Float16)
    noCpuKernel(rt, op, "T", t.dtype, rt.tracing ? node : op,
                "DT_FLOAT, DT_HALF", {"device='CPU'; T in [DT_FLOAT]"});
  Value amount;
  if (rt.isTensor(amountArg)) {
    amount = amountArg;
    DType d = rt.tensor(amount).type.dtype;
    if (d != DType::Float32) {
      if (rt.tracing)
        in.typeError(std::string("Input '") + a.scalar + "' of '" + op +
                     "' Op has type " + py::dtypeName(d) +
                     " that does not match expected type of float32.");
      rt.raise("InvalidArgumentError",
               "cannot compute " + op +
                   " as input #1(zero-based) was expected to be a float "
                   "tensor but is a " +
                   kernelTypeName(d) + " tensor" + eagerOpSuffix(op));
    }
  } else {
    HostTensorPtr host = rt.hostFromPython(amountArg, DType::Float32);
    amount = rt.tracing ? rt.constant(host, node + "/" + a.scalar, true)
                        : rt.toTensor(amountArg, DType::Float32);
  }
  const TensorType &s = rt.tensor(amount).type;
  if (s.unknownRank)
    rt.raise("UnimplementedError", std::string("kiln needs the rank of "
                                               "tf.image.") +
                                       a.fname + "'s " + a.scalar +
                                       " at trace time");
  auto shapeError = [&](const std::string &message) {
    in.valueError(message + " for '{{node " + node + "}} = " + op +
                  "[T=DT_FLOAT](" + inputName(rt, flt) + ", " +
                  inputName(rt, amount) + ")' with input shapes: " +
                  shapeList(t.shape) + ", " + shapeList(s.shape) + ".");
  };
  if (t.unknownRank)
    rt.raise("UnimplementedError", std::string("kiln needs the rank of "
                                               "tf.image.") +
                                       a.fname + "'s image at trace time");
  if (t.shape.size() < 3) {
    if (rt.tracing)
      shapeError("Shape must be at least rank 3 but is rank " +
                 std::to_string(t.shape.size()));
    kernelError(rt, op,
                "input must be at least 3-D, got shape" + shapeList(t.shape));
  }
  // Only AdjustContrastv2's shape function checks the scalar.
  if (!s.shape.empty()) {
    if (rt.tracing && a.nodeIsScope)
      shapeError("Shape must be rank 0 but is rank " +
                 std::to_string(s.shape.size()));
    knownKernelError(rt, op,
                     std::string(a.scalar) +
                         " must be scalar: " + shapeList(s.shape));
  }
  int64_t channels = t.shape.back();
  if (&a != &kContrast && channels >= 0 && channels != 3)
    knownKernelError(rt, op,
                     "input must have 3 channels but instead has " +
                         std::to_string(channels) + " channels.");
  Value adjusted =
      rt.apply(op, {flt, amount}, {{"T", DType::Float32}}, t, node, true);
  return convertImageDtype(rt, adjusted, orig, a.saturate);
}

} // namespace

void installImageColor(TfRuntime &rt, ModuleBuilder &image) {
  TfRuntime *r = &rt;
  for (auto [name, matrix] : {std::pair{"rgb_to_yuv", &kRgbToYuv},
                              {"yuv_to_rgb", &kYuvToRgb},
                              {"rgb_to_yiq", &kRgbToYiq},
                              {"yiq_to_rgb", &kYiqToRgb}}) {
    std::string fname = name;
    const Matrix *m = matrix;
    image.def(fname, [r, fname, m](Interpreter &in, CallArgs &args) {
      return colourMatrix(*r, Params(in, args, fname, {"images"}), fname, *m);
    });
  }
  for (auto [name, op] : {std::pair{"rgb_to_hsv", "RGBToHSV"},
                          std::pair{"hsv_to_rgb", "HSVToRGB"}}) {
    std::string fname = name, kernel = op;
    image.def(fname, [r, fname, kernel](Interpreter &in, CallArgs &args) {
      return colourSpace(*r, Params(in, args, fname, {"images", "name"}),
                         kernel);
    });
  }
  image.def("adjust_contrast", [r](Interpreter &in, CallArgs &args) {
    Params p(in, args, "adjust_contrast", {"images", "contrast_factor"});
    return adjust(*r, kContrast, p.require("images", "adjust_contrast"),
                  p.require("contrast_factor", "adjust_contrast"));
  });
  image.def("adjust_saturation", [r](Interpreter &in, CallArgs &args) {
    Params p(in, args, "adjust_saturation",
             {"image", "saturation_factor", "name"});
    return adjust(*r, kSaturation, p.require("image", "adjust_saturation"),
                  p.require("saturation_factor", "adjust_saturation"));
  });
  image.def("adjust_hue", [r](Interpreter &in, CallArgs &args) {
    Params p(in, args, "adjust_hue", {"image", "delta", "name"});
    Value delta = p.require("delta", "adjust_hue");
    // Eagerly, TensorFlow's Python compares delta with the interval.
    if (!r->tracing) {
      auto outside = [&](ast::CmpOp op, int64_t bound) {
        return in.truthy(in.compare(op, delta, Value::integer(bound)));
      };
      if (outside(ast::CmpOp::Lt, -1) || outside(ast::CmpOp::Gt, 1))
        in.valueError("delta must be in the interval [-1, 1]");
    }
    return adjust(*r, kHue, p.require("image", "adjust_hue"), delta);
  });
}

} // namespace kiln::tf
