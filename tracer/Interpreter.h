// The trace-time interpreter: runs kiln's Python subset with CPython's
// semantics over the resolved AST. Statements and expressions are in
// Exec.cpp and Eval.cpp, calls in Call.cpp, operators in Operators.cpp,
// printing in Repr.cpp, builtins and methods in Builtins*.cpp and
// Methods*.cpp, exceptions and tracebacks in Exceptions.cpp.
#pragma once

#include "Objects.h"
#include "kiln/frontend/Ast.h"
#include "kiln/frontend/SourceFile.h"

#include <functional>
#include <optional>
#include <ostream>
#include <sstream>
#include <string>
#include <unordered_map>

namespace kiln::autograph {
struct ModuleInfo;
}

namespace kiln::py {

/// One activation: a module body, a function call or a class body.
struct Frame;
/// The __qualname__ of `name` defined in `frame`: "outer.<locals>.name" in
/// a function, "Outer.name" in a class body (nested classes too), `name`
/// at the top level.
std::string qualnameIn(const Frame &frame, const std::string &name);

struct Frame {
  std::shared_ptr<Env> env; // function locals (cells)
  std::unordered_map<std::string, Value> *classNamespace = nullptr;
  const FunctionObject *function = nullptr; // null for module/class
  std::string name;                         // for tracebacks
  uint32_t line = 0;                        // the line being run
  /// The lines of the last simple statement run: AutoGraph's source map
  /// places the ops and errors of converted code (a tf.function's) on its
  /// first line, not on the line of a call inside it.
  uint32_t statementLine = 0, statementEnd = 0;
  /// The line the source map shows for that statement when it is not its
  /// first (a multi-line `return`: returnSourceMapLine in Exec.cpp).
  uint32_t statementShown = 0;
  /// Whether the frame runs a list, set or dict comprehension (inside its
  /// function's frame, which `function` names).
  bool comprehension = false;
  /// Whether the frame runs a function AutoGraph was told not to convert
  /// (tf.autograph.experimental.do_not_convert).
  /// A generator function is not converted either (AutoGraph leaves
  /// generators to Python).
  bool doNotConvert() const {
    return function &&
           (function->attrs.count(kDoNotConvert) > 0 || function->generator);
  }
  /// `line`, or the first line of the statement it is part of.
  uint32_t sourceMapLine() const {
    if (statementLine <= line && line <= statementEnd)
      return statementShown ? statementShown : statementLine;
    return line;
  }
  /// The statement or call being run, when it starts on `line`: it places
  /// compiler-style diagnostics (`kiln compile`) more precisely.
  SourceRange at;
  Frame *parent = nullptr;
  Value returnValue;
};

enum class Flow { Normal, Break, Continue, Return };

/// Stages control flow whose condition or iterable is a tensor (AutoGraph):
/// implemented by the TensorFlow runtime, called by the interpreter for
/// functions that AutoGraph converted, while a tf.function traces them.
class Stager {
public:
  virtual ~Stager() = default;
  /// Whether `v` is a value that must be staged (a symbolic tensor).
  virtual bool isStaged(const Value &v) = 0;
  virtual void stageIf(const ast::IfStmt &s, const Value &test,
                       Frame &frame) = 0;
  virtual void stageWhile(const ast::WhileStmt &s, const Value &test,
                          Frame &frame) = 0;
  virtual void stageFor(const ast::ForStmt &s, const Value &iterable,
                        Frame &frame) = 0;
  /// Whether a `for` over `iterable` is staged though it is no tensor (a
  /// tf.data dataset while tracing).
  virtual bool stagesLoopOver(const Value &iterable) = 0;
  virtual Value stageIfExp(const ast::IfExpExpr &e, const Value &test,
                           Frame &frame) = 0;
  /// `not v`, `a and b`, `a or b` with a tensor `a`: the logical ops.
  virtual Value logicalNot(const Value &v) = 0;
  virtual Value logicalBinary(ast::BoolOpKind op, const Value &a,
                              const Value &b) = 0;
  /// `a and rest`, `a or rest` with a tensor `a`, as AutoGraph's and_/or_:
  /// a conditional on `a`, so `rest` (the other operands) runs only when
  /// `a` does not decide.
  virtual Value logicalLazy(ast::BoolOpKind op, const Value &a,
                            const std::function<Value()> &rest) = 0;
  /// len() of a tensor whose length is known at run time only (AutoGraph's
  /// len_): a tensor. False when the length is static.
  virtual bool stagedLen(const Value &v, Value &out) = 0;
  /// range() with a tensor bound (AutoGraph's range_): tf.range.
  virtual bool stagedRange(const ValueList &args, Value &out) = 0;
  /// int() or float() of a tensor (AutoGraph's int_ and float_): a cast to
  /// int32 or float32.
  virtual bool stagedCast(const Value &v, bool toFloat, Value &out) = 0;
  /// A while loop's test before its first iteration, which AutoGraph
  /// evaluates to choose between a Python and a staged loop: inside a
  /// trace, in a graph of its own whose nodes (and their names) it drops.
  virtual Value initialLoopTest(const std::function<Value()> &test) {
    return test();
  }
};

/// Discards what is written to `stream` while it lives (when `active`):
/// the prints of a body traced or run again for kiln's own purposes.
class DiscardOutput {
public:
  DiscardOutput(std::ostream &stream, bool active = true)
      : stream_(stream), saved_(stream.rdbuf()) {
    if (active)
      stream_.rdbuf(discarded_.rdbuf());
  }
  ~DiscardOutput() { stream_.rdbuf(saved_); }
  DiscardOutput(const DiscardOutput &) = delete;
  DiscardOutput &operator=(const DiscardOutput &) = delete;

private:
  std::ostream &stream_;
  std::streambuf *saved_;
  std::ostringstream discarded_;
};

class Interpreter {
public:
  Interpreter(const SourceFile &file, std::ostream &out, std::ostream &err);
  ~Interpreter();

