// Statement execution.
#include "Interpreter.h"
#include "Native.h"
#include "autograph/Autograph.h"
#include "kiln/frontend/AstChildren.h"
#include "kiln/frontend/Resolver.h"

#include <algorithm>
#include <optional>
#include <set>

namespace kiln::py {

using namespace ast;

namespace {

/// The globals a converted if or loop assigns but does not carry keep
/// their values: AutoGraph runs the statement's body as a function that
/// declares global only what it carries, so there the assignments bind
/// the body function's locals, also when the statement runs as Python.
/// (A staged statement restores all it modifies itself.)
class UncarriedGlobals {
public:
  UncarriedGlobals(Interpreter &in, const Frame &frame, const Stmt &s,
                   bool converted)
      : in(in) {
    const autograph::ControlFlowInfo *cf =
        converted ? in.autograph()->find(&s) : nullptr;
    if (!cf)
      return;
    const std::vector<int> &carried =
        s.kind == StmtKind::If ? cf->liveOut : cf->loopVars;
    for (int id : cf->modified) {
      if (id >= 0)
        continue;
      const autograph::Symbol &sym =
          in.autograph()->symbol(frame.function->scope, id);
      if (sym.composite() || sym.binding != NameBinding::Global ||
          std::count(carried.begin(), carried.end(), id))
        continue;
      Value v;
      saved.emplace_back(sym.root, in.tryGetGlobal(sym.root, v)
                                       ? std::optional<Value>(v)
                                       : std::nullopt);
    }
  }
  ~UncarriedGlobals() {
    for (auto &[name, value] : saved)
      in.setGlobal(name, value);
  }

private:
  Interpreter &in;
  std::vector<std::pair<std::string, std::optional<Value>>> saved;
};

/// The line AutoGraph's source map gives a `return` whose value spans
/// lines. Converted, `return v` becomes `retval_ = v` inside a try, and
/// only v's nodes map that line back; create_source_map walks them from
/// the last child to the first (a stack), keeping the node of the
/// smallest column, the first one seen among equals. So
/// `return {"a": f(x),\n    "b": y}` shows the line of "b".
uint32_t returnSourceMapLine(const Expr &value) {
  struct Seen {
    uint32_t line, col;
  };
  std::optional<Seen> kept;
  auto see = [&](const SourceRange &r) {
    if (!kept || (r.begin.line != kept->line && r.begin.col < kept->col))
      kept = Seen{r.begin.line, r.begin.col};
  };
  // A call's keywords are nodes of their own (at the keyword's name).
  struct Item {
    const Expr *expr;
    const Keyword *keyword;
  };
  std::vector<Item> stack{{&value, nullptr}};
  while (!stack.empty()) {
    Item item = stack.back();
    stack.pop_back();
    if (item.keyword) {
      see(item.keyword->range);
      stack.push_back({item.keyword->value.get(), nullptr});
      continue;
    }
    if (!item.expr)
      continue;
    see(item.expr->range);
    if (item.expr->kind == ExprKind::Call) {
      auto &call = as<CallExpr>(*item.expr);
      stack.push_back({call.func.get(), nullptr});
      for (auto &a : call.args)
        stack.push_back({a.get(), nullptr});
      for (auto &k : call.keywords)
        stack.push_back({nullptr, &k});
      continue;
    }
    forEachChild(*item.expr, [&](const Expr *child) {
      stack.push_back({child, nullptr});
    });
  }
  return kept ? kept->line : value.range.begin.line;
}

} // namespace

Flow Interpreter::execBlock(const StmtList &body, Frame &frame) {
  for (auto &s : body) {
    Flow flow = execStmt(*s, frame);
    if (flow != Flow::Normal)
      return flow;
  }
  return Flow::Normal;
}

static Cell &cellFor(const NameExpr &name, Frame &frame) {
  Env *env = frame.env.get();
  if (name.binding == NameBinding::Free)
    for (int d = 0; d < name.depth; ++d)
      env = env->parent.get();
  return *env->cells[name.slot];
}

void Interpreter::storeName(const NameExpr &name, const Value &value,
                            Frame &frame) {
  switch (name.binding) {
  case NameBinding::Local:
  case NameBinding::Free: {
    Cell &cell = cellFor(name, frame);
    cell.value = value;
    cell.bound = true;
    return;
  }
  case NameBinding::ClassBody:
    (*frame.classNamespace)[name.id] = value;
    return;
  default:
    globals_[name.id] = value;
    return;
  }
}

void Interpreter::assign(const Expr &target, const Value &value, Frame &frame) {
  switch (target.kind) {
  case ExprKind::Name:
    storeName(as<NameExpr>(target), value, frame);
    return;
  case ExprKind::Attribute: {
    auto &a = as<AttributeExpr>(target);
    setAttr(eval(*a.value, frame), a.attr, value);
    return;
  }
  case ExprKind::Subscript: {
    auto &s = as<SubscriptExpr>(target);
    Value obj = eval(*s.value, frame);
    setItem(obj, evalSubscriptKey(*s.slice, frame), value);
    return;
  }
  case ExprKind::List:
  case ExprKind::Tuple: {
    auto &elts = as<SequenceExpr>(target).elts;
    ValueList items = toList(value);
    size_t star = elts.size();
    for (size_t i = 0; i < elts.size(); ++i)
      if (elts[i]->kind == ExprKind::Starred)
        star = i;
    if (star == elts.size()) {
      if (items.size() > elts.size())
        valueError("too many values to unpack (expected " +
                   std::to_string(elts.size()) + ")");
      if (items.size() < elts.size())
        valueError("not enough values to unpack (expected " +
                   std::to_string(elts.size()) + ", got " +
                   std::to_string(items.size()) + ")");
      for (size_t i = 0; i < elts.size(); ++i)
        assign(*elts[i], items[i], frame);
      return;
    }
    size_t after = elts.size() - star - 1;
    if (items.size() < elts.size() - 1)
      valueError("not enough values to unpack (expected at least " +
                 std::to_string(elts.size() - 1) + ", got " +
                 std::to_string(items.size()) + ")");
    for (size_t i = 0; i < star; ++i)
      assign(*elts[i], items[i], frame);
    ValueList middle(items.begin() + star, items.end() - after);
    assign(*as<StarredExpr>(*elts[star]).value, list(std::move(middle)), frame);
    for (size_t i = 0; i < after; ++i)
      assign(*elts[star + 1 + i], items[items.size() - after + i], frame);
    return;
  }
  case ExprKind::Starred:
    assign(*as<StarredExpr>(target).value, value, frame);
    return;
  default:
    typeError("cannot assign to expression");
  }
}

void Interpreter::deleteTarget(const Expr &target, Frame &frame) {
  switch (target.kind) {
  case ExprKind::Name: {
    auto &name = as<NameExpr>(target);
    bool existed = true;
    if (name.binding == NameBinding::Local ||
        name.binding == NameBinding::Free) {
      Cell &cell = cellFor(name, frame);
      existed = cell.bound;
      cell.bound = false;
      cell.value = Value();
    } else if (name.binding == NameBinding::ClassBody) {
      existed = frame.classNamespace->erase(name.id) > 0;
    } else {
      existed = globals_.erase(name.id) > 0;
    }
    if (!existed) {
      if (name.binding == NameBinding::Local)
        raise("UnboundLocalError",
              "cannot access local variable '" + name.id +
                  "' where it is not associated with a value");
      raiseSuggesting("NameError", "name '" + name.id + "' is not defined",
                      suggestForName(name.id, frame));
    }
    return;
  }
  case ExprKind::Attribute: {
    auto &a = as<AttributeExpr>(target);
    delAttr(eval(*a.value, frame), a.attr);
    return;
  }
  case ExprKind::Subscript: {
    auto &s = as<SubscriptExpr>(target);
    Value obj = eval(*s.value, frame);
    delItem(obj, evalSubscriptKey(*s.slice, frame));
    return;
  }
  case ExprKind::List:
  case ExprKind::Tuple:
    for (auto &elt : as<SequenceExpr>(target).elts)
      deleteTarget(*elt, frame);
    return;
  default:
    typeError("cannot delete expression");
  }
}

Flow Interpreter::execStmt(const Stmt &stmt, Frame &frame) {
  frame.line = frame.statementLine = stmt.range.begin.line;
  frame.statementEnd = stmt.range.end.line;
  frame.statementShown = 0;
  frame.at = stmt.range;
  switch (stmt.kind) {
  case StmtKind::Expr:
    eval(*as<ExprStmt>(stmt).value, frame);
    return Flow::Normal;
  case StmtKind::Assign: {
    auto &s = as<AssignStmt>(stmt);
    Value value = eval(*s.value, frame);
    for (auto &t : s.targets)
      assign(*t, value, frame);
    return Flow::Normal;
  }
  case StmtKind::AugAssign: {
    auto &s = as<AugAssignStmt>(stmt);
    // The target's container and key are evaluated once.
    if (s.target->kind == ExprKind::Name) {
      Value current = loadName(as<NameExpr>(*s.target), frame);
      Value value = eval(*s.value, frame);
      storeName(as<NameExpr>(*s.target), inplace(s.op, current, value), frame);
    } else if (s.target->kind == ExprKind::Attribute) {
      auto &a = as<AttributeExpr>(*s.target);
      Value obj = eval(*a.value, frame);
      Value current = getAttr(obj, a.attr);
      Value value = eval(*s.value, frame);
      setAttr(obj, a.attr, inplace(s.op, current, value));
    } else {
      auto &sub = as<SubscriptExpr>(*s.target);
      Value obj = eval(*sub.value, frame);
      Value key = evalSubscriptKey(*sub.slice, frame);
      Value current = getItem(obj, key);
      Value value = eval(*s.value, frame);
      setItem(obj, key, inplace(s.op, current, value));
    }
    return Flow::Normal;
  }
  case StmtKind::AnnAssign: {
    auto &s = as<AnnAssignStmt>(stmt);
    // A class body keeps its names' annotations, in order, in
    // __annotations__ (which dataclasses reads); elsewhere they are not
    // kept.
    if (frame.classNamespace && s.target->kind == ExprKind::Name) {
      Value &annotations = (*frame.classNamespace)["__annotations__"];
      if (!annotations.is(Type::Dict))
        annotations = dict();
      setItem(annotations, str(as<NameExpr>(*s.target).id),
              eval(*s.annotation, frame));
    }
    if (s.value)
      assign(*s.target, eval(*s.value, frame), frame);
    return Flow::Normal;
  }
  case StmtKind::If: {
    auto &s = as<IfStmt>(stmt);
    Value test = eval(*s.test, frame);
    if (mustStage(frame, test)) {
      stager_->stageIf(s, test, frame);
      return Flow::Normal;
    }
    UncarriedGlobals keep(*this, frame, s, converted(frame));
    if (truthy(test))
      return execBlock(s.body, frame);
    return execBlock(s.orelse, frame);
  }
  case StmtKind::For:
    return execFor(as<ForStmt>(stmt), frame);
  case StmtKind::While:
    return execWhile(as<WhileStmt>(stmt), frame);
  case StmtKind::Break:
    return Flow::Break;
  case StmtKind::Continue:
    return Flow::Continue;
  case StmtKind::Pass:
  case StmtKind::Global:
  case StmtKind::Nonlocal:
    return Flow::Normal;
  case StmtKind::Return: {
    auto &s = as<ReturnStmt>(stmt);
    if (s.value && s.value->range.end.line != stmt.range.begin.line)
      frame.statementShown = returnSourceMapLine(*s.value);
    frame.returnValue = s.value ? eval(*s.value, frame) : Value();
    return Flow::Return;
  }
  case StmtKind::FunctionDef:
    execFunctionDef(as<FunctionDefStmt>(stmt), frame);
    return Flow::Normal;
  case StmtKind::ClassDef:
    execClassDef(as<ClassDefStmt>(stmt), frame);
    return Flow::Normal;
  case StmtKind::Delete:
    for (auto &t : as<DeleteStmt>(stmt).targets)
      deleteTarget(*t, frame);
    return Flow::Normal;
  case StmtKind::Raise: {
    auto &s = as<RaiseStmt>(stmt);
    if (!s.exc) {
      if (handling_.empty())
        raise("RuntimeError", "No active exception to reraise");
      throw PyException{handling_.back()};
    }
    Value exc = eval(*s.exc, frame);
    if (exc.is(Type::Class) && exc.as<ClassObject>().isException)
      exc = call(exc, ValueList{});
    if (!exc.is(Type::Instance) || !exc.as<InstanceObject>().cls->isException)
      typeError("exceptions must derive from BaseException");
    if (s.cause) {
      Value cause = eval(*s.cause, frame);
      if (cause.is(Type::Class) && cause.as<ClassObject>().isException)
        cause = call(cause, ValueList{});
      if (!cause.isNone() && (!cause.is(Type::Instance) ||
                              !cause.as<InstanceObject>().cls->isException))
        typeError("exception causes must derive from BaseException");
      auto &inst = exc.as<InstanceObject>();
      inst.cause = cause;
      inst.suppressContext = true;
    }
    raiseValue(exc);
  }
  case StmtKind::Try:
    return execTry(as<TryStmt>(stmt), frame);
  case StmtKind::Assert: {
    auto &s = as<AssertStmt>(stmt);
    if (!truthy(eval(*s.test, frame))) {
      if (s.msg)
        raiseValue(
            call(Value::object(Type::Class, builtinClass("AssertionError")),
                 ValueList{eval(*s.msg, frame)}));
      raiseValue(
          call(Value::object(Type::Class, builtinClass("AssertionError")),
               ValueList{}));
    }
    return Flow::Normal;
  }
  case StmtKind::With:
    return execWith(as<WithStmt>(stmt), frame, 0);
  case StmtKind::Import:
  case StmtKind::ImportFrom:
    execImport(stmt, frame);
    return Flow::Normal;
  }
  return Flow::Normal;
}

Flow Interpreter::execFor(const ForStmt &s, Frame &frame) {
  Value iterable = eval(*s.iter, frame);
  if (mustStage(frame, iterable) ||
      (converted(frame) && stager_->stagesLoopOver(iterable))) {
    stager_->stageFor(s, iterable, frame);
    return Flow::Normal;
  }
  UncarriedGlobals keep(*this, frame, s, converted(frame));
  Value iterator = iter(iterable);
  Value item;
  // AutoGraph's extra test is checked before the next item is fetched.
  auto more = [&] {
    if (!s.extraTest)
      return true;
    Value test = eval(*s.extraTest, frame);
    if (mustStage(frame, test)) {
      frame.line = s.range.begin.line; // AutoGraph's for_stmt call
      raise("NotImplementedError",
            "break and return statements which depend on a TF condition are "
            "not supported in Python for loops. Did you intend to make it a "
            "TF loop?\nSee "
            "https://github.com/tensorflow/tensorflow/blob/master/tensorflow/"
            "python/autograph/g3doc/reference/limitations.md#consistency-of-"
            "control-flow-types for more info.");
    }
    return truthy(test);
  };
  // An error fetching the next item (a generator's body failing, say) is
  // reported at the `for` line, not at the body's last statement.
  auto fetch = [&] {
    frame.line = s.range.begin.line;
    return next(iterator, item);
  };
  while (more() && fetch()) {
    assign(*s.target, item, frame);
    Flow flow = execBlock(s.body, frame);
    if (flow == Flow::Break)
      return Flow::Normal;
    if (flow == Flow::Return)
      return flow;
  }
  return execBlock(s.orelse, frame);
}

Flow Interpreter::execWhile(const WhileStmt &s, Frame &frame) {
  UncarriedGlobals keep(*this, frame, s, converted(frame));
  for (bool first = true;; first = false) {
    frame.line = s.range.begin.line;
    Value test =
        first && stager_
            ? stager_->initialLoopTest([&] { return eval(*s.test, frame); })
            : eval(*s.test, frame);
    if (mustStage(frame, test)) {
      if (!first) // AutoGraph decides once, before the first iteration
        raise("NotImplementedError",
              "The condition of while loop started as non-Tensor, then "
              "changed to Tensor. This may happen either because variables "
              "changed type, or when a break or return statement inside the "
              "loop depends on a Tensor condition. In both cases, changing "
              "to a TF loop should remove the error.\nSee "
              "https://github.com/tensorflow/tensorflow/blob/master/"
              "tensorflow/python/autograph/g3doc/reference/"
              "limitations.md#consistency-of-control-flow-types for more "
              "info.");
      stager_->stageWhile(s, test, frame);
      return Flow::Normal;
    }
    if (!truthy(test))
      break;
    Flow flow = execBlock(s.body, frame);
    if (flow == Flow::Break)
      return Flow::Normal;
    if (flow == Flow::Return)
      return flow;
  }
  return execBlock(s.orelse, frame);
}

bool Interpreter::converted(const Frame &frame) const {
  return frame.function && convertsCall(*frame.function);
}

bool Interpreter::convertsCall(const FunctionObject &fn) const {
  return staging_ && stager_ && autograph_ &&
         autograph_->isConverted(fn.scope) &&
         fn.attrs.count(kDoNotConvert) == 0 && !fn.generator;
}

bool Interpreter::mustStage(const Frame &frame, const Value &v) {
  return converted(frame) && stager_->isStaged(v);
}

bool Interpreter::exceptionMatches(const Value &exc, const Value &type) {
  if (type.is(Type::Tuple)) {
    for (auto &t : type.as<TupleObject>().items)
      if (exceptionMatches(exc, t))
        return true;
    return false;
  }
  if (!type.is(Type::Class) || !type.as<ClassObject>().isException)
    typeError("catching classes that do not inherit from BaseException is "
              "not allowed");
  return isInstance(exc, &type.as<ClassObject>());
}

void Interpreter::noteTraceback(const Value &exc, const Frame &frame) {
  auto &inst = exc.as<InstanceObject>();
  if (inst.lineFrame == &frame)
    return;
  inst.lineFrame = &frame;
  inst.traceback.push_back(
      {frame.line, frame.name, frame.doNotConvert(),
       frame.at.begin.line == frame.line ? frame.at : SourceRange{},
       frame.sourceMapLine()});
  // Where a lambda's or a comprehension's code lies, for TensorFlow's
  // "in user code" trace.
  const ast::Scope *scope = frame.function ? frame.function->scope : nullptr;
  if (!autograph_ || !scope ||
      (scope->kind != ast::Scope::Kind::Lambda && !frame.comprehension))
    return;
  // A comprehension's frame runs in its function's.
  const ast::Scope *outer = frame.comprehension ? scope : scope->parent;
  while (outer && (outer->kind == ast::Scope::Kind::Lambda ||
                   outer->kind == ast::Scope::Kind::Comprehension))
    outer = outer->parent;
  TracebackEntry &entry = inst.traceback.back();
  if (outer && outer->kind == ast::Scope::Kind::Function &&
      autograph_->isConverted(outer))
    entry.insideConverted = true;
  else if (!frame.comprehension && frame.function->lambdaBody &&
           scope->parent == outer)
    entry.lambdaSource = {frame.function->defLoc,
                          frame.function->lambdaBody->range.end};
}

void Interpreter::leaveFrame(const Value &exc, const Frame &frame) {
  noteTraceback(exc, frame);
  // The frame dies here; another frame may later reuse its address.
  exc.as<InstanceObject>().lineFrame = nullptr;
}

Flow Interpreter::execTry(const TryStmt &s, Frame &frame) {
  Flow flow = Flow::Normal;
  std::optional<PyException> pending;
  try {
    bool raised = false;
    try {
      flow = execBlock(s.body, frame);
    } catch (PyException &e) {
      raised = true;
      noteTraceback(e.exc, frame);
      const ExceptHandler *handler = nullptr;
      // The handlers' types are evaluated while the exception is being
      // handled: an error there points at its `except` line and chains to
      // the exception.
      handling_.push_back(e.exc);
      try {
        for (auto &h : s.handlers) {
          if (h.type)
            frame.line = h.range.begin.line;
          if (!h.type || exceptionMatches(e.exc, eval(*h.type, frame))) {
            handler = &h;
            break;
          }
        }
      } catch (...) {
        handling_.pop_back();
        throw;
      }
      if (!handler) {
        handling_.pop_back();
        throw;
      }
      try {
        if (!handler->name.empty())
          storeName(handler->target, e.exc, frame);
        flow = execBlock(handler->body, frame);
      } catch (...) {
        handling_.pop_back();
        throw;
      }
      handling_.pop_back();
      if (!handler->name.empty()) // Python unbinds the name after the block
        try {
          deleteTarget(handler->target, frame);
        } catch (PyException &) {
        }
    }
    if (!raised && flow == Flow::Normal)
      flow = execBlock(s.orelse, frame);
  } catch (PyException &e) {
    if (s.finalbody.empty())
      throw;
    noteTraceback(e.exc, frame);
    pending = e;
  }
  if (s.finalbody.empty())
    return flow;
  Value savedReturn = frame.returnValue;
  if (pending)
    handling_.push_back(pending->exc);
  Flow finalFlow;
  try {
    finalFlow = execBlock(s.finalbody, frame);
  } catch (...) {
    if (pending)
      handling_.pop_back();
    throw;
  }
  if (pending)
    handling_.pop_back();
  if (finalFlow != Flow::Normal)
    return finalFlow; // return/break/continue in finally wins
  if (pending)
    throw *pending;
  frame.returnValue = savedReturn;
  return flow;
}

Flow Interpreter::execWith(const WithStmt &s, Frame &frame, size_t item) {
  if (item == s.items.size())
    return execBlock(s.body, frame);
  const WithItem &w = s.items[item];
  Value manager = eval(*w.contextExpr, frame);
  Value enter, exit;
  if (!tryGetAttr(manager, "__enter__", enter) ||
      !tryGetAttr(manager, "__exit__", exit))
    typeError("'" + typeName(manager) +
              "' object does not support the context manager protocol");
  Value entered = call(enter, ValueList{});
  Flow flow;
  try {
    if (w.optionalVars)
      assign(*w.optionalVars, entered, frame);
    flow = execWith(s, frame, item + 1);
  } catch (PyException &e) {
    noteTraceback(e.exc, frame);
    handling_.push_back(e.exc);
    Value swallow;
    try {
      swallow = call(
          exit,
          ValueList{Value::object(Type::Class, e.exc.as<InstanceObject>().cls),
                    e.exc, Value()});
    } catch (...) {
      handling_.pop_back();
      throw;
    }
    handling_.pop_back();
    if (truthy(swallow))
      return Flow::Normal;
    throw;
  }
  call(exit, ValueList{Value(), Value(), Value()});
  return flow;
}

void Interpreter::execFunctionDef(const FunctionDefStmt &s, Frame &frame) {
  Value fn = makeFunction(s.name, s.args, s.scope, s.range.begin, frame);
  auto &f = fn.as<FunctionObject>();
  f.body = &s.body;
  // Decorators are evaluated top-down and applied bottom-up.
  ValueList decorators;
  for (auto &d : s.decorators)
    decorators.push_back(eval(*d, frame));
  for (auto it = decorators.rbegin(); it != decorators.rend(); ++it)
    fn = call(*it, ValueList{fn});
  storeName(s.target, fn, frame);
}

/// `class P(typing.NamedTuple)` with annotated fields (and defaults): the
/// collections.namedtuple of those fields, as typing builds it. A body
/// with methods or other statements is not supported yet.
void Interpreter::execNamedTupleClass(const ClassDefStmt &s,
                                      const ValueList &decorators,
                                      Frame &frame) {
  ValueList fields, defaults;
  std::string defaultNames; // "a, b", for CPython's TypeError
  for (size_t i = 0; i < s.body.size(); ++i) {
    const Stmt &stmt = *s.body[i];
    if (stmt.kind == StmtKind::Pass ||
        (i == 0 && stmt.kind == StmtKind::Expr &&
         as<ExprStmt>(stmt).value->kind == ExprKind::Constant))
      continue; // the docstring
    const auto *field =
        stmt.kind == StmtKind::AnnAssign ? &as<AnnAssignStmt>(stmt) : nullptr;
    if (!field || field->target->kind != ExprKind::Name)
      raise("NotImplementedError",
            "kiln supports typing.NamedTuple classes of annotated fields "
            "only (line " +
                std::to_string(stmt.range.begin.line) + ")");
    std::string name = as<NameExpr>(*field->target).id;
    if (field->value) {
      defaults.push_back(eval(*field->value, frame));
      defaultNames += (defaultNames.empty() ? "" : ", ") + name;
    } else if (!defaults.empty()) {
      typeError("Non-default namedtuple field " + name +
                " cannot follow default field" +
                (defaults.size() > 1 ? "s " : " ") + defaultNames);
    }
    fields.push_back(str(name));
  }
  CallArgs args;
  args.positional = {str(s.name), list(std::move(fields))};
  if (!defaults.empty())
    args.keywords.emplace_back("defaults", list(std::move(defaults)));
  Value result = call(getAttr(importModule("collections"), "namedtuple"), args);
  for (auto it = decorators.rbegin(); it != decorators.rend(); ++it)
    result = call(*it, ValueList{result});
  storeName(s.target, result, frame);
}

void Interpreter::execClassDef(const ClassDefStmt &s, Frame &frame) {
  ValueList decorators;
  for (auto &d : s.decorators)
    decorators.push_back(eval(*d, frame));
  auto cls = std::make_shared<ClassObject>();
  cls->name = s.name;
  if (std::string qualname = qualnameIn(frame, s.name); qualname != s.name)
    cls->qualname = qualname;
  // (A second base and a metaclass are refused as the AST is built.)
  // Class keywords go to the base's __init_subclass__.
  std::vector<std::pair<std::string, Value>> classKeywords;
  for (auto &k : s.keywords) {
    if (k.arg.empty())
      typeError("kiln does not support ** in a class's keywords");
    classKeywords.push_back({k.arg, eval(*k.value, frame)});
  }
  Value base = s.bases.empty() ? Value() : eval(*s.bases[0], frame);
  // typing's Generic[T] and Protocol add nothing a script can see here
  // but subscripting the class (Box[int] is Box).
  if (isNative(base) && base.as<NativeObject>().typeModule() == "typing") {
    if (repr(base) == "typing.NamedTuple") {
      execNamedTupleClass(s, decorators, frame);
      return;
    }
    base = Value();
    cls->dict["__class_getitem__"] =
        builtin("__class_getitem__", [](Interpreter &, CallArgs &args) {
          return args.positional[0];
        });
  }
  if (!base.isNone()) {
    if (!base.is(Type::Class))
      typeError("bases must be types");
    auto baseCls = std::static_pointer_cast<ClassObject>(base.ptr());
    if (baseCls->builtinType && baseCls->name != "object")
      typeError("kiln does not support subclassing the builtin type '" +
                baseCls->name + "'");
    if (baseCls->name != "object")
      cls->base = baseCls;
    cls->isException = baseCls->isException;
  }
  Frame body;
  body.env = frame.env;
  body.classNamespace = &cls->dict;
  body.name = s.name;
  body.parent = &frame;
  body.line = s.range.begin.line;
  Frame *saved = frame_;
  frame_ = &body;
  try {
    execBlock(s.body, body);
  } catch (PyException &e) {
    frame_ = saved;
    leaveFrame(e.exc, body);
    throw;
  }
  frame_ = saved;
  if (!cls->dict.count("__doc__")) {
    Value doc;
    if (!s.body.empty() && s.body[0]->kind == StmtKind::Expr) {
      auto &value = *as<ExprStmt>(*s.body[0]).value;
      if (value.kind == ExprKind::Constant &&
          as<ConstantExpr>(value).type == ConstantExpr::Type::Str)
        doc = str(as<ConstantExpr>(value).strValue);
    }
    cls->dict["__doc__"] = doc;
  }
  // A class that defines __eq__ and not __hash__ is unhashable: type.__new__
  // sets its __hash__ to None.
  if (cls->dict.count("__eq__") && !cls->dict.count("__hash__"))
    cls->dict["__hash__"] = Value();
  // type.__new__ makes a plain __init_subclass__ a class method and a
  // plain __new__ a static method.
  for (auto [name, kind] :
       {std::pair{"__init_subclass__", PropertyObject::Kind::ClassMethod},
        {"__new__", PropertyObject::Kind::StaticMethod}}) {
    auto it = cls->dict.find(name);
    if (it != cls->dict.end() && it->second.is(Type::Function)) {
      auto wrapped = std::make_shared<PropertyObject>();
      wrapped->kind = kind;
      wrapped->getter = it->second;
      it->second = Value::object(Type::Property, wrapped);
    }
  }
  for (auto &[name, value] : cls->dict) {
    Value fn = value;
    if (fn.is(Type::Property))
      fn = fn.as<PropertyObject>().getter;
    if (fn.is(Type::Native))
      fn = fn.as<NativeObject>().wrappedFunction();
    if (fn.is(Type::Function)) {
      auto &f = fn.as<FunctionObject>();
      f.ownerClass = cls.get();
      f.qualname =
          (cls->qualname.empty() ? s.name : cls->qualname) + "." + f.name;
    }
  }
  Value result = Value::object(Type::Class, cls);
  // type.__new__ tells each attribute that has __set_name__ its owner and
  // name, in the order the body defined them.
  std::vector<std::string> order;
  for (auto &stmt : s.body) {
    if (stmt->kind == StmtKind::Assign) {
      for (auto &t : as<AssignStmt>(*stmt).targets)
        if (t->kind == ExprKind::Name)
          order.push_back(as<NameExpr>(*t).id);
    } else if (stmt->kind == StmtKind::AnnAssign) {
      auto &t = *as<AnnAssignStmt>(*stmt).target;
      if (t.kind == ExprKind::Name)
        order.push_back(as<NameExpr>(t).id);
    } else if (stmt->kind == StmtKind::FunctionDef) {
      order.push_back(as<FunctionDefStmt>(*stmt).name);
    }
  }
  std::set<std::string> named;
  for (const std::string &name : order) {
    auto it = cls->dict.find(name);
    if (it == cls->dict.end() || !named.insert(name).second)
      continue;
    cls->bodyOrder.push_back(name);
    Value attr = it->second;
    if (attr.is(Type::Native)) {
      attr.as<NativeObject>().setName(*this, attr, result, name);
      continue;
    }
    if (!attr.is(Type::Instance))
      continue;
    if (const Value *hookFn =
            attr.as<InstanceObject>().cls->lookup("__set_name__"))
      call(*hookFn, ValueList{attr, result, str(name)});
  }
  // The base's __init_subclass__ sees the new class before decorators do.
  const Value *hook =
      cls->base ? cls->base->lookup("__init_subclass__") : nullptr;
  if (hook && hook->is(Type::Property)) {
    CallArgs hookArgs;
    hookArgs.positional.push_back(result);
    hookArgs.keywords = classKeywords;
    call(hook->as<PropertyObject>().getter, hookArgs);
  } else if (!classKeywords.empty()) {
    typeError(s.name + ".__init_subclass__() takes no keyword arguments");
  }
  for (auto it = decorators.rbegin(); it != decorators.rend(); ++it)
    result = call(*it, ValueList{result});
  storeName(s.target, result, frame);
}

Value Interpreter::importModule(const std::string &name) {
  auto cached = modules_.find(name);
  if (cached != modules_.end())
    return cached->second;
  auto factory = moduleFactories_.find(name);
  if (factory == moduleFactories_.end()) {
    // A submodule kiln's module holds as an attribute (tensorflow.math,
    // tensorflow.nn), as TensorFlow's virtual modules are importable.
    size_t dot = name.rfind('.');
    Value parent, sub;
    if (dot != std::string::npos &&
        moduleFactories_.count(name.substr(0, name.find('.')))) {
      parent = importModule(name.substr(0, dot));
      if (tryGetAttr(parent, name.substr(dot + 1), sub) &&
          sub.is(Type::Module)) {
        modules_[name] = sub;
        return sub;
      }
    }
    // Also for modules that exist under CPython: kiln has its own few.
    raise("ModuleNotFoundError",
          "No module named '" + name +
              "' (not supported by kiln: a script may import tensorflow, "
              "numpy, math, sys, os, time, logging, warnings, collections, "
              "typing, dataclasses, functools, itertools, random, operator, "
              "json, copy, heapq, bisect, contextlib, abc, enum, argparse, "
              "shutil and tempfile)");
  }
  Value module = factory->second(*this);
  modules_[name] = module;
  return module;
}

void Interpreter::execImport(const Stmt &s, Frame &frame) {
  if (s.kind == StmtKind::Import) {
    for (auto &alias : as<ImportStmt>(s).names) {
      Value module = importModule(alias.name);
      if (alias.asname.empty() && alias.name.find('.') != std::string::npos) {
        // `import a.b` binds `a`.
        storeName(alias.target,
                  importModule(alias.name.substr(0, alias.name.find('.'))),
                  frame);
        continue;
      }
      storeName(alias.target, module, frame);
    }
    return;
  }
  auto &from = as<ImportFromStmt>(s);
  if (from.level > 0)
    raise("ImportError",
          "attempted relative import with no known parent package");
  Value module = importModule(from.module);
  for (auto &alias : from.names)
    storeName(alias.target, importFrom(module, from.module, alias.name), frame);
}

Value Interpreter::importFrom(const Value &module,
                              const std::string &moduleName,
                              const std::string &name) {
  if (name == "*")
    raise("ImportError", "kiln does not support 'import *'");
  Value v;
  if (tryGetAttr(module, name, v))
    return v;
  if (!moduleFactories_.count(moduleName + "." + name))
    raise("ImportError", "cannot import name '" + name + "' from '" +
                             moduleName + "' (not supported by kiln)");
  return importModule(moduleName + "." + name);
}

} // namespace kiln::py
