// Host kernels of tf.strings' ops: AsString, StringLength, StringToNumber,
// StringUpper, StringLower, StringStrip, Substr, ReduceJoin, StringFormat
// and StringSplitV2 (one row), with the messages of TensorFlow's kernels.
#include "TfHostOps.h"
#include "TfPrint.h"
#include "TfRuntime.h"

#include <cctype>
#include <cerrno>
#include <cmath>
#include <cstdarg>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <optional>
#include <regex>

namespace kiln::tf {

using graph::DType;
using graph::HostTensor;
using graph::HostTensorPtr;

namespace {

std::shared_ptr<HostTensor> withShape(DType dtype,
                                      const std::vector<int64_t> &shape) {
  return HostTensor::zeros({dtype, shape});
}

int64_t elementCount(const std::vector<int64_t> &shape) {
  int64_t n = 1;
  for (int64_t d : shape)
    n *= d;
  return n;
}

template <typename T> void store(HostTensor &t, int64_t i, T value) {
  std::memcpy(t.bytes.data() + i * sizeof(T), &value, sizeof(T));
}

bool isSpace(char c) { return std::isspace(static_cast<unsigned char>(c)); }

std::string stripped(const std::string &s) {
  size_t begin = 0, end = s.size();
  while (begin < end && isSpace(s[begin]))
    ++begin;
  while (end > begin && isSpace(s[end - 1]))
    --end;
  return s.substr(begin, end - begin);
}

/// AsString's printf format for one element (as_string_op.cc builds it
/// from the attributes once).
bool asStringFormat(const graph::Node &n, DType dtype, std::string &format,
                    std::string &error) {
  int64_t precision = std::get<int64_t>(n.attrs.at("precision"));
  int64_t width = std::get<int64_t>(n.attrs.at("width"));
  bool scientific = std::get<bool>(n.attrs.at("scientific"));
  bool shortest = std::get<bool>(n.attrs.at("shortest"));
  const std::string &fill = std::get<std::string>(n.attrs.at("fill"));
  bool floating = isFloating(dtype);
  std::string type = py::dtypeName(dtype);
  if (!floating && dtype != DType::Bool && dtype != DType::String) {
    if (precision > -1) {
      error = "precision not supported for datatype " + type;
      return false;
    }
    if (scientific) {
      error = "scientific not supported for datatype " + type;
      return false;
    }
    if (shortest) {
      error = "shortest not supported for datatype " + type;
      return false;
    }
  }
  if (scientific && shortest) {
    error = "Cannot select both scientific and shortest notation";
    return false;
  }
  format = "%";
  if (fill.size() > 1 || (fill.size() == 1 && !std::strchr(" +-0#", fill[0]))) {
    error = "Fill argument not supported: \"" + fill + "\"";
    return false;
  }
  format += fill;
  if (width > -1)
    format += std::to_string(width);
  if (precision > -1)
    format += "." + std::to_string(precision);
  if (floating)
    format += shortest ? "g" : scientific ? "e" : "f";
  else if (dtype == DType::Int64)
    format += "lld";
  else
    format += "d";
  return true;
}

std::string formatted(const std::string &format, ...) {
  va_list args, again;
  va_start(args, format);
  va_copy(again, args);
  int size = std::vsnprintf(nullptr, 0, format.c_str(), args);
  va_end(args);
  std::string out(size > 0 ? size : 0, '\0');
  std::vsnprintf(out.data(), out.size() + 1, format.c_str(), again);
  va_end(again);
  return out;
}

/// The byte offset of UTF-8 character `chars` of `s` (s.size() past its
/// end); the count of characters when `chars` is -1.
size_t utf8Offset(const std::string &s, int64_t chars) {
  int64_t seen = 0;
  for (size_t b = 0; b < s.size(); ++b)
    if ((static_cast<unsigned char>(s[b]) & 0xC0) != 0x80) {
      if (seen == chars)
        return b;
      ++seen;
    }
  return chars < 0 ? static_cast<size_t>(seen) : s.size();
}

size_t lengthIn(const std::string &s, bool utf8) {
  return utf8 ? utf8Offset(s, -1) : s.size();
}

/// `pattern` compiled. TensorFlow's regexes are RE2's; kiln's are the C++
/// library's ECMAScript ones, which agree on the common syntax (classes,
/// escapes, quantifiers, groups, alternation, anchors) and match bytes
/// rather than UTF-8 characters. What ECMAScript cannot parse (RE2's
/// (?P<name>...) groups, inline flags) is an error naming kiln.
std::optional<std::regex> compileRegex(const std::string &pattern,
                                       std::string &error) {
  try {
    return std::regex(pattern, std::regex::ECMAScript);
  } catch (const std::regex_error &e) {
    error = "kiln could not compile the regex '" + pattern +
            "' (kiln's regexes are ECMAScript's, not RE2's): " + e.what();
    return std::nullopt;
  }
}

/// RE2's rewrite string (\0 to \9 name groups, \\ a backslash) as the
/// format ECMAScript's regex_replace takes ($&, $1, $$).
std::string ecmaRewrite(const std::string &rewrite) {
  std::string out;
  for (size_t i = 0; i < rewrite.size(); ++i) {
    char c = rewrite[i];
    if (c == '$') {
      out += "$$";
    } else if (c == '\\' && i + 1 < rewrite.size()) {
      char d = rewrite[++i];
      if (d == '0')
        out += "$&";
      else if (d >= '1' && d <= '9')
        out += std::string("$") + d;
      else
        out.push_back(d);
    } else {
      out.push_back(c);
    }
  }
  return out;
}

/// StringSplitV2's row for one string, by node `n`'s mode: on runs of
/// whitespace (leading ones dropped; after `maxsplit` splits the rest as
/// it is), on each occurrence of "sep" (as Python's str.split(sep,
/// maxsplit)), or into bytes.
HostTensorPtr splitScalar(const graph::Node &n, const std::string &s) {
  const std::string &mode = std::get<std::string>(n.attrs.at("mode"));
  const std::string &sep = std::get<std::string>(n.attrs.at("sep"));
  int64_t maxsplit = std::get<int64_t>(n.attrs.at("maxsplit"));
  std::vector<std::string> pieces;
  if (mode == "bytes") {
    for (char c : s)
      pieces.emplace_back(1, c);
  } else if (mode == "separator") {
    size_t from = 0;
    for (int64_t splits = 0; maxsplit < 0 || splits < maxsplit; ++splits) {
      size_t at = s.find(sep, from);
      if (at == std::string::npos)
        break;
      pieces.push_back(s.substr(from, at - from));
      from = at + sep.size();
    }
    pieces.push_back(s.substr(from));
  } else {
    size_t at = 0;
    auto skipSpace = [&] {
      while (at < s.size() && isSpace(s[at]))
        ++at;
    };
    skipSpace();
    for (int64_t splits = 0;
         at < s.size() && (maxsplit < 0 || splits < maxsplit); ++splits) {
      size_t end = at;
      while (end < s.size() && !isSpace(s[end]))
        ++end;
      pieces.push_back(s.substr(at, end - at));
      at = end;
      skipSpace();
    }
    if (at < s.size())
      pieces.push_back(s.substr(at));
  }
  auto result = withShape(DType::String, {static_cast<int64_t>(pieces.size())});
  result->strings = std::move(pieces);
  return result;
}

} // namespace

/// StringToNumber's parse of `s` as `dtype` (TensorFlow's
/// SafeStringToNumeric: surrounding whitespace allowed, the rest must be
/// the number).
bool parseNumber(const std::string &text, DType dtype, HostTensor &out,
                 int64_t i) {
  std::string s = stripped(text);
  if (s.empty())
    return false;
  char *end = nullptr;
  errno = 0;
  if (dtype == DType::Float32 || dtype == DType::Float64) {
    if (dtype == DType::Float32)
      store(out, i, std::strtof(s.c_str(), &end));
    else
      store(out, i, std::strtod(s.c_str(), &end));
    return end == s.c_str() + s.size();
  }
  if (!(std::isdigit(static_cast<unsigned char>(s[0])) || s[0] == '-' ||
        s[0] == '+'))
    return false;
  long long v = std::strtoll(s.c_str(), &end, 10);
  if (end != s.c_str() + s.size() || errno == ERANGE)
    return false;
  if (dtype == DType::Int32) {
    if (v < std::numeric_limits<int32_t>::min() ||
        v > std::numeric_limits<int32_t>::max())
      return false;
    store(out, i, static_cast<int32_t>(v));
  } else {
    store(out, i, static_cast<int64_t>(v));
  }
  return true;
}

bool isStringKernel(const std::string &op) {
  for (const char *k :
       {"AsString", "StringLength", "StringToNumber", "StringUpper",
        "StringLower", "StringStrip", "Substr", "ReduceJoin", "StringFormat",
        "StaticRegexReplace", "StaticRegexFullMatch", "StringSplitV2",
        "UnsortedSegmentJoin"})
    if (op == k)
      return true;
  return false;
}

bool runStringKernel(const graph::Node &n, const std::vector<HostTensorPtr> &in,
                     HostTensorPtr &out, std::string &error) {
  const std::string &op = n.op;
  const std::string invalid = "InvalidArgumentError: ";
  if (op == "UnsortedSegmentJoin") {
    // The kernel's checks, in its order, then each input string appended
    // to its segment's, after the separator once the segment holds text.
    const HostTensor &x = *in[0], &ids = *in[1], &num = *in[2];
    const auto &xs = x.type.shape, &is = ids.type.shape;
    if (num.type.numElements() == 0) {
      error = invalid + "Number of segments cannot be empty.";
      return false;
    }
    int64_t segments = num.elementAsInt(0);
    if (segments < 0) {
      error = invalid + "Number of segments must be non-negative but got " +
              std::to_string(segments);
      return false;
    }
    if (is.empty()) {
      error = invalid + "Segment_id cannot have rank 0";
      return false;
    }
    if (is.size() > xs.size()) {
      error = "OutOfRangeError: Invalid segment_id rank " +
              std::to_string(is.size()) + " for input with " +
              std::to_string(xs.size()) + " dimension(s)";
      return false;
    }
    for (size_t d = 0; d < is.size(); ++d)
      if (is[d] != xs[d]) {
        error = invalid + "Segment dimension is " + std::to_string(is[d]) +
                " while input dimension is " + std::to_string(xs.size()) +
                " in rank " + std::to_string(d);
        return false;
      }
    std::vector<int64_t> shape{segments};
    int64_t row = 1;
    for (size_t d = is.size(); d < xs.size(); ++d) {
      shape.push_back(xs[d]);
      row *= xs[d];
    }
    auto result = withShape(DType::String, shape);
    const std::string &sep = std::get<std::string>(n.attrs.at("separator"));
    for (size_t i = 0; i < x.strings.size(); ++i) {
      int64_t segment = ids.elementAsInt(i / size_t(row));
      if (segment < 0 || segment >= segments) {
        error = invalid + "segment_ids are not allowed to exceed num_segments "
                          "or to have negative values.";
        return false;
      }
      std::string &s = result->strings[size_t(segment * row) + i % row];
      if (!s.empty())
        s += sep;
      s += x.strings[i];
    }
    out = result;
    return true;
  }
  if (op == "AsString") {
    const HostTensor &x = *in[0];
    if (x.type.dtype == DType::String) { // TensorFlow passes strings through
      out = in[0];
      return true;
    }
    std::string format;
    if (!asStringFormat(n, x.type.dtype, format, error)) {
      error = invalid + error;
      return false;
    }
    auto result = withShape(DType::String, x.type.shape);
    for (size_t i = 0; i < result->strings.size(); ++i) {
      std::string &s = result->strings[i];
      if (x.type.dtype == DType::Bool)
        s = x.bytes[i] ? "true" : "false";
      else if (isFloating(x.type.dtype))
        s = formatted(format, x.elementAsDouble(i));
      else if (x.type.dtype == DType::Int64)
        s = formatted(format, static_cast<long long>(x.elementAsInt(i)));
      else
        s = formatted(format, static_cast<int>(x.elementAsInt(i)));
    }
    out = result;
    return true;
  }
  if (op == "StaticRegexReplace" || op == "StaticRegexFullMatch") {
    std::optional<std::regex> re =
        compileRegex(std::get<std::string>(n.attrs.at("pattern")), error);
    if (!re) {
      error = invalid + error;
      return false;
    }
    if (op == "StaticRegexFullMatch") {
      auto result = withShape(DType::Bool, in[0]->type.shape);
      for (size_t i = 0; i < in[0]->strings.size(); ++i)
        result->bytes[i] = std::regex_match(in[0]->strings[i], *re);
      out = result;
      return true;
    }
    std::string rewrite =
        ecmaRewrite(std::get<std::string>(n.attrs.at("rewrite")));
    auto flags = std::get<bool>(n.attrs.at("replace_global"))
                     ? std::regex_constants::format_default
                     : std::regex_constants::format_first_only;
    auto result = std::make_shared<HostTensor>(*in[0]);
    for (std::string &str : result->strings)
      str = std::regex_replace(str, *re, rewrite, flags);
    out = result;
    return true;
  }
  if (op == "StringSplitV2") {
    out = splitScalar(n, in[0]->strings.at(0));
    return true;
  }
  if (op == "StringLength") {
    bool utf8 = std::get<std::string>(n.attrs.at("unit")) == "UTF8_CHAR";
    auto result = withShape(DType::Int32, in[0]->type.shape);
    for (size_t i = 0; i < in[0]->strings.size(); ++i)
      store(*result, i,
            static_cast<int32_t>(lengthIn(in[0]->strings[i], utf8)));
    out = result;
    return true;
  }
  if (op == "StringToNumber") {
    DType to = std::get<DType>(n.attrs.at("out_type"));
    auto result = withShape(to, in[0]->type.shape);
    for (size_t i = 0; i < in[0]->strings.size(); ++i)
      if (!parseNumber(in[0]->strings[i], to, *result, i)) {
        error = invalid + "StringToNumberOp could not correctly convert " +
                "string: " + in[0]->strings[i];
        return false;
      }
    out = result;
    return true;
  }
  if (op == "StringUpper" || op == "StringLower" || op == "StringStrip") {
    auto result = std::make_shared<HostTensor>(*in[0]);
    for (std::string &s : result->strings)
      if (op == "StringStrip")
        s = stripped(s);
      else
        for (char &c : s) // ASCII only, as with encoding=''
          c = op == "StringUpper" ? std::toupper(static_cast<unsigned char>(c))
                                  : std::tolower(static_cast<unsigned char>(c));
    out = result;
    return true;
  }
  if (op == "Substr") {
    const HostTensor &x = *in[0], &pos = *in[1], &len = *in[2];
    bool utf8 = std::get<std::string>(n.attrs.at("unit")) == "UTF8_CHAR";
    if (pos.type.shape != len.type.shape) {
      error = invalid + "pos and len should have the same shape, got: " +
              pos.type.shapeString() + " vs. " + len.type.shapeString();
      return false;
    }
    // One of the string and the positions may be a scalar for the other.
    bool scalarString = x.type.shape.empty();
    bool scalarPos = pos.type.shape.empty();
    if (!scalarString && !scalarPos && x.type.shape != pos.type.shape) {
      error = "kiln's Substr takes positions of the strings' shape or "
              "scalars";
      return false;
    }
    const auto &shape = scalarString ? pos.type.shape : x.type.shape;
    auto result = withShape(DType::String, shape);
    for (int64_t i = 0; i < elementCount(shape); ++i) {
      const std::string &s = x.strings[scalarString ? 0 : i];
      int64_t p = pos.elementAsInt(scalarPos ? 0 : i);
      int64_t l = len.elementAsInt(scalarPos ? 0 : i);
      int64_t size = static_cast<int64_t>(lengthIn(s, utf8));
      if (p < -size || p > size) {
        error = invalid + "pos " + std::to_string(p) +
                " out of range for string b'" + s + "' at index " +
                std::to_string(i);
        return false;
      }
      if (p < 0)
        p += size;
      l = std::max<int64_t>(0, std::min(l, size - p));
      size_t from = utf8 ? utf8Offset(s, p) : p;
      size_t to = utf8 ? utf8Offset(s, p + l) : p + l;
      result->strings[i] = s.substr(from, to - from);
    }
    out = result;
    return true;
  }
  if (op == "ReduceJoin") {
    const HostTensor &x = *in[0];
    const auto &shape = x.type.shape;
    int64_t rank = shape.size();
    const auto &axes = std::get<std::vector<int64_t>>(n.attrs.at("axis"));
    bool keepDims = std::get<bool>(n.attrs.at("keep_dims"));
    const std::string &sep = std::get<std::string>(n.attrs.at("separator"));
    std::vector<bool> reduced(rank, false);
    std::vector<int64_t> order; // the first listed varies fastest
    for (int64_t a : axes) {
      if (a < -rank || a >= rank) {
        error = "OutOfRangeError: Invalid reduction dimension " +
                std::to_string(a) + " for input with " + std::to_string(rank) +
                " dimension(s)";
        return false;
      }
      if (a < 0)
        a += rank;
      if (reduced[a]) {
        error = invalid + "Duplicate reduction dimension " + std::to_string(a);
        return false;
      }
      reduced[a] = true;
      order.push_back(a);
    }
    std::vector<int64_t> kept, outShape;
    for (int64_t d = 0; d < rank; ++d) {
      if (!reduced[d])
        kept.push_back(d);
      if (!reduced[d] || keepDims)
        outShape.push_back(reduced[d] ? 1 : shape[d]);
    }
    std::vector<int64_t> strides(rank, 1);
    for (int64_t d = rank - 1; d > 0; --d)
      strides[d - 1] = strides[d] * shape[d];
    int64_t outer = 1, inner = 1;
    for (int64_t d : kept)
      outer *= shape[d];
    for (int64_t d : order)
      inner *= shape[d];
    auto result = withShape(DType::String, outShape);
    for (int64_t o = 0; o < outer; ++o) {
      int64_t base = 0, rest = o;
      for (size_t k = kept.size(); k-- > 0;) {
        base += (rest % shape[kept[k]]) * strides[kept[k]];
        rest /= shape[kept[k]];
      }
      std::string joined;
      for (int64_t j = 0; j < inner; ++j) {
        int64_t at = base, left = j;
        for (int64_t d : order) {
          at += (left % shape[d]) * strides[d];
          left /= shape[d];
        }
        joined += (j ? sep : "") + x.strings[at];
      }
      result->strings[o] = joined;
    }
    out = result;
    return true;
  }
  if (op == "StringFormat") {
    const std::string &tmpl = std::get<std::string>(n.attrs.at("template"));
    const std::string &mark = std::get<std::string>(n.attrs.at("placeholder"));
    int64_t summarize = std::get<int64_t>(n.attrs.at("summarize"));
    std::string text;
    size_t at = 0;
    for (const HostTensorPtr &t : in) {
      size_t next = tmpl.find(mark, at);
      text += tmpl.substr(at, next - at) + printedTensor(*t, summarize, true);
      at = next + mark.size();
    }
    auto result = withShape(DType::String, {});
    result->strings[0] = text + tmpl.substr(at);
    out = result;
    return true;
  }
  error = "kiln has no host kernel for " + op;
  return false;
}

} // namespace kiln::tf
