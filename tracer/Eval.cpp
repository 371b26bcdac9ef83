// Expression evaluation.
#include "ApiNames.h"
#include "Generators.h"
#include "Interpreter.h"
#include "PyFormat.h"
#include "autograph/Autograph.h"
#include "kiln/frontend/Resolver.h"

#include <algorithm>

namespace kiln::py {

using namespace ast;

namespace {

/// CPython's builtins that kiln's interpreter leaves out (files, input,
/// dynamic code, introspection of scopes).
bool isCPythonBuiltin(const std::string &name) {
  static const char *const names[] = {
      "input",      "exec",       "eval",        "compile",      "__import__",
      "breakpoint", "memoryview", "help",        "vars",         "dir",
      "globals",    "locals",     "exit",        "quit",         "aiter",
      "anext",      "bytearray",  "classmethod", "staticmethod", "property",
      "slice",      "complex",    "object",      "type"};
  for (const char *n : names)
    if (name == n)
      return true;
  return false;
}

} // namespace

Value Interpreter::loadName(const NameExpr &name, Frame &frame) {
  switch (name.binding) {
  case NameBinding::Local:
  case NameBinding::Free: {
    Env *env = frame.env.get();
    if (name.binding == NameBinding::Free)
      for (int d = 0; d < name.depth; ++d)
        env = env->parent.get();
    Cell &cell = *env->cells[name.slot];
    if (!cell.bound) {
      if (name.binding == NameBinding::Local)
        raise("UnboundLocalError",
              "cannot access local variable '" + name.id +
                  "' where it is not associated with a value");
      raise("NameError", "cannot access free variable '" + name.id +
                             "' where it is not associated with a value in "
                             "enclosing scope");
    }
    return cell.value;
  }
  case NameBinding::ClassBody: {
    auto it = frame.classNamespace->find(name.id);
    if (it != frame.classNamespace->end())
      return it->second;
    break;
  }
  default:
    break;
  }
  auto it = globals_.find(name.id);
  if (it != globals_.end())
    return it->second;
  auto b = builtins_.find(name.id);
  if (b != builtins_.end())
    return b->second;
  // The error points at the name, as CPython's traceback marks it.
  frame.line = name.range.begin.line;
  frame.at = name.range;
  if (isCPythonBuiltin(name.id))
    raise("NameError", "name '" + name.id +
                           "' is not defined (a Python builtin kiln does not "
                           "support)");
  raiseSuggesting("NameError", "name '" + name.id + "' is not defined",
                  suggestForName(name.id, frame));
}

std::string Interpreter::suggestForName(const std::string &name,
                                        const Frame &frame) {
  if (frame.function && frame.function->scope) {
    std::string s = suggestName(name, frame.function->scope->locals);
    if (!s.empty())
      return s;
  }
  // Sorted, for a suggestion that does not depend on hashing.
  for (auto *names : {&globals_, &builtins_}) {
    std::vector<std::string> keys;
    for (auto &kv : *names)
      keys.push_back(kv.first);
    std::sort(keys.begin(), keys.end());
    std::string s = suggestName(name, keys);
    if (!s.empty())
      return s;
  }
  return "";
}

/// AutoGraph converts a function called from converted code into a new
/// one that its converter defines, so TensorFlow's messages name it
/// inside that converter: tf__NAME (a lambda keeps <lambda>). Functions
/// that converted code defines are part of their converted parent.
std::string Interpreter::autographQualname(const FunctionObject &fn) const {
  if (!fn.convertedQualname.empty())
    return fn.convertedQualname;
  return "outer_factory.<locals>.inner_factory.<locals>." +
         (fn.lambdaBody ? fn.name : "tf__" + fn.name);
}

std::string qualnameIn(const Frame &frame, const std::string &name) {
  if (frame.function)
    return frame.function->qualname + ".<locals>." + name;
  if (frame.classNamespace && frame.parent)
    return qualnameIn(*frame.parent, frame.name) + "." + name;
  return name;
}

Value Interpreter::makeFunction(const std::string &name, const Arguments &args,
                                const Scope *scope, SourceLoc defLoc,
                                Frame &frame) {
  auto fn = std::make_shared<FunctionObject>();
  fn->name = name;
  fn->qualname = qualnameIn(frame, name);
  if (converted(frame))
    fn->convertedQualname =
        autographQualname(*frame.function) + ".<locals>." + name;
  fn->args = &args;
  fn->scope = scope;
  fn->generator = scope->generator;
  fn->defLoc = defLoc;
  fn->closure = frame.env;
  for (auto &d : args.defaults)
    fn->defaults.push_back(eval(*d, frame));
  for (auto &d : args.kwDefaults)
    fn->kwDefaults.push_back(d ? std::optional<Value>(eval(*d, frame))
                               : std::nullopt);
  return Value::object(Type::Function, fn);
}

Value Interpreter::evalSubscriptKey(const Expr &slice, Frame &frame) {
  if (slice.kind == ExprKind::Slice) {
    auto &s = as<SliceExpr>(slice);
    auto obj = std::make_shared<SliceObject>();
    if (s.lower)
      obj->start = eval(*s.lower, frame);
    if (s.upper)
      obj->stop = eval(*s.upper, frame);
    if (s.step)
      obj->step = eval(*s.step, frame);
    return Value::object(Type::Slice, obj);
  }
  if (slice.kind == ExprKind::Tuple) {
    ValueList items;
    for (auto &elt : as<SequenceExpr>(slice).elts)
      items.push_back(evalSubscriptKey(*elt, frame));
    return tuple(std::move(items));
  }
  return eval(slice, frame);
}

/// Evaluates display elements, expanding `*iterable`.
static ValueList evalElements(Interpreter &in, const ExprList &elts,
                              Frame &frame,
                              const std::function<Value(const Expr &)> &eval) {
  ValueList items;
  for (auto &e : elts) {
    if (e->kind == ExprKind::Starred) {
      for (auto &v : in.toList(eval(*as<StarredExpr>(*e).value)))
        items.push_back(v);
    } else {
      items.push_back(eval(*e));
    }
  }
  return items;
}

void Interpreter::evalArgs(const ExprList &args,
                           const std::vector<Keyword> &keywords, Frame &frame,
                           CallArgs &out) {
  for (auto &a : args) {
    if (a->kind == ExprKind::Starred) {
      Value v = eval(*as<StarredExpr>(*a).value, frame);
      for (auto &item : toList(v))
        out.positional.push_back(item);
    } else {
      out.positional.push_back(eval(*a, frame));
    }
  }
  for (auto &k : keywords) {
    Value v = eval(*k.value, frame);
    if (!k.arg.empty()) {
      out.keywords.emplace_back(k.arg, v);
      continue;
    }
    if (!v.is(Type::Dict))
      typeError("argument after ** must be a mapping, not " + typeName(v));
    for (auto &entry : v.as<DictObject>().table.entries()) {
      if (!entry.live)
        continue;
      if (!entry.key.is(Type::Str))
        typeError("keywords must be strings");
      out.keywords.emplace_back(entry.key.as<StrObject>().s, entry.value);
    }
  }
}

/// CPython's name of a callee in "got multiple values for keyword
/// argument": `__main__.f()` for a function or method of the script,
/// `dict()` for a builtin.
static std::string calleeName(Interpreter &in, const Value &callee) {
  if (callee.is(Type::BoundMethod))
    return calleeName(in, callee.as<BoundMethodObject>().func);
  if (callee.is(Type::Function))
    return "__main__." + callee.as<FunctionObject>().qualname + "()";
  if (callee.is(Type::Builtin))
    return callee.as<BuiltinObject>().name + "()";
  if (callee.is(Type::Class)) {
    auto &cls = callee.as<ClassObject>();
    if (in.builtinClass(cls.name).get() == &cls)
      return cls.name + "()";
    return (cls.module.empty() ? "__main__" : cls.module) + "." + cls.name +
           "()";
  }
  return "";
}

Value Interpreter::evalCall(const CallExpr &e, Frame &frame) {
  Value callee = eval(*e.func, frame);
  // Zero-argument super() needs the calling frame.
  if (callee.is(Type::Builtin) && e.args.empty() && e.keywords.empty() &&
      callee.as<BuiltinObject>().name == "super")
    return superObject(frame);
  CallArgs args;
  evalArgs(e.args, e.keywords, frame, args);
  frame.line = e.range.begin.line;
  frame.at = e.range;
  // A keyword given twice: the parser rejects it unless `**` gave one, so
  // only calls that unpack a dict need the check.
  bool unpacks = std::any_of(e.keywords.begin(), e.keywords.end(),
                             [](const Keyword &k) { return k.arg.empty(); });
  for (size_t i = 1; unpacks && i < args.keywords.size(); ++i)
    for (size_t j = 0; j < i; ++j)
      if (args.keywords[i].first == args.keywords[j].first) {
        std::string name = calleeName(*this, callee);
        typeError((name.empty() ? "" : name + " ") +
                  "got multiple values for keyword argument '" +
                  args.keywords[i].first + "'");
      }
  return call(callee, args);
}

Value Interpreter::evalJoinedStr(const JoinedStrExpr &e, Frame &frame) {
  std::string out;
  for (auto &part : e.values) {
    if (part->kind == ExprKind::Constant) {
      out += as<ConstantExpr>(*part).strValue;
      continue;
    }
    auto &f = as<FormattedValueExpr>(*part);
    Value v = eval(*f.value, frame);
    if (f.conversion == 'r')
      v = str(repr(v));
    else if (f.conversion == 'a')
      v = str(escapeNonAscii(repr(v)));
    else if (f.conversion == 's')
      v = str(toStr(v));
    std::string spec;
    if (f.formatSpec)
      spec = evalJoinedStr(as<JoinedStrExpr>(*f.formatSpec), frame)
                 .as<StrObject>()
                 .s;
    Value formatted = call(builtins_.at("format"), ValueList{v, str(spec)});
    out += formatted.as<StrObject>().s;
  }
  return str(std::move(out));
}

/// A generator expression: its first iterable is evaluated where it is
/// written, the rest one item at a time as it is iterated, as CPython does
/// (so side effects, errors and short circuits of any() happen in order).
struct GeneratorExpObject : IteratorObject {
  GeneratorExpObject() : IteratorObject("generator") {}
  const ComprehensionExpr *expr = nullptr;
  std::shared_ptr<Env> env; // the generator's own scope
  std::unordered_map<std::string, Value> *classNamespace = nullptr;
  const FunctionObject *function = nullptr;
  /// One iterator per `for` clause entered so far.
  ValueList iterators;
  bool done = false;

