// String formatting: format(value, spec), `%` formatting and str.format,
// on top of PyFormat's number and string formatters.
#include "Interpreter.h"
#include "Native.h"
#include "PyFormat.h"

#include <cctype>

namespace kiln::py {

/// format(value, spec) for every type, raising what CPython raises.
Value formatValue(Interpreter &in, const Value &v, const std::string &spec) {
  try {
    switch (v.type()) {
    case Type::Bool:
      if (spec.empty())
        return in.str(in.toStr(v));
      return in.str(formatInt(v.asInt(), spec));
    case Type::Int:
      return in.str(formatInt(v.asInt(), spec));
    case Type::Float:
      return in.str(formatFloat(v.asFloat(), spec));
    case Type::Str:
      return in.str(formatString(v.as<StrObject>().s, spec));
    case Type::Instance: {
      Value result;
      if (in.callDunder(v, "__format__", {in.str(spec)}, result))
        return result;
      break;
    }
    case Type::Tensor:
    case Type::Native: {
      Value result;
      if (static_cast<NativeObject *>(v.raw())->format(in, v, spec, result))
        return result;
      break;
    }
    default:
      break;
    }
  } catch (FormatError &e) {
    in.raise(formatErrorClass(e), e.message);
  }
  if (!spec.empty())
    in.typeError("unsupported format string passed to " +
                 in.qualifiedTypeName(v) + ".__format__");
  return in.str(in.toStr(v));
}

static Value percentFormatImpl(Interpreter &in, const std::string &format,
                               const Value &args);

Value percentFormat(Interpreter &in, const std::string &format,
                    const Value &args) {
  try {
    return percentFormatImpl(in, format, args);
  } catch (FormatError &e) {
    in.raise(formatErrorClass(e), e.message);
  }
}

static Value percentFormatImpl(Interpreter &in, const std::string &format,
                               const Value &args) {
  ValueList values;
  bool isMapping = args.is(Type::Dict);
  if (args.is(Type::Tuple))
    values = args.as<TupleObject>().items;
  else
    values.push_back(args);
  size_t next = 0;
  auto take = [&]() -> Value {
    if (next >= values.size())
      in.typeError("not enough arguments for format string");
    return values[next++];
  };
  std::string out;
  for (size_t i = 0; i < format.size(); ++i) {
    char c = format[i];
    if (c != '%') {
      out.push_back(c);
      continue;
    }
    size_t start = i;
    if (++i >= format.size())
      in.valueError("incomplete format");
    Value mappingValue;
    bool haveMappingValue = false;
    if (format[i] == '(') {
      size_t close = format.find(')', i);
      if (close == std::string::npos)
        in.valueError("incomplete format key");
      if (!isMapping)
        in.typeError("format requires a mapping");
      mappingValue =
          in.getItem(args, in.str(format.substr(i + 1, close - i - 1)));
      haveMappingValue = true;
      i = close + 1;
    }
    bool left = false, zero = false, alt = false;
    char sign = 0;
    for (; i < format.size(); ++i) {
      char f = format[i];
      if (f == '-')
        left = true;
      else if (f == '0')
        zero = true;
      else if (f == '#')
        alt = true;
      else if (f == '+')
        sign = '+';
      else if (f == ' ')
        sign = sign == '+' ? '+' : ' ';
      else
        break;
    }
    std::string width, precision;
    bool hasPrecision = false;
    if (i < format.size() && format[i] == '*') {
      width = std::to_string(in.toIndex(take()));
      ++i;
    }
    while (i < format.size() &&
           std::isdigit(static_cast<unsigned char>(format[i])))
      width.push_back(format[i++]);
    if (i < format.size() && format[i] == '.') {
      hasPrecision = true;
      ++i;
      if (i < format.size() && format[i] == '*') {
        precision = std::to_string(in.toIndex(take()));
        ++i;
      }
      while (i < format.size() &&
             std::isdigit(static_cast<unsigned char>(format[i])))
        precision.push_back(format[i++]);
      if (precision.empty())
        precision = "0";
    }
    if (i >= format.size())
      in.valueError("incomplete format");
    char type = format[i];
    // Only "%%" itself is a literal percent: CPython takes a '%' after
    // flags, a width or a key as a conversion (which then consumes its
    // argument before failing as unsupported).
    if (type == '%' && i == start + 1) {
      out.push_back('%');
      continue;
    }
    Value v = haveMappingValue ? mappingValue : take();
    // Numeric conversions take a native number (a NumPy scalar, a scalar
    // tensor) as its value, as __int__ and __float__ would.
    Value number;
    if (type != 's' && type != 'r' && type != 'a' &&
        (v.is(Type::Native) || v.is(Type::Tensor)) &&
        static_cast<NativeObject *>(v.raw())->toNumber(in, v, number))
      v = number;
    if (!width.empty() && width[0] == '-') {
      left = true;
      width.erase(0, 1);
    }
    std::string align = left ? "<" : "";
    std::string numSpec = align + (sign ? std::string(1, sign) : "") +
                          (alt ? "#" : "") + (zero && !left ? "0" : "") + width;
    switch (type) {
    case 's':
    case 'r':
    case 'a': {
      std::string s = type == 's'   ? in.toStr(v)
                      : type == 'r' ? in.repr(v)
                                    : escapeNonAscii(in.repr(v));
      std::string spec = (left ? "<" : ">") + width;
      if (hasPrecision)
        spec += "." + precision;
      out += formatString(s, spec);
      break;
    }
    case 'd':
    case 'i':
    case 'u':
    case 'x':
    case 'X':
    case 'o':
    case 'c': {
      if (type == 'c') {
        std::string s =
            v.is(Type::Str) ? in.toStr(v) : formatInt(in.toIndex(v), "c");
        out += formatString(s, (left ? "<" : ">") + width);
        break;
      }
      int64_t n;
      if (v.isIntLike()) {
        n = v.asInt();
      } else if (v.is(Type::Float) &&
                 (type == 'd' || type == 'i' || type == 'u')) {
        n = static_cast<int64_t>(v.asFloat());
      } else if (type == 'd' || type == 'i' || type == 'u') {
        in.typeError(std::string("%") + type +
                     " format: a real number is required, not " +
                     in.cTypeName(v));
      } else {
        in.typeError(std::string("%") + type +
                     " format: an integer is required, not " + in.cTypeName(v));
      }
      char t = type == 'i' || type == 'u' ? 'd' : type;
      std::string body = formatInt(n, numSpec + t);
      if (hasPrecision) { // minimum digit count
        std::string digits =
            formatInt(n < 0 ? -n : n, std::string(alt ? "#" : "") + t);
        size_t want = std::stoul(precision);
        size_t prefix = alt && t != 'd' ? 2 : 0;
        std::string core = digits.substr(prefix);
        if (core.size() < want)
          core.insert(0, want - core.size(), '0');
        std::string s = (n < 0            ? "-"
                         : sign && n >= 0 ? std::string(1, sign)
                                          : "") +
                        digits.substr(0, prefix) + core;
        body = formatString(s, (left ? "<" : ">") + width);
      }
      out += body;
      break;
    }
    case 'e':
    case 'E':
    case 'f':
    case 'F':
    case 'g':
    case 'G': {
      if (!v.isNumber()) {
        // __float__ of an array (or eager tensor) of several elements.
        std::string name = in.typeName(v);
        if (name == "EagerTensor" || name == "ndarray")
          in.typeError(
              "only length-1 arrays can be converted to Python scalars");
        in.typeError("must be real number, not " + name);
      }
      std::string spec =
          numSpec + "." + (hasPrecision ? precision : "6") + type;
      out += formatFloat(v.toDouble(), spec);
      break;
    }
    default: {
      char buf[96];
      snprintf(buf, sizeof buf,
               "unsupported format character '%c' (0x%x) at index %zu", type,
               static_cast<unsigned char>(type), i);
      in.valueError(buf);
    }
    }
  }
  if (next < values.size() && !isMapping)
    in.typeError("not all arguments converted during string formatting");
  return in.str(std::move(out));
}

namespace {

class BraceFormatter {
public:
  BraceFormatter(Interpreter &in, CallArgs &args) : in_(in), args_(args) {}