  /// Runs a resolved module as `__main__`. Returns the process exit code:
  /// 0, or 1 after reporting an uncaught exception (its traceback, unless
  /// setUncaughtHandler chose another form).
  int runMain(const ast::Module &module, const std::string &name = "__main__");
  /// How runMain reports an uncaught exception instead of CPython's
  /// traceback (`kiln compile` prints compiler diagnostics).
  void setUncaughtHandler(std::function<void(const Value &exc)> handler) {
    uncaughtHandler_ = std::move(handler);
  }
  /// The exception that ended runMain, if one did (None otherwise).
  const Value &uncaught() const { return uncaught_; }
  /// The script's global variables (after runMain).
  const std::unordered_map<std::string, Value> &globals() const {
    return globals_;
  }

  /// A global variable of the script: whether it is bound, and its value.
  bool tryGetGlobal(const std::string &name, Value &out) const {
    auto it = globals_.find(name);
    if (it == globals_.end())
      return false;
    out = it->second;
    return true;
  }
  /// Binds a global variable, or unbinds it (nullopt).
  void setGlobal(const std::string &name, const std::optional<Value> &value) {
    if (value)
      globals_[name] = *value;
    else
      globals_.erase(name);
  }

  /// Python's recursion limit, counted in interpreter calls.
  static constexpr int kRecursionLimit = 1000;
  /// The longest list kiln builds by repetition or from a range: past it
  /// CPython's allocation would fail (a MemoryError), raised at once.
  static constexpr int64_t kMaxListSize = int64_t(1) << 28;
  /// A level of recursion (a call of a Python function, or comparing or
  /// printing nested containers), counted against the recursion limit,
  /// as CPython's Py_EnterRecursiveCall does; past it, RecursionError
  /// "maximum recursion depth exceeded" + `where`.
  class RecursionScope {
  public:
    RecursionScope(Interpreter &in, const char *where);
    ~RecursionScope() { --in_.depth_; }
    RecursionScope(const RecursionScope &) = delete;
    RecursionScope &operator=(const RecursionScope &) = delete;

  private:
    Interpreter &in_;
  };

  // ---- Values ----
  Value str(std::string s);
  Value bytes(std::string s);
  Value list(ValueList items = {});
  Value tuple(ValueList items = {});
  Value dict();
  Value set();
  Value builtin(std::string name, BuiltinFn fn);
  Value boundMethod(Value self, Value func);

