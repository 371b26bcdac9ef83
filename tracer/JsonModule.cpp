// Python's `json` module, for the configurations and metrics scripts print:
// dumps with CPython's formatting (separators, indent, sort_keys,
// ensure_ascii, default=, NaN and infinities as JavaScript names) and loads
// into dicts, lists, strings, ints, floats, booleans and None, with
// JSONDecodeError's messages. Reading and writing files is not supported.
#include "ArgumentErrors.h"
#include "Interpreter.h"
#include "Native.h"
#include "PyFormat.h"
#include "StdlibModules.h"
#include "kiln/frontend/Utf8.h"

#include <cerrno>
#include <cmath>
#include <cstring>
#include <optional>
#include <set>

namespace kiln::py {

namespace {

struct DumpOptions {
  bool ensureAscii = true, sortKeys = false, allowNan = true;
  std::optional<std::string> indent;
  std::string itemSep = ", ", keySep = ": ";
  Value defaultFn;
};

/// A JSON string literal, escaped as CPython's encoder escapes it.
std::string quote(const std::string &s, bool ensureAscii) {
  std::string out = "\"";
  for (char32_t cp : decodeUtf8(s)) {
    switch (cp) {
    case '"':
      out += "\\\"";
      continue;
    case '\\':
      out += "\\\\";
      continue;
    case '\n':
      out += "\\n";
      continue;
    case '\r':
      out += "\\r";
      continue;
    case '\t':
      out += "\\t";
      continue;
    case '\b':
      out += "\\b";
      continue;
    case '\f':
      out += "\\f";
      continue;
    default:
      break;
    }
    char buf[16];
    if (cp < 0x20 || (ensureAscii && cp >= 0x7f)) {
      if (cp >= 0x10000) { // a surrogate pair
        char32_t v = cp - 0x10000;
        snprintf(buf, sizeof buf, "\\u%04x\\u%04x",
                 unsigned(0xd800 | (v >> 10)), unsigned(0xdc00 | (v & 0x3ff)));
      } else {
        snprintf(buf, sizeof buf, "\\u%04x", unsigned(cp));
      }
      out += buf;
    } else {
      appendCodePoint(out, cp);
    }
  }
  return out + "\"";
}

class Encoder {
public:
  Encoder(Interpreter &in, const DumpOptions &o) : in(in), o(o) {}

  void encode(const Value &v, int depth, std::string &out) {
    // CPython's encoder recurses through the interpreter's depth limit.
    Interpreter::RecursionScope nested(in, " while calling a Python object");
    if (v.isNone()) {
      out += "null";
    } else if (v.is(Type::Bool)) {
      out += v.asBool() ? "true" : "false";
    } else if (v.is(Type::Int)) {
      out += std::to_string(v.asInt());
    } else if (v.is(Type::Float)) {
      out += floatText(v.toDouble());
    } else if (v.is(Type::Str)) {
      out += quote(v.as<StrObject>().s, o.ensureAscii);
    } else if (v.is(Type::List) || v.is(Type::Tuple)) {
      sequence(v, depth, out);
    } else if (v.is(Type::Dict)) {
      mapping(v, depth, out);
    } else if (Value n; v.is(Type::Native) &&
                        v.as<NativeObject>().builtinBase() == "float" &&
                        v.as<NativeObject>().toNumber(in, v, n)) {
      out += floatText(n.toDouble()); // numpy.float64, a float subclass
    } else if (!o.defaultFn.isNone()) {
      enter(v);
      encode(in.call(o.defaultFn, ValueList{v}), depth, out);
      leave(v);
    } else {
      in.typeError("Object of type " + in.typeName(v) +
                   " is not JSON serializable");
    }
  }

private:
  std::string floatText(double d) {
    if (std::isfinite(d))
      return floatRepr(d);
    if (!o.allowNan)
      in.valueError("Out of range float values are not JSON compliant");
    return std::isnan(d) ? "NaN" : d > 0 ? "Infinity" : "-Infinity";
  }
  std::string newline(int depth) {
    std::string s = "\n";
    for (int i = 0; i < depth; ++i)
      s += *o.indent;
    return s;
  }
  void enter(const Value &v) {
    if (!active.insert(v.raw()).second)
      in.valueError("Circular reference detected");
  }
  void leave(const Value &v) { active.erase(v.raw()); }

