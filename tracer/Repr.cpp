// repr() and str() of every value, as CPython prints them.
#include "AttributedIterator.h"
#include "Generators.h"
#include "Interpreter.h"
#include "Native.h"
#include "PyFormat.h"
#include "StdlibModules.h"
#include "kiln/frontend/Utf8.h"

#include <cstdio>
#include <unordered_set>

namespace kiln::py {

namespace {

/// Containers being printed, so a list that contains itself prints `[...]`.
thread_local std::unordered_set<const void *> printing;

struct PrintGuard {
  explicit PrintGuard(const void *p) : p(p), fresh(printing.insert(p).second) {}
  ~PrintGuard() {
    if (fresh)
      printing.erase(p);
  }
  const void *p;
  bool fresh;
};

bool isPrintable(uint32_t cp) {
  if (cp < 0x20 || cp == 0x7f)
    return false;
  if (cp >= 0x80 && cp <= 0xa0)
    return false;
  if (cp == 0xad || cp == 0x2028 || cp == 0x2029 || cp == 0x3000 ||
      (cp >= 0x2000 && cp <= 0x200f) || cp == 0xfeff || cp == 0x1680 ||
      (cp >= 0x202a && cp <= 0x202f) || (cp >= 0x2060 && cp <= 0x206f) ||
      (cp >= 0xd800 && cp <= 0xdfff) || (cp >= 0xe000 && cp <= 0xf8ff))
    return false;
  return true;
}

std::string hexEscape(uint32_t cp) {
  char buf[16];
  if (cp < 0x100)
    snprintf(buf, sizeof buf, "\\x%02x", cp);
  else if (cp < 0x10000)
    snprintf(buf, sizeof buf, "\\u%04x", cp);
  else
    snprintf(buf, sizeof buf, "\\U%08x", cp);
  return buf;
}

} // namespace

std::string reprString(const std::string &s) {
  bool single = s.find('\'') != std::string::npos;
  bool dbl = s.find('"') != std::string::npos;
  char quote = single && !dbl ? '"' : '\'';
  std::string out(1, quote);
  for (char32_t cp : decodeUtf8(s)) {
    if (cp == static_cast<char32_t>(quote) || cp == '\\') {
      out.push_back('\\');
      out.push_back(static_cast<char>(cp));
    } else if (cp == '\n') {
      out += "\\n";
    } else if (cp == '\r') {
      out += "\\r";
    } else if (cp == '\t') {
      out += "\\t";
    } else if (!isPrintable(cp)) {
      out += hexEscape(cp);
    } else {
      appendCodePoint(out, cp);
    }
  }
  out.push_back(quote);
  return out;
}

static std::string reprBytes(const std::string &s) {
  bool single = s.find('\'') != std::string::npos;
  bool dbl = s.find('"') != std::string::npos;
  char quote = single && !dbl ? '"' : '\'';
  std::string out = "b";
  out.push_back(quote);
  for (unsigned char c : s) {
    if (c == quote || c == '\\') {
      out.push_back('\\');
      out.push_back(static_cast<char>(c));
    } else if (c == '\n') {
      out += "\\n";
    } else if (c == '\r') {
      out += "\\r";
    } else if (c == '\t') {
      out += "\\t";
    } else if (c < 0x20 || c >= 0x7f) {
      out += hexEscape(c);
    } else {
      out.push_back(static_cast<char>(c));
    }
  }
  out.push_back(quote);
  return out;
}

static std::string address(const void *p) {
  char buf[32];
  snprintf(buf, sizeof buf, "0x%012llx",
           static_cast<unsigned long long>(reinterpret_cast<uintptr_t>(p)));
  return buf;
}

std::string Interpreter::repr(const Value &v) {
  switch (v.type()) {
  case Type::Tensor:
  case Type::Native:
    return v.as<NativeObject>().repr(*this, v);
  case Type::None:
    return "None";
  case Type::Bool:
    return v.asBool() ? "True" : "False";
  case Type::Int:
    return std::to_string(v.asInt());
  case Type::Float:
    return floatRepr(v.asFloat());
  case Type::Str:
    return reprString(v.as<StrObject>().s);
  case Type::Bytes:
    return reprBytes(v.as<BytesObject>().s);
  case Type::Ellipsis:
    return "Ellipsis";
  case Type::List:
  case Type::Tuple: {
    bool isList = v.is(Type::List);
    RecursionScope nested(*this, " while getting the repr of an object");
    PrintGuard guard(v.raw());
    if (!guard.fresh)
      return isList ? "[...]" : "(...)";
    const ValueList &items =
        isList ? v.as<ListObject>().items : v.as<TupleObject>().items;
    std::string out = isList ? "[" : "(";
    for (size_t i = 0; i < items.size(); ++i) {
      if (i)
        out += ", ";
      out += repr(items[i]);
    }
    if (!isList && items.size() == 1)
      out += ",";
    out += isList ? "]" : ")";
    return out;
  }
  case Type::Dict: {
    RecursionScope nested(*this, " while getting the repr of an object");
    PrintGuard guard(v.raw());
    if (!guard.fresh)
      return "{...}";
    if (auto &kind = v.as<DictObject>().kind)
      return kind->repr(*this, v);
    std::string out = "{";
    bool first = true;
    for (auto &e : v.as<DictObject>().table.entries()) {
      if (!e.live)
        continue;
      if (!first)
        out += ", ";
      first = false;
      out += repr(e.key) + ": " + repr(e.value);
    }
    return out + "}";
  }
  case Type::Set: {
    auto &table = v.as<SetObject>().table;
    bool frozen = v.as<SetObject>().frozen;
    if (table.size() == 0)
      return frozen ? "frozenset()" : "set()";
    PrintGuard guard(v.raw());
    if (!guard.fresh)
      return "set(...)";
    std::string out = "{";
    bool first = true;
    for (size_t index : cpythonSetOrder(table)) {
      if (!first)
        out += ", ";
      first = false;
      out += repr(table.entries()[index].key);
    }
    return frozen ? "frozenset(" + out + "})" : out + "}";
  }
  case Type::DictView: {
    auto &view = v.as<DictViewObject>();
    std::string out = typeName(v) + "([";
    bool first = true;
    for (auto &e : view.dict.as<DictObject>().table.entries()) {
      if (!e.live)
        continue;
      if (!first)
        out += ", ";
      first = false;
      switch (view.kind) {
      case DictViewObject::Kind::Keys:
        out += repr(e.key);
        break;
      case DictViewObject::Kind::Values:
        out += repr(e.value);
        break;
      case DictViewObject::Kind::Items:
        out += "(" + repr(e.key) + ", " + repr(e.value) + ")";
        break;
      }
    }
    return out + "])";
  }
  case Type::Range: {
    auto &r = v.as<RangeObject>();
    std::string out =
        "range(" + std::to_string(r.start) + ", " + std::to_string(r.stop);
    if (r.step != 1)
      out += ", " + std::to_string(r.step);
    return out + ")";
  }
  case Type::Slice: {
    auto &s = v.as<SliceObject>();
    return "slice(" + repr(s.start) + ", " + repr(s.stop) + ", " +
           repr(s.step) + ")";
  }
  case Type::Function:
    return "<function " + v.as<FunctionObject>().qualname + " at " +
           address(v.raw()) + ">";
  case Type::Builtin:
    return "<built-in function " + v.as<BuiltinObject>().name + ">";
  case Type::BoundMethod: {
    auto &m = v.as<BoundMethodObject>();
    std::string fname = m.func.is(Type::Function)
                            ? m.func.as<FunctionObject>().qualname
                            : "method";
    return "<bound method " + fname + " of " + repr(m.self) + ">";
  }
  case Type::Class: {
    auto &cls = v.as<ClassObject>();
    if (enumMembers(*this, cls))
      return "<enum '" + cls.name + "'>";
    if (builtinClass(cls.name).get() == &cls)
      return "<class '" +
             (cls.module.empty() || cls.isException ? "" : cls.module + ".") +
             cls.name + "'>";
    // A class of the script's, or one a module of kiln's defines.
    return "<class '" + (cls.module.empty() ? "__main__" : cls.module) + "." +
           (cls.qualname.empty() ? cls.name : cls.qualname) + "'>";
  }
  case Type::Module:
    return "<module '" + v.as<ModuleObject>().name + "'>";
  case Type::Instance: {
    auto &inst = v.as<InstanceObject>();
    Value result;
    if (const Value *method = inst.cls->lookup("__repr__")) {
      // A generated __repr__ (a dataclass's) shows an object inside itself
      // as "...", as reprlib.recursive_repr does; one written in Python
      // recurses until CPython's RecursionError.
      PrintGuard guard(v.raw());
      if (!guard.fresh && !method->is(Type::Function))
        return "...";
      callDunder(v, "__repr__", {}, result);
      if (!result.is(Type::Str))
        typeError("__repr__ returned non-string (type " + typeName(result) +
                  ")");
      return result.as<StrObject>().s;
    }
    if (inst.cls->isException) {
      std::string out = inst.cls->name + "(";
      for (size_t i = 0; i < inst.args.size(); ++i) {
        if (i)
          out += ", ";
        out += repr(inst.args[i]);
      }
      return out + ")";
    }
    // A builtin class (object()) has no module in its repr.
    bool builtin = builtinClass(inst.cls->name).get() == inst.cls.get();
    return "<" + std::string(builtin ? "" : "__main__.") +
           (inst.cls->qualname.empty() ? inst.cls->name : inst.cls->qualname) +
           " object at " + address(v.raw()) + ">";
  }
  case Type::Iterator:
    if (auto *g = dynamic_cast<const GeneratorObject *>(v.raw()))
      return generatorRepr(*g);
    if (typeName(v) == "generator") // a generator expression
      return "<generator object <genexpr> at " + address(v.raw()) + ">";
    if (auto *it = dynamic_cast<AttributedIterator *>(v.raw())) {
      std::string own;
      if (it->repr(*this, v, own))
        return own;
      return "<" + it->qualifiedName() + " object at " + address(v.raw()) + ">";
    }
    return "<" + typeName(v) + " object at " + address(v.raw()) + ">";
  default:
    return "<" + typeName(v) + " object at " + address(v.raw()) + ">";
  }
}

std::string Interpreter::toStr(const Value &v) {
  switch (v.type()) {
  case Type::Tensor:
  case Type::Native:
    return v.as<NativeObject>().str(*this, v);
  case Type::Str:
    return v.as<StrObject>().s;
  case Type::Instance: {
    auto &inst = v.as<InstanceObject>();
    Value result;
    if (const Value *fn = inst.cls->lookup("__str__")) {
      result = call(*fn, ValueList{v});
      if (!result.is(Type::Str))
        typeError("__str__ returned non-string (type " + typeName(result) +
                  ")");
      return result.as<StrObject>().s;
    }
    if (inst.cls->isException && !inst.cls->lookup("__repr__")) {
      if (inst.args.empty())
        return "";
      if (inst.args.size() == 1) {
        // KeyError shows its key as repr.
        if (isInstance(v, builtinClass("KeyError").get()))
          return repr(inst.args[0]);
        return toStr(inst.args[0]);
      }
      return repr(tuple(inst.args));
    }
    return repr(v);
  }
  default:
    return repr(v);
  }
}

} // namespace kiln::py