  // ---- Protocols ----
  std::string repr(const Value &v);
  std::string toStr(const Value &v);
  bool truthy(const Value &v);
  /// Python's callable(v).
  bool isCallable(const Value &v);
  size_t hash(const Value &v);
  bool equals(const Value &a, const Value &b);
  /// a < b with Python's rules (TypeError for unorderable types).
  bool lessThan(const Value &a, const Value &b);
  Value binary(ast::BinaryOp op, const Value &a, const Value &b);
  Value inplace(ast::BinaryOp op, const Value &a, const Value &b);
  Value unary(ast::UnaryOpKind op, const Value &v);
  Value compare(ast::CmpOp op, const Value &a, const Value &b);
  bool contains(const Value &container, const Value &item);
  Value getItem(const Value &obj, const Value &key);
  void setItem(const Value &obj, const Value &key, const Value &value);
  void delItem(const Value &obj, const Value &key);
  Value getAttr(const Value &obj, const std::string &name);
  /// getattr without raising: false when the attribute does not exist.
  bool tryGetAttr(const Value &obj, const std::string &name, Value &out);
  void setAttr(const Value &obj, const std::string &name, const Value &value);
  /// object.__setattr__: stores an instance attribute past any
  /// __setattr__ the class defines (properties and __slots__ still apply).
  void storeAttr(const Value &obj, const std::string &name, const Value &value);
  void delAttr(const Value &obj, const std::string &name);
  Value iter(const Value &v);
  /// Advances an iterator made by iter(); false when exhausted.
  bool next(const Value &iterator, Value &out);
  /// All items of an iterable.
  ValueList toList(const Value &iterable);
  int64_t len(const Value &v);
  Value call(const Value &callee, CallArgs &args);
  Value call(const Value &callee, ValueList positional);
  /// Calls method `name` of an instance when its class defines it.
  bool callDunder(const Value &self, const char *name, ValueList args,
                  Value &result);
  int64_t toIndex(const Value &v, const char *what = nullptr);
  /// Whether sequences take `v` as an index through its __index__: an
  /// instance whose class defines it, a NumPy integer scalar (not an int).
  bool hasIndexMethod(const Value &v);

  // ---- Types ----
  ClassPtr typeOf(const Value &v);
  /// The type's name in CPython's own error messages (tp_name).
  std::string cTypeName(const Value &v);
  std::string typeName(const Value &v);
  /// The name CPython's messages use for v's type (its tp_name): a C
  /// extension type's is module-qualified ("numpy.ndarray",
  /// "tensorflow.python.framework.ops.EagerTensor"), a Python class's not.
  std::string qualifiedTypeName(const Value &v);
  bool isInstance(const Value &v, const ClassObject *cls);
  ClassPtr builtinClass(const std::string &name) const;
  /// Makes a class findable by builtinClass() without a builtin name.
  void registerClass(const std::string &name, ClassPtr cls) {
    builtinClasses_[name] = std::move(cls);
  }

  // ---- Errors ----
  /// Creates an exception instance of a builtin exception class.
  Value makeException(const std::string &className, const std::string &message);
  [[noreturn]] void raise(const std::string &className,
                          const std::string &message);
  [[noreturn]] void raiseValue(Value exception);
  /// raise() of a NameError or AttributeError that CPython would print with
  /// "Did you mean: 'suggestion'?" (none when empty).
  [[noreturn]] void raiseSuggesting(const std::string &className,
                                    const std::string &message,
                                    const std::string &suggestion);
  [[noreturn]] void typeError(const std::string &message) {
    raise("TypeError", message);
  }
  [[noreturn]] void valueError(const std::string &message) {
    raise("ValueError", message);
  }
  /// Prints a traceback in CPython's format.
  void printException(const Value &exc, std::ostream &err);
  /// The exception the innermost running except block handles (what
  /// sys.exc_info() and logging.exception report), or None.
  Value handledException() const {
    return handling_.empty() ? Value() : handling_.back();
  }

  // ---- Output ----
  std::ostream &out() { return out_; }
  std::ostream &err() { return err_; }

  // ---- Modules ----
  /// Makes `import NAME` work: `factory` builds the module on first import.
  void registerModule(const std::string &name,
                      std::function<Value(Interpreter &)> factory) {
    moduleFactories_[name] = std::move(factory);
  }
  /// The module `import NAME` binds (built on first use).
  Value importModule(const std::string &name);
  /// What `from MODULE_NAME import NAME` binds: an attribute of `module`
  /// or a submodule; ImportError when neither.
  Value importFrom(const Value &module, const std::string &moduleName,
                   const std::string &name);
  /// Defines a new exception class deriving from `base`.
  ClassPtr defineExceptionClass(const std::string &name, const ClassPtr &base,
                                const std::string &module);

