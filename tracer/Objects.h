// Heap objects of the trace-time interpreter. Plain structs: the behaviour
// (operators, methods, printing) lives in the Interpreter's files, grouped
// by protocol, so an object here is only its data.
#pragma once

#include "Value.h"
#include "kiln/frontend/SourceFile.h"

#include <functional>
#include <optional>
#include <unordered_map>

namespace kiln::ast {
struct Arguments;
struct Expr;
struct Scope;
struct Stmt;
using StmtList = std::vector<std::unique_ptr<Stmt>>;
} // namespace kiln::ast

namespace kiln::py {

class Interpreter;
struct ClassObject;

struct StrObject : Object {
  explicit StrObject(std::string s);
  std::string s; // UTF-8
  bool ascii;    // byte index == character index
  size_t length; // in code points
};

struct BytesObject : Object {
  explicit BytesObject(std::string s) : s(std::move(s)) {}
  std::string s;
};

struct ListObject : Object {
  ValueList items;
};

struct TupleObject : Object {
  ValueList items;
};

/// Insertion-ordered hash table behind dict and set, with Python's key
/// semantics (1, 1.0 and True are one key). Erased slots become holes that
/// iteration skips; the table compacts when holes dominate.
class HashTable {
public:
  struct Entry {
    Value key;
    Value value;
    size_t hash;
    bool live;
  };

  /// Returns the entry for `key`, or null. May run user __eq__ code.
  Entry *find(Interpreter &in, const Value &key, size_t hash);
  /// Inserts or overwrites.
  void set(Interpreter &in, const Value &key, size_t hash, Value value);
  bool erase(Interpreter &in, const Value &key, size_t hash);
  void clear();
  size_t size() const { return live_; }
  /// Entries in insertion order, including holes (check `live`).
  const std::vector<Entry> &entries() const { return entries_; }
  std::vector<Entry> &entries() { return entries_; }
  /// A set made by a display of constants: how many entries it had then
  /// (0 otherwise). cpythonSetOrder lays it out as CPython's frozenset
  /// merge while the set still holds exactly those.
  size_t constantDisplay = 0;

private:
  void compact();
  std::vector<Entry> entries_;
  std::unordered_multimap<size_t, size_t> index_;
  size_t live_ = 0;
};

/// Indices of `table`'s live entries in the order CPython would iterate a
/// set holding them, so printed sets of small ints match CPython.
std::vector<size_t> cpythonSetOrder(const HashTable &table);

/// What a collections type built on dict adds to it (defaultdict,
/// Counter and OrderedDict, PyCollections.cpp): its name, the value of a
/// missing key, its repr, and its own methods.
struct DictKind {
  explicit DictKind(std::string name) : name(std::move(name)) {}
  virtual ~DictKind() = default;
  std::string name;
  /// d[key] when key is missing; false: KeyError.
  virtual bool missing(Interpreter &, const Value &self, const Value &key,
                       Value &out) const {
    return false;
  }
  virtual std::string repr(Interpreter &, const Value &self) const = 0;
  /// Its own attributes and methods; false: dict's.
  virtual bool getAttr(Interpreter &, const Value &self,
                       const std::string &name, Value &out) const {
    return false;
  }
};

struct DictObject : Object {
  HashTable table;
  std::shared_ptr<const DictKind> kind; // null: a plain dict
  Value factory;                        // a defaultdict's default_factory
};

struct SetObject : Object {
  HashTable table;
  bool frozen = false; // a frozenset: immutable and hashable
};

struct DictViewObject : Object {
  enum class Kind { Keys, Values, Items };
  Kind kind = Kind::Keys;
  Value dict;
};

struct RangeObject : Object {
  int64_t start = 0, stop = 0, step = 1;
  /// How many numbers it holds: up to 2^64 - 1 (range(-2**63, 2**63 - 1)).
  uint64_t exactLength() const;
  /// exactLength(), at most INT64_MAX.
  int64_t length() const;
};

struct SliceObject : Object {
  Value start, stop, step;
};

/// Python's slice.indices(): a slice's start, stop and step clamped to a
/// sequence of `length`, and how many items it takes.
struct SliceBounds {
  int64_t start, stop, step, count;
};
SliceBounds sliceBounds(Interpreter &in, const SliceObject &s, int64_t length);

/// A variable shared between a function and the closures it creates.
struct Cell {
  Value value;
  bool bound = false;
};
using CellPtr = std::shared_ptr<Cell>;

/// The cells of one function activation, linked to the enclosing one.
struct Env {
  std::vector<CellPtr> cells;
  std::shared_ptr<Env> parent;
};

struct FunctionObject : Object {
  std::string name;
  std::string qualname;
  const ast::Arguments *args = nullptr;
  const ast::StmtList *body = nullptr;   // a def
  const ast::Expr *lambdaBody = nullptr; // a lambda
  const ast::Scope *scope = nullptr;
  bool generator = false; // its body yields: a call makes a generator
  SourceLoc defLoc;       // where its `def` or `lambda` starts
  ValueList defaults;     // for the trailing positionals
  std::vector<std::optional<Value>> kwDefaults;
  std::shared_ptr<Env> closure;
  /// The class whose body defined this function, for zero-argument super().
  ClassObject *ownerClass = nullptr;
  /// Defined by converted code while a tf.function traced: part of the
  /// converted function, whose qualified name it extends
  /// ("outer_factory.<locals>.inner_factory.<locals>.tf__f.<locals>.g").
  std::string convertedQualname;
  std::unordered_map<std::string, Value> attrs; // function attributes
};

using BuiltinFn = std::function<Value(Interpreter &, CallArgs &)>;

struct BuiltinObject : Object {
  BuiltinObject(std::string name, BuiltinFn fn)
      : name(std::move(name)), fn(std::move(fn)) {}
  std::string name;
  BuiltinFn fn;
};

struct BoundMethodObject : Object {
  Value self;
  Value func;
};

struct ClassObject : Object {
  std::string name;
  std::shared_ptr<ClassObject> base; // single inheritance; null for object
  std::unordered_map<std::string, Value> dict;
  /// For the builtin types (int, str, list...): the Value type they make,
  /// and how calling the class constructs one.
  std::optional<Type> builtinType;
  BuiltinFn construct;
  bool isException = false; // BaseException or a subclass
  /// The defining module when it is not __main__ or builtins, shown in
  /// tracebacks ("tensorflow.python.framework.errors_impl").
  std::string module;
  /// __qualname__ when it differs from __name__; tracebacks print it.
  std::string qualname;
  /// The names the class body bound, in the order it first bound them
  /// (an Enum's members are its constants in that order).
  std::vector<std::string> bodyOrder;