  std::string format(const std::string &fmt, int depth) {
    if (depth > 2)
      in_.valueError("Max string recursion exceeded");
    std::string out;
    for (size_t i = 0; i < fmt.size(); ++i) {
      char c = fmt[i];
      if (c == '{' && i + 1 < fmt.size() && fmt[i + 1] == '{') {
        out.push_back('{');
        ++i;
      } else if (c == '}' && i + 1 < fmt.size() && fmt[i + 1] == '}') {
        out.push_back('}');
        ++i;
      } else if (c == '}') {
        in_.valueError("Single '}' encountered in format string");
      } else if (c == '{') {
        size_t end = i + 1;
        int nest = 1;
        for (; end < fmt.size(); ++end) {
          if (fmt[end] == '{')
            ++nest;
          else if (fmt[end] == '}' && --nest == 0)
            break;
          else if (fmt[end] == '[') { // brackets may contain braces' kin
            while (end < fmt.size() && fmt[end] != ']')
              ++end;
          }
        }
        if (end >= fmt.size())
          in_.valueError(nest > 1 ? "expected '}' before end of string"
                                  : "Single '{' encountered in format string");
        out += field(fmt.substr(i + 1, end - i - 1), depth);
        i = end;
      } else {
        out.push_back(c);
      }
    }
    return out;
  }

private:
  std::string field(const std::string &text, int depth) {
    // field_name [!conversion] [:spec]
    size_t stop = 0;
    while (stop < text.size() && text[stop] != '!' && text[stop] != ':') {
      if (text[stop] == '[')
        while (stop < text.size() && text[stop] != ']')
          ++stop;
      ++stop;
    }
    std::string name = text.substr(0, std::min(stop, text.size()));
    char conversion = 0;
    std::string spec;
    if (stop < text.size() && text[stop] == '!') {
      if (stop + 1 >= text.size())
        in_.valueError("end of string while looking for conversion specifier");
      conversion = text[stop + 1];
      stop += 2;
      if (stop < text.size() && text[stop] != ':')
        in_.valueError("expected ':' after conversion specifier");
    }
    // The field takes its automatic number before the fields nested in
    // its spec do, as CPython's render_field looks it up first.
    Value v = lookup(name);
    if (stop < text.size() && text[stop] == ':')
      spec = format(text.substr(stop + 1), depth + 1);
    if (conversion == 'r')
      v = in_.str(in_.repr(v));
    else if (conversion == 'a')
      v = in_.str(escapeNonAscii(in_.repr(v)));
    else if (conversion == 's')
      v = in_.str(in_.toStr(v));
    else if (conversion)
      in_.valueError(std::string("Unknown conversion specifier ") + conversion);
    return formatValue(in_, v, spec).as<StrObject>().s;
  }