  // ---- Builtin registration (Builtins*.cpp, Methods*.cpp) ----
  void defineBuiltin(const std::string &name, Value value) {
    builtins_[name] = std::move(value);
  }
  /// Whether `v` is the NotImplemented a binary dunder returns to decline.
  bool isNotImplemented(const Value &v) const {
    return v.identical(builtins_.at("NotImplemented"));
  }
  /// Methods of builtin types, looked up by getAttr.
  using MethodFn =
      std::function<Value(Interpreter &, const Value &self, CallArgs &)>;
  void defineMethod(Type type, const std::string &name, MethodFn fn);

  const SourceFile &file() const { return file_; }
  /// sys.argv after the script's path (`kiln run SCRIPT ARGS...`).
  void setScriptArgs(std::vector<std::string> args) {
    scriptArgs_ = std::move(args);
  }
  const std::vector<std::string> &scriptArgs() const { return scriptArgs_; }
  /// The script's path as CPython shows it in tracebacks: absolute.
  std::string scriptPath() const;
  Frame *currentFrame() { return frame_; }
  /// How many levels of recursion are open (see RecursionScope): a change
  /// tells native code that Python code is running inside its call.
  int recursionDepth() const { return depth_; }

  // ---- AutoGraph ----
  /// The module's AutoGraph analysis (null: nothing is ever staged).
  void setAutograph(const autograph::ModuleInfo *info) { autograph_ = info; }
  const autograph::ModuleInfo *autograph() const { return autograph_; }
  void setStager(Stager *stager) { stager_ = stager; }
  Stager *stager() const { return stager_; }
  /// On while a tf.function with autograph=True traces; returns the old
  /// setting.
  bool setStaging(bool on) {
    bool old = staging_;
    staging_ = on;
    return old;
  }
  /// Whether `frame` runs code that AutoGraph converted, while tracing.
  bool converted(const Frame &frame) const;
  /// Whether a call of `fn` now runs converted code (converted() of its
  /// frame).
  bool convertsCall(const FunctionObject &fn) const;
  /// The __qualname__ of AutoGraph's converted copy of `fn`, which
  /// TypeErrors of its arguments name (autographQualname in Eval.cpp).
  std::string autographQualname(const FunctionObject &fn) const;
  /// Whether `v`, a condition or iterable in `frame`, is to be staged.
  bool mustStage(const Frame &frame, const Value &v);
  // Entry points for the stager.
  Flow runBlock(const ast::StmtList &body, Frame &frame) {
    return execBlock(body, frame);
  }
  Value evaluate(const ast::Expr &e, Frame &frame) { return eval(e, frame); }
  void assignTo(const ast::Expr &target, const Value &value, Frame &frame) {
    assign(target, value, frame);
  }

  /// Whether the interpreter is being destroyed: a generator left
  /// suspended then is not closed (Generators.cpp).
  bool finalizing() const { return finalizing_; }

private:
  friend class ExecVisitor;
  friend struct GeneratorState; // switches frames (Generators.cpp)
  // Exec.cpp
  Flow execBlock(const ast::StmtList &body, Frame &frame);
  Flow execStmt(const ast::Stmt &stmt, Frame &frame);
  Flow execFor(const ast::ForStmt &s, Frame &frame);
  Flow execWhile(const ast::WhileStmt &s, Frame &frame);
  Flow execTry(const ast::TryStmt &s, Frame &frame);
  Flow execWith(const ast::WithStmt &s, Frame &frame, size_t item);
  void execFunctionDef(const ast::FunctionDefStmt &s, Frame &frame);
  void execClassDef(const ast::ClassDefStmt &s, Frame &frame);
  void execNamedTupleClass(const ast::ClassDefStmt &s,
                           const ValueList &decorators, Frame &frame);
  void execImport(const ast::Stmt &s, Frame &frame);
  void assign(const ast::Expr &target, const Value &value, Frame &frame);
  void storeName(const ast::NameExpr &name, const Value &value, Frame &frame);
  void deleteTarget(const ast::Expr &target, Frame &frame);
  bool exceptionMatches(const Value &exc, const Value &type);
  /// Adds `frame`'s traceback entry to an exception passing through it,
  /// once per frame.
  void noteTraceback(const Value &exc, const Frame &frame);
  /// The same when the exception leaves `frame` for good.
  void leaveFrame(const Value &exc, const Frame &frame);

