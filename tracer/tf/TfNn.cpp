// tf.nn.conv2d, tf.nn.max_pool2d, tf.nn.avg_pool2d, tf.nn.bias_add and
// tf.pad: one TensorFlow op each (Conv2D, MaxPool, AvgPool, BiasAdd, and
// Pad, PadV2 or MirrorPad), emitted by codegen/EmitNn.cpp. Images are NHWC,
// the only layout TensorFlow's CPU kernels take. tf.nn.max_pool and
// avg_pool pick the pooling of the input's rank; the 1-D forms (and
// conv1d) run the 2-D op over a height of 1, as nn_ops.py does.
#include "ShapeTensor.h"
#include "TfModuleBuilder.h"
#include "TfOps.h"

#include <array>
#include <limits>

namespace kiln::tf {

namespace {

using py::Type;

/// "[1, 2, 2, 1]": a list attr in TensorFlow's node text.
std::string intsText(const std::vector<int64_t> &v) {
  std::string text = "[";
  for (size_t i = 0; i < v.size(); ++i)
    text += (i ? ", " : "") + std::to_string(v[i]);
  return text + "]";
}

/// nn_ops._get_sequence for channels-last data: `v` (None, an int, or a
/// list of 1, n or n + 2 ints) as n + 2 ints, 1 for the batch and channels.
std::vector<int64_t> sequence(TfRuntime &rt, const Value &v, size_t n,
                              const std::string &name) {
  Interpreter &in = rt.in;
  if (v.isNone())
    return std::vector<int64_t>(n + 2, 1);
  std::vector<int64_t> s;
  if (v.isIntLike())
    s = {in.toIndex(v)};
  else
    for (const Value &x : in.toList(v))
      s.push_back(in.toIndex(x));
  if (s.size() == n + 2)
    return s;
  if (s.size() == 1)
    s.assign(n, s[0]);
  else if (s.size() != n)
    in.valueError(name + " should be of length 1, " + std::to_string(n) +
                  " or " + std::to_string(n + 2) + ". Received: " + name + "=" +
                  intsText(s) + " of length " + std::to_string(s.size()));
  s.insert(s.begin(), 1);
  s.push_back(1);
  return s;
}

/// The window arithmetic of one spatial dimension (TensorFlow's
/// GetWindowedOutputSize): the output size and the padding around the
/// input.
struct Window {
  int64_t size = 0, before = 0, after = 0;
  /// VALID and EXPLICIT: the padded input, which shape inference needs at
  /// least as large as the window (the kernel only needs a size of at
  /// least 0).
  int64_t padded = 0, effective = 0;
};

/// Checks window `w` of `op`'s input (of size `input`, with `stride`):
/// shape inference's ValueError while tracing (`node`: the node as its
/// message shows it), the kernel's error eagerly. A window that passes has
/// a size of at least 0.
void checkWindow(TfRuntime &rt, const Window &w, const std::string &op,
                 int64_t input, int64_t stride, const std::string &node) {
  if (input < 0)
    return;
  if (rt.tracing && w.padded < w.effective)
    rt.in.valueError("Negative dimension size caused by subtracting " +
                     std::to_string(w.effective) + " from " +
                     std::to_string(w.padded) + " for " + node);
  if (w.size < 0)
    kernelError(
        rt, op,
        "Computed output size would be negative: " + std::to_string(w.size) +
            " [input_size: " + std::to_string(input) +
            ", effective_filter_size: " + std::to_string(w.effective) +
            ", stride: " + std::to_string(stride) + "]");
}

/// The checks of a window's attrs that come before any size is computed,
/// with TensorFlow's errors: a value out of int32's range (the op's attr
/// check), then a stride and a dilation that is not positive. Shape
/// inference's ValueError while tracing (`node`: the node as its message
/// shows it), the kernel's error eagerly, worded as Conv2D's when
/// `convKernel` (Conv2D, Conv2DBackpropInput) and as the pooling and
/// depthwise kernels' otherwise (ending in " name: " when `named`).
void checkWindowAttrs(TfRuntime &rt, const std::string &op,
                      const std::string &node,
                      const std::vector<int64_t> &strides,
                      const std::vector<int64_t> &dilations,
                      const std::vector<int64_t> &ksize, bool convKernel,
                      bool named = true) {
  auto fail = [&](const std::string &message,
                  const std::string &kernelMessage) {
    if (rt.tracing)
      rt.in.valueError(message + " for " + node);
    kernelError(rt, op, kernelMessage, "", named);
  };
  const std::pair<const char *, const std::vector<int64_t> *> attrs[] = {
      {"dilations", &dilations}, {"ksize", &ksize}, {"strides", &strides}};
  for (auto [name, values] : attrs)
    for (int64_t v : *values)
      if (v > std::numeric_limits<int32_t>::max() ||
          v < std::numeric_limits<int32_t>::min()) {
        std::string message = std::string("Attr ") + name + " has value " +
                              std::to_string(v) + " out of range for an int32";
        fail(message, message);
      }
  for (size_t d = 1; d <= 2 && d < strides.size(); ++d)
    if (strides[d] <= 0) {
      std::string got =
          "Stride must be > 0, but got " + std::to_string(strides[d]);
      fail(got, convKernel ? "Row and column strides should be larger than 0."
                           : got);
    }
  for (size_t d = 1; d <= 2 && d < dilations.size(); ++d)
    if (dilations[d] <= 0)
      fail("Dilation rate must be >= 1, but got " +
               std::to_string(dilations[d]),
           "Dilated rates should be larger than 0.");
}

Window window(int64_t input, int64_t filter, int64_t dilation, int64_t stride,
              const std::string &padding, int64_t padBefore, int64_t padAfter) {
  int64_t effective = (filter - 1) * dilation + 1;
  Window w;
  if (input < 0) {
    // A size known at run time: so is the result's. SAME's padding is
    // known now for a stride of 1 only; -1 has codegen work it out.
    w.size = -1;
    if (padding == "SAME") {
      w.before = stride == 1 ? (effective - 1) / 2 : -1;
      w.after = stride == 1 ? effective - 1 - w.before : -1;
    } else if (padding == "EXPLICIT") {
      w.before = padBefore;
      w.after = padAfter;
    }
    return w;
  }
  w.effective = effective;
  w.padded = input + padBefore + padAfter;
  if (padding == "VALID") {
    // Truncating, as the kernel divides: -1 / 2 is 0.
    w.size = (input - effective + stride) / stride;
  } else if (padding == "SAME") {
    w.size = (input + stride - 1) / stride;
    int64_t total =
        std::max<int64_t>((w.size - 1) * stride + effective - input, 0);
    w.before = total / 2;
    w.after = total - w.before;
    w.padded = w.effective; // no constraint
  } else {                  // EXPLICIT
    w.size = (input + padBefore + padAfter - effective + stride) / stride;
    w.before = padBefore;
    w.after = padAfter;
  }
  return w;
}

/// The OpDefs TensorFlow's attr errors quote, after the op's name.
const char *kConv2DOpDef =
    "; signature=input:T, filter:T -> output:T; attr=T:type,allowed=["
    "DT_HALF, DT_BFLOAT16, DT_FLOAT, DT_DOUBLE, DT_INT32]; "
    "attr=strides:list(int); attr=use_cudnn_on_gpu:bool,default=true; "
    "attr=padding:string,allowed=[\"SAME\", \"VALID\", \"EXPLICIT\"]; "
    "attr=explicit_paddings:list(int),default=[]; "
    "attr=data_format:string,default=\"NHWC\",allowed=[\"NHWC\", \"NCHW\"]; "
    "attr=dilations:list(int),default=[1, 1, 1, 1]>";
const char *kConv2DBackpropInputOpDef =
    "; signature=input_sizes:int32, filter:T, out_backprop:T -> output:T; "
    "attr=T:type,allowed=[DT_HALF, DT_BFLOAT16, DT_FLOAT, DT_DOUBLE, "
    "DT_INT32]; attr=strides:list(int); "
    "attr=use_cudnn_on_gpu:bool,default=true; "
    "attr=padding:string,allowed=[\"SAME\", \"VALID\", \"EXPLICIT\"]; "
    "attr=explicit_paddings:list(int),default=[]; "
    "attr=data_format:string,default=\"NHWC\",allowed=[\"NHWC\", \"NCHW\"]; "
    "attr=dilations:list(int),default=[1, 1, 1, 1]>";
const char *kMaxPoolOpDef =
    "; signature=input:T -> output:T; attr=T:type,default=DT_FLOAT,allowed=["
    "DT_HALF, DT_BFLOAT16, DT_FLOAT, DT_DOUBLE, DT_INT32, DT_INT64, "
    "DT_UINT8, DT_INT16, DT_INT8, DT_UINT16, DT_QINT8]; "
    "attr=ksize:list(int),min=4; attr=strides:list(int),min=4; "
    "attr=padding:string,allowed=[\"SAME\", \"VALID\", \"EXPLICIT\"]; "
    "attr=explicit_paddings:list(int),default=[]; "
    "attr=data_format:string,default=\"NHWC\",allowed=[\"NHWC\", \"NCHW\", "
    "\"NCHW_VECT_C\"]>";
const char *kAvgPoolOpDef =
    "; signature=value:T -> output:T; attr=ksize:list(int),min=4; "
    "attr=strides:list(int),min=4; attr=padding:string,allowed=[\"SAME\", "
    "\"VALID\"]; attr=data_format:string,default=\"NHWC\",allowed=[\"NHWC\", "
    "\"NCHW\"]; attr=T:type,allowed=[DT_HALF, DT_BFLOAT16, DT_FLOAT, "
    "DT_DOUBLE]>";

/// The padding argument: "SAME" or "VALID" (upper case, as the op's attr
/// requires), or, where `opDef` allows "EXPLICIT", explicit
/// [[0, 0], [top, bottom], [left, right], [0, 0]].
std::string paddingArg(TfRuntime &rt, const Value &v, const std::string &op,
                       const std::string &opDef,
                       std::vector<int64_t> &explicitPaddings,
                       bool named = true) {
  Interpreter &in = rt.in;
  if (v.is(Type::Str)) {
    std::string p = in.toStr(v);
    if (p == "SAME" || p == "VALID")
      return p;
    std::string allowed = opDef.find("\"EXPLICIT\"") != std::string::npos
                              ? "\"SAME\", \"VALID\", \"EXPLICIT\""
                              : "\"SAME\", \"VALID\"";
    if (rt.tracing)
      in.valueError("Attr 'padding' of '" + op + "' Op passed string '" + p +
                    "' not in: " + allowed + ".");
    rt.raise("InvalidArgumentError",
             "Value for attr 'padding' of \"" + p +
                 "\" is not in the list of allowed values: " + allowed +
                 "\n\t; NodeDef: {{node " + op + "}}; Op<name=" + op + opDef +
                 eagerOpSuffix(op, named));
  }
  for (const Value &pair : in.toList(v))
    for (const Value &x : in.toList(pair))
      explicitPaddings.push_back(in.toIndex(x));
  if (explicitPaddings.size() != 8)
    in.valueError("padding should be a list of 4 [before, after] pairs, "
                  "one per NHWC dimension");
  if (explicitPaddings[0] || explicitPaddings[1] || explicitPaddings[6] ||
      explicitPaddings[7])
    in.valueError("padding in the batch and depth dimensions must be 0");
  for (int64_t p : explicitPaddings)
    if (p < 0)
      in.valueError("All elements of explicit_paddings must be nonnegative "
                    "for Conv2D. Value " +
                    std::to_string(p) + " is negative");
  return "EXPLICIT";
}

/// The window of a Conv2D or Conv2DBackpropInput node, as its attrs hold
/// it.
struct ConvAttrs {
  DType type;
  std::vector<int64_t> strides, dilations, explicitPaddings;
  std::string padding;
  /// Conv2D's use_cudnn_on_gpu (DepthwiseConv2dNative has none).
  bool cudnnAttr = true;

