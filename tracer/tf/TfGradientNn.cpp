// Gradients of the convolution and pooling ops (TensorFlow's nn_grad.py):
// Conv2D's are a Conv2DBackpropInput and a Conv2DBackpropFilter node (and
// Conv2DBackpropInput's, tf.nn.conv2d_transpose, a Conv2DBackpropFilter
// and a Conv2D; DepthwiseConv2dNative's its two backprop kernels),
// MaxPool's a MaxPoolGrad node and AvgPool's an AvgPoolGrad node, which
// codegen/EmitNnGrad.cpp computes as TensorFlow's CPU kernels do. Each
// node keeps the forward op's window attributes (strides, dilations, ksize
// and the padding kiln resolved into "pads").
#include "TfGradientOps.h"
#include "TfOps.h"

namespace kiln::tf {

namespace {

/// The forward op's attributes that describe its window, for the
/// gradient node. The gradient kernels need the image's height and width
/// at trace time (the forward ops take them at run time).
std::map<std::string, Attr> windowAttrs(TfRuntime &rt, const TapeEntry &e) {
  const TensorType &image =
      typeOf(rt, e.inputs[e.op == "Conv2DBackpropInput" ? 2 : 0]);
  if (image.unknownRank || image.shape[1] < 0 || image.shape[2] < 0)
    rt.raise("UnimplementedError",
             "kiln's gradient of " + e.op +
                 " needs the image's height and width at trace time, not " +
                 image.shapeString());
  std::map<std::string, Attr> attrs;
  for (const char *name : {"T", "pads", "strides", "dilations", "ksize",
                           "padding", "explicit_paddings", "data_format"})
    if (auto it = e.attrs.find(name); it != e.attrs.end())
      attrs[name] = it->second;
  return attrs;
}

/// array_ops.shape(t): a constant when the shape is known.
Value shapeOfInput(TfRuntime &rt, const Value &t, const std::string &op) {
  const TensorType &type = typeOf(rt, t);
  if (type.unknownRank)
    needStaticShapes(rt, op);
  if (!type.isStatic())
    return shapeOf(rt, t);
  return rt.toTensor(pyIntList(rt.in, type.shape), DType::Int32);
}

ValueList conv2dGrad(TfRuntime &rt, const TapeEntry &e, const ValueList &g) {
  const Value &x = e.inputs[0], &filter = e.inputs[1];
  std::map<std::string, Attr> attrs = windowAttrs(rt, e);
  // TensorFlow's CPU backprop kernels refuse what its Conv2D computes: a
  // dilated window. Eagerly the input's gradient, computed first, fails;
  // in a graph the node the requested gradient needs, when it runs.
  auto dilations = std::get<std::vector<int64_t>>(attrs.at("dilations"));
  if (dilations[1] > 1 || dilations[2] > 1) {
    std::string error = "Current CPU implementations do not yet support "
                        "dilation rates larger than 1.";
    if (!rt.tracing)
      kernelError(rt, "Conv2DBackpropInput", error);
    attrs[graph::kRunTimeError] = error;
  }
  Value inputGrad =
      rt.apply("Conv2DBackpropInput", {shapeOfInput(rt, x, e.op), filter, g[0]},
               attrs, typeOf(rt, x), "Conv2DBackpropInput");
  Value filterGrad = rt.apply("Conv2DBackpropFilter",
                              {x, shapeOfInput(rt, filter, e.op), g[0]}, attrs,
                              typeOf(rt, filter), "Conv2DBackpropFilter");
  return {inputGrad, filterGrad};
}

/// tf.nn.conv2d_transpose's: the filter's gradient is a
/// Conv2DBackpropFilter with the roles of the input and out_backprop
/// swapped, out_backprop's a Conv2D of the gradient (nn_grad.py).
ValueList conv2dBackpropInputGrad(TfRuntime &rt, const TapeEntry &e,
                                  const ValueList &g) {
  const Value &filter = e.inputs[1], &dy = e.inputs[2];
  std::map<std::string, Attr> attrs = windowAttrs(rt, e);
  Value filterGrad = rt.apply("Conv2DBackpropFilter",
                              {g[0], shapeOfInput(rt, filter, e.op), dy}, attrs,
                              typeOf(rt, filter), "Conv2DBackpropFilter");
  attrs["use_cudnn_on_gpu"] = true;
  Value dyGrad =
      rt.apply("Conv2D", {g[0], filter}, attrs, typeOf(rt, dy), "Conv2D");
  return {Value(), filterGrad, dyGrad};
}

/// DepthwiseConv2dNative's: its two backprop kernels (nn_grad.py).
ValueList depthwiseGrad(TfRuntime &rt, const TapeEntry &e, const ValueList &g) {
  const Value &x = e.inputs[0], &filter = e.inputs[1];
  std::map<std::string, Attr> attrs = windowAttrs(rt, e);
  Value inputGrad =
      rt.apply("DepthwiseConv2dNativeBackpropInput",
               {shapeOfInput(rt, x, e.op), filter, g[0]}, attrs, typeOf(rt, x),
               "DepthwiseConv2dNativeBackpropInput");
  Value filterGrad =
      rt.apply("DepthwiseConv2dNativeBackpropFilter",
               {x, shapeOfInput(rt, filter, e.op), g[0]}, attrs,
               typeOf(rt, filter), "DepthwiseConv2dNativeBackpropFilter");
  return {inputGrad, filterGrad};
}

ValueList maxPoolGrad(TfRuntime &rt, const TapeEntry &e, const ValueList &g) {
  return {rt.apply("MaxPoolGrad", {e.inputs[0], e.outputs[0], g[0]},
                   windowAttrs(rt, e), typeOf(rt, e.inputs[0]), "MaxPoolGrad")};
}

ValueList avgPoolGrad(TfRuntime &rt, const TapeEntry &e, const ValueList &g) {
  return {rt.apply("AvgPoolGrad", {shapeOfInput(rt, e.inputs[0], e.op), g[0]},
                   windowAttrs(rt, e), typeOf(rt, e.inputs[0]), "AvgPoolGrad")};
}

} // namespace

void addNnGradients(std::map<std::string, GradFn> &table) {
  table["Conv2D"] = conv2dGrad;
  table["DepthwiseConv2dNative"] = depthwiseGrad;
  table["Conv2DBackpropInput"] = conv2dBackpropInputGrad;
  table["MaxPool"] = maxPoolGrad;
  table["AvgPool"] = avgPoolGrad;
}

} // namespace kiln::tf