  void sequence(const Value &v, int depth, std::string &out) {
    ValueList items = in.toList(v);
    if (items.empty()) {
      out += "[]";
      return;
    }
    enter(v);
    out += "[";
    for (size_t i = 0; i < items.size(); ++i) {
      if (i)
        out += o.itemSep;
      if (o.indent)
        out += newline(depth + 1);
      encode(items[i], depth + 1, out);
    }
    if (o.indent)
      out += newline(depth);
    out += "]";
    leave(v);
  }

  /// A key as JSON has it: strings as they are, numbers, booleans and None
  /// in their JSON spelling.
  std::string keyText(const Value &k) {
    if (k.is(Type::Str))
      return k.as<StrObject>().s;
    if (k.is(Type::Bool))
      return k.asBool() ? "true" : "false";
    if (k.is(Type::Int))
      return std::to_string(k.asInt());
    if (k.is(Type::Float))
      return floatText(k.toDouble());
    if (k.isNone())
      return "null";
    in.typeError("keys must be str, int, float, bool or None, not " +
                 in.typeName(k));
  }

  void mapping(const Value &v, int depth, std::string &out) {
    auto &table = v.as<DictObject>().table;
    std::vector<std::pair<Value, Value>> items;
    for (auto &e : table.entries())
      if (e.live)
        items.emplace_back(e.key, e.value);
    if (items.empty()) {
      out += "{}";
      return;
    }
    if (o.sortKeys)
      std::stable_sort(
          items.begin(), items.end(), [&](const auto &a, const auto &b) {
            return in.truthy(in.compare(ast::CmpOp::Lt, a.first, b.first));
          });
    enter(v);
    out += "{";
    for (size_t i = 0; i < items.size(); ++i) {
      if (i)
        out += o.itemSep;
      if (o.indent)
        out += newline(depth + 1);
      out += quote(keyText(items[i].first), o.ensureAscii) + o.keySep;
      encode(items[i].second, depth + 1, out);
    }
    if (o.indent)
      out += newline(depth);
    out += "}";
    leave(v);
  }

  Interpreter &in;
  const DumpOptions &o;
  std::set<const Object *> active;
};

/// json.loads' parser, with CPython's JSONDecodeError messages.
class Decoder {
public:
  Decoder(Interpreter &in, std::string text) : in(in), s(std::move(text)) {}

  Value document() {
    skipSpace();
    Value v = value();
    skipSpace();
    if (pos != s.size())
      fail("Extra data");
    return v;
  }

private:
  [[noreturn]] void fail(const std::string &what) { fail(what, pos); }
  [[noreturn]] void fail(const std::string &what, size_t at) {
    // Line and column count code points, as CPython's str indices do.
    size_t line = 1, col = 1, chars = 0;
    for (size_t i = 0; i < at && i < s.size(); ++i) {
      if ((static_cast<unsigned char>(s[i]) & 0xc0) == 0x80)
        continue;
      ++chars;
      if (s[i] == '\n') {
        ++line;
        col = 1;
      } else {
        ++col;
      }
    }
    in.raise("JSONDecodeError", what + ": line " + std::to_string(line) +
                                    " column " + std::to_string(col) +
                                    " (char " + std::to_string(chars) + ")");
  }
  void skipSpace() {
    while (pos < s.size() && (s[pos] == ' ' || s[pos] == '\t' ||
                              s[pos] == '\n' || s[pos] == '\r'))
      ++pos;
  }
  bool literal(const char *word) {
    size_t n = strlen(word);
    if (s.compare(pos, n, word) != 0)
      return false;
    pos += n;
    return true;
  }

  Value value() {
    Interpreter::RecursionScope nested(in, " while decoding a JSON array "
                                           "from a unicode string");
    if (pos >= s.size())
      fail("Expecting value");
    char c = s[pos];
    if (c == '{')
      return object();
    if (c == '[')
      return array();
    if (c == '"')
      return in.str(string());
    if (literal("null"))
      return Value();
    if (literal("true"))
      return Value::boolean(true);
    if (literal("false"))
      return Value::boolean(false);
    if (literal("NaN"))
      return Value::floating(NAN);
    if (literal("Infinity"))
      return Value::floating(INFINITY);
    if (literal("-Infinity"))
      return Value::floating(-INFINITY);
    return number();
  }