  /// The attrs as shape inference's errors print them.
  std::string text() const {
    return "[T=" + std::string(tfTypeName(type)) +
           ", data_format=\"NHWC\", dilations=" + intsText(dilations) +
           ", explicit_paddings=" + intsText(explicitPaddings) +
           ", padding=\"" + padding + "\", strides=" + intsText(strides) +
           (cudnnAttr ? ", use_cudnn_on_gpu=true]" : "]");
  }
  /// The node's attrs, with `pads` (top, bottom, left, right) for codegen.
  std::map<std::string, Attr> node(const std::vector<int64_t> &pads) const {
    std::map<std::string, Attr> attrs{{"T", type},
                                      {"pads", pads},
                                      {"strides", strides},
                                      {"dilations", dilations},
                                      {"padding", padding},
                                      {"explicit_paddings", explicitPaddings},
                                      {"data_format", std::string("NHWC")}};
    if (cudnnAttr)
      attrs["use_cudnn_on_gpu"] = true;
    return attrs;
  }
};

/// Node `node` (op `op`, attrs text `attrs`, inputs `inputs`) as shape
/// inference's errors show it: "'{{node N}} = Op[...](a, b)' with input
/// shapes: [..], [..]."
std::string nodeText(TfRuntime &rt, const std::string &node,
                     const std::string &op, const std::string &attrs,
                     const ValueList &inputs) {
  std::string names, shapes;
  for (size_t i = 0; i < inputs.size(); ++i) {
    names += (i ? ", " : "") + inputName(rt, inputs[i]);
    shapes += (i ? ", " : "") + shapeList(rt.tensor(inputs[i]).type.shape);
  }
  return "'{{node " + node + "}} = " + op + attrs + "(" + names +
         ")' with input shapes: " + shapes + ".";
}

/// Input `bad` of `op` is not 4-D: shape inference's ValueError while
/// tracing (`node`: nodeText's), the kernel's `kernelText` and shape
/// eagerly.
[[noreturn]] void rankError(TfRuntime &rt, const std::string &op,
                            const Value &bad, const std::string &node,
                            const std::string &kernelText) {
  const TensorType &type = rt.tensor(bad).type;
  if (rt.tracing)
    rt.in.valueError("Shape must be rank 4 but is rank " +
                     std::to_string(type.shape.size()) + " for " + node);
  kernelError(rt, op, kernelText + shapeList(type.shape));
}

/// An image op's input must have known height, width and depth.
void requireImageSizes(TfRuntime &rt, const TensorType &type,
                       const std::string &op) {
  if (type.unknownRank || type.shape[1] < 0 || type.shape[2] < 0 ||
      type.shape[3] < 0)
    rt.raise("UnimplementedError",
             "kiln needs the height, width and depth of " + op +
                 "'s input at trace time; only the batch size may be None");
}

/// Conv2D and the pools take a height and width known at run time only;
/// their depth must be known now.
void requireImageDepth(TfRuntime &rt, const TensorType &type,
                       const std::string &op) {
  if (type.unknownRank || type.shape[3] < 0)
    rt.raise("UnimplementedError", "kiln needs the rank and depth of " + op +
                                       "'s input at trace time");
}

void requireFloat(TfRuntime &rt, const std::string &op, DType d) {
  if (d != DType::Float32 && d != DType::Float64)
    rt.raise("UnimplementedError",
             "kiln's " + op + " takes float32 and float64 tensors only, not " +
                 py::dtypeName(d));
}

/// A convolution's input and filter ranks (4; shape inference's or the
/// kernel's errors, `rankText` the kernel's words for each), float dtype
/// and a filter shape known now.
void requireConvOperands(TfRuntime &rt, const std::string &op, const Value &x,
                         const Value &k, const std::string &node,
                         const std::array<const char *, 2> &rankText,
                         const std::string &fname) {
  const TensorType &xt = rt.tensor(x).type, &kt = rt.tensor(k).type;
  if (!xt.unknownRank && xt.shape.size() != 4)
    rankError(rt, op, x, node, rankText[0]);
  if (!kt.unknownRank && kt.shape.size() != 4)
    rankError(rt, op, k, node, rankText[1]);
  requireFloat(rt, op, xt.dtype);
  for (int64_t d : kt.shape)
    if (d < 0 || kt.unknownRank)
      rt.raise("UnimplementedError",
               "kiln needs the shape of " + fname + "'s filters at trace time");
}

Value conv2d(TfRuntime &rt, const Params &p,
             const std::string &exactName = "") {
  Interpreter &in = rt.in;
  const std::string op = "Conv2D";
  std::string nodeName = exactName.empty() ? op : exactName;
  Value x = rt.toTensor(p.require("input", "conv2d"));
  Value k = rt.toTensor(p.require("filters", "conv2d"));
  const TensorType &xt = rt.tensor(x).type, &kt = rt.tensor(k).type;
  if (xt.dtype != kt.dtype)
    mismatchedInputs(rt, op, "input", "filter", xt.dtype, kt.dtype);
  std::string format =
      p.has("data_format") ? in.toStr(p.get("data_format")) : "NHWC";
  if (format != "NHWC")
    rt.raise("UnimplementedError",
             (rt.tracing ? "" : eagerKernelPrefix(op)) +
                 "The Conv2D op currently only supports the NHWC tensor "
                 "format on the CPU. The op was given the format: " +
                 format + (rt.tracing ? "" : eagerOpSuffix(op)));
  std::vector<int64_t> strides =
      sequence(rt, p.require("strides", "conv2d"), 2, "strides");
  std::vector<int64_t> dilations =
      sequence(rt, p.get("dilations"), 2, "dilations");
  std::vector<int64_t> explicitPaddings;
  std::string padding = paddingArg(rt, p.require("padding", "conv2d"), op,
                                   kConv2DOpDef, explicitPaddings);
  ConvAttrs conv{xt.dtype, strides, dilations, explicitPaddings, padding};
  std::string node = nodeText(rt, nodeName, op, conv.text(), {x, k});
  checkWindowAttrs(rt, op, node, strides, dilations, {}, true);
  requireConvOperands(rt, op, x, k, node,
                      {"convolution input must be 4-dimensional: ",
                       "filter must be 4-dimensional: "},
                      "conv2d");
  requireImageDepth(rt, xt, op);
  if (kt.shape[2] == 0) {
    if (rt.tracing)
      in.valueError("Depth of filter must not be 0 for " + node);
    kernelError(rt, op, "filter depth must be stricly positive, got 0");
  }
  if (xt.shape[3] != kt.shape[2]) {
    if (xt.shape[3] % kt.shape[2] != 0) {
      // Shape inference's ValueError while tracing, the kernel's error
      // eagerly.
      if (rt.tracing)
        in.valueError("Depth of input (" + std::to_string(xt.shape[3]) +
                      ") is not a multiple of input depth of filter (" +
                      std::to_string(kt.shape[2]) + ") for " + node);
      kernelError(rt, op,
                  "input depth must be evenly divisible by filter depth: " +
                      std::to_string(xt.shape[3]) + " vs " +
                      std::to_string(kt.shape[2]));
    }
    rt.raise("UnimplementedError",
             "kiln does not support grouped convolutions (input depth " +
                 std::to_string(xt.shape[3]) + ", filter depth " +
                 std::to_string(kt.shape[2]) + ") yet");
  }
  if (strides[0] != 1 || strides[3] != 1 || dilations[0] != 1 ||
      dilations[3] != 1)
    rt.raise("UnimplementedError",
             "kiln supports conv2d strides and dilations in the height and "
             "width dimensions only");
  if ((strides[1] > 1 || strides[2] > 1) &&
      (dilations[1] > 1 || dilations[2] > 1))
    rt.raise("UnimplementedError",
             "kiln does not support conv2d with both strides and dilations "
             "above 1 (nor does TensorFlow's CPU kernel)");
  std::vector<int64_t> shape{xt.shape[0], 0, 0, kt.shape[3]};
  std::vector<int64_t> pads; // top, bottom, left, right: for codegen
  for (int d = 1; d <= 2; ++d) {
    Window w =
        window(xt.shape[d], kt.shape[d - 1], dilations[d], strides[d], padding,
               explicitPaddings.empty() ? 0 : explicitPaddings[2 * d],
               explicitPaddings.empty() ? 0 : explicitPaddings[2 * d + 1]);
    checkWindow(rt, w, op, xt.shape[d], strides[d], node);
    shape[d] = w.size;
    pads.insert(pads.end(), {w.before, w.after});
  }
  return rt.apply(op, {x, k}, conv.node(pads), TensorType{xt.dtype, shape},
                  nodeName, !exactName.empty());
}

/// nn_ops.with_space_to_batch: `op`, an undilated VALID convolution of
/// `x` ([batch, spatial..., channels], the spatial sizes known at trace
/// time), dilated by `rates`. The image is padded (for SAME, by the
/// dilated window's padding, then to whole blocks) and cut into its
/// rates[0] x rates[1] interleaved sub-images, stacked along the batch
/// (SpaceToBatchND); `op` convolves each; the results are interleaved
/// back and the extra rows cropped (BatchToSpaceND). kiln stages the two
/// as pads, reshapes and transposes, which move the same elements.
Value withSpaceToBatch(TfRuntime &rt, const Value &x,
                       const std::vector<int64_t> &window,
                       const std::vector<int64_t> &rates,
                       const std::string &padding,
                       const std::function<Value(const Value &)> &op) {
  Interpreter &in = rt.in;
  const TensorType &xt = rt.tensor(x).type;
  size_t n = rates.size();
  bool known = !xt.unknownRank && xt.shape.size() == n + 2;
  for (size_t d = 0; known && d < n; ++d)
    known = xt.shape[d + 1] >= 0 && window[d] >= 0;
  if (!known || xt.shape.back() < 0)
    rt.raise("UnimplementedError",
             "kiln's dilated convolution needs the input's rank and its "
             "image and channel sizes, and the filter's, at trace time");
  int64_t channels = xt.shape.back();
  ValueList pads{pyIntList(in, {0, 0})};
  std::vector<int64_t> blocks{-1}, crops(n), perm;
  for (size_t d = 0; d < n; ++d) {
    int64_t extra = padding == "SAME" ? (window[d] - 1) * rates[d] : 0;
    int64_t start = extra / 2, end = extra - start;
    int64_t full = xt.shape[d + 1] + extra;
    crops[d] = (rates[d] - full % rates[d]) % rates[d];
    pads.push_back(pyIntList(in, {start, end + crops[d]}));
    blocks.insert(blocks.end(), {(full + crops[d]) / rates[d], rates[d]});
    perm.push_back(2 + 2 * d); // the block offsets first, then the batch
  }
  pads.push_back(pyIntList(in, {0, 0}));
  blocks.push_back(channels);
  perm.push_back(0);
  std::vector<int64_t> stacked{-1};
  for (size_t d = 0; d < n; ++d) {
    perm.push_back(1 + 2 * d);
    stacked.push_back(blocks[1 + 2 * d]);
  }
  perm.push_back(2 * n + 1);
  stacked.push_back(channels);
  Value t = callTf(in, {"pad"}, {x, in.list(pads)});
  t = reshape(rt, t, pyIntList(in, blocks));
  t = transpose(rt, t, pyIntList(in, perm));
  t = op(reshape(rt, t, pyIntList(in, stacked)));
  // Back: [rates..., batch, sizes..., depth] to [batch, size0, rate0, ...].
  const std::vector<int64_t> &out = rt.tensor(t).type.shape;
  std::vector<int64_t> split(rates), back{static_cast<int64_t>(n)}, joined{-1};
  split.push_back(-1);
  for (size_t d = 0; d < n; ++d) {
    split.push_back(out[d + 1]);
    back.insert(back.end(),
                {static_cast<int64_t>(n + 1 + d), static_cast<int64_t>(d)});
    joined.push_back(out[d + 1] * rates[d]);
  }
  split.push_back(out.back());
  back.push_back(2 * n + 1);
  joined.push_back(out.back());
  t = reshape(rt, t, pyIntList(in, split));
  t = transpose(rt, t, pyIntList(in, back));
  t = reshape(rt, t, pyIntList(in, joined));
  auto upTo = [](const Value &stop) {
    auto slice = std::make_shared<py::SliceObject>();
    slice->stop = stop;
    return Value::object(py::Type::Slice, slice);
  };
  ValueList key{upTo(Value())};
  bool crop = false;
  for (size_t d = 0; d < n; ++d) {
    crop |= crops[d] > 0;
    key.push_back(upTo(Value::integer(joined[d + 1] - crops[d])));
  }
  key.push_back(upTo(Value()));
  return crop ? in.getItem(t, in.tuple(key)) : t;
}

/// tf.nn.depthwise_conv2d with dilations of 1: a DepthwiseConv2dNative
/// node in name scope "depthwise" (nn_impl's with_space_to_batch calls the
/// op directly then). Each output channel c * M + m is input channel c
/// convolved with filter [:, :, c, m]; codegen sums the window as the CPU
/// kernel does (EmitDepthwise.cpp).
Value depthwiseConv2d(TfRuntime &rt, const Params &p) {
  Interpreter &in = rt.in;
  const std::string op = "DepthwiseConv2dNative";
  const char *fname = "depthwise_conv2d";
  Value x = rt.toTensor(p.require("input", fname));
  Value k = rt.toTensor(p.require("filter", fname));
  const TensorType &xt = rt.tensor(x).type, &kt = rt.tensor(k).type;
  if (xt.dtype != kt.dtype)
    mismatchedInputs(rt, op, "input", "filter", xt.dtype, kt.dtype);
  std::string format =
      p.has("data_format") ? in.toStr(p.get("data_format")) : "NHWC";
  if (format != "NHWC")
    rt.raise("UnimplementedError",
             "kiln supports depthwise_conv2d with channels last (NHWC) only");
  std::vector<int64_t> strides =
      sequence(rt, p.require("strides", fname), 2, "strides");
  std::vector<int64_t> rates = sequence(rt, p.get("dilations"), 2, "dilations");
  std::string padding = in.toStr(p.require("padding", fname));
  if (rates[1] != 1 || rates[2] != 1) {
    // nn_impl's with_space_to_batch (which keeps the strides).
    Value strideList = pyIntList(in, strides);
    return withSpaceToBatch(
        rt, x,
        {kt.shape.size() == 4 ? kt.shape[0] : -1,
         kt.shape.size() == 4 ? kt.shape[1] : -1},
        {rates[1], rates[2]}, padding, [&](const Value &blocks) {
          return callTf(in, {"nn", "depthwise_conv2d"},
                        {blocks, k, strideList, in.str("VALID")});
        });
  }
  if (padding != "SAME" && padding != "VALID")
    rt.raise("UnimplementedError",
             "kiln supports \"SAME\" and \"VALID\" padding for "
             "depthwise_conv2d");
  ConvAttrs conv{xt.dtype, strides, {1, 1, 1, 1}, {}, padding, false};
  std::string node = nodeText(rt, "depthwise", op, conv.text(), {x, k});
  checkWindowAttrs(rt, op, node, strides, rates, {}, false);
  requireConvOperands(
      rt, op, x, k, node,
      {"input must be 4-dimensional", "filter must be 4-dimensional"},
      "depthwise_conv2d");
  requireImageSizes(rt, xt, op);
  if (xt.shape[3] != kt.shape[2]) {
    if (rt.tracing)
      in.valueError("Dimensions must be equal, but are " +
                    std::to_string(xt.shape[3]) + " and " +
                    std::to_string(kt.shape[2]) + " for " + node);
    kernelError(rt, op,
                "input and filter must have the same depth: " +
                    std::to_string(xt.shape[3]) + " vs " +
                    std::to_string(kt.shape[2]));
  }
  if (strides[0] != 1 || strides[3] != 1 || strides[1] != strides[2])
    rt.raise("UnimplementedError",
             "Current implementation only supports equal length strides in "
             "the row and column dimensions.");
  std::vector<int64_t> shape{xt.shape[0], 0, 0, kt.shape[2] * kt.shape[3]};
  std::vector<int64_t> pads; // top, bottom, left, right: for codegen
  for (int d = 1; d <= 2; ++d) {
    Window w =
        window(xt.shape[d], kt.shape[d - 1], 1, strides[d], padding, 0, 0);
    checkWindow(rt, w, op, xt.shape[d], strides[d], node);
    shape[d] = w.size;
    pads.insert(pads.end(), {w.before, w.after});
  }
  return rt.apply(op, {x, k}, conv.node(pads), TensorType{xt.dtype, shape},
                  "depthwise");
}

/// tf.nn.separable_conv2d, as nn_impl builds it in its name scope: the
/// depthwise convolution ("depthwise"), then a 1x1 convolution of its
/// channels by the pointwise filter, with VALID padding.
Value separableConv2d(TfRuntime &rt, const Params &p) {
  Interpreter &in = rt.in;
  const char *fname = "separable_conv2d";
  ApiNameScope scope(rt, p.get("name"), fname);
  Value x = rt.toTensor(p.require("input", fname));
  Value depthwise = rt.toTensor(p.require("depthwise_filter", fname));
  Value pointwise = rt.toTensor(p.require("pointwise_filter", fname));
  const TensorType &pt = rt.tensor(pointwise).type;
  if (!pt.unknownRank && pt.shape.size() != 4)
    in.valueError("Shape " + pt.shapeString() + " must have rank 4");
  for (size_t d = 0; d < 2 && !pt.unknownRank; ++d)
    if (pt.shape[d] >= 0 && pt.shape[d] != 1)
      in.valueError("Dimensions " + std::to_string(pt.shape[d]) +
                    " and 1 are not compatible");
  std::vector<std::pair<std::string, Value>> options;
  for (const char *option : {"data_format", "dilations"})
    if (p.has(option))
      options.emplace_back(option, p.get(option));
  Value features = callTf(
      in, {"nn", "depthwise_conv2d"},
      {x, depthwise, p.require("strides", fname), p.require("padding", fname)},
      options);
  options.resize(p.has("data_format") ? 1 : 0);
  // The pointwise convolution is named as the scope itself.
  if (rt.tracing)
    options.emplace_back("name", in.str(scope.scopeName() + "/"));
  return callTf(
      in, {"nn", "conv2d"},
      {features, pointwise, pyIntList(in, {1, 1, 1, 1}), in.str("VALID")},
      options);
}

/// max_pool2d and avg_pool2d.
Value pool(TfRuntime &rt, const Params &p, const std::string &op,
           const std::string &fname, const std::string &nodeName,
           bool exactName = false) {
  Interpreter &in = rt.in;
  Value x = rt.toTensor(p.require("input", fname));
  const TensorType &xt = rt.tensor(x).type;
  std::string format =
      p.has("data_format") ? in.toStr(p.get("data_format")) : "NHWC";
  // The CPU kernels' error (TensorFlow raises it when a function runs;
  // kiln while tracing).
  if (format != "NHWC")
    rt.raise("InvalidArgumentError",
             (rt.tracing ? "" : eagerKernelPrefix(op)) + "Default " +
                 (op == "MaxPool" ? "MaxPoolingOp" : "AvgPoolingOp") +
                 " only supports NHWC on device type CPU" +
                 (rt.tracing ? "" : eagerOpSuffix(op)));
  std::vector<int64_t> ksize =
      sequence(rt, p.require("ksize", fname), 2, "ksize");
  std::vector<int64_t> strides =
      sequence(rt, p.require("strides", fname), 2, "strides");
  std::vector<int64_t> explicitPaddings;
  std::string padding = paddingArg(
      rt, p.require("padding", fname), op,
      op == "MaxPool" ? kMaxPoolOpDef : kAvgPoolOpDef, explicitPaddings);
  std::string node = nodeText(
      rt, nodeName, op,
      "[T=" + std::string(tfTypeName(xt.dtype)) + ", data_format=\"NHWC\"" +
          (op == "MaxPool" ? ", explicit_paddings=[]" : "") +
          ", ksize=" + intsText(ksize) + ", padding=\"" + padding +
          "\", strides=" + intsText(strides) + "]",
      {x});
  checkWindowAttrs(rt, op, node, strides, {}, ksize, false);
  if (!xt.unknownRank && xt.shape.size() != 4)
    rankError(rt, op, x, node, "tensor_in must be 4-dimensional");
  requireImageDepth(rt, xt, op);
  DType d = xt.dtype;
  bool integer = d == DType::Int8 || d == DType::UInt8 || d == DType::Int16 ||
                 d == DType::Int32 || d == DType::Int64;
  if (op == "AvgPool" && (integer || d == DType::Bool || d == DType::String))
    rejectDType(rt, op, "value", "T", d, "float16, bfloat16, float32, float64",
                "half, bfloat16, float, double", kAvgPoolOpDef);
  if (!(op == "MaxPool" && integer)) // kiln's max pool takes integers too
    requireFloat(rt, op, d);
  if (padding == "EXPLICIT")
    rt.raise("UnimplementedError",
             "kiln supports \"SAME\" and \"VALID\" pooling only");
  // A window size that is not positive fails in the kernel: at once
  // eagerly, when the function runs while tracing (until then the node
  // has a window of 1 there).
  std::string ksizeError, sizes;
  for (int64_t k : ksize) {
    sizes += (sizes.empty() ? "" : ",") + std::to_string(k);
    if (k <= 0 && ksizeError.empty())
      ksizeError =
          "ksize must be a positive int32 value, got:" + std::to_string(k);
  }
  if (!ksizeError.empty() && op == "MaxPool")
    ksizeError = "Sliding window ksize must be positive. The specified or "
                 "inferred ksize is: " +
                 sizes;
  if (!ksizeError.empty() && !rt.tracing)
    kernelError(rt, op, ksizeError);
  for (int64_t &k : ksize)
    k = std::max<int64_t>(k, 1);
  if (ksize[0] != 1 || ksize[3] != 1 || strides[0] != 1 || strides[3] != 1)
    rt.raise("UnimplementedError",
             "kiln pools over the height and width dimensions only");
  std::vector<int64_t> shape = xt.shape;
  std::vector<int64_t> pads; // top, bottom, left, right: for codegen
  for (int d = 1; d <= 2; ++d) {
    Window w = window(xt.shape[d], ksize[d], 1, strides[d], padding, 0, 0);
    checkWindow(rt, w, op, xt.shape[d], strides[d], node);
    shape[d] = w.size;
    pads.insert(pads.end(), {w.before, w.after});
  }
  std::map<std::string, graph::Attr> attrs{
      {"T", xt.dtype},      {"pads", pads},
      {"ksize", ksize},     {"strides", strides},
      {"padding", padding}, {"data_format", std::string("NHWC")}};
  if (op == "MaxPool")
    attrs["explicit_paddings"] = std::vector<int64_t>{};
  if (!ksizeError.empty())
    attrs[graph::kRunTimeError] = ksizeError;
  return rt.apply(op, {x}, attrs, TensorType{xt.dtype, shape}, nodeName,
                  exactName);
}

Value biasAdd(TfRuntime &rt, const Params &p) {
  Interpreter &in = rt.in;
  const std::string op = "BiasAdd";
  Value valueArg = p.require("value", "bias_add");
  Value biasArg = p.require("bias", "bias_add");
  // Tensor arguments take the generated wrapper's fast path, whose errors
  // end with " name: ".
  bool named = rt.isTensor(valueArg) && rt.isTensor(biasArg);
  Value x = rt.toTensor(valueArg);
  const TensorType &xt = rt.tensor(x).type;
  Value b = rt.toTensor(biasArg, xt.dtype);
  const TensorType &bt = rt.tensor(b).type;
  std::string format =
      p.has("data_format") ? in.toStr(p.get("data_format")) : "NHWC";
  if (format != "NHWC" && format != "N...C")
    rt.raise("UnimplementedError",
             "kiln supports tf.nn.bias_add with channels last only");
  if (xt.unknownRank || bt.unknownRank)
    rt.raise("UnimplementedError",
             "kiln needs the ranks of bias_add's inputs at trace time");
  // Shape inference's errors while tracing, the kernel's eagerly.
  auto fail = [&](const std::string &traced, const std::string &eager) {
    if (rt.tracing)
      in.valueError(traced + " for '{{node BiasAdd}} = BiasAdd[T=" +
                    tfTypeName(xt.dtype) + ", data_format=\"NHWC\"](" +
                    inputName(rt, x) + ", " + inputName(rt, b) +
                    ")' with input shapes: " + shapeList(xt.shape) + ", " +
                    shapeList(bt.shape) + ".");
    kernelError(rt, op, eager, "", named);
  };
  if (xt.shape.size() < 2)
    fail("Shape must be at least rank 2 but is rank " +
             std::to_string(xt.shape.size()),
         "Input tensor must be at least 2D: " + shapeList(xt.shape));
  if (bt.shape.size() != 1)
    fail("Shape must be rank 1 but is rank " + std::to_string(bt.shape.size()),
         "Biases must be 1D: " + shapeList(bt.shape));
  int64_t channels = xt.shape.back(), n = bt.shape[0];
  if (channels >= 0 && n >= 0 && channels != n)
    fail("Dimensions must be equal, but are " + std::to_string(channels) +
             " and " + std::to_string(n),
         "Must provide as many biases as the last dimension of the input "
         "tensor: " +
             shapeList(bt.shape) + " vs. " + shapeList(xt.shape));
  if (channels < 0 || n < 0)
    rt.raise("UnimplementedError",
             "kiln needs the channel count of bias_add at trace time");
  return rt.apply(op, {x, b},
                  {{"T", xt.dtype}, {"data_format", std::string("NHWC")}}, xt,
                  op);
}

Value pad(TfRuntime &rt, const Params &p) {
  Interpreter &in = rt.in;
  Value x = rt.toTensor(p.require("tensor", "pad"));
  const TensorType &xt = rt.tensor(x).type;
  std::string mode = p.has("mode") ? in.toStr(p.get("mode")) : "CONSTANT";
  for (char &c : mode)
    c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  if (mode != "CONSTANT" && mode != "REFLECT" && mode != "SYMMETRIC")
    in.valueError("Value of argument `mode` expected to be one of "
                  "\"CONSTANT\", \"REFLECT\", or \"SYMMETRIC\". Received "
                  "`mode` = " +
                  mode);
  // Pad unless a nonzero constant (or a tensor) is asked for (array_ops.pad).
  Value fill = p.get("constant_values");
  bool v2 = mode == "CONSTANT" && !fill.isNone() &&
            (rt.isTensor(fill) || !fill.isNumber() || fill.toDouble() != 0.0);
  std::string op = mode == "CONSTANT" ? (v2 ? "PadV2" : "Pad") : "MirrorPad";
  std::string name = rt.tracing ? rt.tracing->graph.uniqueName(op) : op;
  Value paddingsArg = foldKnown(rt, p.require("paddings", "pad"));
  Value paddings =
      rt.isTensor(paddingsArg) ? paddingsArg
      : isRunTimeShape(rt, paddingsArg) // a list holding tensors: packed
          ? rt.toTensor(paddingsArg, DType::Int32)
          : rt.constant(rt.hostFromPython(paddingsArg,
                                          intListDType(rt.in, paddingsArg)),
                        name + "/paddings");
  // Paddings known at run time only are read by the compiled kernel, which
  // checks them; the result's sizes are unknown then.
  HostTensorPtr known = rt.constantValue(paddings);
  const TensorType &pt = known ? known->type : rt.tensor(paddings).type;
  if (pt.dtype != DType::Int32 && pt.dtype != DType::Int64)
    rejectDType(rt, op, "paddings", "Tpaddings", pt.dtype, "int32, int64",
                "int32, int64",
                std::string("; signature=input:T, paddings:Tpaddings") +
                    (v2 ? ", constant_values:T" : "") +
                    " -> output:T; attr=T:type; attr=Tpaddings:type,default="
                    "DT_INT32,allowed=[DT_INT32, DT_INT64]" +
                    (op == "MirrorPad" ? "; attr=mode:string,allowed="
                                         "[\"REFLECT\", \"SYMMETRIC\"]"
                                       : "") +
                    ">");
  if (pt.unknownRank || !pt.isStatic())
    rt.raise("UnimplementedError",
             "kiln needs the shape of tf.pad's paddings at trace time");
  if (xt.unknownRank)
    rt.raise("UnimplementedError",
             "kiln needs the rank of tf.pad's input at trace time");
  int64_t rank = xt.shape.size();
  if (pt.shape.size() != 2 || pt.shape[0] != rank || pt.shape[1] != 2) {
    bool columns = pt.shape.size() != 2 || pt.shape[1] != 2;
    if (rt.tracing) {
      std::string problem =
          pt.shape.size() != 2 ? "Shape must be rank 2 but is rank " +
                                     std::to_string(pt.shape.size())
          : columns
              ? "Dimension must be 2 but is " + std::to_string(pt.shape[1])
              : "Shape must be rank " + std::to_string(pt.shape[0]) +
                    " but is rank " + std::to_string(rank);
      in.valueError(problem + " for '{{node " + name + "}} = " + op +
                    "[T=" + tfTypeName(xt.dtype) +
                    ", Tpaddings=" + tfTypeName(pt.dtype) + "](" +
                    inputName(rt, x) + ", " + inputName(rt, paddings) +
                    ")' with input shapes: " + shapeList(xt.shape) + ", " +
                    shapeList(pt.shape) + ".");
    }
    kernelError(rt, op,
                columns ? "paddings must be a matrix with 2 columns: " +
                              shapeList(pt.shape)
                        : "The first dimension of paddings must be the rank "
                          "of inputs" +
                              shapeList(pt.shape) + " " + shapeList(xt.shape),
                "", false);
  }
  ValueList inputs{x, paddings};
  if (v2)
    inputs.push_back(rt.isTensor(fill)
                         ? cast(rt, fill, xt.dtype)
                         : rt.constant(rt.hostFromPython(fill, xt.dtype),
                                       name + "/constant_values"));
  std::string fillError =
      v2 ? scalarOperandError(
               rt, op, inputs.back(),
               "constant_values must be a scalar. Found: ", false)
         : "";
  std::vector<int64_t> amounts;
  for (int64_t i = 0; known && i < 2 * rank; ++i)
    amounts.push_back(known->elementAsInt(i));
  std::vector<int64_t> shape = xt.shape;
  // Paddings known at run time only: a dimension whose row of a Python
  // list holds two ints is still known, as shape inference finds from the
  // packed list.
  ValueList rows;
  if (!known &&
      (paddingsArg.is(py::Type::List) || paddingsArg.is(py::Type::Tuple)))
    rows = in.toList(paddingsArg);
  for (int64_t d = 0; !known && d < rank; ++d) {
    ValueList row;
    if (static_cast<int64_t>(rows.size()) == rank &&
        (rows[d].is(py::Type::List) || rows[d].is(py::Type::Tuple)))
      row = in.toList(rows[d]);
    bool static_ = row.size() == 2 && row[0].isIntLike() &&
                   row[1].isIntLike() && xt.shape[d] >= 0 &&
                   row[0].asInt() >= 0 && row[1].asInt() >= 0;
    shape[d] = static_ ? xt.shape[d] + row[0].asInt() + row[1].asInt() : -1;
  }
  // The shape function's errors: `problem` for the node with its inputs'
  // shapes and the paddings' values.
  auto shapeError = [&](const std::string &problem) {
    std::string desc = "{{node " + name + "}} = " + op +
                       "[T=" + tfTypeName(xt.dtype) +
                       ", Tpaddings=" + tfTypeName(pt.dtype) +
                       (op == "MirrorPad" ? ", mode=\"" + mode + "\"" : "") +
                       "](",
                shapes, values;
    for (size_t i = 0; i < inputs.size(); ++i) {
      desc += (i ? ", " : "") + inputName(rt, inputs[i]);
      shapes += (i ? ", " : "") + shapeList(rt.tensor(inputs[i]).type.shape);
    }
    for (int64_t r = 0; r < rank; ++r)
      values += "[" + std::to_string(amounts[2 * r]) + " " +
                std::to_string(amounts[2 * r + 1]) + "]";
    in.valueError(
        problem + " for '" + desc + ")' with input shapes: " + shapes +
        " and with computed input tensors: input[1] = <" + values + ">.");
  };
  for (int64_t d = 0; known && d < rank; ++d) {
    int64_t before = amounts[2 * d], after = amounts[2 * d + 1];
    if ((before < 0 || after < 0) && rt.tracing)
      shapeError("Paddings must be non-negative");
    // In a graph, the kernel checks the rest when it runs.
    std::string problem;
    if (before < 0 || after < 0)
      problem = std::string(mode == "CONSTANT" ? "P" : "p") +
                "addings must be non-negative: " + std::to_string(before) +
                " " + std::to_string(after);
    int64_t n = xt.shape[d];
    if (problem.empty() && mode == "REFLECT" && n >= 0 &&
        (before >= n || after >= n))
      problem = "paddings must be less than the dimension size: " +
                std::to_string(before) + ", " + std::to_string(after) +
                " not less than " + std::to_string(n);
    if (problem.empty() && mode == "SYMMETRIC" && n >= 0 &&
        (before > n || after > n))
      problem = "paddings must be no greater than the dimension size: " +
                std::to_string(before) + ", " + std::to_string(after) +
                " greater than " + std::to_string(n);
    if (!problem.empty() && !rt.tracing)
      kernelError(rt, op, problem, "", false);
    if (n >= 0 && problem.empty()) {
      // A size past 64 bits: the shape function adds the paddings' sum
      // (wrapped around) to the dimension, the kernel the three.
      uint64_t sum = uint64_t(before) + uint64_t(after);
      if (sum > uint64_t(INT64_MAX) || n > INT64_MAX - int64_t(sum)) {
        if (rt.tracing)
          shapeError("Dimension size overflow from adding " +
                     std::to_string(n) + " and " +
                     std::to_string(int64_t(sum)));
        kernelError(rt, op,
                    "Expected a non-negative size, got " +
                        std::to_string(int64_t(uint64_t(n) + sum)),
                    "", false);
      }
    }
    if (n >= 0)
      shape[d] = n + before + after;
  }
  std::map<std::string, graph::Attr> attrs{{"T", xt.dtype},
                                           {"Tpaddings", pt.dtype}};
  if (known)
    attrs["amounts"] = amounts;
  if (op == "MirrorPad")
    attrs["mode"] = mode;
  if (!fillError.empty())
    attrs[graph::kRunTimeError] = fillError;
  return rt.apply(op, inputs, attrs, TensorType{xt.dtype, shape}, name,
                  rt.tracing != nullptr);
}

Value intList(Interpreter &in, const std::vector<int64_t> &v) {
  ValueList items;
  for (int64_t x : v)
    items.push_back(Value::integer(x));
  return in.list(std::move(items));
}

/// Params for a call of `fname` with these keyword arguments.
Params keywords(Interpreter &in, CallArgs &args, const std::string &fname,
                std::vector<std::pair<std::string, Value>> given) {
  std::vector<std::string> names;
  for (auto &[name, v] : given)
    names.push_back(name);
  args.keywords = std::move(given);
  return Params(in, args, fname, names);
}

/// tf.nn.max_pool and tf.nn.avg_pool (max_pool_v2, avg_pool_v2): the
/// pooling of the input's rank, 1-D as 2-D over a height of 1
/// (max_pool1d, avg_pool1d).
Value poolN(TfRuntime &rt, const Params &p, const std::string &op,
            const std::string &fname, int forceN = 0) {
  Interpreter &in = rt.in;
  const std::string base = op == "MaxPool" ? "max_pool" : "avg_pool";
  Value x = rt.toTensor(p.require("input", fname));
  const TensorType &xt = rt.tensor(x).type;
  std::string format =
      p.has("data_format") ? in.toStr(p.get("data_format")) : "";
  size_t n = forceN;
  if (!n) {
    if (xt.unknownRank)
      in.valueError("Cannot take the length of shape with unknown rank.");
    if (xt.shape.size() < 3 || xt.shape.size() > 5)
      in.valueError("`input.shape.rank` must be 3, 4 or 5. Received: "
                    "input.shape=" +
                    xt.shapeString() + " of rank " +
                    std::to_string(xt.shape.size()) + ".");
    n = xt.shape.size() - 2;
  }
  if (!format.empty() && format.rfind("NC", 0) == 0)
    rt.raise("UnimplementedError",
             "kiln pools channels-last data only, not " + format);
  if (n == 3)
    rt.raise("UnimplementedError", "kiln does not support 3-D pooling yet");
  std::vector<int64_t> ksize =
      sequence(rt, p.require("ksize", fname), n, "ksize");
  std::vector<int64_t> strides =
      sequence(rt, p.require("strides", fname), n, "strides");
  Value padding = p.require("padding", fname);
  // max_pool1d and avg_pool1d name their nodes in their scope, the pool
  // node after it ("MaxPool1d", "MaxPool1d/ExpandDims").
  std::optional<graph::ScopeGuard> scope;
  // (tf.nn.avg_pool calls the generated op itself: "AvgPool".)
  std::string nodeName = op == "MaxPool"       ? "MaxPool2d"
                         : fname == "avg_pool" ? "AvgPool"
                                               : "AvgPool2D";
  if (n == 1 && rt.tracing) {
    scope.emplace(rt.tracing->graph,
                  op == "MaxPool" ? "MaxPool1d" : "AvgPool1D");
    nodeName = rt.tracing->graph.scopeName();
  }
  if (n == 1) { // [batch, width, channels] as [batch, 1, width, channels]
    ksize.insert(ksize.begin(), 1);
    strides.insert(strides.begin(), 1);
    x = expandDims(rt, x, 1);
    // Explicit padding gets the height's pair too (as max_pool1d adds it).
    if (padding.is(Type::List) || padding.is(Type::Tuple)) {
      ValueList pairs = in.toList(padding);
      pairs.insert(pairs.begin() + std::min<size_t>(1, pairs.size()),
                   in.list({Value::integer(0), Value::integer(0)}));
      padding = in.list(std::move(pairs));
    }
  }
  CallArgs args;
  Value pooled = pool(rt,
                      keywords(in, args, base + "2d",
                               {{"input", x},
                                {"ksize", intList(in, ksize)},
                                {"strides", intList(in, strides)},
                                {"padding", padding}}),
                      op, base + "2d", nodeName, n == 1 && rt.tracing);
  return n == 1 ? squeeze(rt, pooled, in.list({Value::integer(1)})) : pooled;
}

/// tf.nn.conv2d_transpose: a Conv2DBackpropInput node (the gradient of a
/// conv2d whose input has shape `output_shape`) in name scope
/// "conv2d_transpose". Shape inference's errors are raised while tracing;
/// the kernel's size checks fail when the op runs, as in TensorFlow, which
/// leaves them to the kernel (eagerly at once, in a function when it is
/// called).
Value conv2dTranspose(TfRuntime &rt, const Params &p) {
  Interpreter &in = rt.in;
  const std::string op = "Conv2DBackpropInput";
  std::string format =
      p.has("data_format") ? in.toStr(p.get("data_format")) : "NHWC";
  if (format != "NHWC")
    rt.raise("UnimplementedError",
             "kiln supports tf.nn.conv2d_transpose with channels last (NHWC) "
             "only");
  std::vector<int64_t> strides =
      sequence(rt, p.require("strides", "conv2d_transpose"), 2, "strides");
  std::vector<int64_t> dilations =
      sequence(rt, p.get("dilations"), 2, "dilations");
  std::vector<int64_t> explicitPaddings;
  Value paddingValue = p.has("padding") ? p.get("padding") : in.str("SAME");
  // The arguments convert in the op's order: input_sizes, filter,
  // out_backprop.
  Value outputShape = p.require("output_shape", "conv2d_transpose");
  Value sizes = convertArgument(rt, outputShape, "input_sizes", DType::Int32);
  Value k = rt.toTensor(p.require("filters", "conv2d_transpose"));
  Value dy = rt.toTensor(p.require("input", "conv2d_transpose"));
  const TensorType &st = rt.tensor(sizes).type, &kt = rt.tensor(k).type,
                   &dt = rt.tensor(dy).type;
  if (kt.dtype != dt.dtype)
    mismatchedInputs(rt, op, "filter", "out_backprop", kt.dtype, dt.dtype, 2,
                     false);
  std::string padding = paddingArg(
      rt, paddingValue, op, kConv2DBackpropInputOpDef, explicitPaddings, false);
  // Shape inference's ValueError while tracing, the kernel's error eagerly.
  ConvAttrs conv{dt.dtype, strides, dilations, explicitPaddings, padding};
  std::string attrs = conv.text();
  int64_t count = st.unknownRank || st.shape.empty() ? -1 : st.shape[0];
  auto shapeError = [&](const std::string &message,
                        const std::string &kernelMessage,
                        const std::string &partial = "") {
    if (rt.tracing)
      in.valueError(message + " for '{{node " + rt.tracing->graph.scopeName() +
                    "}} = " + op + attrs + "(" + inputName(rt, sizes) + ", " +
                    inputName(rt, k) + ", " + inputName(rt, dy) +
                    ")' with input shapes: " + shapeList(st.shape) + ", " +
                    shapeList(kt.shape) + ", " + shapeList(dt.shape) +
                    (partial.empty()
                         ? ""
                         : " and with input tensors computed as partial "
                           "shapes: input[0] = " +
                               partial) +
                    ".");
    kernelError(rt, op, kernelMessage, "", false);
  };
  checkWindowAttrs(rt, op,
                   rt.tracing ? nodeText(rt, rt.tracing->graph.scopeName(), op,
                                         attrs, {sizes, k, dy})
                              : "",
                   strides, dilations, {}, true, false);
  for (const TensorType *t : {&kt, &dt})
    if (!t->unknownRank && t->shape.size() != 4)
      shapeError("Shape must be rank 4 but is rank " +
                     std::to_string(t->shape.size()),
                 t == &kt ? "Conv2DCustomBackpropInput: filter must be "
                            "4-dimensional"
                          : "input_sizes must be 4-dimensional, got: " +
                                std::to_string(t->shape.size()));
  requireImageSizes(rt, dt, "conv2d_transpose");
  for (int64_t d : kt.shape)
    if (d < 0 || kt.unknownRank)
      rt.raise("UnimplementedError", "kiln needs the shape of "
                                     "conv2d_transpose's filters at trace "
                                     "time");
  if (kt.shape[3] != dt.shape[3])
    shapeError("Dimensions must be equal, but are " +
                   std::to_string(dt.shape[3]) + " and " +
                   std::to_string(kt.shape[3]),
               "Conv2DCustomBackpropInput: filter and out_backprop must have "
               "the same out_depth");
  if (count != 4 && count != 2) {
    std::string message =
        op +
        " requires input_sizes to contain 4 values or 2 values, but got: " +
        std::to_string(count);
    shapeError(message, message);
  }
  // The gradient's shape: [batch, height, width, depth], the batch and
  // depth those of out_backprop and the filter when only two are given.
  std::vector<int64_t> shape = knownDims(rt, sizes);
  // A negative size is the kernel's error (knownDims reads it as unknown).
  std::string error;
  Value folded = foldKnown(rt, outputShape);
  if (!isRunTimeShape(rt, folded) && !folded.is(Type::Str)) {
    ValueList given = in.toList(folded);
    for (size_t i = 0; i < given.size() && i < shape.size(); ++i) {
      shape[i] = in.toIndex(given[i]);
      if (shape[i] < 0 && error.empty())
        error = "Dimension " + std::to_string(shape[i]) + " must be >= 0";
      shape[i] = std::max<int64_t>(shape[i], 0);
    }
  }
  if (count == 2)
    shape = {dt.shape[0], shape[0], shape[1], kt.shape[2]};
  if (count == 4 && shape[0] >= 0 && dt.shape[0] >= 0 &&
      shape[0] != dt.shape[0])
    shapeError("Dimensions must be equal, but are " + std::to_string(shape[0]) +
                   " and " + std::to_string(dt.shape[0]),
               "Conv2DCustomBackpropInput: input and out_backprop must have "
               "the same batch size. Input batch: " +
                   std::to_string(shape[0]) + ", outbackprop batch: " +
                   std::to_string(dt.shape[0]) + ", batch_dim: 0",
               shapeList(shape));
  if (shape[1] < 0 || shape[2] < 0 || shape[3] < 0)
    rt.raise("UnimplementedError",
             "kiln needs conv2d_transpose's output height, width and depth "
             "at trace time; only the batch size may be shape at run time");
  requireFloat(rt, "conv2d_transpose", dt.dtype);
  // The kernel's checks, in its order.
  if (error.empty() && (dilations[1] > 1 || dilations[2] > 1))
    error = "Current CPU implementations do not yet support dilation rates "
            "larger than 1.";
  if (error.empty() && shape[3] % kt.shape[2] != 0)
    error = "Conv2DCustomBackpropInput: input depth must be evenly divisible "
            "by filter depth";
  if (error.empty() && shape[3] != kt.shape[2])
    rt.raise("UnimplementedError",
             "kiln does not support grouped convolutions (input depth " +
                 std::to_string(shape[3]) + ", filter depth " +
                 std::to_string(kt.shape[2]) + ") yet");
  if (strides[0] != 1 || strides[3] != 1)
    rt.raise("UnimplementedError",
             "kiln supports conv2d_transpose strides in the height and width "
             "dimensions only");
  std::vector<int64_t> pads; // top, bottom, left, right: for codegen
  for (int d = 1; d <= 2; ++d) {
    Window w =
        window(shape[d], kt.shape[d - 1], dilations[d], strides[d], padding,
               explicitPaddings.empty() ? 0 : explicitPaddings[2 * d],
               explicitPaddings.empty() ? 0 : explicitPaddings[2 * d + 1]);
    pads.insert(pads.end(), {w.before, w.after});
    if (error.empty() && w.size != dt.shape[d])
      error = "Conv2DCustomBackpropInput: Size of out_backprop doesn't match "
              "computed: actual = " +
              std::to_string(dt.shape[d]) +
              ", computed = " + std::to_string(w.size) +
              " spatial_dim: " + std::to_string(d) +
              " input: " + std::to_string(shape[d]) +
              " filter: " + std::to_string(kt.shape[d - 1]) +
              " output: " + std::to_string(dt.shape[d]) +
              " stride: " + std::to_string(strides[d]) +
              " dilation: " + std::to_string(dilations[d]);
  }
  if (!error.empty() && !rt.tracing)
    kernelError(rt, op, error, "", false);
  std::map<std::string, Attr> nodeAttrs = conv.node(pads);
  if (!error.empty())
    nodeAttrs[graph::kRunTimeError] = error;
  return rt.apply(op, {sizes, k, dy}, nodeAttrs, TensorType{dt.dtype, shape},
                  op);
}

/// tf.nn.conv1d (NWC): conv2d over a height of 1, the input's and the
/// filters' shapes expanded and the result's squeezed.
Value conv1d(TfRuntime &rt, const Params &p) {
  Interpreter &in = rt.in;
  std::string format =
      p.has("data_format") ? in.toStr(p.get("data_format")) : "NWC";
  if (format != "NWC" && format != "NHWC")
    rt.raise("UnimplementedError",
             "kiln supports tf.nn.conv1d with channels last (NWC) only");
  // nn_ops.conv1d's names: its scope, the Conv2D node named as the scope.
  std::optional<graph::ScopeGuard> scope;
  if (rt.tracing)
    scope.emplace(rt.tracing->graph, "conv1d");
  Value x = expandDims(rt, p.require("input", "conv1d"), -3);
  Value k = expandDims(rt, p.require("filters", "conv1d"), 0);
  std::vector<int64_t> strides =
      sequence(rt, p.require("stride", "conv1d"), 1, "stride");
  std::vector<int64_t> dilations =
      sequence(rt, p.get("dilations"), 1, "dilations");
  strides.insert(strides.begin(), 1);
  dilations.insert(dilations.begin(), 1);
  CallArgs args;
  Value out = conv2d(rt,
                     keywords(in, args, "conv2d",
                              {{"input", x},
                               {"filters", k},
                               {"strides", intList(in, strides)},
                               {"padding", p.require("padding", "conv1d")},
                               {"dilations", intList(in, dilations)}}),
                     rt.tracing ? rt.tracing->graph.scopeName() : "");
  return squeeze(rt, out, in.list({Value::integer(-3)}));
}

/// tf.nn.convolution (nn_ops.convolution_v2), channels last: conv1d or
/// conv2d by the input's rank, in name scope "convolution" (the Conv2D
/// named as the scope). Dilated, it is nn_ops.Convolution's
/// with_space_to_batch around an undilated VALID convolution, which
/// TensorFlow computes in its own order, not as conv2d's dilations.
Value convolution(TfRuntime &rt, const Params &p) {
  Interpreter &in = rt.in;
  const char *fname = "convolution";
  Value x = rt.toTensor(p.require("input", fname));
  Value k = rt.toTensor(p.require("filters", fname));
  const TensorType &xt = rt.tensor(x).type, &kt = rt.tensor(k).type;
  int64_t rank = !xt.unknownRank   ? static_cast<int64_t>(xt.shape.size())
                 : !kt.unknownRank ? static_cast<int64_t>(kt.shape.size())
                                   : -1;
  if (rank < 0)
    rt.raise("UnimplementedError",
             "kiln needs the rank of tf.nn.convolution's input at trace time");
  int64_t n = rank - 2;
  if (n < 1 || n > 3)
    in.valueError("`num_spatial_dims` must be 1, 2, or 3. Received: "
                  "num_spatial_dims=" +
                  std::to_string(n) + ".");
  if (n == 3)
    rt.raise("UnimplementedError",
             "kiln does not support 3-D convolutions (tf.nn.convolution of "
             "a rank-5 input) yet");
  if (p.has("data_format")) {
    std::string format = in.toStr(p.get("data_format"));
    if (format != (n == 1 ? "NWC" : "NHWC"))
      rt.raise("UnimplementedError",
               "kiln supports tf.nn.convolution with channels last only");
  }
  std::vector<int64_t> strides = sequence(rt, p.get("strides"), n, "strides");
  std::vector<int64_t> rates = sequence(rt, p.get("dilations"), n, "dilations");
  Value padding = p.has("padding") ? p.get("padding") : in.str("VALID");
  ApiNameScope scope(rt, p.get("name"), fname);
  // One convolution of `input` (the Conv2D named as the scope), with
  // the dilations outside the image, if any, for conv2d to refuse.
  auto conv = [&](const Value &input, const std::vector<int64_t> &steps,
                  const Value &pads) {
    std::vector<int64_t> outer(n + 2, 1);
    outer.front() = rates.front();
    outer.back() = rates.back();
    if (n == 1)
      return callTf(in, {"nn", "conv1d"},
                    {input, k, Value::integer(steps[1]), pads},
                    {{"dilations", intList(in, outer)}});
    CallArgs args;
    return conv2d(rt,
                  keywords(in, args, "conv2d",
                           {{"input", input},
                            {"filters", k},
                            {"strides", intList(in, steps)},
                            {"padding", pads},
                            {"dilations", intList(in, outer)}}),
                  rt.tracing ? scope.scopeName() : "");
  };
  std::vector<int64_t> spatialRates(rates.begin() + 1, rates.end() - 1);
  bool dilated = false;
  for (int64_t r : spatialRates)
    dilated |= r != 1;
  if (!dilated)
    return conv(x, strides, padding);
  std::vector<int64_t> spatialStrides(strides.begin() + 1, strides.end() - 1);
  for (int64_t s : spatialStrides)
    if (s != 1) {
      auto text = [](const std::vector<int64_t> &v) { // NumPy's repr
        std::string t = "[";
        for (size_t i = 0; i < v.size(); ++i)
          t += (i ? " " : "") + std::to_string(v[i]);
        return t + "]";
      };
      in.valueError("`strides > 1` not supported in conjunction with "
                    "`dilation_rate > 1`. Received: strides=" +
                    text(spatialStrides) +
                    " and dilation_rate=" + text(spatialRates));
    }
  std::string mode = padding.is(py::Type::Str) ? in.toStr(padding) : "";
  if (mode != "SAME" && mode != "VALID")
    rt.raise("UnimplementedError",
             "kiln supports a dilated tf.nn.convolution with \"SAME\" or "
             "\"VALID\" padding only");
  std::vector<int64_t> window;
  for (int64_t d = 0; d < n; ++d)
    window.push_back(kt.unknownRank ? -1 : kt.shape[d]);
  return withSpaceToBatch(
      rt, x, window, spatialRates, mode, [&](const Value &blocks) {
        return conv(blocks, std::vector<int64_t>(n + 2, 1), in.str("VALID"));
      });
}

} // namespace

void installNn(TfRuntime &rt, ModuleBuilder &tf, ModuleBuilder &nn) {
  TfRuntime *r = &rt;
  nn.def("depthwise_conv2d", [r](Interpreter &in, CallArgs &args) {
    return depthwiseConv2d(*r, Params(in, args, "depthwise_conv2d",
                                      {"input", "filter", "strides", "padding",
                                       "data_format", "dilations", "name"}));
  });
  nn.def("separable_conv2d", [r](Interpreter &in, CallArgs &args) {
    return separableConv2d(
        *r, Params(in, args, "separable_conv2d",
                   {"input", "depthwise_filter", "pointwise_filter", "strides",
                    "padding", "data_format", "dilations", "name"}));
  });
  nn.def("conv2d", [r](Interpreter &in, CallArgs &args) {
    return conv2d(*r, Params(in, args, "conv2d",
                             {"input", "filters", "strides", "padding",
                              "data_format", "dilations", "name"}));
  });
  nn.def("max_pool2d", [r](Interpreter &in, CallArgs &args) {
    return pool(
        *r,
        Params(in, args, "max_pool2d",
               {"input", "ksize", "strides", "padding", "data_format", "name"}),
        "MaxPool", "max_pool2d", "MaxPool2d");
  });
  nn.def("avg_pool2d", [r](Interpreter &in, CallArgs &args) {
    return pool(
        *r,
        Params(in, args, "avg_pool2d",
               {"input", "ksize", "strides", "padding", "data_format", "name"}),
        "AvgPool", "avg_pool2d", "AvgPool2D");
  });
  for (const char *op : {"MaxPool", "AvgPool"}) {
    std::string base = std::string(op) == "MaxPool" ? "max_pool" : "avg_pool";
    for (int n : {0, 1}) {
      std::string fname = base + (n ? "1d" : "");
      nn.def(fname, [r, op, fname, n](Interpreter &in, CallArgs &args) {
        return poolN(*r,
                     Params(in, args, fname,
                            {"input", "ksize", "strides", "padding",
                             "data_format", "name"}),
                     op, fname, n);
      });
    }
  }
  nn.def("conv1d", [r](Interpreter &in, CallArgs &args) {
    return conv1d(*r, Params(in, args, "conv1d",
                             {"input", "filters", "stride", "padding",
                              "data_format", "dilations", "name"}));
  });
  nn.def("convolution", [r](Interpreter &in, CallArgs &args) {
    return convolution(*r, Params(in, args, "convolution",
                                  {"input", "filters", "strides", "padding",
                                   "data_format", "dilations", "name"}));
  });
  nn.def("conv2d_transpose",
         namedOp(rt, "conv2d_transpose", [r](Interpreter &in, CallArgs &args) {
           return conv2dTranspose(
               *r, Params(in, args, "conv2d_transpose",
                          {"input", "filters", "output_shape", "strides",
                           "padding", "data_format", "dilations", "name"}));
         }));
  nn.def("bias_add", [r](Interpreter &in, CallArgs &args) {
    return biasAdd(*r, Params(in, args, "bias_add",
                              {"value", "bias", "data_format", "name"}));
  });
  tf.def("pad", [r](Interpreter &in, CallArgs &args) {
    return pad(
        *r, Params(in, args, "pad",
                   {"tensor", "paddings", "mode", "constant_values", "name"}));
  });
}

} // namespace kiln::tf