  // Eval.cpp
  Value eval(const ast::Expr &e, Frame &frame);
  Value loadName(const ast::NameExpr &name, Frame &frame);
  /// CPython's "Did you mean" for an undefined `name`: the closest of the
  /// frame's locals, else of the globals, else of the builtins.
  std::string suggestForName(const std::string &name, const Frame &frame);
  Value evalCall(const ast::CallExpr &e, Frame &frame);
  Value evalComprehension(const ast::ComprehensionExpr &e, Frame &frame);
  /// Binds a comprehension's target to `item`; whether its ifs all hold.
  bool bindComprehensionItem(const ast::Comprehension &gen, const Value &item,
                             Frame &inner);

public:
  /// The next item of a generator expression (Eval.cpp); false when done.
  bool resumeGenerator(struct GeneratorExpObject &g, Value &out);

private:
  Value evalJoinedStr(const ast::JoinedStrExpr &e, Frame &frame);
  Value evalSubscriptKey(const ast::Expr &slice, Frame &frame);
  Value makeFunction(const std::string &name, const ast::Arguments &args,
                     const ast::Scope *scope, SourceLoc defLoc, Frame &frame);
  void evalArgs(const ast::ExprList &args,
                const std::vector<ast::Keyword> &keywords, Frame &frame,
                CallArgs &out);

  // Call.cpp
  Value callFunction(const Value &function, CallArgs &args);
  void bindArguments(const FunctionObject &fn, CallArgs &args, Env &env);
  Value instantiate(const ClassPtr &cls, CallArgs &args);
  Value superObject(Frame &frame);

  // Builtins*.cpp, Methods*.cpp
  void installBuiltins();
  void installBuiltinTypes();
  void installExceptions();
  void installStrMethods();
  void installBytesMethods();
  void installContainerMethods();

  const autograph::ModuleInfo *autograph_ = nullptr;
  Stager *stager_ = nullptr;
  bool staging_ = false;

  // Declared first, so it outlives the members whose destruction may
  // drop the last reference to a generator.
  bool finalizing_ = false;
  const SourceFile &file_;
  std::vector<std::string> scriptArgs_;
  std::ostream &out_;
  std::ostream &err_;
  std::function<void(const Value &exc)> uncaughtHandler_;
  Value uncaught_;
  int exitStatus(const Value &exc);
  std::unordered_map<std::string, Value> globals_;
  std::unordered_map<std::string, Value> builtins_;
  std::unordered_map<std::string, ClassPtr> builtinClasses_;
  std::unordered_map<int, std::unordered_map<std::string, MethodFn>> methods_;
  Frame *frame_ = nullptr;
  int depth_ = 0;
  /// Exceptions being handled by except blocks, innermost last: the target
  /// of a bare `raise` and the __context__ of a new exception.
  ValueList handling_;
  std::unordered_map<std::string, std::function<Value(Interpreter &)>>
      moduleFactories_;
  std::unordered_map<std::string, Value> modules_;

  /// The special methods of the builtin types called by name
  /// (`xs.__len__()`, `(3).__add__(4)`), each doing what its operator or
  /// builtin does; false for other names.
  bool builtinDunder(const Value &obj, const std::string &name, Value &out);
  friend struct ArgParser;
};

/// Argument checking for builtins, with CPython's messages.
struct ArgParser {
  ArgParser(Interpreter &in, CallArgs &args, const char *fname)
      : in(in), args(args), fname(fname) {}
  /// Requires between min and max positional arguments and no keywords
  /// other than `allowed` ones.
  void expect(size_t min, size_t max);
  void noKeywords();
  /// Removes and returns keyword `name`, if given.
  std::optional<Value> keyword(const std::string &name);
  Interpreter &in;
  CallArgs &args;
  const char *fname;
};

/// Registers Python's `math` module (MathModule.cpp).
void installMathModule(Interpreter &in);

/// format(value, spec), with CPython's rules and errors (StrFormat.cpp).
Value formatValue(Interpreter &in, const Value &v, const std::string &spec);

} // namespace kiln::py