  Value lookup(const std::string &name) {
    size_t end = 0;
    while (end < name.size() && name[end] != '.' && name[end] != '[')
      ++end;
    std::string first = name.substr(0, end);
    Value v;
    if (first.empty()) {
      if (manual_)
        in_.valueError("cannot switch from manual field specification to "
                       "automatic field numbering");
      automatic_ = true;
      v = positional(next_++);
    } else if (std::isdigit(static_cast<unsigned char>(first[0]))) {
      if (automatic_)
        in_.valueError("cannot switch from automatic field numbering to "
                       "manual field specification");
      manual_ = true;
      v = positional(std::stoul(first));
    } else {
      bool found = false;
      for (auto &[k, value] : args_.keywords)
        if (k == first) {
          v = value;
          found = true;
        }
      if (!found)
        in_.raiseValue(
            in_.call(Value::object(Type::Class, in_.builtinClass("KeyError")),
                     ValueList{in_.str(first)}));
    }
    for (size_t i = end; i < name.size();) {
      if (name[i] == '.') {
        size_t j = i + 1;
        while (j < name.size() && name[j] != '.' && name[j] != '[')
          ++j;
        v = in_.getAttr(v, name.substr(i + 1, j - i - 1));
        i = j;
      } else {
        size_t close = name.find(']', i);
        if (close == std::string::npos)
          in_.valueError("Missing ']' in format string");
        std::string key = name.substr(i + 1, close - i - 1);
        bool numeric = !key.empty() &&
                       key.find_first_not_of("0123456789") == std::string::npos;
        v = in_.getItem(v, numeric ? Value::integer(std::stoll(key))
                                   : in_.str(key));
        i = close + 1;
      }
    }
    return v;
  }

  Value positional(size_t index) {
    if (index >= args_.positional.size())
      in_.raise("IndexError", "Replacement index " + std::to_string(index) +
                                  " out of range for positional args tuple");
    return args_.positional[index];
  }

  Interpreter &in_;
  CallArgs &args_;
  size_t next_ = 0;
  bool automatic_ = false, manual_ = false;
};

} // namespace

Value strFormatMethod(Interpreter &in, const std::string &fmt, CallArgs &args) {
  return in.str(BraceFormatter(in, args).format(fmt, 0));
}

} // namespace kiln::py
