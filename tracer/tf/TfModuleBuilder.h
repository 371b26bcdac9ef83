// What the files defining the `tensorflow` module share: argument binding
// for builtins and a builder for (sub)modules.
#pragma once

#include "TfRuntime.h"

#include <algorithm>
#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <vector>

namespace kiln::tf {

/// Whether TensorFlow wraps the public function tf.*.`fname` in its
/// dispatcher, which words argument errors its own way ("Got an
/// unexpected keyword argument 'k'"); plain Python functions (generated
/// op wrappers, tf.constant) have CPython's ("f() got an unexpected
/// keyword argument 'k'").
bool dispatchedArguments(const std::string &fname);

/// How Params words its TypeErrors: as the TensorFlow function of that
/// name does, or as CPython does (NumPy's functions, methods).
enum class Wording { TensorFlow, Python };

/// Binds a builtin's arguments to parameter names (positional, then by
/// keyword), with TypeError for unknown or repeated ones.
struct Params {
  /// `required`: how many of `names` have no default, for CPython's
  /// "takes from R to N positional arguments" (by default all of them:
  /// "takes N").
  Params(Interpreter &in, CallArgs &args, const std::string &fname,
         std::vector<std::string> names, Wording wording = Wording::TensorFlow,
         size_t required = SIZE_MAX)
      : in(in),
        plain(wording == Wording::Python || !dispatchedArguments(fname)) {
    if (args.positional.size() > names.size()) {
      std::string takes = required < names.size()
                              ? "from " + std::to_string(required) + " to " +
                                    std::to_string(names.size())
                              : std::to_string(names.size());
      in.typeError(
          plain ? fname + "() takes " + takes + " positional arguments but " +
                      std::to_string(args.positional.size()) + " were given"
                : "Too many arguments were given. Expected " +
                      std::to_string(names.size()) + " but got " +
                      std::to_string(args.positional.size()) + ".");
    }
    for (size_t i = 0; i < args.positional.size(); ++i)
      values[names[i]] = args.positional[i];
    for (auto &[k, v] : args.keywords) {
      if (std::find(names.begin(), names.end(), k) == names.end())
        in.typeError((plain ? fname + "() got" : std::string("Got")) +
                     " an unexpected keyword argument '" + k + "'");
      if (values.count(k))
        in.typeError((plain ? fname + "() got" : std::string("Got")) +
                     " multiple values for argument '" + k + "'");
      values[k] = v;
    }
  }
  Value get(const std::string &name) const {
    auto it = values.find(name);
    return it == values.end() ? Value() : it->second;
  }
  bool has(const std::string &name) const {
    auto it = values.find(name);
    return it != values.end() && !it->second.isNone();
  }
  /// Whether the argument was given at all, None included.
  bool given(const std::string &name) const { return values.count(name) > 0; }
  /// A required argument; one given as None is TensorFlow's error for
  /// converting None to a tensor.
  Value require(const std::string &name, const std::string &fname) const {
    if (values.count(name) && values.at(name).isNone())
      in.valueError("Attempt to convert a value (None) with an unsupported "
                    "type (<class 'NoneType'>) to a Tensor.");
    if (!has(name))
      in.typeError(plain ? fname +
                               "() missing 1 required positional argument: '" +
                               name + "'"
                         : "Missing required positional argument");
    return get(name);
  }
  Interpreter &in;
  bool plain; // CPython's wording
  std::map<std::string, Value> values;
};

/// Gives the node that made tensor `out` the name `wanted`, when the
/// node is one of those made since the graph had `before` nodes.
void nameLastNode(TfRuntime &rt, const Value &out, size_t before,
                  const std::string &wanted);

/// Whether `name` matches TensorFlow's pattern for an op name (`top`) or
/// for a scope inside another: letters, digits and `_.\\/>-`, the first
/// of an op name not one of `_\\/-`.
bool validOpName(const std::string &name, bool top);

/// TensorFlow's message for a node name that is not validOpName.
std::string invalidNodeName(const std::string &name);

/// Raises TensorFlow's ValueError when `name` cannot open a name scope in
/// graph `g`: the pattern for a scope at the top is stricter (no leading
/// `_`, `-`, `/` or `\\`) than for one inside another.
void checkScopeName(Interpreter &in, const graph::Graph &g,
                    const std::string &name);

/// Calls `fn`, the tf function `fname`; while tracing, its `name=` keyword
/// is checked as a scope name (or, for tf.constant, as the Const node's
/// name) and names the node the call makes last.
Value callWithNodeName(TfRuntime &rt, const std::string &fname,
                       const py::BuiltinFn &fn, Interpreter &in,
                       CallArgs &args);

class ModuleBuilder {
public:
  ModuleBuilder(Interpreter &in, TfRuntime &rt, const std::string &name)
      : in(in), rt(rt), module(std::make_shared<py::ModuleObject>()) {
    module->name = name;
  }
  /// Defines function `name`. A `name=` keyword names the graph node the
  /// call makes last, as TensorFlow's ops take it (only while tracing:
  /// eager tensors have no names); callWithNodeName.
  void def(const std::string &name, py::BuiltinFn fn) {
    TfRuntime *r = &rt;
    module->dict[name] = in.builtin(
        name, [r, name, fn = std::move(fn)](Interpreter &in, CallArgs &args) {
          return callWithNodeName(*r, name, fn, in, args);
        });
  }
  void set(const std::string &name, Value v) {
    module->dict[name] = std::move(v);
  }
  Value value() { return Value::object(py::Type::Module, module); }
  Interpreter &in;
  TfRuntime &rt;
  std::shared_ptr<py::ModuleObject> module;
};

/// The dtype a `dtype=` argument names (a DType object or its name); nullopt
/// for None, TensorFlow's TypeError otherwise.
std::optional<DType> dtypeArg(Interpreter &in, const Value &v);

/// A host tensor of `type` with every element equal to `one`'s only one
/// (InvalidArgumentError unless `one` has one element and `type` is
/// static).
HostTensorPtr repeatScalar(TfRuntime &rt, const HostTensorPtr &one,
                           const TensorType &type);

/// tf.add_n, tf.clip_by_value, tf.math.reciprocal, is_nan/is_inf/
/// is_finite and tf.nn.gelu: TensorFlow's Python compositions of other ops
/// (TfComposite.cpp).
void installCompositeMath(TfRuntime &rt, ModuleBuilder &tf, ModuleBuilder &math,
                          ModuleBuilder &nn);

/// tf.nn.softplus, elu, selu, softsign, relu6, leaky_relu and tf.math.expm1:
/// one TensorFlow op each (TfActivations.cpp).
void installActivations(TfRuntime &rt, ModuleBuilder &math, ModuleBuilder &nn);

/// tf.boolean_mask, tf.sequence_mask and tf.nn's sigmoid, softmax and
/// sparse softmax cross-entropy with logits (TfLosses.cpp).
void installLosses(TfRuntime &rt, ModuleBuilder &tf, ModuleBuilder &nn);
/// tf.math.confusion_matrix (TfConfusionMatrix.cpp).
void installConfusionMatrix(TfRuntime &rt, ModuleBuilder &math);

/// tf.nn.conv2d, max_pool2d, avg_pool2d and bias_add, and tf.pad
/// (TfNn.cpp).
void installNn(TfRuntime &rt, ModuleBuilder &tf, ModuleBuilder &nn);

/// tf.random: set_seed, the stateful and the stateless uniform, normal and
/// truncated normal samplers, and shuffle (TfRandom.cpp).
void installRandom(TfRuntime &rt, ModuleBuilder &random);

/// tf.name_scope and the tf.Module base class (TfModuleClass.cpp).
void installModuleClass(TfRuntime &rt, ModuleBuilder &tf);

/// tf.linalg.matvec, tf.tensordot and tf.einsum (TfLinalg.cpp).
void installLinalg(TfRuntime &rt, ModuleBuilder &tf, ModuleBuilder &linalg);

/// tf.one_hot, tf.reverse, tf.math.cumsum and cumprod, tf.math.top_k (also
/// tf.nn.top_k), tf.sort and tf.argsort (TfArrayOps.cpp).
/// clip_by_norm, clip_by_global_norm, global_norm, l2_loss, moments,
/// squared_difference, reciprocal_no_nan, silu/swish (TfTrainingMath.cpp).
void installTrainingMath(TfRuntime &rt, ModuleBuilder &tf, ModuleBuilder &math,
                         ModuleBuilder &nn, ModuleBuilder &linalg);

/// tf.nn.dropout, from the stateful random ops (TfRandom.cpp).
void installDropout(TfRuntime &rt, ModuleBuilder &nn);

/// tf.debugging's assertions and check_numerics (TfDebugging.cpp).
void installDebugging(TfRuntime &rt, ModuleBuilder &tf,
                      ModuleBuilder &debugging);

/// tf.linalg.diag, diag_part, trace and band_part (TfMatrixDiag.cpp).
void installMatrixDiag(TfRuntime &rt, ModuleBuilder &linalg);
/// tf.linspace with an argument known only at run time (TfLinspace.cpp).
Value linspaceAtRunTime(TfRuntime &rt, const Value &start, const Value &stop,
                        const Value &num, int64_t axis);
/// tf.eye with a size or batch shape known only at run time (`cols` and
/// `batch` None when not given).
Value eyeAtRunTime(TfRuntime &rt, const Value &rows, const Value &cols,
                   const Value &batch, DType dtype);
/// tf.linalg.det, slogdet, inv and solve (TfLinalgLu.cpp).
void installLinalgLu(TfRuntime &rt, ModuleBuilder &linalg);

/// tf.roll, tf.repeat and tf.meshgrid (TfRepeat.cpp).
void installRepeat(TfRuntime &rt, ModuleBuilder &tf);

/// tf.nn.space_to_depth and depth_to_space (TfSpaceToDepth.cpp).
void installSpaceToDepth(TfRuntime &rt, ModuleBuilder &nn);

/// tf.unravel_index (TfUnravelIndex.cpp).
void installUnravelIndex(TfRuntime &rt, ModuleBuilder &tf);
/// tf.histogram_fixed_width (TfHistogram.cpp).
void installHistogram(TfRuntime &rt, ModuleBuilder &tf);

/// tf.image's flips, rotations, dtype conversion, brightness, gamma,
/// grayscale and standardization (TfImage.cpp).
void installImage(TfRuntime &rt, ModuleBuilder &image);
/// tf.image's colour conversions and adjustments (TfImageColor.cpp).
void installImageColor(TfRuntime &rt, ModuleBuilder &image);
/// tf.image.image_gradients, sobel_edges and psnr (TfImageFilters.cpp).
void installImageFilters(TfRuntime &rt, ModuleBuilder &image);
/// tf.image's random and stateless random augmentations
/// (TfImageRandom.cpp).
void installImageRandom(TfRuntime &rt, ModuleBuilder &image);

/// tf.linalg.cross (TfCross.cpp).
void installCross(TfRuntime &rt, ModuleBuilder &linalg);

/// tf.nn.weighted_moments, sufficient_statistics, normalize_moments,
/// log_poisson_loss and compute_average_loss (TfNnStatistics.cpp).
void installNnStatistics(TfRuntime &rt, ModuleBuilder &nn);

void installArrayOps(TfRuntime &rt, ModuleBuilder &tf, ModuleBuilder &math,
                     ModuleBuilder &nn);

/// tf.slice and tf.strided_slice (TfSlice.cpp).
void installSlice(TfRuntime &rt, ModuleBuilder &tf);

/// tf.config's device lists and settings, and tf.device (TfDevices.cpp).
void installDevices(TfRuntime &rt, ModuleBuilder &tf, ModuleBuilder &config);

/// tf.keras.utils.set_random_seed and tf.keras.backend.epsilon/floatx
/// (TfKeras.cpp).
void installKeras(TfRuntime &rt, ModuleBuilder &tf);
/// tf.keras.optimizers: SGD, Adam, AdamW, RMSprop and Adagrad on tf.Variables
/// (KerasOptimizers.cpp).
void installKerasOptimizers(TfRuntime &rt, ModuleBuilder &keras);
/// tf.keras.losses: mean squared/absolute error and the cross-entropies
/// (KerasLosses.cpp).
void installKerasLosses(TfRuntime &rt, ModuleBuilder &keras);
/// tf.keras.optimizers.schedules (KerasSchedules.cpp).
void installKerasSchedules(TfRuntime &rt, ModuleBuilder &optimizers);
/// tf.keras.metrics: Mean, Sum and the accuracies (KerasMetrics.cpp).
void installKerasMetrics(TfRuntime &rt, ModuleBuilder &keras);
/// tf.compat: v1.logging, v1's eager-mode helpers, v2, as_bytes/as_text
/// (TfCompat.cpp). Installed last: compat.v2 is the whole module.
void installCompat(TfRuntime &rt, ModuleBuilder &tf);

/// tf.py_function and tf.numpy_function (TfPyFunction.cpp).
void installPyFunction(TfRuntime &rt, ModuleBuilder &tf);

/// tf.unique, unique_with_counts, tf.math's segment reductions, bincount
/// and tf.searchsorted (TfSegments.cpp).
void installSegments(TfRuntime &rt, ModuleBuilder &tf, ModuleBuilder &math);

/// tf.switch_case and tf.case (TfCase.cpp).
void installCase(TfRuntime &rt, ModuleBuilder &tf);

/// tf.strings and tf.as_string (TfStrings.cpp).
void installStrings(TfRuntime &rt, ModuleBuilder &tf, ModuleBuilder &strings);

/// A context manager that does nothing (TfDevices.cpp).
Value nullContext(Interpreter &in, const std::string &name);

/// tf.nest, tf.map_fn, tf.vectorized_map, tf.foldl/foldr/scan,
/// tf.get_static_value, tf.no_op, tf.group and tf.control_dependencies
/// (TfNest.cpp).
void installNest(TfRuntime &rt, ModuleBuilder &tf);

} // namespace kiln::tf