  /// Looks `name` up along the inheritance chain.
  const Value *lookup(const std::string &name) const;
  bool isSubclassOf(const ClassObject *other) const;
};
using ClassPtr = std::shared_ptr<ClassObject>;

struct TracebackEntry {
  uint32_t line;
  std::string function;
  /// The frame ran code AutoGraph was told not to convert
  /// (do_not_convert): TensorFlow marks it `**` in "in user code" traces.
  bool unconverted = false;
  /// The statement or call on `line` that raised, when known.
  SourceRange range;
  /// `line` as AutoGraph's source map shows it (Frame::sourceMapLine).
  uint32_t statementLine = 0;
  /// The frame of a lambda or comprehension inside a function AutoGraph
  /// converts: part of the converted function's generated code, which
  /// TensorFlow's "in user code" trace leaves out.
  bool insideConverted = false;
  /// A lambda AutoGraph converts on its own (one defined outside converted
  /// code): TensorFlow's trace names its frame None and shows the lambda's
  /// own source, this range, as the frame's line.
  SourceRange lambdaSource;
};

/// The attribute tf.autograph.experimental.do_not_convert sets.
inline constexpr const char *kDoNotConvert = "__kiln_do_not_convert__";

struct InstanceObject : Object {
  ClassPtr cls;
  /// The instance's own attribute `name` (not its class's), or null.
  Value *findAttr(Interpreter &in, const std::string &name);
  bool hasAttr(Interpreter &in, const std::string &name) {
    return findAttr(in, name) != nullptr;
  }
  void setAttr(Interpreter &in, const std::string &name, Value value);
  bool eraseAttr(Interpreter &in, const std::string &name);
  /// The attributes' names, in the order they were first set.
  std::vector<std::string> attrNames() const;
  /// `obj.__dict__`: a dict that holds the attributes from then on, so
  /// that writes through it (update(), item assignment) are the
  /// instance's, as CPython's __dict__ is.
  Value dict(Interpreter &in);
  // Exception state, used when cls->isException.
  ValueList args;
  std::vector<TracebackEntry> traceback;
  /// An error re-raised from traced code (TensorFlow's "in user code:"
  /// form) keeps the frames and the message it had before, innermost
  /// first, for compiler-style diagnostics.
  std::vector<TracebackEntry> userFrames;
  std::string userMessage;
  std::string userClass; // the class it was raised as (before StagingError)
  Value context;         // the exception being handled when this one was raised
  Value cause;           // `raise ... from cause`
  bool suppressContext = false; // `raise ... from ...` hides the context
  /// CPython 3.11's "Did you mean" name for a NameError or AttributeError,
  /// which its traceback shows after the message (str() leaves it out).
  std::string suggestion;
  /// The frame whose traceback entry was added last: an exception caught
  /// and re-raised in one frame gets one entry there, at the original line.
  const void *lineFrame = nullptr;

private:
  /// The attributes, in insertion order (few per instance: a scan is as
  /// fast as hashing), until __dict__ is asked for; then `dict_` holds
  /// them.
  std::vector<std::pair<std::string, Value>> attrs_;
  Value dict_;
};

struct ModuleObject : Object {
  std::string name;
  std::unordered_map<std::string, Value> dict;
};

/// Every iterator: list, range, dict views, enumerate, zip, user __next__...
struct IteratorObject : Object {
  explicit IteratorObject(std::string typeName)
      : typeName(std::move(typeName)) {}
  /// Produces the next item; false when exhausted.
  virtual bool next(Interpreter &in, Value &out) = 0;
  std::string typeName;
};

struct PropertyObject : Object {
  enum class Kind { Property, StaticMethod, ClassMethod };
  Kind kind = Kind::Property;
  Value getter; // the wrapped function for static/class methods
  Value setter;
  Value deleter;
};

struct SuperObject : Object {
  ClassPtr after; // attribute lookup starts at after->base
  Value self;
};

/// A Python exception in flight through C++ frames.
struct PyException {
  Value exc; // an Instance of an exception class
};

} // namespace kiln::py