  bool next(Interpreter &in, Value &out) override {
    return in.resumeGenerator(*this, out);
  }
};

bool Interpreter::bindComprehensionItem(const Comprehension &gen,
                                        const Value &item, Frame &inner) {
  assign(*gen.target, item, inner);
  for (auto &cond : gen.ifs)
    if (!truthy(eval(*cond, inner)))
      return false;
  return true;
}

bool Interpreter::resumeGenerator(GeneratorExpObject &g, Value &out) {
  if (g.done)
    return false;
  const ComprehensionExpr &e = *g.expr;
  Frame inner;
  inner.env = g.env;
  inner.classNamespace = g.classNamespace;
  inner.function = g.function;
  inner.name = e.scope->name;
  inner.line = e.range.begin.line;
  if (frame_) {
    inner.statementLine = frame_->statementLine;
    inner.statementEnd = frame_->statementEnd;
    inner.statementShown = frame_->statementShown;
  }
  inner.parent = frame_;
  try {
    while (!g.iterators.empty()) {
      size_t level = g.iterators.size() - 1;
      const Comprehension &gen = e.generators[level];
      Value item;
      if (!next(g.iterators[level], item)) {
        g.iterators.pop_back();
        continue;
      }
      if (!bindComprehensionItem(gen, item, inner))
        continue;
      if (level + 1 < e.generators.size()) {
        g.iterators.push_back(iter(eval(*e.generators[level + 1].iter, inner)));
        continue;
      }
      out = eval(*e.elt, inner);
      return true;
    }
  } catch (PyException &ex) {
    g.done = true;
    leaveFrame(ex.exc, inner);
    throw;
  }
  g.done = true;
  return false;
}

Value Interpreter::evalComprehension(const ComprehensionExpr &e, Frame &frame) {
  // A comprehension runs in its own scope; the first iterable is evaluated
  // outside it.
  auto env = std::make_shared<Env>();
  env->parent = frame.env;
  for (size_t i = 0; i < e.scope->locals.size(); ++i)
    env->cells.push_back(std::make_shared<Cell>());
  if (e.kind == ExprKind::GeneratorExp) {
    auto g = std::make_shared<GeneratorExpObject>();
    g->expr = &e;
    g->env = env;
    g->classNamespace = frame.classNamespace;
    g->function = frame.function;
    g->iterators.push_back(iter(eval(*e.generators[0].iter, frame)));
    return Value::object(Type::Iterator, g);
  }
  Frame inner;
  inner.env = env;
  inner.classNamespace = frame.classNamespace;
  inner.function = frame.function;
  inner.name = e.scope->name; // CPython 3.11 shows "<listcomp>" frames
  inner.comprehension = true;
  inner.line = e.range.begin.line;
  inner.statementLine = frame.statementLine;
  inner.statementEnd = frame.statementEnd;
  inner.statementShown = frame.statementShown;
  inner.parent = &frame;

  Value result = e.kind == ExprKind::ListComp   ? list()
                 : e.kind == ExprKind::SetComp  ? set()
                 : e.kind == ExprKind::DictComp ? dict()
                                                : list();
  Value firstIter = iter(eval(*e.generators[0].iter, frame));
  std::function<void(size_t, Value)> loop = [&](size_t level, Value it) {
    const Comprehension &gen = e.generators[level];
    Value item;
    while (next(it, item)) {
      if (!bindComprehensionItem(gen, item, inner))
        continue;
      if (level + 1 < e.generators.size()) {
        loop(level + 1, iter(eval(*e.generators[level + 1].iter, inner)));
        continue;
      }
      if (e.kind == ExprKind::DictComp) {
        Value key = eval(*e.elt, inner);
        setItem(result, key, eval(*e.value, inner));
      } else if (e.kind == ExprKind::SetComp) {
        Value v = eval(*e.elt, inner);
        result.as<SetObject>().table.set(*this, v, hash(v), Value());
      } else {
        result.as<ListObject>().items.push_back(eval(*e.elt, inner));
      }
    }
  };
  try {
    loop(0, firstIter);
  } catch (PyException &ex) {
    leaveFrame(ex.exc, inner);
    throw;
  }
  return result;
}

Value Interpreter::eval(const Expr &e, Frame &frame) {
  switch (e.kind) {
  case ExprKind::Name:
    return loadName(as<NameExpr>(e), frame);
  case ExprKind::Constant: {
    auto &c = as<ConstantExpr>(e);
    switch (c.type) {
    case ConstantExpr::Type::None:
      return Value();
    case ConstantExpr::Type::Bool:
      return Value::boolean(c.boolValue);
    case ConstantExpr::Type::Int:
      return Value::integer(c.intValue);
    case ConstantExpr::Type::Float:
      return Value::floating(c.floatValue);
    case ConstantExpr::Type::Str:
      return str(c.strValue);
    case ConstantExpr::Type::Bytes:
      return bytes(c.strValue);
    case ConstantExpr::Type::Ellipsis:
      return Value::ellipsis();
    case ConstantExpr::Type::Imaginary:
      raise("NotImplementedError", "complex numbers are not supported by kiln");
    }
    return Value();
  }
  case ExprKind::JoinedStr:
    return evalJoinedStr(as<JoinedStrExpr>(e), frame);
  case ExprKind::FormattedValue:
    return Value(); // only inside JoinedStr
  case ExprKind::BinOp: {
    auto &b = as<BinOpExpr>(e);
    Value left = eval(*b.left, frame);
    Value right = eval(*b.right, frame);
    return binary(b.op, left, right);
  }
  case ExprKind::UnaryOp: {
    auto &u = as<UnaryOpExpr>(e);
    Value operand = eval(*u.operand, frame);
    if (u.op == UnaryOpKind::Not && mustStage(frame, operand))
      return stager_->logicalNot(operand);
    return unary(u.op, operand);
  }
  case ExprKind::BoolOp: {
    auto &b = as<BoolOpExpr>(e);
    // Operands from `k` on: Python's short circuit, or for a tensor operand
    // a staged conditional that evaluates the rest in one branch.
    std::function<Value(size_t)> from = [&](size_t k) -> Value {
      Value v = eval(*b.values[k], frame);
      if (k + 1 == b.values.size())
        return v;
      if (mustStage(frame, v))
        return stager_->logicalLazy(b.op, v, [&] { return from(k + 1); });
      bool t = truthy(v);
      return (b.op == BoolOpKind::And ? !t : t) ? v : from(k + 1);
    };
    return from(0);
  }
  case ExprKind::Compare: {
    auto &c = as<CompareExpr>(e);
    Value left = eval(*c.left, frame);
    Value result, staged;
    for (size_t i = 0; i < c.ops.size(); ++i) {
      Value right = eval(*c.comparators[i], frame);
      result = compare(c.ops[i], left, right);
      left = right;
      // A tensor link in a chain (`a < x < b`): AutoGraph ands the links.
      if (!staged.isNone() ||
          (i + 1 < c.ops.size() && mustStage(frame, result))) {
        staged = staged.isNone()
                     ? result
                     : stager_->logicalBinary(BoolOpKind::And, staged, result);
        continue;
      }
      if (i + 1 < c.ops.size() && !truthy(result))
        return result;
    }
    return staged.isNone() ? result : staged;
  }
  case ExprKind::IfExp: {
    auto &i = as<IfExpExpr>(e);
    Value test = eval(*i.test, frame);
    if (mustStage(frame, test) && !autograph_->unconvertedIfExps.count(&i))
      return stager_->stageIfExp(i, test, frame);
    return truthy(test) ? eval(*i.body, frame) : eval(*i.orelse, frame);
  }
  case ExprKind::Lambda: {
    auto &l = as<LambdaExpr>(e);
    Value fn = makeFunction("<lambda>", l.args, l.scope, l.range.begin, frame);
    fn.as<FunctionObject>().lambdaBody = l.body.get();
    return fn;
  }
  case ExprKind::Call:
    return evalCall(as<CallExpr>(e), frame);
  case ExprKind::Attribute: {
    auto &a = as<AttributeExpr>(e);
    return getAttr(eval(*a.value, frame), a.attr);
  }
  case ExprKind::Subscript: {
    auto &s = as<SubscriptExpr>(e);
    Value obj = eval(*s.value, frame);
    return getItem(obj, evalSubscriptKey(*s.slice, frame));
  }
  case ExprKind::Slice:
    return evalSubscriptKey(e, frame);
  case ExprKind::Starred:
    typeError("can't use starred expression here");
  case ExprKind::List:
  case ExprKind::Tuple:
  case ExprKind::Set: {
    auto evalOne = [&](const Expr &x) { return eval(x, frame); };
    ValueList items =
        evalElements(*this, as<SequenceExpr>(e).elts, frame, evalOne);
    if (e.kind == ExprKind::List)
      return list(std::move(items));
    if (e.kind == ExprKind::Tuple)
      return tuple(std::move(items));
    Value s = set();
    auto &table = s.as<SetObject>().table;
    for (auto &v : items)
      table.set(*this, v, hash(v), Value());
    // CPython compiles a display of three or more constants as a
    // frozenset constant merged into a new set, which lays the table out
    // differently from adding the items one by one (cpythonSetOrder).
    auto constant = [](const Expr *x) {
      if (x->kind == ExprKind::UnaryOp)
        x = as<UnaryOpExpr>(*x).operand.get();
      return x->kind == ExprKind::Constant;
    };
    const auto &elts = as<SequenceExpr>(e).elts;
    if (elts.size() > 2 &&
        std::all_of(elts.begin(), elts.end(), [&](const ExprPtr &x) {
          return constant(x.get()) ||
                 (x->kind == ExprKind::Tuple &&
                  std::all_of(
                      as<SequenceExpr>(*x).elts.begin(),
                      as<SequenceExpr>(*x).elts.end(),
                      [&](const ExprPtr &y) { return constant(y.get()); }));
        }))
      table.constantDisplay = table.size();
    return s;
  }
  case ExprKind::Dict: {
    auto &d = as<DictExpr>(e);
    Value result = dict();
    for (size_t i = 0; i < d.keys.size(); ++i) {
      if (!d.keys[i]) {
        Value other = eval(*d.values[i], frame);
        if (!other.is(Type::Dict))
          typeError("'" + typeName(other) + "' object is not a mapping");
        for (auto &entry : other.as<DictObject>().table.entries())
          if (entry.live)
            setItem(result, entry.key, entry.value);
        continue;
      }
      Value key = eval(*d.keys[i], frame);
      setItem(result, key, eval(*d.values[i], frame));
    }
    return result;
  }
  case ExprKind::ListComp:
  case ExprKind::SetComp:
  case ExprKind::DictComp:
  case ExprKind::GeneratorExp:
    return evalComprehension(as<ComprehensionExpr>(e), frame);
  case ExprKind::Yield: {
    auto &y = as<YieldExpr>(e);
    Value v = y.value ? eval(*y.value, frame) : Value();
    return y.from ? yieldFrom(*this, v) : yieldValue(*this, v);
  }
  case ExprKind::NamedExpr: {
    auto &n = as<NamedExprExpr>(e);
    Value v = eval(*n.value, frame);
    storeName(as<NameExpr>(*n.target), v, frame);
    return v;
  }
  }
  return Value();
}

} // namespace kiln::py
