// Methods of str and bytes. Case mapping covers ASCII, Latin-1, Latin
// Extended-A, Greek and Cyrillic, which is what Python scripts commonly use.
#include "Files.h"
#include "Interpreter.h"
#include "PyFormat.h"
#include "kiln/frontend/Utf8.h"

#include <algorithm>
#include <set>

namespace kiln::py {

Value strFormatMethod(Interpreter &in, const std::string &fmt, CallArgs &args);

namespace {

// ---- codecs: UTF-8, ASCII and Latin-1, with CPython's messages ----

enum class Codec { Utf8, Ascii, Latin1 };

/// A codec's name as CPython normalizes it ("UTF8", "utf_8", "Latin-1").
Codec codecNamed(Interpreter &in, std::string name) {
  std::string key;
  for (char c : name)
    if (c != '-' && c != '_' && c != ' ')
      key.push_back(
          static_cast<char>(std::tolower(static_cast<unsigned char>(c))));
  if (key == "utf8" || key == "u8" || key == "utf")
    return Codec::Utf8;
  if (key == "ascii" || key == "usascii")
    return Codec::Ascii;
  if (key == "latin1" || key == "iso88591" || key == "l1" || key == "8859")
    return Codec::Latin1;
  in.raise("LookupError", "unknown encoding: " + name);
}

const char *codecName(Codec c) {
  return c == Codec::Utf8 ? "utf-8" : c == Codec::Ascii ? "ascii" : "latin-1";
}

/// encode()'s and decode()'s (encoding, errors) arguments.
std::pair<Codec, std::string> codecArgs(Interpreter &in, CallArgs &args,
                                        const char *fname) {
  ArgParser p(in, args, fname);
  std::optional<Value> encoding = p.keyword("encoding");
  std::optional<Value> errors = p.keyword("errors");
  p.expect(0, 2);
  if (!args.positional.empty())
    encoding = args.positional[0];
  if (args.positional.size() > 1)
    errors = args.positional[1];
  Codec codec = encoding ? codecNamed(in, in.toStr(*encoding)) : Codec::Utf8;
  std::string how = errors ? in.toStr(*errors) : "strict";
  if (how != "strict" && how != "ignore" && how != "replace")
    in.raise("NotImplementedError",
             "kiln's codecs take errors='strict', 'ignore' or 'replace'");
  return {codec, how};
}

std::string hexByte(unsigned char b) {
  char buf[8];
  snprintf(buf, sizeof buf, "0x%02x", b);
  return buf;
}

} // namespace

size_t utf8Sequence(const std::string &s, size_t i, const char *&why,
                    size_t &bad) {
  auto byte = [&](size_t k) { return static_cast<unsigned char>(s[k]); };
  unsigned char b = byte(i);
  if (b < 0x80)
    return 1;
  size_t n = b >= 0xc2 && b <= 0xdf   ? 2
             : b >= 0xe0 && b <= 0xef ? 3
             : b >= 0xf0 && b <= 0xf4 ? 4
                                      : 0;
  if (n == 0) {
    why = "invalid start byte";
    bad = 1;
    return 0;
  }
  for (size_t k = 1; k < n; ++k) {
    if (i + k >= s.size()) {
      why = "unexpected end of data";
      bad = s.size() - i;
      return 0;
    }
    unsigned char c = byte(i + k);
    // The second byte's range narrows for E0, ED, F0 and F4.
    unsigned char lo = 0x80, hi = 0xbf;
    if (k == 1) {
      if (b == 0xe0)
        lo = 0xa0;
      else if (b == 0xed)
        hi = 0x9f;
      else if (b == 0xf0)
        lo = 0x90;
      else if (b == 0xf4)
        hi = 0x8f;
    }
    if (c < lo || c > hi) {
      why = "invalid continuation byte";
      bad = k;
      return 0;
    }
  }
  return n;
}

namespace {

std::string decodeBytes(Interpreter &in, const std::string &s, Codec codec,
                        const std::string &errors) {
  std::string out;
  for (size_t i = 0; i < s.size();) {
    unsigned char b = static_cast<unsigned char>(s[i]);
    size_t n = 1, bad = 1;
    const char *why = nullptr;
    if (codec == Codec::Latin1) {
      appendCodePoint(out, b);
      ++i;
      continue;
    }
    if (codec == Codec::Ascii) {
      if (b >= 0x80)
        n = 0, why = "ordinal not in range(128)";
    } else {
      n = utf8Sequence(s, i, why, bad);
    }
    if (n) {
      out.append(s, i, n);
      i += n;
      continue;
    }
    if (errors == "strict") {
      std::string where =
          bad > 1 ? "bytes in position " + std::to_string(i) + "-" +
                        std::to_string(i + bad - 1)
                  : "byte " + hexByte(b) + " in position " + std::to_string(i);
      in.raise("UnicodeDecodeError", std::string("'") + codecName(codec) +
                                         "' codec can't decode " + where +
                                         ": " + why);
    }
    if (errors == "replace")
      appendCodePoint(out, 0xfffd);
    i += bad;
  }
  return out;
}

std::string encodeText(Interpreter &in, const std::string &text, Codec codec,
                       const std::string &errors) {
  if (codec == Codec::Utf8)
    return text;
  uint32_t limit = codec == Codec::Ascii ? 0x80 : 0x100;
  std::string out;
  size_t position = 0;
  std::u32string points = decodeUtf8(text);
  for (char32_t cp : points) {
    if (cp < limit) {
      out.push_back(static_cast<char>(cp));
    } else if (errors == "strict") {
      // CPython names the whole run of characters it cannot encode.
      size_t last = position;
      while (last + 1 < points.size() && points[last + 1] >= limit)
        ++last;
      std::string what;
      if (last == position) {
        std::string character;
        appendCodePoint(character, cp);
        what = "character '" + escapeNonAscii(character) + "' in position " +
               std::to_string(position);
      } else {
        what = "characters in position " + std::to_string(position) + "-" +
               std::to_string(last);
      }
      in.raise("UnicodeEncodeError", std::string("'") + codecName(codec) +
                                         "' codec can't encode " + what +
                                         ": ordinal not in range(" +
                                         std::to_string(limit) + ")");
    } else if (errors == "replace") {
      out.push_back('?');
    }
    ++position;
  }
  return out;
}

uint32_t toUpperCp(uint32_t c) {
  if (c >= 'a' && c <= 'z')
    return c - 32;
  if (c < 0x80)
    return c;
  if ((c >= 0xE0 && c <= 0xFE && c != 0xF7))
    return c - 32;
  if (c == 0xFF)
    return 0x178;
  if (c == 0xB5)
    return 0x39C;
  if ((c >= 0x100 && c <= 0x137) || (c >= 0x14A && c <= 0x177))
    return c & ~1u;
  if ((c >= 0x139 && c <= 0x148) || (c >= 0x179 && c <= 0x17E))
    return (c & 1) ? c : c - 1;
  if (c == 0x131)
    return 'I';
  if (c >= 0x3B1 && c <= 0x3C9)
    return c == 0x3C2 ? 0x3A3 : c - 32;
  if (c == 0x3AC)
    return 0x386;
  if (c >= 0x3AD && c <= 0x3AF)
    return c - 37;
  if (c == 0x3CC)
    return 0x38C;
  if (c == 0x3CD || c == 0x3CE)
    return c - 63;
  if (c >= 0x430 && c <= 0x44F)
    return c - 32;
  if (c >= 0x450 && c <= 0x45F)
    return c - 80;
  return c;
}

uint32_t toLowerCp(uint32_t c) {
  if (c >= 'A' && c <= 'Z')
    return c + 32;
  if (c < 0x80)
    return c;
  if (c >= 0xC0 && c <= 0xDE && c != 0xD7)
    return c + 32;
  if (c == 0x178)
    return 0xFF;
  if ((c >= 0x100 && c <= 0x137 && c != 0x130) || (c >= 0x14A && c <= 0x177))
    return c | 1u;
  if ((c >= 0x139 && c <= 0x148) || (c >= 0x179 && c <= 0x17E))
    return (c & 1) ? c + 1 : c;
  // The digraphs DŽ, LJ, NJ, DZ: upper and title case to lower case.
  if (c == 0x1C4 || c == 0x1C5 || c == 0x1C7 || c == 0x1C8 || c == 0x1CA ||
      c == 0x1CB)
    return c + (c % 3 == 0x1C4 % 3 ? 2 : 1);
  if (c == 0x1F1 || c == 0x1F2)
    return 0x1F3;
  if (c >= 0x391 && c <= 0x3A9 && c != 0x3A2)
    return c + 32;
  if (c == 0x386)
    return 0x3AC;
  if (c >= 0x388 && c <= 0x38A)
    return c + 37;
  if (c == 0x38C)
    return 0x3CC;
  if (c == 0x38E || c == 0x38F)
    return c + 63;
  if (c >= 0x410 && c <= 0x42F)
    return c + 32;
  if (c >= 0x400 && c <= 0x40F)
    return c + 80;
  return c;
}

bool isLowerCp(uint32_t c) { return toUpperCp(c) != c || c == 0xDF; }
bool isUpperCp(uint32_t c) { return toLowerCp(c) != c; }
bool isAlphaCp(uint32_t c) {
  if (c < 0x80)
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
  return isLowerCp(c) || isUpperCp(c) || c == 0xAA || c == 0xBA ||
         (c >= 0x4E00 && c <= 0x9FFF) || (c >= 0x3040 && c <= 0x30FF) ||
         (c >= 0xAC00 && c <= 0xD7A3) || (c >= 0x5D0 && c <= 0x5EA) ||
         (c >= 0x620 && c <= 0x64A);
}
bool isDigitCp(uint32_t c) { return c >= '0' && c <= '9'; }
bool isSpaceCp(uint32_t c) {
  return c == ' ' || (c >= 0x09 && c <= 0x0D) || (c >= 0x1C && c <= 0x1F) ||
         c == 0x85 || c == 0xA0 || c == 0x1680 ||
         (c >= 0x2000 && c <= 0x200A) || c == 0x2028 || c == 0x2029 ||
         c == 0x202F || c == 0x205F || c == 0x3000;
}

const std::string &S(const Value &v) { return v.as<StrObject>().s; }

std::string argStr(Interpreter &in, const Value &v, const char *method) {
  if (!v.is(Type::Str))
    in.typeError(std::string(method) + " arg must be None or str");
  return S(v);
}

std::string mapChars(const std::string &s,
                     const std::function<void(std::u32string &, size_t)> &fn) {
  std::u32string cps = decodeUtf8(s);
  for (size_t i = 0; i < cps.size(); ++i)
    fn(cps, i);
  return encodeUtf8(cps);
}

std::string lower(const std::string &s) {
  std::u32string cps = decodeUtf8(s);
  for (size_t i = 0; i < cps.size(); ++i) {
    if (cps[i] == 0x3A3) { // final sigma
      bool before = i > 0 && isAlphaCp(cps[i - 1]);
      bool after = i + 1 < cps.size() && isAlphaCp(cps[i + 1]);
      cps[i] = before && !after ? 0x3C2 : 0x3C3;
    } else {
      cps[i] = toLowerCp(cps[i]);
    }
  }
  return encodeUtf8(cps);
}

/// str.casefold: each character's full case folding (Unicode's
/// CaseFolding.txt, statuses C and F), here its lowercase except for the
/// characters that fold otherwise: ß and ẞ to "ss", the long s, final
/// sigma, micro sign and the Latin ligatures.
std::string casefold(const std::string &s) {
  std::u32string out;
  for (char32_t c : decodeUtf8(s)) {
    switch (c) {
    case 0xDF:   // ß
    case 0x1E9E: // ẞ
      out += U"ss";
      break;
    case 0x17F: // ſ
      out += U's';
      break;
    case 0x3C2: // ς
    case 0x3A3: // Σ (no final form when folding)
      out += char32_t(0x3C3);
      break;
    case 0xB5: // µ
      out += char32_t(0x3BC);
      break;
    case 0x149: // ŉ
      out += U"\u02BCn";
      break;
    case 0xFB00:
      out += U"ff";
      break;
    case 0xFB01:
      out += U"fi";
      break;
    case 0xFB02:
      out += U"fl";
      break;
    case 0xFB03:
      out += U"ffi";
      break;
    case 0xFB04:
      out += U"ffl";
      break;
    case 0xFB05:
    case 0xFB06:
      out += U"st";
      break;
    default:
      out += toLowerCp(c);
    }
  }
  return encodeUtf8(out);
}

std::string upper(const std::string &s) {
  std::u32string cps = decodeUtf8(s), out;
  for (char32_t c : cps) {
    if (c == 0xDF) {
      out += U"SS";
      continue;
    }
    out.push_back(toUpperCp(c));
  }
  return encodeUtf8(out);
}

template <typename Pred> bool allChars(const std::string &s, Pred pred) {
  std::u32string cps = decodeUtf8(s);
  if (cps.empty())
    return false;
  return std::all_of(cps.begin(), cps.end(), pred);
}

/// The characters strip() and friends remove.
std::u32string stripSet(Interpreter &in, CallArgs &args, const char *name) {
  ArgParser(in, args, name).expect(0, 1);
  if (args.positional.empty() || args.positional[0].isNone())
    return U"";
  return decodeUtf8(argStr(in, args.positional[0], name));
}

std::string strip(const std::string &s, const std::u32string &chars, bool left,
                  bool right) {
  std::u32string cps = decodeUtf8(s);
  auto remove = [&](char32_t c) {
    return chars.empty() ? isSpaceCp(c) : chars.find(c) != std::u32string::npos;
  };
  size_t b = 0, e = cps.size();
  if (left)
    while (b < e && remove(cps[b]))
      ++b;
  if (right)
    while (e > b && remove(cps[e - 1]))
      --e;
  return encodeUtf8(cps.substr(b, e - b));
}

ValueList split(Interpreter &in, const std::string &s, CallArgs &args,
                bool fromRight) {
  ArgParser p(in, args, fromRight ? "rsplit" : "split");
  std::optional<Value> sepArg = p.keyword("sep");
  std::optional<Value> maxArg = p.keyword("maxsplit");
  p.expect(0, 2);
  if (!args.positional.empty())
    sepArg = args.positional[0];
  if (args.positional.size() > 1)
    maxArg = args.positional[1];
  int64_t maxsplit = maxArg ? in.toIndex(*maxArg) : -1;
  ValueList out;
  if (!sepArg || sepArg->isNone()) {
    // Runs of whitespace separate; leading/trailing whitespace is dropped.
    std::u32string cps = decodeUtf8(s);
    std::vector<std::pair<size_t, size_t>> words;
    size_t i = 0;
    while (i < cps.size()) {
      while (i < cps.size() && isSpaceCp(cps[i]))
        ++i;
      if (i >= cps.size())
        break;
      size_t start = i;
      while (i < cps.size() && !isSpaceCp(cps[i]))
        ++i;
      words.push_back({start, i});
    }
    if (maxsplit < 0 || static_cast<size_t>(maxsplit) >= words.size()) {
      for (auto &w : words)
        out.push_back(
            in.str(encodeUtf8(cps.substr(w.first, w.second - w.first))));
      return out;
    }
    if (!fromRight) {
      for (int64_t k = 0; k < maxsplit; ++k)
        out.push_back(in.str(encodeUtf8(
            cps.substr(words[k].first, words[k].second - words[k].first))));
      // The rest keeps the whitespace at its end (rsplit: its start).
      size_t rest = words[maxsplit].first;
      out.push_back(in.str(encodeUtf8(cps.substr(rest))));
    } else {
      size_t n = words.size();
      size_t restEnd = words[n - maxsplit - 1].second;
      out.push_back(in.str(encodeUtf8(cps.substr(0, restEnd))));
      for (size_t k = n - maxsplit; k < n; ++k)
        out.push_back(in.str(encodeUtf8(
            cps.substr(words[k].first, words[k].second - words[k].first))));
    }
    return out;
  }
  std::string sep = argStr(in, *sepArg, "split");
  if (sep.empty())
    in.valueError("empty separator");
  std::vector<std::string> parts;
  if (!fromRight) {
    size_t start = 0;
    int64_t splits = 0;
    while (maxsplit < 0 || splits < maxsplit) {
      size_t pos = s.find(sep, start);
      if (pos == std::string::npos)
        break;
      parts.push_back(s.substr(start, pos - start));
      start = pos + sep.size();
      ++splits;
    }
    parts.push_back(s.substr(start));
  } else {
    size_t end = s.size();
    int64_t splits = 0;
    while (maxsplit < 0 || splits < maxsplit) {
      if (end < sep.size())
        break;
      size_t pos = s.rfind(sep, end - sep.size());
      if (pos == std::string::npos)
        break;
      parts.push_back(s.substr(pos + sep.size(), end - pos - sep.size()));
      end = pos;
      ++splits;
    }
    parts.push_back(s.substr(0, end));
    std::reverse(parts.begin(), parts.end());
  }
  for (auto &part : parts)
    out.push_back(in.str(part));
  return out;
}

/// Byte offset -> code point index, for find() and index() results.
int64_t cpIndex(const std::string &s, size_t byte) {
  int64_t n = 0;
  for (size_t i = 0; i < byte && i < s.size(); ++i)
    if ((static_cast<unsigned char>(s[i]) & 0xC0) != 0x80)
      ++n;
  return n;
}

/// Code point index -> byte offset, clamped to the string.
size_t byteOffset(const std::string &s, int64_t cp) {
  size_t i = 0;
  for (int64_t n = 0; i < s.size(); ++i) {
    if ((static_cast<unsigned char>(s[i]) & 0xC0) != 0x80) {
      if (n == cp)
        return i;
      ++n;
    }
  }
  return s.size();
}

/// Resolves the optional start/end arguments of find, count, startswith...
std::pair<size_t, size_t> searchRange(Interpreter &in, const StrObject &s,
                                      const ValueList &args, size_t first) {
  int64_t len = s.length;
  auto get = [&](size_t i, int64_t dflt) {
    if (args.size() <= i || args[i].isNone())
      return dflt;
    int64_t v = in.toIndex(args[i], "slice indices must be integers or None "
                                    "or have an __index__ method");
    return v < 0 ? std::max<int64_t>(0, v + len) : v;
  };
  int64_t start = get(first, 0), end = std::min(get(first + 1, len), len);
  // A start past the end (or past the string) matches nothing, not even
  // the empty string: {1, 0}, which callers read as no range.
  if (end < start)
    return {1, 0};
  return {byteOffset(s.s, start), byteOffset(s.s, end)};
}

int64_t findIn(Interpreter &in, const Value &self, CallArgs &args,
               const char *name, bool fromRight) {
  ArgParser(in, args, name).expect(1, 3);
  std::string needle = argStr(in, args.positional[0], name);
  auto &s = self.as<StrObject>();
  auto [b, e] = searchRange(in, s, args.positional, 1);
  if (e < b || e - b < needle.size())
    return -1;
  std::string_view hay(s.s.data() + b, e - b);
  size_t pos = fromRight ? hay.rfind(needle) : hay.find(needle);
  if (pos == std::string::npos)
    return -1;
  return cpIndex(s.s, b + pos);
}

std::string pad(const std::string &s, size_t len, int64_t width, char32_t fill,
                int align) { // -1 left, 0 center, 1 right
  if (width <= static_cast<int64_t>(len))
    return s;
  size_t total = width - len;
  size_t left = align < 0   ? 0
                : align > 0 ? total
                            : total / 2 + (total & width & 1);
  std::string f;
  appendCodePoint(f, fill);
  std::string out;
  for (size_t i = 0; i < left; ++i)
    out += f;
  out += s;
  for (size_t i = 0; i < total - left; ++i)
    out += f;
  return out;
}

char32_t fillArg(Interpreter &in, CallArgs &args, const char *name) {
  if (args.positional.size() < 2)
    return U' ';
  const Value &f = args.positional[1];
  if (!f.is(Type::Str) || f.as<StrObject>().length != 1)
    in.typeError(std::string("The fill character must be exactly one "
                             "character long"));
  return decodeUtf8(S(f))[0];
}

} // namespace

std::string encodeLatin1(Interpreter &in, const std::string &text) {
  return encodeText(in, text, Codec::Latin1, "strict");
}

namespace {

/// A bytes method's argument as the str method takes it: ASCII bytes as
/// str (in tuples too); a str is CPython's TypeError.
Value bytesAsStr(Interpreter &in, const Value &v) {
  if (v.is(Type::Bytes)) {
    const std::string &text = v.as<BytesObject>().s;
    if (std::any_of(text.begin(), text.end(), [](char c) {
          return static_cast<unsigned char>(c) >= 0x80;
        }))
      in.raise("NotImplementedError",
               "kiln supports bytes methods on ASCII bytes only");
    return in.str(text);
  }
  if (v.is(Type::Tuple)) { // startswith((b"a", b"b"))
    ValueList items;
    for (auto &item : v.as<TupleObject>().items)
      items.push_back(bytesAsStr(in, item));
    return in.tuple(std::move(items));
  }
  if (v.is(Type::Str))
    in.typeError("a bytes-like object is required, not 'str'");
  return v;
}

/// A str method's result as the bytes method gives it.
Value strAsBytes(Interpreter &in, const Value &v) {
  if (v.is(Type::Str))
    return in.bytes(v.as<StrObject>().s);
  if (v.is(Type::List) || v.is(Type::Tuple)) { // split, partition
    ValueList items;
    for (auto &item : in.toList(v))
      items.push_back(strAsBytes(in, item));
    return v.is(Type::List) ? in.list(std::move(items))
                            : in.tuple(std::move(items));
  }
  return v;
}

} // namespace

void Interpreter::installStrMethods() {
  using Args = CallArgs;
  auto def = [&](const char *name, MethodFn fn) {
    defineMethod(Type::Str, name, std::move(fn));
  };
  // str.translate: each character looked up in `table` by code point; a
  // missing one (LookupError) stays, None deletes it.
  def("translate", [](Interpreter &in, const Value &self, Args &args) {
    ArgParser(in, args, "translate").expect(1, 1);
    const Value &table = args.positional[0];
    std::string out;
    for (char32_t cp : decodeUtf8(S(self))) {
      Value to;
      try {
        to = in.getItem(table, Value::integer(cp));
      } catch (PyException &e) {
        if (!in.isInstance(e.exc, in.builtinClass("LookupError").get()))
          throw;
        appendCodePoint(out, cp);
        continue;
      }
      if (to.isNone())
        continue;
      if (to.is(Type::Str))
        out += to.as<StrObject>().s;
      else if (to.is(Type::Int))
        appendCodePoint(out, static_cast<uint32_t>(in.toIndex(to)));
      else
        in.typeError("character mapping must return integer, None or str");
    }
    return in.str(out);
  });
  // str.maketrans(dict) or (from, to[, delete]): a table of code points.
  builtinClass("str")->dict["maketrans"] =
      builtin("maketrans", [](Interpreter &in, Args &args) {
        ArgParser(in, args, "maketrans").expect(1, 3);
        auto &a = args.positional;
        Value table = in.dict();
        auto codePoint = [&](const Value &k) -> Value {
          if (k.is(Type::Int))
            return k;
          std::u32string cps =
              k.is(Type::Str) ? decodeUtf8(k.as<StrObject>().s) : U"";
          if (cps.size() != 1)
            in.valueError("string keys in translate table must be of length 1");
          return Value::integer(cps[0]);
        };
        if (a.size() == 1) {
          if (!a[0].is(Type::Dict))
            in.typeError("if you give only one argument to maketrans it must "
                         "be a dict");
          for (const Value &k : in.toList(a[0]))
            in.setItem(table, codePoint(k), in.getItem(a[0], k));
          return table;
        }
        for (const Value &v : a)
          if (!v.is(Type::Str))
            in.typeError("maketrans() argument must be str, not " +
                         in.typeName(v));
        std::u32string from = decodeUtf8(a[0].as<StrObject>().s),
                       to = decodeUtf8(a[1].as<StrObject>().s);
        if (from.size() != to.size())
          in.valueError("the first two maketrans arguments must have equal "
                        "length");
        for (size_t i = 0; i < from.size(); ++i)
          in.setItem(table, Value::integer(from[i]), Value::integer(to[i]));
        if (a.size() == 3)
          for (char32_t cp : decodeUtf8(a[2].as<StrObject>().s))
            in.setItem(table, Value::integer(cp), Value());
        return table;
      });
  auto unary = [&](const char *name, std::string (*fn)(const std::string &)) {
    def(name, [name, fn](Interpreter &in, const Value &self, Args &args) {
      ArgParser(in, args, name).expect(0, 0);
      return in.str(fn(S(self)));
    });
  };
  unary("upper", upper);
  unary("lower", lower);
  unary("casefold", casefold);
  unary("swapcase", [](const std::string &s) {
    return mapChars(s, [](std::u32string &c, size_t i) {
      c[i] = isUpperCp(c[i]) ? toLowerCp(c[i]) : toUpperCp(c[i]);
    });
  });
  unary("title", [](const std::string &s) {
    bool prevCased = false;
    return mapChars(s, [&](std::u32string &c, size_t i) {
      bool cased = isAlphaCp(c[i]);
      c[i] = cased ? (prevCased ? toLowerCp(c[i]) : toUpperCp(c[i])) : c[i];
      prevCased = cased;
    });
  });
  unary("capitalize", [](const std::string &s) {
    return mapChars(s, [](std::u32string &c, size_t i) {
      c[i] = i == 0 ? toUpperCp(c[i]) : toLowerCp(c[i]);
    });
  });
  def("strip", [](Interpreter &in, const Value &self, Args &args) {
    return in.str(strip(S(self), stripSet(in, args, "strip"), true, true));
  });
  def("lstrip", [](Interpreter &in, const Value &self, Args &args) {
    return in.str(strip(S(self), stripSet(in, args, "lstrip"), true, false));
  });
  def("rstrip", [](Interpreter &in, const Value &self, Args &args) {
    return in.str(strip(S(self), stripSet(in, args, "rstrip"), false, true));
  });
  def("split", [](Interpreter &in, const Value &self, Args &args) {
    return in.list(split(in, S(self), args, false));
  });
  def("rsplit", [](Interpreter &in, const Value &self, Args &args) {
    return in.list(split(in, S(self), args, true));
  });
  def("splitlines", [](Interpreter &in, const Value &self, Args &args) {
    ArgParser p(in, args, "splitlines");
    std::optional<Value> keep = p.keyword("keepends");
    p.expect(0, 1);
    if (!args.positional.empty())
      keep = args.positional[0];
    bool keepends = keep && in.truthy(*keep);
    const std::string &s = S(self);
    // The bytes of the line boundary at `i`, or 0: \n, \r, \r\n, \v, \f,
    // \x1c-\x1e, and U+0085, U+2028, U+2029 in UTF-8.
    auto boundary = [&](size_t i) -> size_t {
      unsigned char c = s[i];
      if (c == '\r')
        return i + 1 < s.size() && s[i + 1] == '\n' ? 2 : 1;
      if (c == '\n' || c == '\v' || c == '\f' || (c >= 0x1c && c <= 0x1e))
        return 1;
      if (s.compare(i, 2, "\xc2\x85") == 0)
        return 2;
      if (s.compare(i, 3, "\xe2\x80\xa8") == 0 ||
          s.compare(i, 3, "\xe2\x80\xa9") == 0)
        return 3;
      return 0;
    };
    ValueList out;
    size_t start = 0;
    for (size_t i = 0; i < s.size(); ++i) {
      size_t n = boundary(i);
      if (!n)
        continue;
      out.push_back(in.str(s.substr(start, (keepends ? i + n : i) - start)));
      i += n - 1;
      start = i + 1;
    }
    if (start < s.size())
      out.push_back(in.str(s.substr(start)));
    return in.list(std::move(out));
  });
  def("join", [](Interpreter &in, const Value &self, Args &args) {
    ArgParser(in, args, "join").expect(1, 1);
    std::string out;
    size_t i = 0;
    for (auto &item : in.toList(args.positional[0])) {
      if (!item.is(Type::Str))
        in.typeError("sequence item " + std::to_string(i) +
                     ": expected str instance, " + in.cTypeName(item) +
                     " found");
      if (i++)
        out += S(self);
      out += S(item);
    }
    return in.str(std::move(out));
  });
  def("replace", [](Interpreter &in, const Value &self, Args &args) {
    ArgParser(in, args, "replace").expect(2, 3);
    std::string from = argStr(in, args.positional[0], "replace");
    std::string to = argStr(in, args.positional[1], "replace");
    int64_t count =
        args.positional.size() == 3 ? in.toIndex(args.positional[2]) : -1;
    const std::string &s = S(self);
    std::string out;
    if (from.empty()) {
      // Inserts `to` between characters and at both ends.
      std::u32string cps = decodeUtf8(s);
      int64_t done = 0;
      for (size_t i = 0; i <= cps.size(); ++i) {
        if (count < 0 || done < count) {
          out += to;
          ++done;
        }
        if (i < cps.size())
          appendCodePoint(out, cps[i]);
      }
      return in.str(out);
    }
    size_t start = 0;
    int64_t done = 0;
    while (count < 0 || done < count) {
      size_t pos = s.find(from, start);
      if (pos == std::string::npos)
        break;
      out.append(s, start, pos - start);
      out += to;
      start = pos + from.size();
      ++done;
    }
    out.append(s, start, std::string::npos);
    return in.str(std::move(out));
  });
  auto affix = [&](const char *name, bool suffix) {
    def(name, [name, suffix](Interpreter &in, const Value &self, Args &args) {
      ArgParser(in, args, name).expect(1, 3);
      auto &s = self.as<StrObject>();
      auto [b, e] = searchRange(in, s, args.positional, 1);
      bool inRange = e >= b;
      std::string_view part(s.s.data() + (inRange ? b : 0),
                            inRange ? e - b : 0);
      ValueList options;
      if (args.positional[0].is(Type::Tuple))
        options = args.positional[0].as<TupleObject>().items;
      else if (args.positional[0].is(Type::Str))
        options.push_back(args.positional[0]);
      else
        in.typeError(std::string(name) +
                     " first arg must be str or a tuple of str, not " +
                     in.typeName(args.positional[0]));
      for (auto &opt : options) {
        const std::string &x = argStr(in, opt, name);
        if (inRange && x.size() <= part.size() &&
            (suffix ? part.substr(part.size() - x.size()) == x
                    : part.substr(0, x.size()) == x))
          return Value::boolean(true);
      }
      return Value::boolean(false);
    });
  };
  affix("startswith", false);
  affix("endswith", true);
  def("removeprefix", [](Interpreter &in, const Value &self, Args &args) {
    ArgParser(in, args, "removeprefix").expect(1, 1);
    std::string p = argStr(in, args.positional[0], "removeprefix");
    const std::string &s = S(self);
    return in.str(s.compare(0, p.size(), p) == 0 ? s.substr(p.size()) : s);
  });
  def("removesuffix", [](Interpreter &in, const Value &self, Args &args) {
    ArgParser(in, args, "removesuffix").expect(1, 1);
    std::string p = argStr(in, args.positional[0], "removesuffix");
    const std::string &s = S(self);
    bool has = !p.empty() && s.size() >= p.size() &&
               s.compare(s.size() - p.size(), p.size(), p) == 0;
    return in.str(has ? s.substr(0, s.size() - p.size()) : s);
  });
  def("find", [](Interpreter &in, const Value &self, Args &args) {
    return Value::integer(findIn(in, self, args, "find", false));
  });
  def("rfind", [](Interpreter &in, const Value &self, Args &args) {
    return Value::integer(findIn(in, self, args, "rfind", true));
  });
  def("index", [](Interpreter &in, const Value &self, Args &args) {
    int64_t i = findIn(in, self, args, "index", false);
    if (i < 0)
      in.valueError("substring not found");
    return Value::integer(i);
  });
  def("rindex", [](Interpreter &in, const Value &self, Args &args) {
    int64_t i = findIn(in, self, args, "rindex", true);
    if (i < 0)
      in.valueError("substring not found");
    return Value::integer(i);
  });
  def("count", [](Interpreter &in, const Value &self, Args &args) {
    ArgParser(in, args, "count").expect(1, 3);
    std::string needle = argStr(in, args.positional[0], "count");
    auto &s = self.as<StrObject>();
    auto [b, e] = searchRange(in, s, args.positional, 1);
    if (e < b)
      return Value::integer(0);
    if (needle.empty())
      return Value::integer(cpIndex(s.s, e) - cpIndex(s.s, b) + 1);
    int64_t n = 0;
    for (size_t pos = s.s.find(needle, b);
         pos != std::string::npos && pos + needle.size() <= e;
         pos = s.s.find(needle, pos + needle.size()))
      ++n;
    return Value::integer(n);
  });
  def("format", [](Interpreter &in, const Value &self, Args &args) {
    return strFormatMethod(in, S(self), args);
  });
  def("format_map", [](Interpreter &in, const Value &self, Args &args) {
    ArgParser(in, args, "format_map").expect(1, 1);
    const Value &mapping = args.positional[0];
    if (!mapping.is(Type::Dict))
      in.raise("NotImplementedError",
               "kiln's str.format_map takes a dict only");
    CallArgs named;
    std::set<std::string> given;
    for (auto &e : mapping.as<DictObject>().table.entries())
      if (e.live) {
        named.keywords.push_back({in.toStr(e.key), e.value});
        given.insert(in.toStr(e.key));
      }
    // A dict subclass with __missing__ (defaultdict, Counter) supplies the
    // fields it lacks, as format_map looks each one up in the mapping.
    if (mapping.as<DictObject>().kind) {
      const std::string &text = S(self);
      for (size_t i = 0; i < text.size(); ++i) {
        if (text[i] != '{')
          continue;
        if (i + 1 < text.size() && text[i + 1] == '{') {
          ++i;
          continue;
        }
        size_t end = text.find_first_of(".[!:}", i + 1);
        std::string field = text.substr(i + 1, end - i - 1);
        if (field.empty() || isdigit(static_cast<unsigned char>(field[0])) ||
            given.count(field))
          continue;
        given.insert(field);
        named.keywords.push_back({field, in.getItem(mapping, in.str(field))});
      }
    }
    return strFormatMethod(in, S(self), named);
  });
  auto predicate = [&](const char *name, bool (*fn)(const std::string &)) {
    def(name, [name, fn](Interpreter &in, const Value &self, Args &args) {
      ArgParser(in, args, name).expect(0, 0);
      return Value::boolean(fn(S(self)));
    });
  };
  predicate("isdigit",
            [](const std::string &s) { return allChars(s, isDigitCp); });
  predicate("isdecimal",
            [](const std::string &s) { return allChars(s, isDigitCp); });
  predicate("isnumeric",
            [](const std::string &s) { return allChars(s, isDigitCp); });
  predicate("isalpha",
            [](const std::string &s) { return allChars(s, isAlphaCp); });
  predicate("isalnum", [](const std::string &s) {
    return allChars(s, [](char32_t c) { return isAlphaCp(c) || isDigitCp(c); });
  });
  predicate("isspace",
            [](const std::string &s) { return allChars(s, isSpaceCp); });
  predicate("isascii", [](const std::string &s) {
    return std::all_of(s.begin(), s.end(), [](char c) {
      return static_cast<unsigned char>(c) < 0x80;
    });
  });
  predicate("isupper", [](const std::string &s) {
    std::u32string cps = decodeUtf8(s);
    bool cased = false;
    for (char32_t c : cps) {
      if (isLowerCp(c))
        return false;
      cased |= isUpperCp(c);
    }
    return cased;
  });
  predicate("islower", [](const std::string &s) {
    std::u32string cps = decodeUtf8(s);
    bool cased = false;
    for (char32_t c : cps) {
      if (isUpperCp(c))
        return false;
      cased |= isLowerCp(c);
    }
    return cased;
  });
  predicate("istitle", [](const std::string &s) {
    std::u32string cps = decodeUtf8(s);
    bool prevCased = false, any = false;
    for (char32_t c : cps) {
      if (isUpperCp(c)) {
        if (prevCased)
          return false;
        prevCased = any = true;
      } else if (isLowerCp(c)) {
        if (!prevCased)
          return false;
        prevCased = true;
      } else {
        prevCased = false;
      }
    }
    return any;
  });
  predicate("isidentifier", [](const std::string &s) {
    std::u32string cps = decodeUtf8(s);
    if (cps.empty() || isDigitCp(cps[0]))
      return false;
    return std::all_of(cps.begin(), cps.end(), [](char32_t c) {
      return c == '_' || isAlphaCp(c) || isDigitCp(c) || c >= 0x80;
    });
  });
  def("zfill", [](Interpreter &in, const Value &self, Args &args) {
    ArgParser(in, args, "zfill").expect(1, 1);
    int64_t width = in.toIndex(args.positional[0]);
    auto &s = self.as<StrObject>();
    if (width <= static_cast<int64_t>(s.length))
      return self;
    if (width > kMaxStringSize)
      in.raise("MemoryError", "");
    std::string out = s.s;
    size_t signLen = !out.empty() && (out[0] == '-' || out[0] == '+') ? 1 : 0;
    out.insert(signLen, width - s.length, '0');
    return in.str(out);
  });
  auto justify = [&](const char *name, int align) {
    def(name, [name, align](Interpreter &in, const Value &self, Args &args) {
      ArgParser(in, args, name).expect(1, 2);
      auto &s = self.as<StrObject>();
      int64_t width = in.toIndex(args.positional[0]);
      if (width > kMaxStringSize)
        in.raise("MemoryError", "");
      return in.str(pad(s.s, s.length, width, fillArg(in, args, name), align));
    });
  };
  justify("ljust", -1);
  justify("rjust", 1);
  justify("center", 0);
  auto partition = [&](const char *name, bool fromRight) {
    def(name,
        [name, fromRight](Interpreter &in, const Value &self, Args &args) {
          ArgParser(in, args, name).expect(1, 1);
          std::string sep = argStr(in, args.positional[0], name);
          if (sep.empty())
            in.valueError("empty separator");
          const std::string &s = S(self);
          size_t pos = fromRight ? s.rfind(sep) : s.find(sep);
          if (pos == std::string::npos)
            return fromRight ? in.tuple({in.str(""), in.str(""), self})
                             : in.tuple({self, in.str(""), in.str("")});
          return in.tuple({in.str(s.substr(0, pos)), in.str(sep),
                           in.str(s.substr(pos + sep.size()))});
        });
  };
  partition("partition", false);
  partition("rpartition", true);
  def("expandtabs", [](Interpreter &in, const Value &self, Args &args) {
    ArgParser(in, args, "expandtabs").expect(0, 1);
    int64_t tab = args.positional.empty() ? 8 : in.toIndex(args.positional[0]);
    if (tab > INT32_MAX || tab < INT32_MIN)
      in.raise("OverflowError", "Python int too large to convert to C int");
    std::string out;
    int64_t col = 0;
    for (char32_t c : decodeUtf8(S(self))) {
      if (c == '\t') {
        int64_t spaces = tab > 0 ? tab - col % tab : 0;
        if (int64_t(out.size()) + spaces > kMaxStringSize)
          in.raise("MemoryError", "");
        out.append(spaces, ' ');
        col += spaces;
      } else {
        appendCodePoint(out, c);
        col = c == '\n' || c == '\r' ? 0 : col + 1;
      }
    }
    return in.str(out);
  });
  def("encode", [](Interpreter &in, const Value &self, Args &args) {
    auto [codec, errors] = codecArgs(in, args, "encode");
    return in.bytes(encodeText(in, S(self), codec, errors));
  });
  defineMethod(Type::Bytes, "decode",
               [](Interpreter &in, const Value &self, Args &args) {
                 auto [codec, errors] = codecArgs(in, args, "decode");
                 return in.str(
                     decodeBytes(in, self.as<BytesObject>().s, codec, errors));
               });
  installBytesMethods();
}

void Interpreter::installBytesMethods() {
  // On ASCII bytes a bytes method is the str method of the same text, with
  // bytes for str in its arguments and results (bytes reach scripts from
  // string tensors' .numpy()). Other bytes are refused, not mis-indexed.
  for (const char *name :
       {"split",   "rsplit",     "strip",      "lstrip",     "rstrip",
        "replace", "find",       "rfind",      "index",      "rindex",
        "count",   "startswith", "endswith",   "upper",      "lower",
        "isdigit", "isalpha",    "isalnum",    "isspace",    "isupper",
        "islower", "partition",  "rpartition", "splitlines", "zfill"}) {
    MethodFn method = methods_[static_cast<int>(Type::Str)].at(name);
    defineMethod(Type::Bytes, name,
                 [method](Interpreter &in, const Value &self, CallArgs &args) {
                   CallArgs converted = args;
                   for (auto &v : converted.positional)
                     v = bytesAsStr(in, v);
                   for (auto &kv : converted.keywords)
                     kv.second = bytesAsStr(in, kv.second);
                   return strAsBytes(
                       in, method(in, bytesAsStr(in, self), converted));
                 });
  }
  // join takes an iterable of bytes.
  defineMethod(Type::Bytes, "join",
               [](Interpreter &in, const Value &self, CallArgs &args) {
                 ArgParser(in, args, "join").expect(1, 1);
                 const std::string &sep = self.as<BytesObject>().s;
                 std::string out;
                 ValueList items = in.toList(args.positional[0]);
                 for (size_t i = 0; i < items.size(); ++i) {
                   if (!items[i].is(Type::Bytes))
                     in.typeError("sequence item " + std::to_string(i) +
                                  ": expected a bytes-like object, " +
                                  in.typeName(items[i]) + " found");
                   out += (i ? sep : "") + items[i].as<BytesObject>().s;
                 }
                 return in.bytes(out);
               });
  defineMethod(Type::Bytes, "hex",
               [](Interpreter &in, const Value &self, CallArgs &args) {
                 ArgParser(in, args, "hex").expect(0, 0);
                 static const char digits[] = "0123456789abcdef";
                 std::string out;
                 for (unsigned char c : self.as<BytesObject>().s)
                   out += {digits[c >> 4], digits[c & 15]};
                 return in.str(out);
               });
}

} // namespace kiln::py
