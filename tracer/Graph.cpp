// Graph bookkeeping: node names, shapes as text, host tensor helpers.
#include "Graph.h"

#include <algorithm>
#include <cctype>
#include <cstring>
#include <filesystem>
#include <new>

namespace kiln::graph {

bool isBroadcastingOp(const std::string &op) {
  static const char *ops[] = {
      "AddV2",      "Sub",       "Mul",      "RealDiv",
      "Div",        "FloorDiv",  "FloorMod", "Pow",
      "Maximum",    "Minimum",   "Equal",    "NotEqual",
      "Less",       "LessEqual", "Greater",  "GreaterEqual",
      "LogicalAnd", "LogicalOr", "SelectV2", "SquaredDifference"};
  for (const char *name : ops)
    if (op == name)
      return true;
  return false;
}

void markKernelParts(Graph &g, size_t first, const std::string &kernel) {
  for (size_t i = first; i < g.nodes.size(); ++i)
    g.nodes[i].attrs[kKernelAttr] = kernel;
}

bool isConstantOnes(const Node &n) {
  auto captured = n.attrs.find("captured");
  if (n.op != "Const" ||
      (captured != n.attrs.end() && std::get<bool>(captured->second)))
    return false;
  auto it = n.attrs.find("value");
  const HostTensorPtr *value =
      it == n.attrs.end() ? nullptr : std::get_if<HostTensorPtr>(&it->second);
  if (!value || !*value || (*value)->type.dtype == DType::String)
    return false;
  for (int64_t i = 0, size = (*value)->type.numElements(); i < size; ++i)
    if ((*value)->elementAsDouble(static_cast<size_t>(i)) != 1.0)
      return false;
  return true;
}

bool foldsToOnes(const Graph &g, Output o) {
  const Node &n = g.nodes[o.node];
  if (n.op == "Const")
    return isConstantOnes(n);
  static const char *reshaping[] = {"Identity", "Reshape", "BroadcastTo",
                                    "Tile",     "Squeeze", "ExpandDims"};
  for (const char *op : reshaping)
    if (n.op == op && !n.inputs.empty())
      return foldsToOnes(g, n.inputs[0]);
  if (n.op == "Fill" && n.inputs.size() == 2)
    return foldsToOnes(g, n.inputs[1]);
  return false;
}

std::string addNSortName(const Graph &g, Output o) {
  for (bool bypassed = true; bypassed;) {
    bypassed = false;
    const Node &n = g.nodes[o.node];
    if (n.op != "Mul" || n.inputs.size() != 2 || n.attrs.count(kKernelAttr))
      break;
    for (int k = 0; k < 2 && !bypassed; ++k) {
      Output other = n.inputs[1 - k];
      if (foldsToOnes(g, n.inputs[k]) && g.typeOf(other) == n.outputs[0]) {
        o = other;
        bypassed = true;
      }
    }
  }
  const Node &n = g.nodes[o.node];
  std::string name = n.name;
  auto kernel = n.attrs.find(kKernelAttr);
  if (kernel != n.attrs.end())
    if (auto *op = std::get_if<std::string>(&kernel->second))
      name = name.substr(0, name.rfind('/') + 1) + *op;
  return o.index == 0 ? name : name + ":" + std::to_string(o.index);
}

bool isStatefulRandom(const std::string &op) {
  bool random = op.find("Random") != std::string::npos ||
                op.find("Multinomial") != std::string::npos ||
                op.find("TruncatedNormal") != std::string::npos;
  return random && op.rfind("Stateless", 0) != 0;
}

bool isVariableWrite(const std::string &op) {
  return op == "AssignVariableOp" || op == "AssignAddVariableOp" ||
         op == "AssignSubVariableOp";
}

bool callsPython(const Node &n) {
  return n.op == "EagerPyFunc" || n.op == "PyFunc";
}

bool readsDataset(const Node &n) {
  return n.op == "ReduceDataset" || n.op == "IteratorGetNext" ||
         n.op == "DatasetToSingleElement";
}

size_t leadingInputCount(const Node &n) {
  if (n.op == "For")
    return 3;
  auto it = n.attrs.find("graph_inputs");
  return it == n.attrs.end() ? 0 : std::get<int64_t>(it->second);
}

bool controlCovers(const std::string &control, const std::string &name) {
  if (name == control)
    return true;
  const std::string guard = "AssertGuard/", identity = guard + "Identity";
  if (control.size() <= identity.size() ||
      control.compare(control.size() - identity.size(), identity.size(),
                      identity))
    return false;
  std::string scope =
      control.substr(0, control.size() - identity.size()) + guard;
  return name.compare(0, scope.size(), scope) == 0;
}

bool isShapePreserving(const std::string &op) {
  static const char *ops[] = {
      "Identity",   "StopGradient", "Cast",      "Neg",    "Abs",
      "Sign",       "Sqrt",         "Rsqrt",     "Exp",    "Log",
      "Log1p",      "Sin",          "Cos",       "Tanh",   "Sigmoid",
      "Relu",       "Square",       "Floor",     "Ceil",   "Round",
      "Rint",       "LogicalNot",   "Erf",       "Expm1",  "Softplus",
      "Elu",        "Selu",         "Softsign",  "Relu6",  "LeakyRelu",
      "Reciprocal", "Tan",          "Asin",      "Acos",   "Atan",
      "Sinh",       "Cosh",         "Asinh",     "Acosh",  "Atanh",
      "Erfc",       "OnesLike",     "ZerosLike", "Lgamma", "Digamma"};
  return std::find(std::begin(ops), std::end(ops), op) != std::end(ops);
}

bool TensorType::shapeFits(const TensorType &spec) const {
  if (spec.unknownRank)
    return true;
  if (unknownRank || shape.size() != spec.shape.size())
    return false;
  for (size_t i = 0; i < shape.size(); ++i)
    if (spec.shape[i] >= 0 && shape[i] != spec.shape[i])
      return false;
  return true;
}

bool TensorType::isStatic() const {
  if (unknownRank)
    return false;
  for (int64_t d : shape)
    if (d < 0)
      return false;
  return true;
}

int64_t TensorType::numElements() const {
  if (!isStatic())
    return -1;
  int64_t n = 1;
  for (int64_t d : shape)
    n *= d;
  return n;
}

std::string TensorType::shapeString() const {
  if (unknownRank)
    return "<unknown>";
  std::string out = "(";
  for (size_t i = 0; i < shape.size(); ++i) {
    if (i)
      out += ", ";
    out += shape[i] < 0 ? "None" : std::to_string(shape[i]);
  }
  if (shape.size() == 1)
    out += ",";
  return out + ")";
}

std::shared_ptr<HostTensor> HostTensor::zeros(const TensorType &type) {
  auto t = std::make_shared<HostTensor>();
  t->type = type;
  // A size past what memory can hold (whose byte count would wrap
  // around): the allocation failure builtins report as
  // ResourceExhaustedError.
  int64_t n = 1, bytes = 0;
  for (int64_t d : type.shape)
    if (__builtin_mul_overflow(n, std::max<int64_t>(d, 0), &n))
      throw std::bad_alloc();
  if (type.dtype == DType::String) {
    t->strings.resize(n);
    return t;
  }
  if (__builtin_mul_overflow(n, int64_t(py::dtypeSize(type.dtype)), &bytes))
    throw std::bad_alloc();
  t->bytes.assign(bytes, 0);
  return t;
}

static float halfToFloat(uint16_t h) {
  uint32_t sign = (h & 0x8000u) << 16, exp = (h >> 10) & 0x1f, man = h & 0x3ff;
  uint32_t bits;
  if (exp == 0) {
    if (man == 0) {
      bits = sign;
    } else { // subnormal
      exp = 127 - 15 + 1;
      while (!(man & 0x400)) {
        man <<= 1;
        --exp;
      }
      man &= 0x3ff;
      bits = sign | (exp << 23) | (man << 13);
    }
  } else if (exp == 31) {
    bits = sign | 0x7f800000u | (man << 13);
  } else {
    bits = sign | ((exp - 15 + 127) << 23) | (man << 13);
  }
  float f;
  std::memcpy(&f, &bits, 4);
  return f;
}

double HostTensor::elementAsDouble(size_t i) const {
  const uint8_t *p = bytes.data() + i * py::dtypeSize(type.dtype);
  switch (type.dtype) {
  case DType::Bool:
  case DType::UInt8:
    return *p;
  case DType::Int8:
    return *reinterpret_cast<const int8_t *>(p);
  case DType::Int16:
    return *reinterpret_cast<const int16_t *>(p);
  case DType::Int32:
    return *reinterpret_cast<const int32_t *>(p);
  case DType::Int64:
    return static_cast<double>(*reinterpret_cast<const int64_t *>(p));
  case DType::Float16:
    return halfToFloat(*reinterpret_cast<const uint16_t *>(p));
  case DType::BFloat16: {
    uint32_t bits = uint32_t(*reinterpret_cast<const uint16_t *>(p)) << 16;
    float f;
    std::memcpy(&f, &bits, 4);
    return f;
  }
  case DType::Float32:
    return *reinterpret_cast<const float *>(p);
  case DType::Float64:
    return *reinterpret_cast<const double *>(p);
  case DType::String:
    return 0;
  }
  return 0;
}

int64_t HostTensor::elementAsInt(size_t i) const {
  if (type.dtype == DType::Int64)
    return reinterpret_cast<const int64_t *>(bytes.data())[i];
  return static_cast<int64_t>(elementAsDouble(i));
}

std::string Graph::functionName() const {
  if (!pythonName.empty())
    return pythonName;
  const std::string prefix = "__inference_";
  if (name.rfind(prefix, 0) == 0 && name.rfind('_') > prefix.size())
    return name.substr(prefix.size(), name.rfind('_') - prefix.size());
  return name;
}

const Node *Graph::regionOwner(int r, size_t *index) const {
  for (const Node &n : nodes)
    for (size_t k = 0; k < n.regions.size(); ++k)
      if (r >= 0 && n.regions[k] == r) {
        if (index)
          *index = k;
        return &n;
      }
  return nullptr;
}

std::string Graph::regionGraphName(int r) const {
  size_t k = 0;
  const Node *owner = regionOwner(r, &k);
  if (!owner)
    return functionName();
  if (owner->op.find("While") != std::string::npos || owner->op == "For")
    return owner->regions.size() == 2 && k == 0 ? "while_cond" : "while_body";
  return k == 0 ? "cond_true" : "cond_false";
}

std::vector<std::pair<int, std::string>> Graph::definedAt(const Node &n) const {
  std::vector<std::pair<int, std::string>> at = traceStack;
  at.insert(at.end(), n.frames.begin(), n.frames.end());
  const Node *owner = n.op == "RegionArg" ? regionOwner(n.region) : nullptr;
  SourceLoc loc = owner ? owner->loc : n.loc;
  if (n.frames.empty() && loc.valid())
    at.push_back({static_cast<int>(loc.line), functionName()});
  return at;
}

std::string Graph::runtimeError(const Node &n, const std::string &message,
                                const std::string &file) const {
  // "__inference_f_5" was traced from f.
  std::string function = functionName();
  const std::string &path = file;
  // TensorFlow finds no source for a lambda's nodes and reports the
  // function's error as its runtime does.
  if (function == "<lambda>")
    return "{{function_node " + name + "}} " + message + "\n\t [[{{node " +
           n.name + "}}]] [Op:" + name + "]";
  const std::string &shown = n.errorName.empty() ? n.name : n.errorName;
  std::string text = "Graph execution error:\n\nDetected at node " + shown +
                     " defined at (most recent call last):\n";
  for (auto &[line, caller] : definedAt(n))
    text += "  File \"" + path + "\", line " + std::to_string(line) + ", in " +
            caller + "\n\n";
  return text + message + "\n\t [[{{node " + shown + "}}]] [Op:" + name + "]";
}

bool relaxTypes(const TensorType &a, const TensorType &b, TensorType &out) {
  if (a.unknownRank || b.unknownRank || a.shape.size() != b.shape.size())
    return false;
  out = a;
  for (size_t i = 0; i < a.shape.size(); ++i)
    if (a.shape[i] != b.shape[i])
      out.shape[i] = -1;
  return true;
}

ScopeGuard::ScopeGuard(Graph &g, const std::string &name)
    : g(g), left(g.enterScope(name)) {}
ScopeGuard::~ScopeGuard() { g.scope = left; }

ExactScope::ExactScope(Graph &g, std::string scope) : g(g), left(g.scope) {
  g.scope = std::move(scope);
}
ExactScope::~ExactScope() { g.scope = left; }

RegionGuard::RegionGuard(Graph &g) : g(g), saved(g.current) {}
RegionGuard::~RegionGuard() { g.current = saved; }

bool broadcastShapes(const std::vector<int64_t> &a,
                     const std::vector<int64_t> &b, std::vector<int64_t> &out) {
  size_t rank = std::max(a.size(), b.size());
  out.assign(rank, 1);
  for (size_t i = 0; i < rank; ++i) {
    int64_t x = i < rank - a.size() ? 1 : a[i - (rank - a.size())];
    int64_t y = i < rank - b.size() ? 1 : b[i - (rank - b.size())];
    if (x == 1)
      out[i] = y;
    else if (y == 1)
      out[i] = x;
    else if (x < 0)
      out[i] = y;
    else if (y < 0 || x == y)
      out[i] = x;
    else
      return false;
  }
  return true;
}

std::vector<std::pair<size_t, size_t>> addNRuns(size_t n) {
  size_t head = n < 8 ? n : n % 8 + (n % 8 < 2 ? 8 : 0);
  std::vector<std::pair<size_t, size_t>> runs{{0, head}};
  for (size_t at = head; at < n; at += 8)
    runs.push_back({at, at + 8});
  return runs;
}

namespace {

/// TensorFlow compares node names case-insensitively.
std::string lowerCase(std::string s) {
  for (char &c : s)
    c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

} // namespace

std::string Graph::uniqueName(const std::string &hint) {
  std::string base = scope.empty() || hint.compare(0, scope.size(), scope) == 0
                         ? hint
                         : scope + hint;
  // Case-insensitively: "matmul" (the @ operator) then tf.matmul's
  // "MatMul" gives "MatMul_1".
  std::map<std::string, int> &used = counts();
  std::string key = lowerCase(base);
  int i = used[key]++;
  if (i == 0)
    return base;
  // As TensorFlow's unique_name: the numbered name must be free too (a
  // name="op_1" given earlier takes it), and it is then in use itself.
  std::string candidate = key;
  for (auto it = used.find(candidate); it != used.end() && it->second > 0;
       it = used.find(candidate))
    candidate = key + "_" + std::to_string(i++);
  used[candidate] = 1;
  return base + "_" + std::to_string(i - 1);
}

void Graph::releaseName(const std::string &old) {
  // The old name goes back unused when it was the latest of its base, so
  // that the next node of that kind is named as if it had never been made.
  size_t underscore = old.rfind('_');
  bool numbered =
      underscore != std::string::npos && underscore + 1 < old.size() &&
      old.size() - underscore <= 9 && // a count, not a number stoi rejects
      old.find_first_not_of("0123456789", underscore + 1) == std::string::npos;
  if (numbered) {
    auto it = counts().find(lowerCase(old.substr(0, underscore)));
    if (it != counts().end() &&
        it->second == std::stoi(old.substr(underscore + 1)) + 1) {
      --it->second;
      // uniqueName marked the numbered name itself as used.
      if (auto self = counts().find(lowerCase(old));
          self != counts().end() && self->second == 1)
        self->second = 0;
    }
  } else if (auto it = counts().find(lowerCase(old));
             it != counts().end() && it->second == 1) {
    it->second = 0;
  }
}

void Graph::rename(int id, const std::string &hint) { renameAll({id}, hint); }

void Graph::renameAll(const std::vector<int> &ids, const std::string &hint) {
  // Released latest first, so that "x_2" then "x_1" both go back.
  std::vector<std::string> old;
  for (int id : ids)
    old.push_back(nodes[id].name);
  for (auto it = old.rbegin(); it != old.rend(); ++it)
    releaseName(*it);
  // A name ending in "/" is a whole scope's name, taken as it is (the op
  // is named after the scope: name="a/" gives node "a").
  bool whole = !hint.empty() && hint.back() == '/';
  for (size_t i = 0; i < ids.size(); ++i) {
    Node &n = nodes[ids[i]];
    n.name = whole ? hint.substr(0, hint.size() - 1) : uniqueName(hint);
    for (Output in : n.listedInputs()) {
      std::string &operand = nodes[in.node].name;
      if (operand.compare(0, old[i].size() + 1, old[i] + "/") == 0) {
        releaseName(operand); // "ReadVariableOp/resource" goes back too
        operand = n.name + operand.substr(old[i].size());
      }
    }
  }
}

std::vector<Output> Node::listedInputs() const {
  std::vector<Output> all = attrInputsFirst ? attrInputs : inputs;
  const std::vector<Output> &rest = attrInputsFirst ? inputs : attrInputs;
  all.insert(all.end(), rest.begin(), rest.end());
  return all;
}

std::string Graph::enterScope(const std::string &name) {
  std::string left = scope;
  scope = uniqueName(name) + "/";
  return left;
}

int Graph::add(Node node) {
  node.region = current;
  // An argument (a variable's first use inside the block makes its
  // Placeholder) is no op the block orders.
  if (node.op != "Placeholder" && node.op != "RegionArg")
    node.controlInputs.insert(node.controlInputs.end(),
                              controlDependencies.begin(),
                              controlDependencies.end());
  nodes.push_back(std::move(node));
  int id = static_cast<int>(nodes.size()) - 1;
  if (current >= 0)
    regions[current].nodes.push_back(id);
  return id;
}

int Graph::beginRegion() {
  Region r;
  r.parent = current;
  regions.push_back(std::move(r));
  current = static_cast<int>(regions.size()) - 1;
  return current;
}

Output Graph::addRegionArg(const TensorType &type) {
  Node n;
  n.op = "RegionArg";
  n.name = uniqueName("Placeholder"); // as a while body's inputs
  n.outputs = {type};
  n.region = current;
  nodes.push_back(std::move(n));
  int id = static_cast<int>(nodes.size()) - 1;
  regions[current].args.push_back(id);
  return {id, 0};
}

bool Graph::visible(int r) const {
  for (int c = current;; c = regions[c].parent) {
    if (c == r)
      return true;
    if (c < 0)
      return false;
  }
}

std::vector<int> Graph::useCounts(std::vector<int> *lastUser) const {
  std::vector<int> counts(nodes.size(), 0);
  if (lastUser)
    lastUser->assign(nodes.size(), -1);
  auto use = [&](Output o, int by) {
    ++counts[o.node];
    if (lastUser)
      (*lastUser)[o.node] = by;
  };
  for (size_t i = 0; i < nodes.size(); ++i)
    for (Output in : nodes[i].inputs)
      use(in, static_cast<int>(i));
  // A function's or region's result is used by its _Retval.
  for (const Region &r : regions)
    for (Output out : r.results)
      use(out, -1);
  for (Output out : results)
    use(out, -1);
  return counts;
}

std::vector<int> Graph::bodyNodes() const {
  std::vector<int> out;
  for (size_t i = 0; i < nodes.size(); ++i)
    if (nodes[i].region < 0)
      out.push_back(static_cast<int>(i));
  return out;
}

} // namespace kiln::graph