  Value number() {
    size_t start = pos;
    if (pos < s.size() && s[pos] == '-')
      ++pos;
    if (pos >= s.size() || !isdigit(static_cast<unsigned char>(s[pos]))) {
      pos = start;
      fail("Expecting value");
    }
    if (s[pos] == '0')
      ++pos;
    else
      while (pos < s.size() && isdigit(static_cast<unsigned char>(s[pos])))
        ++pos;
    bool isFloat = false;
    if (pos + 1 < s.size() && s[pos] == '.' &&
        isdigit(static_cast<unsigned char>(s[pos + 1]))) {
      isFloat = true;
      pos += 2;
      while (pos < s.size() && isdigit(static_cast<unsigned char>(s[pos])))
        ++pos;
    }
    if (pos < s.size() && (s[pos] == 'e' || s[pos] == 'E')) {
      size_t e = pos + 1;
      if (e < s.size() && (s[e] == '+' || s[e] == '-'))
        ++e;
      if (e < s.size() && isdigit(static_cast<unsigned char>(s[e]))) {
        isFloat = true;
        pos = e;
        while (pos < s.size() && isdigit(static_cast<unsigned char>(s[pos])))
          ++pos;
      }
    }
    std::string text = s.substr(start, pos - start);
    if (isFloat) {
      double d = 0;
      parseFloat(text, d);
      return Value::floating(d);
    }
    errno = 0;
    long long n = strtoll(text.c_str(), nullptr, 10);
    if (errno == ERANGE)
      in.raise("OverflowError", "kiln's integers are 64-bit");
    return Value::integer(n);
  }

  std::string string() {
    size_t start = pos++;
    std::string out;
    for (;;) {
      if (pos >= s.size())
        fail("Unterminated string starting at", start);
      char c = s[pos++];
      if (c == '"')
        return out;
      if (static_cast<unsigned char>(c) < 0x20)
        fail("Invalid control character at", pos - 1);
      if (c != '\\') {
        out.push_back(c);
        continue;
      }
      if (pos >= s.size())
        fail("Unterminated string starting at", start);
      char e = s[pos++];
      // JSON's one-character escapes, as "\\b" -> '\b'.
      static const std::string from = "\"\\/bfnrt", to = "\"\\/\b\f\n\r\t";
      if (size_t k = from.find(e); k != std::string::npos) {
        out.push_back(to[k]);
        continue;
      }
      switch (e) {
      case 'u': {
        char32_t cp = hex4(pos - 2);
        if (cp >= 0xd800 && cp < 0xdc00 && s.compare(pos, 2, "\\u") == 0) {
          size_t save = pos;
          pos += 2;
          char32_t low = hex4(pos - 2);
          if (low >= 0xdc00 && low < 0xe000)
            cp = 0x10000 + ((cp - 0xd800) << 10) + (low - 0xdc00);
          else
            pos = save;
        }
        appendCodePoint(out, cp);
        break;
      }
      default:
        fail("Invalid \\escape", pos - 2);
      }
    }
  }
  char32_t hex4(size_t escapeAt) {
    if (pos + 4 > s.size())
      fail("Invalid \\uXXXX escape", escapeAt);
    char32_t v = 0;
    for (int i = 0; i < 4; ++i) {
      char c = s[pos + i];
      int d = isdigit(static_cast<unsigned char>(c)) ? c - '0'
              : (c >= 'a' && c <= 'f')               ? c - 'a' + 10
              : (c >= 'A' && c <= 'F')               ? c - 'A' + 10
                                                     : -1;
      if (d < 0)
        fail("Invalid \\uXXXX escape", escapeAt);
      v = v * 16 + char32_t(d);
    }
    pos += 4;
    return v;
  }

  Value array() {
    ++pos;
    ValueList items;
    skipSpace();
    if (pos < s.size() && s[pos] == ']') {
      ++pos;
      return in.list();
    }
    for (;;) {
      skipSpace();
      items.push_back(value());
      skipSpace();
      if (pos < s.size() && s[pos] == ']') {
        ++pos;
        return in.list(std::move(items));
      }
      if (pos >= s.size() || s[pos] != ',')
        fail("Expecting ',' delimiter");
      ++pos;
    }
  }

