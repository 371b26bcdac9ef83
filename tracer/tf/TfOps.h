// TensorFlow ops as the tracer applies them: argument conversion, dtype and
// shape inference with TensorFlow's errors, then TfRuntime::apply.
#pragma once

#include "TfRuntime.h"

namespace kiln::tf {

/// UnimplementedError when tensor `t` has an unknown rank (a TensorSpec of
/// unknown rank): `what` ("matmul's inputs") needs it at trace time.
void needRank(TfRuntime &rt, const Value &t, const std::string &what);

/// `x op y` for the arithmetic and comparison ops (TF op names: AddV2,
/// Sub, Mul, RealDiv, FloorDiv, FloorMod, Pow, Maximum, Minimum, Equal,
/// NotEqual, Less, LessEqual, Greater, GreaterEqual, LogicalAnd, LogicalOr).
/// `functional`: called as tf.add(x, y) & co., not as an operator; a
/// Python `x` then takes its own dtype, not `y`'s, where TensorFlow's op
/// construction (while tracing) or tf.add converts it first.
/// `convertsFirst`: the API converts both operands before the generated op
/// (tf.add), whose eager errors then end with " name: " for Python
/// operands too.
Value binaryOp(TfRuntime &rt, const std::string &op, const Value &x,
               const Value &y, const std::string &name = "",
               bool functional = false, bool convertsFirst = false);
/// `x * y` (the operator) when either is a bool tensor: TensorFlow casts
/// both to int32, multiplies, and casts the product to bool, in name scope
/// "mul". `reflected`: x is the Python operand of `2 * b`, converted to
/// y's dtype first (which a number other than a bool fails).
Value boolProduct(TfRuntime &rt, const Value &x, const Value &y,
                  bool reflected);
/// Python's `/` on tensors: integers are divided as float64 (or float32 for
/// narrow ints), as TensorFlow's truediv does.
Value trueDiv(TfRuntime &rt, const Value &x, const Value &y,
              bool convertsFirst = false);
/// The sum of `values` (two or more) in the order of TensorFlow's AddN
/// kernel (graph::addNRuns).
Value addN(TfRuntime &rt, const ValueList &values, const std::string &name);
Value unaryOp(TfRuntime &rt, const std::string &op, const Value &x,
              const std::string &name = "");
/// A Cast of `x` to `to` (`x` itself when it has that dtype); the node is
/// named `exactName` when given.
Value cast(TfRuntime &rt, const Value &x, DType to,
           const std::string &exactName = "");
/// TensorFlow's error for op `op` on a dtype its CPU kernels lack: eagerly
/// the NotFoundError of kernel placement, in a traced function the
/// InvalidArgumentError of running it (kiln compiles, and fails, now).
/// `attr` is the type attribute ("T"), `node` the node's name, `xla` the
/// XLA kernel's types and `cpu` the CPU kernels' registrations, one
/// "device='CPU'; T in [DT_FLOAT]" line each, in TensorFlow's order.
/// `attrs`, when given, are the node's attributes as the eager and the
/// graph message list them, in place of `attr` alone.
[[noreturn]] void
noCpuKernel(TfRuntime &rt, const std::string &op, const std::string &attr,
            DType d, const std::string &node, const std::string &xla,
            const std::vector<std::string> &cpu,
            const std::pair<std::string, std::string> &attrs = {});
/// The C++ type name TensorFlow's kernel errors use: "float", "double",
/// "int32".
std::string kernelTypeName(DType d);
/// "{{function_node __wrapped__OP_device_/job:localhost/replica:0/task:0/
/// device:CPU:0}} ": how an eager kernel's error for `op` starts.
std::string eagerKernelPrefix(const std::string &op);
/// " [Op:OP] name: ", how an eager op's error ends. TensorFlow's generated
/// wrappers add " name: " on their fast path only; an op whose arguments
/// are nested Python lists falls back to a slower path that does not
/// (`named` false).
std::string eagerOpSuffix(const std::string &op, bool named = true);
/// An eager kernel's InvalidArgumentError: eagerKernelPrefix(kernel), the
/// message, then eagerOpSuffix(op, named). `kernel` is the wrapped
/// function's name when it differs from the op's ("Einsum_N_2" for Einsum).
/// Whether `v`, an operand of a generated op, sends TensorFlow's wrapper
/// down its slow path, whose eager errors end without " name: ": a Python
/// list, tuple, str or bytes (tensors, variables, NumPy arrays and numbers
/// take the fast path).
bool slowPathOperand(const Value &v);
/// Sets TfRuntime::pythonOperands while it lives when any of `operands`
/// takes the slow path (tf.math.top_k([1, 2], k=3),
/// tf.strings.to_number("abc")).
struct PythonOperands {
  PythonOperands(TfRuntime &rt, const ValueList &operands);
  ~PythonOperands();
  PythonOperands(const PythonOperands &) = delete;
  PythonOperands &operator=(const PythonOperands &) = delete;

private:
  TfRuntime &rt_;
  bool saved_;
};
/// An eager kernel's errors end without " name: " while
/// TfRuntime::pythonOperands is set.
[[noreturn]] void kernelError(TfRuntime &rt, const std::string &op,
                              const std::string &message,
                              const std::string &kernel = "",
                              bool named = true);
/// Operand `operand` of `op` that its kernel reads as a scalar: when it has
/// another rank, the kernel's error `message` followed by its shape, at
/// once eagerly; while tracing it is returned, for the node's
/// graph::kRunTimeError (TensorFlow's kernel raises it when the function
/// runs). "" for a scalar or a tensor of unknown rank.
std::string scalarOperandError(TfRuntime &rt, const std::string &op,
                               const Value &operand, const std::string &message,
                               bool named = true);
/// Inputs `first` and `second` of `op` whose dtypes `a` and `b` must
/// match but differ: the op's TypeError while tracing, the kernel's
/// InvalidArgumentError eagerly (ending as eagerOpSuffix(op, named)).
[[noreturn]] void mismatchedInputs(TfRuntime &rt, const std::string &op,
                                   const std::string &first,
                                   const std::string &second, DType a, DType b,
                                   int secondIndex = 1, bool named = true);
/// TensorFlow's error for binary op `op` (node `node` while tracing) on
/// tensors `x` and `y` whose shapes do not broadcast: shape inference's
/// ValueError while tracing, the kernel's InvalidArgumentError eagerly
/// (ending as eagerOpSuffix(op, named)).
[[noreturn]] void incompatibleShapes(TfRuntime &rt, const std::string &op,
                                     const std::string &node, const Value &x,
                                     const Value &y, bool named = true);
/// incompatibleShapes() unless the shapes of `x` and `y` broadcast, for a
/// composite standing for op `op` in its name scope (namedOp), which names
/// the node.
void requireBroadcastable(TfRuntime &rt, const std::string &op, const Value &x,
                          const Value &y, bool named = true);
/// Whether integer tensor `t` is known at trace time to hold a zero (a
/// divisor the integer division kernels fail on).
bool holdsZero(TfRuntime &rt, const Value &t);
/// A kernel's InvalidArgumentError that kiln finds from values known at
/// trace time: the bare message while tracing, kernelError() eagerly.
[[noreturn]] void knownKernelError(TfRuntime &rt, const std::string &op,
                                   const std::string &message);
/// `f"{t}"` of a tensor in TensorFlow's messages: an eager tensor formats as
/// its NumPy value ("[3 4]"), a graph tensor as str() does.
std::string formatTensor(TfRuntime &rt, const Value &t);
/// An op input that takes int32 or int64 only (a shape, a shift): the op,
/// the input's name and type attr, and the OpDef after the op's name, for
/// rejectDType.
struct IndexInput {
  const char *op, *param, *attr, *opDef;
};
extern const IndexInput kReshapeShape; // Reshape's shape
extern const IndexInput kFillDims;     // Fill's dims (tf.zeros, ones, fill)
/// TensorFlow's errors for argument `v` of index input `input`: a tensor or
/// a list of Python numbers whose dtype is not int32 or int64
/// (rejectDType), and a list holding None (the eager conversion's error,
/// or the graph conversion's). `asInt32`: the list converts to int32 as
/// array_ops.zeros converts it ("Expected int32, but got None", "Cannot
/// convert [2.0] to EagerTensor of dtype int32").
void checkIndexArgument(TfRuntime &rt, const Value &v, const IndexInput &input,
                        bool asInt32);
/// "DT_FLOAT": a dtype as TensorFlow's node text in shape errors names it.
const char *tfTypeName(DType d);
/// The graph node that produces tensor `v`, as TensorFlow's shape errors
/// name inputs. An eager tensor is the constant the trace captured it as,
/// else `captureAs`, the name the failing op would give the capture
/// ("Const" when empty).
std::string inputName(TfRuntime &rt, const Value &v,
                      const std::string &captureAs = "");

/// tf.add_n's shape checks on its input tensors: TensorFlow's ValueError
/// while tracing (inside the AddN scope), the kernel's error eagerly.
void checkAddNShapes(TfRuntime &rt, const ValueList &tensors);
/// TensorFlow's error for op `op` given a `dtype` that its input `param`
/// (type attr `attr`) does not allow: a TypeError listing `traced` while
/// tracing, else the eager kernel lookup's InvalidArgumentError listing
/// `kernels` and quoting the OpDef after its name (`opDef`: "; signature=
/// ...>"), ending as eagerOpSuffix(op, named).
[[noreturn]] void rejectDType(TfRuntime &rt, const std::string &op,
                              const std::string &param, const std::string &attr,
                              DType dtype, const std::string &traced,
                              const std::string &kernels,
                              const std::string &opDef, bool named = true);
/// tf.gather(params, indices, axis, batch_dims) as a GatherV2 node: the
/// result's shape is params' with dimension `axis` replaced by the
/// indices' dimensions past the first `batchDims` (which params and
/// indices share). `axis` is std::nullopt for batch_dims' default.
Value gather(TfRuntime &rt, const Value &params, const Value &indices,
             std::optional<int64_t> axis, bool named = true,
             int64_t batchDims = 0);
/// `fn`, an API TensorFlow builds as one op (Softmax) or in a name scope
/// (l2_normalize) and kiln from several: while tracing its nodes are
/// named in scope `name` and its result is the node `name` itself, so
/// that printed tensors and the names after them are TensorFlow's.
/// `result`, when given, names the result inside the scope instead
/// ("einsum/Einsum").
py::BuiltinFn namedOp(TfRuntime &rt, const std::string &name, py::BuiltinFn fn,
                      const std::string &result = "");
/// `fn`, an API TensorFlow builds in name scope `name` (tf.norm's "norm/
/// Sqrt"): while tracing its nodes are named in that scope.
py::BuiltinFn inNameScope(TfRuntime &rt, const std::string &name,
                          py::BuiltinFn fn);
/// Whether `v` is a tensor or variable, or a (nested) list or tuple holding
/// one: what convert_to_tensor auto-packs.
bool holdsTensor(TfRuntime &rt, const Value &v);
/// The dtype a Python int or (nested) list of them converts to: int32,
/// or int64 when one does not fit in 32 bits.
DType intListDType(Interpreter &in, const Value &v);
/// Argument `v` of an op as TensorFlow's argument conversion makes it: a
/// tensor as given (cast to `dtype` when given and different), a list
/// holding tensors packed, any other Python value a Const named `name` in
/// the current name scope.
Value convertArgument(TfRuntime &rt, const Value &v, const std::string &name,
                      std::optional<DType> dtype);
/// Operand `v` (input `param` of op `op`) converted to `dtype`: for a
/// Python value TensorFlow's TypeError when it does not convert (a float
/// to an integer type, a number to a string), else a Const named
/// `constName` (when given) in the current name scope.
Value convertOperand(TfRuntime &rt, const Value &v, DType dtype,
                     const char *param, const std::string &op,
                     const std::string &constName = "");
/// `v` converted as convert_to_tensor with dtype_hint `hint` converts it:
/// to `hint` where its values fit (a NumPy array always casts), else in its
/// own dtype; a tensor or variable as it is.
Value convertHinted(TfRuntime &rt, const Value &v, DType hint,
                    const std::string &name);
/// TensorFlow's graph feeds some operands that kiln keeps as attrs
/// (reduction axes, slice bounds, a target shape) to their op as Const
/// nodes. While tracing, OperandConsts reserves the op's node name, makes
/// those Const nodes named as TensorFlow names them, and lists them as the
/// node's attrInputs; eagerly it does nothing.
class OperandConsts {
public:
  OperandConsts(TfRuntime &rt, const std::string &op);
  /// The name to give apply(), with exactName() (reserved while tracing).
  const std::string &name() const { return name_; }
  bool exactName() const { return rt_.tracing != nullptr; }
  /// An int32 Const of `values` named "<op>/<param>", as an op's
  /// conversion of a Python argument names it; a scalar when `scalar`.
  void inScope(const std::string &param, const std::vector<int64_t> &values,
               bool scalar = false);
  /// An int32 Const of `values` named "Const", made before the op by the
  /// Python API (the axes of a reduction over all of them).
  void beforeOp(const std::vector<int64_t> &values);
  /// A Const of Python value `v` in dtype `dtype` named "<op>/<param>".
  void inScope(const std::string &param, const Value &v, DType dtype);
  /// A tensor the caller passed (a node of the graph already).
  void tensor(const Value &t);
  /// Argument `arg` of parameter `param`, whose values are `values`: the
  /// tensor itself, or inScope() for a Python int or a list of them (none
  /// for a list holding tensors, which TensorFlow packs).
  void argument(const std::string &param, const Value &arg,
                const std::vector<int64_t> &values);
  /// An input of the op that kiln compiles too: a tensor as given (cast to
  /// `dtype` when given and different), a Python value as a Const named
  /// "<op>/<param>", as the op's argument conversion names it (a list
  /// holding tensors is packed, as toTensor packs it).
  Value input(const std::string &param, const Value &v,
              std::optional<DType> dtype);
  /// Lists the operands as attrInputs of the node that made `result` (when
  /// this op made it); returns `result`.
  Value attach(const Value &result);

private:
  void add(graph::HostTensorPtr value, const std::string &name);
  TfRuntime &rt_;
  std::string name_;
  size_t firstNode_ = 0;
  std::vector<graph::Output> operands_;
};
/// tf.matmul; `name` is the node's ("matmul" for the @ operator).
Value matmul(TfRuntime &rt, const Value &a, const Value &b, bool transposeA,
             bool transposeB, const std::string &name = "MatMul");
/// reduce_sum & co.; `axis` None reduces everything. `shownOp` is the op
/// that errors on the axis name, when it differs from `op` (a composite's,
/// as "EuclideanNorm" for a Sum). `reducedAxes`: set to the axes reduced,
/// in order (for an input of known rank).
Value reduce(TfRuntime &rt, const std::string &op, const Value &x,
             const Value &axis, bool keepdims, const std::string &shownOp = "",
             std::vector<int64_t> *reducedAxes = nullptr);
Value argReduce(TfRuntime &rt, const std::string &op, const Value &x,
                const Value &axis, DType outputType);
Value reshape(TfRuntime &rt, const Value &x, const Value &shape);
Value transpose(TfRuntime &rt, const Value &x, const Value &perm);
Value expandDims(TfRuntime &rt, const Value &x, int64_t axis);
Value squeeze(TfRuntime &rt, const Value &x, const Value &axis);
/// ConcatV2 or Pack (`op`) of `values`; the node is named `exactName` when
/// given (autopacking's "packed"), else in tf.concat's or tf.stack's way.
/// Python values in the list are converted in the node's scope, as the
/// op's list conversion names them ("concat/values_1"); Python numbers in
/// `numberDType` when given.
Value concat(TfRuntime &rt, const ValueList &values, int64_t axis,
             const std::string &op, const std::string &exactName = "",
             std::optional<DType> numberDType = std::nullopt);
Value select(TfRuntime &rt, const Value &cond, const Value &x, const Value &y);
/// tf.where(condition): the int64 coordinates of the true elements.
Value whereIndices(TfRuntime &rt, const Value &cond);
Value identity(TfRuntime &rt, const Value &x);
/// One IdentityN node passing `tensors` through (tf.identity_n, and a
/// custom gradient's outputs with its inputs).
ValueList identityN(TfRuntime &rt, const ValueList &tensors);
/// tf.boolean_mask (TfLosses.cpp): the elements (or, with `axis`, the
/// slices) of `tensor` where `mask` is true.
Value booleanMask(TfRuntime &rt, const Value &tensor, const Value &mask,
                  const Value &axis);
/// `x[key]` with ints, slices (positive steps), `...` and None/newaxis.
Value stridedSlice(TfRuntime &rt, const Value &x, const Value &key);
/// `key` with its integer tf.Variables (indices, or a slice's bounds)
/// read: they index as their values do.
Value readVariablesInKey(TfRuntime &rt, const Value &key);
/// tf.split along a dimension of static size: one Split node (SplitV for
/// `sizedPieces`, a list of sizes) with an output per piece of `sizes`,
/// as TensorFlow builds it (string tensors: one slice per piece).
ValueList splitNode(TfRuntime &rt, const Value &x, int64_t axis,
                    const std::vector<int64_t> &sizes, bool sizedPieces);
/// tf.unstack along a dimension of static size: one Unpack node (string
/// tensors: one slice per row).
/// SplitV of `x` on `axis` by `sizes` (a 1-D tensor of known length, or a
/// list holding tensors) known only at run time: the kernel checks them.
ValueList splitAtRunTime(TfRuntime &rt, const Value &x, const Value &sizes,
                         int64_t axis);
ValueList unpackNode(TfRuntime &rt, const Value &x, int64_t axis);
/// `x[..., begin:end]` along `axis` (static bounds, step 1).
Value sliceAxis(TfRuntime &rt, const Value &x, int64_t axis, int64_t begin,
                int64_t end);
/// A computation TensorFlow's graph has as one node: while tracing,
/// reserves the node's unique name from `hint`, builds `parts` in its
/// scope and gives their last node that name.
Value asOneNode(TfRuntime &rt, const std::string &hint,
                const std::function<Value()> &parts);
/// While tracing, TensorFlow's `name_scope(name, default)` of an API
/// (`name` None: `fallback`) for the guard's life; `scopeName()` is then
/// the name an API's final `identity(..., name=scope)` takes.
class ApiNameScope {
public:
  ApiNameScope(TfRuntime &rt, const Value &name, const std::string &fallback);
  /// The scope's name, without its trailing "/" ("" when not tracing).
  const std::string &scopeName() const { return name_; }

private:
  std::optional<graph::ScopeGuard> guard_;
  std::string name_;
};
/// `x & y`, `x | y`, `x ^ y` (`op` BitwiseAnd, BitwiseOr, BitwiseXor) and
/// `~x` (Invert, `y` ignored): logical on bools (unless `bools` is false,
/// as in tf.bitwise), bitwise on integers, TensorFlow's dtype error on
/// anything else. `scope`: a Python operator's name scope ("and", "or",
/// "xor"), which names its node.
Value bitwise(TfRuntime &rt, const std::string &op, const Value &x,
              const Value &y = Value(), bool bools = true,
              const std::string &scope = "");
/// A Roll node: `x` rolled by the 1-D (or scalar) tensor `shift`, element
/// i of it along axis `axes[i]` (normalized), as the kernel rolls it.
Value rollNode(TfRuntime &rt, const Value &x, const Value &shift,
               const std::vector<int64_t> &axes);
/// A Cross node: the cross products of the last dimensions of `a` and
/// `b` (tf.linalg.cross), with TensorFlow's errors.
Value crossNode(TfRuntime &rt, const Value &a, const Value &b,
                bool named = true);
/// tf.nn.space_to_depth (`op` "SpaceToDepth") or depth_to_space
/// ("DepthToSpace") of `x` by `block` (the gradients of each other).
Value spaceToDepthNode(TfRuntime &rt, const std::string &op, const Value &x,
                       int64_t block);
/// A Range node over integer bounds (tensors or Python ints) of dtype `d`;
/// `length` -1 when known at run time only.
Value rangeNode(TfRuntime &rt, const Value &start, const Value &limit,
                const Value &delta, DType d, int64_t length);
/// The length of `x`'s first dimension as an int32 scalar tensor: a
/// constant when known, else read at run time (tf.shape(x)[0]).
Value firstDimension(TfRuntime &rt, const Value &x);
/// The shape of `x` (of known rank) as a 1-D int32 tensor: a Shape node
/// while tracing.
Value shapeOf(TfRuntime &rt, const Value &x);
/// A constant tensor of `type` filled with `value` (zeros, ones, fill).
Value filled(TfRuntime &rt, const TensorType &type, double value);
/// A tensor shaped and typed as `like` filled with 0 or 1: a constant when
/// its shape is static, else ZerosLike/OnesLike of it at run time.
Value filledLike(TfRuntime &rt, const Value &like, double value);

/// The kernels' checks of ReverseV2's axes and of Transpose's perm against
/// a rank, shared by the ops and by rank specialization
/// (RankSpecialize.cpp): "" when valid, else the kernel's message. The
/// axes' `normalized` are counted from 0 and sorted.
std::string reverseAxesProblem(const std::vector<int64_t> &axes, int64_t rank,
                               std::vector<int64_t> &normalized);
/// For a perm of `rank` entries: one out of range (`outOfRange` set), or a
/// dimension it misses.
std::string permutationProblem(const std::vector<int64_t> &perm, int64_t rank,
                               bool &outOfRange);
/// t[start:stop] (Python slicing; a bound left out is open).
Value sliceOf(TfRuntime &rt, const Value &t, std::optional<int64_t> start,
              std::optional<int64_t> stop);
/// A Python list of ints (a shape or permutation argument for the ops).
Value pyIntList(Interpreter &in, const std::vector<int64_t> &values);
/// tf.<path>(positional..., keyword=...) through kiln's own tf module, as
/// TensorFlow's Python layer calls its public functions:
/// callTf(in, {"math", "segment_sum"}, {data, ids}).
Value callTf(Interpreter &in, std::initializer_list<const char *> path,
             ValueList positional,
             std::vector<std::pair<std::string, Value>> keywords = {});
/// A name scope entered only while tracing: the ops a composite makes are
/// named in it, as TensorFlow's Python layer names them.
class TracingScope {
public:
  TracingScope(TfRuntime &rt, const std::string &name) {
    if (rt.tracing)
      guard_.emplace(rt.tracing->graph, name);
  }

private:
  std::optional<graph::ScopeGuard> guard_;
};

using graph::broadcastShapes;                             // Graph.h
std::string shapeList(const std::vector<int64_t> &shape); // "[2,3]"
/// The eager kernel `op`'s ResourceExhaustedError ("OOM when allocating
/// tensor with shape[...] ...", ending with "name: " and `name`) when a
/// tensor of `type` would not fit in the machine's memory: raised before
/// kiln builds such a tensor on the host, which would take as long as it
/// runs out of memory slowly.
void checkFitsInMemory(TfRuntime &rt, const std::string &op,
                       const TensorType &type, const std::string &name = "");
/// For each element of shape `to` (row-major), the flat index of the
/// element of a tensor of shape `from` that NumPy broadcasting maps to it.
std::vector<int64_t> broadcastSources(const std::vector<int64_t> &from,
                                      const std::vector<int64_t> &to);
/// A constant 1-D tensor of `values` (int32 indices for gathers).
Value intConstant(TfRuntime &rt, const std::vector<int64_t> &values,
                  DType dtype = DType::Int32);
/// A host int64 tensor of `shape` holding each element's flat position
/// (0, 1, 2, ...): indexing it tells which positions an index selects.
HostTensorPtr flatPositions(const std::vector<int64_t> &shape);

} // namespace kiln::tf