  Value object() {
    ++pos;
    Value d = in.dict();
    skipSpace();
    if (pos < s.size() && s[pos] == '}') {
      ++pos;
      return d;
    }
    for (;;) {
      skipSpace();
      if (pos >= s.size() || s[pos] != '"')
        fail("Expecting property name enclosed in double quotes");
      Value key = in.str(string());
      skipSpace();
      if (pos >= s.size() || s[pos] != ':')
        fail("Expecting ':' delimiter");
      ++pos;
      skipSpace();
      in.setItem(d, key, value());
      skipSpace();
      if (pos < s.size() && s[pos] == '}') {
        ++pos;
        return d;
      }
      if (pos >= s.size() || s[pos] != ',')
        fail("Expecting ',' delimiter");
      ++pos;
    }
  }

  Interpreter &in;
  std::string s;
  size_t pos = 0;
};

Value jsonModule(Interpreter &in) {
  Value m = makeModule("json");
  ClassPtr error = in.defineExceptionClass(
      "JSONDecodeError", in.builtinClass("ValueError"), "json.decoder");
  in.registerClass("JSONDecodeError", error);
  m.as<ModuleObject>().dict["JSONDecodeError"] =
      Value::object(Type::Class, error);
  defFunction(in, m, "dumps", [](Interpreter &in, CallArgs &args) {
    ArgParser p(in, args, "dumps");
    DumpOptions o;
    auto flag = [&](const char *name, bool &out) {
      if (auto v = p.keyword(name))
        out = in.truthy(*v);
    };
    flag("ensure_ascii", o.ensureAscii);
    flag("sort_keys", o.sortKeys);
    flag("allow_nan", o.allowNan);
    for (const char *ignored : {"skipkeys", "check_circular", "cls"})
      if (auto v = p.keyword(ignored); v && in.truthy(*v))
        in.raise("NotImplementedError",
                 std::string("kiln's json.dumps does not take ") + ignored);
    if (auto v = p.keyword("indent"); v && !v->isNone()) {
      o.indent =
          v->isIntLike()
              ? std::string(
                    static_cast<size_t>(std::max<int64_t>(0, v->asInt())), ' ')
              : in.toStr(*v);
      o.itemSep = ",";
    }
    if (auto v = p.keyword("separators"); v && !v->isNone()) {
      ValueList seps = in.toList(*v);
      if (seps.size() != 2)
        in.valueError("too many values to unpack (expected 2)");
      o.itemSep = in.toStr(seps[0]);
      o.keySep = in.toStr(seps[1]);
    }
    if (auto v = p.keyword("default"))
      o.defaultFn = *v;
    p.expect(1, 1);
    std::string out;
    Encoder(in, o).encode(args.positional[0], 0, out);
    return in.str(out);
  });
  defFunction(in, m, "loads", [](Interpreter &in, CallArgs &args) {
    ArgParser p(in, args, "loads");
    p.expect(1, 1);
    const Value &text = args.positional[0];
    if (!text.is(Type::Str) && !text.is(Type::Bytes))
      in.typeError("the JSON object must be str, bytes or bytearray, not " +
                   in.typeName(text));
    std::string s =
        text.is(Type::Str) ? text.as<StrObject>().s : text.as<BytesObject>().s;
    return Decoder(in, s).document();
  });
  // dump and load: dumps and loads through a file object's write and
  // read, as the json module's own are.
  Value dumps = m.as<ModuleObject>().dict.at("dumps"),
        loads = m.as<ModuleObject>().dict.at("loads");
  defFunction(in, m, "dump", [dumps](Interpreter &in, CallArgs &args) {
    if (args.positional.size() < 2)
      in.typeError(args.positional.empty()
                       ? "dump() missing 2 required positional arguments: "
                         "'obj' and 'fp'"
                       : "dump() missing 1 required positional argument: "
                         "'fp'");
    Value fp = args.positional[1];
    args.positional.erase(args.positional.begin() + 1);
    in.call(in.getAttr(fp, "write"), ValueList{in.call(dumps, args)});
    return Value();
  });
  defFunction(in, m, "load", [loads](Interpreter &in, CallArgs &args) {
    if (args.positional.empty())
      in.typeError("load() missing 1 required positional argument: 'fp'");
    args.positional[0] =
        in.call(in.getAttr(args.positional[0], "read"), ValueList{});
    return in.call(loads, args);
  });
  return m;
}

} // namespace

void installJsonModule(Interpreter &in) {
  in.registerModule("json", jsonModule);
}

} // namespace kiln::py
