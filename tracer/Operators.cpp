// Python's operators: arithmetic with int overflow checks and float
// semantics, comparisons, equality and hashing, truthiness, and the dunder
// methods of user classes (with reflected operands).
#include "Interpreter.h"
#include "Native.h"
#include "PyFormat.h"

#include <cmath>
#include <cstring>
#include <optional>

namespace kiln::py {

using namespace ast;

[[noreturn]] static void overflow(Interpreter &in) {
  in.raise("OverflowError",
           "integer result does not fit in 64 bits (kiln's int is 64-bit)");
}

bool Interpreter::isCallable(const Value &v) {
  return v.is(Type::Function) || v.is(Type::Builtin) ||
         v.is(Type::BoundMethod) || v.is(Type::Class) ||
         (v.is(Type::Instance) &&
          v.as<InstanceObject>().cls->lookup("__call__")) ||
         (v.is(Type::Native) && v.as<NativeObject>().isCallable());
}

bool Interpreter::truthy(const Value &v) {
  switch (v.type()) {
  case Type::Tensor:
  case Type::Native: {
    bool result;
    if (v.as<NativeObject>().truthy(*this, v, result))
      return result;
    return true;
  }
  case Type::None:
    return false;
  case Type::Bool:
  case Type::Int:
    return v.asInt() != 0;
  case Type::Float:
    return v.asFloat() != 0.0;
  case Type::Str:
    return !v.as<StrObject>().s.empty();
  case Type::Bytes:
    return !v.as<BytesObject>().s.empty();
  case Type::List:
    return !v.as<ListObject>().items.empty();
  case Type::Tuple:
    return !v.as<TupleObject>().items.empty();
  case Type::Dict:
    return v.as<DictObject>().table.size() != 0;
  case Type::Set:
    return v.as<SetObject>().table.size() != 0;
  case Type::Range:
    return v.as<RangeObject>().exactLength() != 0;
  case Type::DictView:
    return len(v) != 0;
  case Type::Instance: {
    Value result;
    if (callDunder(v, "__bool__", {}, result)) {
      if (!result.is(Type::Bool))
        typeError("__bool__ should return bool, returned " + typeName(result));
      return result.asBool();
    }
    if (callDunder(v, "__len__", {}, result))
      return toIndex(result) != 0;
    return true;
  }
  default:
    return true;
  }
}

// CPython's hashes of numbers and tuples, so that sets of them iterate in
// CPython's order (cpythonSetOrder) and hash() prints Python's values:
// numbers modulo the Mersenne prime 2^61 - 1 (equal numbers hash equal
// across int, float and bool), tuples by the xxHash-based mix.
constexpr uint64_t kHashModulus = (uint64_t(1) << 61) - 1;

static int64_t pyHashInt(int64_t v) {
  int64_t h = v >= 0 ? static_cast<int64_t>(uint64_t(v) % kHashModulus)
                     : -static_cast<int64_t>((0 - uint64_t(v)) % kHashModulus);
  return h == -1 ? -2 : h;
}

/// _Py_HashDouble for a finite value (infinities hash as +-314159).
static int64_t pyHashFloat(double v) {
  if (std::isinf(v))
    return v > 0 ? 314159 : -314159;
  int e;
  double m = std::frexp(v, &e);
  int sign = 1;
  if (m < 0) {
    sign = -1;
    m = -m;
  }
  // The mantissa 28 bits at a time, reduced modulo 2^61 - 1.
  uint64_t x = 0;
  while (m) {
    x = ((x << 28) & kHashModulus) | x >> (61 - 28);
    m *= 268435456.0;
    e -= 28;
    uint64_t y = static_cast<uint64_t>(m);
    m -= static_cast<double>(y);
    x += y;
    if (x >= kHashModulus)
      x -= kHashModulus;
  }
  // Times 2^e, the exponent reduced modulo 61.
  e = e >= 0 ? e % 61 : 61 - 1 - ((-1 - e) % 61);
  x = ((x << e) & kHashModulus) | x >> (61 - e);
  int64_t h = static_cast<int64_t>(x) * sign;
  return h == -1 ? -2 : h;
}

/// SipHash-1-3 of `data` under the key (0, 0): CPython's hash of str and
/// bytes when PYTHONHASHSEED=0 turns hash randomization off (the
/// TensorFlow goldens are recorded so), which fixes the iteration order of
/// sets of strings.
static int64_t pyHashBytes(const std::string &data) {
  if (data.empty())
    return 0;
  auto rotl = [](uint64_t x, int b) { return (x << b) | (x >> (64 - b)); };
  uint64_t v0 = 0x736f6d6570736575ULL, v1 = 0x646f72616e646f6dULL,
           v2 = 0x6c7967656e657261ULL, v3 = 0x7465646279746573ULL;
  auto round = [&] {
    v0 += v1;
    v2 += v3;
    v1 = rotl(v1, 13) ^ v0;
    v3 = rotl(v3, 16) ^ v2;
    v0 = rotl(v0, 32);
    v2 += v1;
    v0 += v3;
    v1 = rotl(v1, 17) ^ v2;
    v3 = rotl(v3, 21) ^ v0;
    v2 = rotl(v2, 32);
  };
  size_t n = data.size(), full = n / 8 * 8;
  auto word = [&](size_t at, size_t count) {
    uint64_t m = 0;
    for (size_t k = 0; k < count; ++k)
      m |= uint64_t(static_cast<uint8_t>(data[at + k])) << (8 * k);
    return m;
  };
  for (size_t at = 0; at < full; at += 8) {
    uint64_t m = word(at, 8);
    v3 ^= m;
    round();
    v0 ^= m;
  }
  uint64_t last = (uint64_t(n) << 56) | word(full, n - full);
  v3 ^= last;
  round();
  v0 ^= last;
  v2 ^= 0xff;
  round();
  round();
  round();
  int64_t h = static_cast<int64_t>((v0 ^ v1) ^ (v2 ^ v3));
  return h == -1 ? -2 : h;
}

/// CPython hashes a str's code points in its narrowest fixed width (1, 2 or
/// 4 bytes each, little-endian), not its UTF-8.
static int64_t pyHashStr(const std::string &utf8) {
  std::vector<uint32_t> points;
  for (size_t i = 0; i < utf8.size();) {
    unsigned char c = static_cast<unsigned char>(utf8[i]);
    int extra = c < 0x80 ? 0 : c < 0xE0 ? 1 : c < 0xF0 ? 2 : 3;
    uint32_t cp = extra == 0   ? c
                  : extra == 1 ? c & 0x1F
                  : extra == 2 ? c & 0x0F
                               : c & 0x07;
    for (int k = 1; k <= extra && i + k < utf8.size(); ++k)
      cp = (cp << 6) | (static_cast<unsigned char>(utf8[i + k]) & 0x3F);
    points.push_back(cp);
    i += extra + 1;
  }
  uint32_t widest = 0;
  for (uint32_t cp : points)
    widest = std::max(widest, cp);
  size_t width = widest < 0x100 ? 1 : widest < 0x10000 ? 2 : 4;
  std::string bytes;
  for (uint32_t cp : points)
    for (size_t k = 0; k < width; ++k)
      bytes.push_back(static_cast<char>((cp >> (8 * k)) & 0xFF));
  return pyHashBytes(bytes);
}

/// CPython's tuple hash (xxHash's round on each item's hash).
static size_t pyHashTuple(const std::vector<size_t> &items) {
  const uint64_t prime1 = 11400714785074694791ULL,
                 prime2 = 14029467366897019727ULL,
                 prime5 = 2870177450012600261ULL;
  uint64_t acc = prime5;
  for (size_t lane : items) {
    acc += uint64_t(lane) * prime2;
    acc = (acc << 31) | (acc >> 33);
    acc *= prime1;
  }
  acc += items.size() ^ (prime5 ^ 3527539UL);
  if (acc == uint64_t(-1))
    return 1546275796;
  return acc;
}

/// CPython's frozenset hash: its items' hashes, each with its bits
/// shuffled, xor-ed together (so the order does not matter), then mixed
/// with the size.
static size_t pyHashFrozenSet(const HashTable &table) {
  auto shuffle = [](uint64_t h) {
    return ((h ^ 89869747ULL) ^ (h << 16)) * 3644798167ULL;
  };
  uint64_t h = 0;
  for (auto &e : table.entries())
    if (e.live)
      h ^= shuffle(e.hash);
  h ^= (uint64_t(table.size()) + 1) * 1927868237ULL;
  h ^= (h >> 11) ^ (h >> 25);
  h = h * 69069U + 907133923ULL;
  if (h == uint64_t(-1))
    h = 590923713ULL;
  return h;
}

size_t Interpreter::hash(const Value &v) {
  switch (v.type()) {
  case Type::Tensor:
  case Type::Native: {
    size_t h;
    if (!v.as<NativeObject>().hash(*this, v, h))
      typeError("unhashable type: '" + typeName(v) + "'");
    return h;
  }
  case Type::None:
    return 0x5f3759df;
  case Type::Bool:
  case Type::Int:
    return static_cast<size_t>(pyHashInt(v.asInt()));
  case Type::Float: {
    double f = v.asFloat();
    // NaN hashes by identity in Python; each NaN is its own key.
    if (std::isnan(f))
      return std::hash<const void *>()(v.raw()) ^ 0x7ff8;
    return static_cast<size_t>(pyHashFloat(f));
  }
  case Type::Str:
    return static_cast<size_t>(pyHashStr(v.as<StrObject>().s));
  case Type::Bytes:
    return static_cast<size_t>(pyHashBytes(v.as<BytesObject>().s));
  case Type::Tuple: {
    std::vector<size_t> items;
    for (auto &item : v.as<TupleObject>().items)
      items.push_back(hash(item));
    return pyHashTuple(items);
  }
  case Type::Set:
    if (v.as<SetObject>().frozen)
      return pyHashFrozenSet(v.as<SetObject>().table);
    [[fallthrough]];
  case Type::List:
  case Type::Dict:
  case Type::DictView:
  case Type::Slice:
    typeError("unhashable type: '" + typeName(v) + "'");
  case Type::Instance: {
    auto &cls = *v.as<InstanceObject>().cls;
    if (const Value *h = cls.lookup("__hash__")) {
      if (h->isNone())
        typeError("unhashable type: '" + cls.name + "'");
      // (-1 is CPython's error return: a __hash__ of -1 hashes as -2.)
      int64_t given = toIndex(call(*h, ValueList{v}));
      return static_cast<size_t>(given == -1 ? -2 : given);
    }
    if (cls.lookup("__eq__"))
      typeError("unhashable type: '" + cls.name + "'");
    return std::hash<const void *>()(v.raw());
  }
  case Type::Ellipsis:
    return 0xE11;
  default:
    return std::hash<const void *>()(v.raw());
  }
}

bool Value::identical(const Value &other) const {
  if (type_ != other.type_)
    return false;
  switch (type_) {
  case Type::None:
  case Type::Ellipsis:
    return true;
  case Type::Bool:
  case Type::Int:
    return i_ == other.i_;
  case Type::Float:
    return std::memcmp(&f_, &other.f_, sizeof f_) == 0;
  default:
    return obj_ == other.obj_;
  }
}

static bool sequenceEquals(Interpreter &in, const ValueList &a,
                           const ValueList &b) {
  if (a.size() != b.size())
    return false;
  for (size_t i = 0; i < a.size(); ++i)
    if (!a[i].identical(b[i]) && !in.equals(a[i], b[i]))
      return false;
  return true;
}

/// Compares two numbers exactly, as CPython compares an int with a float
/// (converting the int to a double would round it past 2^53): -1, 0 or 1,
/// and 2 when a NaN makes them unordered.
static int compareNumbers(const Value &a, const Value &b) {
  if (a.isIntLike() && b.isIntLike())
    return a.asInt() < b.asInt() ? -1 : a.asInt() > b.asInt();
  if (!a.isIntLike() && !b.isIntLike()) {
    double x = a.toDouble(), y = b.toDouble();
    return std::isnan(x) || std::isnan(y) ? 2 : x < y ? -1 : x > y;
  }
  if (b.isIntLike()) {
    int r = compareNumbers(b, a);
    return r == 2 ? 2 : -r;
  }
  int64_t i = a.asInt();
  double d = b.toDouble();
  if (std::isnan(d))
    return 2;
  if (d >= 0x1p63)
    return -1;
  if (d < -0x1p63)
    return 1;
  double whole = std::trunc(d); // exactly an int64 here
  int64_t w = static_cast<int64_t>(whole);
  if (i != w)
    return i < w ? -1 : 1;
  return d > whole ? -1 : d < whole ? 1 : 0;
}

/// A dict's keys or items view: set-like, as collections.abc.Set.
static bool isSetLikeView(const Value &v) {
  return v.is(Type::DictView) &&
         v.as<DictViewObject>().kind != DictViewObject::Kind::Values;
}

/// `v`'s elements as a new set (a set-like view's or any iterable's); `v`
/// itself when it is a set.
static Value asSet(Interpreter &in, const Value &v) {
  if (v.is(Type::Set))
    return v;
  Value s = in.set();
  for (auto &item : in.toList(v))
    s.as<SetObject>().table.set(in, item, in.hash(item), Value());
  return s;
}

bool Interpreter::equals(const Value &a, const Value &b) {
  if (isNative(a) || isNative(b)) {
    bool result;
    const Value &n = isNative(a) ? a : b;
    const Value &other = isNative(a) ? b : a;
    n.as<NativeObject>().equals(*this, n, other, result);
    return result;
  }
  if (a.isNumber() && b.isNumber())
    return compareNumbers(a, b) == 0;
  if (a.is(Type::Instance) || b.is(Type::Instance)) {
    Value result;
    if (a.is(Type::Instance) && callDunder(a, "__eq__", {b}, result) &&
        !(result.is(Type::Builtin)))
      return truthy(result);
    if (b.is(Type::Instance) && callDunder(b, "__eq__", {a}, result))
      return truthy(result);
    return a.identical(b);
  }
  // A keys or items view equals a set, or such a view, of the same
  // elements.
  if (isSetLikeView(a) || isSetLikeView(b)) {
    for (const Value *v : {&a, &b})
      if (!v->is(Type::Set) && !isSetLikeView(*v))
        return false;
    return equals(asSet(*this, a), asSet(*this, b));
  }
  if (a.type() != b.type())
    return false;
  std::optional<RecursionScope> nested;
  if (a.is(Type::List) || a.is(Type::Tuple) || a.is(Type::Dict))
    nested.emplace(*this, " in comparison");
  switch (a.type()) {
  case Type::None:
  case Type::Ellipsis:
    return true;
  case Type::Str:
    return a.as<StrObject>().s == b.as<StrObject>().s;
  case Type::Bytes:
    return a.as<BytesObject>().s == b.as<BytesObject>().s;
  case Type::List:
    return sequenceEquals(*this, a.as<ListObject>().items,
                          b.as<ListObject>().items);
  case Type::Tuple:
    return sequenceEquals(*this, a.as<TupleObject>().items,
                          b.as<TupleObject>().items);
  case Type::Range: {
    auto &x = a.as<RangeObject>();
    auto &y = b.as<RangeObject>();
    int64_t n = x.length();
    if (n != y.length())
      return false;
    return n == 0 || (x.start == y.start && (n == 1 || x.step == y.step));
  }
  case Type::Dict: {
    auto &x = a.as<DictObject>().table;
    auto &y = b.as<DictObject>().table;
    auto counter = [](const Value &d) {
      auto &kind = d.as<DictObject>().kind;
      return kind && kind->name == "Counter";
    };
    if (counter(a) && counter(b)) {
      // Counters compare as multisets: a missing element counts zero.
      for (auto [p, q] : {std::pair{&x, &y}, std::pair{&y, &x}})
        for (auto &e : p->entries()) {
          if (!e.live)
            continue;
          auto *other = q->find(*this, e.key, e.hash);
          if (!equals(e.value, other ? other->value : Value::integer(0)))
            return false;
        }
      return true;
    }
    if (x.size() != y.size())
      return false;
    for (auto &e : x.entries()) {
      if (!e.live)
        continue;
      auto *other = y.find(*this, e.key, e.hash);
      if (!other || !equals(e.value, other->value))
        return false;
    }
    return true;
  }
  case Type::Set: {
    auto &x = a.as<SetObject>().table;
    auto &y = b.as<SetObject>().table;
    if (x.size() != y.size())
      return false;
    for (auto &e : x.entries())
      if (e.live && !y.find(*this, e.key, e.hash))
        return false;
    return true;
  }
  default:
    return a.identical(b);
  }
}

static const char *cmpSymbol(CmpOp op) { return cmpOpSymbol(op); }

/// Lexicographic ordering of sequences, as Python compares lists/tuples.
static bool sequenceCompare(Interpreter &in, CmpOp op, const ValueList &a,
                            const ValueList &b) {
  size_t n = std::min(a.size(), b.size());
  for (size_t i = 0; i < n; ++i) {
    if (a[i].identical(b[i]) || in.equals(a[i], b[i]))
      continue;
    return in.truthy(in.compare(op, a[i], b[i]));
  }
  switch (op) {
  case CmpOp::Lt:
    return a.size() < b.size();
  case CmpOp::LtE:
    return a.size() <= b.size();
  case CmpOp::Gt:
    return a.size() > b.size();
  default:
    return a.size() >= b.size();
  }
}

static const char *reflectedCompare(CmpOp op) {
  switch (op) {
  case CmpOp::Lt:
    return "__gt__";
  case CmpOp::LtE:
    return "__ge__";
  case CmpOp::Gt:
    return "__lt__";
  default:
    return "__le__";
  }
}

static const char *compareDunder(CmpOp op) {
  switch (op) {
  case CmpOp::Lt:
    return "__lt__";
  case CmpOp::LtE:
    return "__le__";
  case CmpOp::Gt:
    return "__gt__";
  default:
    return "__ge__";
  }
}

template <typename T> static bool ordered(CmpOp op, const T &a, const T &b) {
  switch (op) {
  case CmpOp::Lt:
    return a < b;
  case CmpOp::LtE:
    return a <= b;
  case CmpOp::Gt:
    return a > b;
  default:
    return a >= b;
  }
}

static bool isSubset(Interpreter &in, const HashTable &a, const HashTable &b) {
  for (auto &e : a.entries())
    if (e.live && !const_cast<HashTable &>(b).find(in, e.key, e.hash))
      return false;
  return true;
}

/// Whether `v` is a collections.Counter.
static bool isCounter(const Value &v) {
  if (!v.is(Type::Dict))
    return false;
  auto &kind = v.as<DictObject>().kind;
  return kind && kind->name == "Counter";
}

/// A Counter's count of `key` (zero when missing).
static Value countOf(Interpreter &in, const Value &counter, const Value &key) {
  auto &table = counter.as<DictObject>().table;
  auto *e = table.find(in, key, in.hash(key));
  return e ? e->value : Value::integer(0);
}

/// Counter's + - | & as collections.py computes them: element by element,
/// self's elements first, keeping positive counts only.
static Value counterBinary(Interpreter &in, BinaryOp op, const Value &a,
                           const Value &b) {
  Value result = in.dict();
  result.as<DictObject>().kind = a.as<DictObject>().kind;
  auto &out = result.as<DictObject>().table;
  auto keep = [&](const Value &key, size_t hash, const Value &count) {
    if (in.truthy(in.compare(CmpOp::Gt, count, Value::integer(0))))
      out.set(in, key, hash, count);
  };
  for (auto &e : a.as<DictObject>().table.entries()) {
    if (!e.live)
      continue;
    Value other = countOf(in, b, e.key);
    bool less = in.truthy(in.compare(CmpOp::Lt, e.value, other));
    switch (op) {
    case BinaryOp::Add:
      keep(e.key, e.hash, in.binary(BinaryOp::Add, e.value, other));
      break;
    case BinaryOp::Sub:
      keep(e.key, e.hash, in.binary(BinaryOp::Sub, e.value, other));
      break;
    case BinaryOp::BitOr:
      keep(e.key, e.hash, less ? other : e.value);
      break;
    default: // BitAnd
      keep(e.key, e.hash, less ? e.value : other);
      break;
    }
  }
  if (op == BinaryOp::BitAnd)
    return result;
  auto &self = a.as<DictObject>().table;
  for (auto &e : b.as<DictObject>().table.entries()) {
    if (!e.live || self.find(in, e.key, e.hash))
      continue;
    // Elements only in other: + and | keep positive counts, - negates
    // negative ones.
    keep(e.key, e.hash,
         op == BinaryOp::Sub
             ? in.binary(BinaryOp::Sub, Value::integer(0), e.value)
             : e.value);
  }
  return result;
}

/// Counter's inclusion comparisons: every count of one at most the other's.
static bool counterIncluded(Interpreter &in, const Value &a, const Value &b) {
  for (const Value *c : {&a, &b})
    for (auto &e : c->as<DictObject>().table.entries())
      if (e.live && !in.truthy(in.compare(CmpOp::LtE, countOf(in, a, e.key),
                                          countOf(in, b, e.key))))
        return false;
  return true;
}

Value Interpreter::compare(CmpOp op, const Value &a, const Value &b) {
  if (op != CmpOp::Is && op != CmpOp::IsNot && op != CmpOp::In &&
      op != CmpOp::NotIn) {
    Value result;
    if (isNative(a) &&
        a.as<NativeObject>().compare(*this, op, a, b, false, result))
      return result;
    if (isNative(b) &&
        b.as<NativeObject>().compare(*this, op, b, a, true, result))
      return result;
  }
  switch (op) {
  case CmpOp::Eq:
    return Value::boolean(equals(a, b));
  case CmpOp::NotEq: {
    Value result;
    if (a.is(Type::Instance) && callDunder(a, "__ne__", {b}, result))
      return result;
    return Value::boolean(!equals(a, b));
  }
  case CmpOp::Is:
    return Value::boolean(a.identical(b));
  case CmpOp::IsNot:
    return Value::boolean(!a.identical(b));
  case CmpOp::In:
    return Value::boolean(contains(b, a));
  case CmpOp::NotIn:
    return Value::boolean(!contains(b, a));
  default:
    break;
  }
  if (a.isNumber() && b.isNumber()) {
    int order = compareNumbers(a, b);
    return Value::boolean(order != 2 && ordered(op, order, 0));
  }
  if (a.is(Type::Str) && b.is(Type::Str))
    return Value::boolean(
        ordered(op, a.as<StrObject>().s, b.as<StrObject>().s));
  if (a.is(Type::Bytes) && b.is(Type::Bytes))
    return Value::boolean(
        ordered(op, a.as<BytesObject>().s, b.as<BytesObject>().s));
  if (a.is(Type::List) && b.is(Type::List)) {
    RecursionScope nested(*this, " in comparison");
    return Value::boolean(sequenceCompare(*this, op, a.as<ListObject>().items,
                                          b.as<ListObject>().items));
  }
  if (a.is(Type::Tuple) && b.is(Type::Tuple)) {
    RecursionScope nested(*this, " in comparison");
    return Value::boolean(sequenceCompare(*this, op, a.as<TupleObject>().items,
                                          b.as<TupleObject>().items));
  }
  if (isCounter(a) && isCounter(b)) {
    switch (op) {
    case CmpOp::LtE:
      return Value::boolean(counterIncluded(*this, a, b));
    case CmpOp::Lt:
      return Value::boolean(counterIncluded(*this, a, b) && !equals(a, b));
    case CmpOp::GtE:
      return Value::boolean(counterIncluded(*this, b, a));
    default:
      return Value::boolean(counterIncluded(*this, b, a) && !equals(a, b));
    }
  }
  if ((a.is(Type::Set) || isSetLikeView(a)) &&
      (b.is(Type::Set) || isSetLikeView(b))) {
    Value sa = asSet(*this, a), sb = asSet(*this, b);
    auto &x = sa.as<SetObject>().table;
    auto &y = sb.as<SetObject>().table;
    switch (op) {
    case CmpOp::LtE:
      return Value::boolean(isSubset(*this, x, y));
    case CmpOp::Lt:
      return Value::boolean(x.size() < y.size() && isSubset(*this, x, y));
    case CmpOp::GtE:
      return Value::boolean(isSubset(*this, y, x));
    default:
      return Value::boolean(y.size() < x.size() && isSubset(*this, y, x));
    }
  }
  Value result;
  if (a.is(Type::Instance) && callDunder(a, compareDunder(op), {b}, result))
    return result;
  if (b.is(Type::Instance) && callDunder(b, reflectedCompare(op), {a}, result))
    return result;
  typeError(std::string("'") + cmpSymbol(op) +
            "' not supported between instances of '" + typeName(a) + "' and '" +
            typeName(b) + "'");
}

bool Interpreter::lessThan(const Value &a, const Value &b) {
  return truthy(compare(CmpOp::Lt, a, b));
}

static int64_t floorDiv(int64_t a, int64_t b) {
  int64_t q = a / b;
  if ((a % b != 0) && ((a < 0) != (b < 0)))
    --q;
  return q;
}

static int64_t floorMod(int64_t a, int64_t b) {
  int64_t r = a % b;
  if (r != 0 && ((r < 0) != (b < 0)))
    r += b;
  return r;
}

static double floatMod(double a, double b) {
  double r = std::fmod(a, b);
  if (r != 0) {
    if ((b < 0) != (r < 0))
      r += b;
  } else {
    r = std::copysign(0.0, b);
  }
  return r;
}

/// CPython's float_floor_div: floor((x - x % y) / y), corrected for
/// rounding and with the sign of zero kept.
static double floatFloorDiv(double x, double y) {
  double mod = std::fmod(x, y);
  double div = (x - mod) / y;
  if (mod != 0 && ((y < 0) != (mod < 0)))
    div -= 1.0;
  if (div == 0)
    return std::copysign(0.0, x / y);
  double floordiv = std::floor(div);
  if (div - floordiv > 0.5)
    floordiv += 1.0;
  return floordiv;
}

static Value intPow(Interpreter &in, int64_t base, int64_t exp) {
  if (exp < 0) {
    if (base == 0)
      in.raise("ZeroDivisionError", "0.0 cannot be raised to a negative power");
    return Value::floating(std::pow(double(base), double(exp)));
  }
  int64_t result = 1;
  while (exp > 0) {
    if (exp & 1)
      if (__builtin_mul_overflow(result, base, &result))
        overflow(in);
    exp >>= 1;
    if (exp > 0 && __builtin_mul_overflow(base, base, &base))
      overflow(in);
  }
  return Value::integer(result);
}

/// x / y for int64 operands, correctly rounded as CPython's int true
/// division is (a double division rounds twice once an operand passes
/// 2^53): the quotient is taken to at least 56 bits, a remainder sets its
/// lowest bit, and the conversion to double rounds once.
static double trueDivide(int64_t x, int64_t y) {
  const int64_t exact = int64_t(1) << 53;
  if (x >= -exact && x <= exact && y >= -exact && y <= exact)
    return double(x) / double(y);
  bool negative = (x < 0) != (y < 0);
  uint64_t a = x < 0 ? 0 - uint64_t(x) : uint64_t(x);
  uint64_t b = y < 0 ? 0 - uint64_t(y) : uint64_t(y);
  if (a == 0)
    return negative ? -0.0 : 0.0;
  int bitsA = 64 - __builtin_clzll(a), bitsB = 64 - __builtin_clzll(b);
  int shift = std::max(0, 56 + bitsB - bitsA);
  unsigned __int128 n = static_cast<unsigned __int128>(a) << shift;
  unsigned __int128 q = n / b;
  if (n % b)
    q |= 1;
  double r = std::ldexp(static_cast<double>(q), -shift);
  return negative ? -r : r;
}

static Value numberBinary(Interpreter &in, BinaryOp op, const Value &a,
                          const Value &b) {
  if (a.isIntLike() && b.isIntLike()) {
    int64_t x = a.asInt(), y = b.asInt(), r = 0;
    switch (op) {
    case BinaryOp::Add:
      if (__builtin_add_overflow(x, y, &r))
        overflow(in);
      return Value::integer(r);
    case BinaryOp::Sub:
      if (__builtin_sub_overflow(x, y, &r))
        overflow(in);
      return Value::integer(r);
    case BinaryOp::Mult:
      if (__builtin_mul_overflow(x, y, &r))
        overflow(in);
      return Value::integer(r);
    case BinaryOp::Div:
      if (y == 0)
        in.raise("ZeroDivisionError", "division by zero");
      return Value::floating(trueDivide(x, y));
    case BinaryOp::FloorDiv:
      if (y == 0)
        in.raise("ZeroDivisionError", "integer division or modulo by zero");
      if (x == INT64_MIN && y == -1)
        overflow(in);
      return Value::integer(floorDiv(x, y));
    case BinaryOp::Mod:
      if (y == 0)
        in.raise("ZeroDivisionError", "integer modulo by zero");
      if (y == -1)
        return Value::integer(0);
      return Value::integer(floorMod(x, y));
    case BinaryOp::Pow:
      return intPow(in, x, y);
    case BinaryOp::LShift:
      if (y < 0)
        in.valueError("negative shift count");
      if (x == 0)
        return Value::integer(0);
      if (y >= 63 || (x > 0 ? x > (INT64_MAX >> y) : x < (INT64_MIN >> y)))
        overflow(in);
      return Value::integer(
          static_cast<int64_t>(static_cast<uint64_t>(x) << y));
    case BinaryOp::RShift:
      if (y < 0)
        in.valueError("negative shift count");
      return Value::integer(y >= 63 ? (x < 0 ? -1 : 0) : x >> y);
    case BinaryOp::BitAnd:
      if (a.is(Type::Bool) && b.is(Type::Bool))
        return Value::boolean(x & y);
      return Value::integer(x & y);
    case BinaryOp::BitOr:
      if (a.is(Type::Bool) && b.is(Type::Bool))
        return Value::boolean(x | y);
      return Value::integer(x | y);
    case BinaryOp::BitXor:
      if (a.is(Type::Bool) && b.is(Type::Bool))
        return Value::boolean(x ^ y);
      return Value::integer(x ^ y);
    case BinaryOp::MatMult:
      break;
    }
    return Value();
  }
  double x = a.toDouble(), y = b.toDouble();
  switch (op) {
  case BinaryOp::Add:
    return Value::floating(x + y);
  case BinaryOp::Sub:
    return Value::floating(x - y);
  case BinaryOp::Mult:
    return Value::floating(x * y);
  case BinaryOp::Div:
    if (y == 0)
      in.raise("ZeroDivisionError", "float division by zero");
    return Value::floating(x / y);
  case BinaryOp::FloorDiv:
    if (y == 0)
      in.raise("ZeroDivisionError", "float floor division by zero");
    return Value::floating(floatFloorDiv(x, y));
  case BinaryOp::Mod:
    if (y == 0)
      in.raise("ZeroDivisionError", "float modulo");
    return Value::floating(floatMod(x, y));
  case BinaryOp::Pow: {
    if (x == 0 && y < 0)
      in.raise("ZeroDivisionError", "0.0 cannot be raised to a negative power");
    if (x < 0 && std::isfinite(x) && y != std::floor(y))
      in.raise("ValueError", "kiln does not support complex results: a "
                             "negative number to a fractional power");
    double r = std::pow(x, y);
    if (std::isinf(r) && std::isfinite(x) && std::isfinite(y))
      in.raise("OverflowError", "(34, 'Numerical result out of range')");
    return Value::floating(r);
  }
  default:
    return Value();
  }
}

static Value repeatSequence(Interpreter &in, const ValueList &items,
                            int64_t times, bool asList) {
  ValueList out;
  if (times > 0) {
    if (static_cast<size_t>(times) >
        size_t(Interpreter::kMaxListSize) / std::max<size_t>(items.size(), 1))
      in.raise("MemoryError", "");
    for (int64_t i = 0; i < times; ++i)
      out.insert(out.end(), items.begin(), items.end());
  }
  return asList ? in.list(std::move(out)) : in.tuple(std::move(out));
}

/// `s * times` for a str or bytes (as bytes of UTF-8 or raw): too long a
/// result is a MemoryError before any work.
static std::string repeatString(Interpreter &in, const std::string &s,
                                int64_t times) {
  std::string out;
  if (times <= 0)
    return out;
  if (size_t(times) > size_t(kMaxStringSize) / std::max<size_t>(s.size(), 1))
    in.raise("MemoryError", "");
  out.reserve(s.size() * size_t(times));
  for (int64_t i = 0; i < times; ++i)
    out += s;
  return out;
}

static const char *binaryDunder(BinaryOp op, bool reflected) {
  static const char *names[][2] = {
      {"__add__", "__radd__"},         {"__sub__", "__rsub__"},
      {"__mul__", "__rmul__"},         {"__matmul__", "__rmatmul__"},
      {"__truediv__", "__rtruediv__"}, {"__floordiv__", "__rfloordiv__"},
      {"__mod__", "__rmod__"},         {"__pow__", "__rpow__"},
      {"__lshift__", "__rlshift__"},   {"__rshift__", "__rrshift__"},
      {"__or__", "__ror__"},           {"__xor__", "__rxor__"},
      {"__and__", "__rand__"}};
  return names[static_cast<int>(op)][reflected ? 1 : 0];
}

Value percentFormat(Interpreter &in, const std::string &format,
                    const Value &args); // StrFormat.cpp

static Value setBinary(Interpreter &in, BinaryOp op, const HashTable &x,
                       const HashTable &y) {
  Value result = in.set();
  auto &out = result.as<SetObject>().table;
  auto &ym = const_cast<HashTable &>(y);
  switch (op) {
  case BinaryOp::BitOr:
    for (auto &e : x.entries())
      if (e.live)
        out.set(in, e.key, e.hash, Value());
    for (auto &e : y.entries())
      if (e.live)
        out.set(in, e.key, e.hash, Value());
    break;
  case BinaryOp::BitAnd:
    for (auto &e : x.entries())
      if (e.live && ym.find(in, e.key, e.hash))
        out.set(in, e.key, e.hash, Value());
    break;
  case BinaryOp::Sub:
    for (auto &e : x.entries())
      if (e.live && !ym.find(in, e.key, e.hash))
        out.set(in, e.key, e.hash, Value());
    break;
  default: // symmetric difference
    // As CPython: a copy of y, then each of x's keys removed from it when
    // there, else added (the layout, and so the order, follows).
    for (auto &e : y.entries())
      if (e.live)
        out.set(in, e.key, e.hash, Value());
    for (auto &e : x.entries())
      if (e.live && !out.erase(in, e.key, e.hash))
        out.set(in, e.key, e.hash, Value());
    break;
  }
  return result;
}

Value Interpreter::binary(BinaryOp op, const Value &a, const Value &b) {
  // str.__mod__ formats whatever its right operand is, before that
  // operand's reflected method could run.
  if (op == BinaryOp::Mod && a.is(Type::Str))
    return percentFormat(*this, a.as<StrObject>().s, b);
  // NumPy's integer scalars decline to multiply a sequence, which then
  // repeats by their __index__ (`[0] * np.int32(3)`).
  if (op == BinaryOp::Mult) {
    auto isSequence = [](const Value &v) {
      return v.is(Type::Str) || v.is(Type::List) || v.is(Type::Tuple) ||
             v.is(Type::Bytes);
    };
    if (isSequence(a) && b.is(Type::Native) && hasIndexMethod(b))
      return binary(op, a, Value::integer(toIndex(b)));
    if (isSequence(b) && a.is(Type::Native) && hasIndexMethod(a))
      return binary(op, b, Value::integer(toIndex(a)));
  }
  if (isNative(a) || isNative(b)) {
    Value result;
    if (isNative(a) &&
        a.as<NativeObject>().binary(*this, op, a, b, false, result))
      return result;
    if (isNative(b) &&
        b.as<NativeObject>().binary(*this, op, b, a, true, result))
      return result;
  }
  if (a.isNumber() && b.isNumber() && op != BinaryOp::MatMult &&
      !(a.is(Type::Float) || b.is(Type::Float)
            ? (op == BinaryOp::LShift || op == BinaryOp::RShift ||
               op == BinaryOp::BitAnd || op == BinaryOp::BitOr ||
               op == BinaryOp::BitXor)
            : false))
    return numberBinary(*this, op, a, b);

  switch (a.type()) {
  case Type::Str:
    if (op == BinaryOp::Add && b.is(Type::Str))
      return str(a.as<StrObject>().s + b.as<StrObject>().s);
    if (op == BinaryOp::Add)
      typeError("can only concatenate str (not \"" + typeName(b) +
                "\") to str");
    if (op == BinaryOp::Mult && b.isIntLike())
      return str(repeatString(*this, a.as<StrObject>().s, b.asInt()));
    break;
  case Type::Bytes:
    if (op == BinaryOp::Add && b.is(Type::Bytes))
      return bytes(a.as<BytesObject>().s + b.as<BytesObject>().s);
    if (op == BinaryOp::Mult && b.isIntLike())
      return bytes(repeatString(*this, a.as<BytesObject>().s, b.asInt()));
    break;
  case Type::List:
    if (op == BinaryOp::Add && b.is(Type::List)) {
      ValueList items = a.as<ListObject>().items;
      auto &more = b.as<ListObject>().items;
      items.insert(items.end(), more.begin(), more.end());
      return list(std::move(items));
    }
    if (op == BinaryOp::Add)
      typeError("can only concatenate list (not \"" + typeName(b) +
                "\") to list");
    if (op == BinaryOp::Mult && b.isIntLike())
      return repeatSequence(*this, a.as<ListObject>().items, b.asInt(), true);
    break;
  case Type::Tuple:
    if (op == BinaryOp::Add && b.is(Type::Tuple)) {
      ValueList items = a.as<TupleObject>().items;
      auto &more = b.as<TupleObject>().items;
      items.insert(items.end(), more.begin(), more.end());
      return tuple(std::move(items));
    }
    if (op == BinaryOp::Add)
      typeError("can only concatenate tuple (not \"" + typeName(b) +
                "\") to tuple");
    if (op == BinaryOp::Mult && b.isIntLike())
      return repeatSequence(*this, a.as<TupleObject>().items, b.asInt(), false);
    break;
  case Type::Set:
    if (b.is(Type::Set) && (op == BinaryOp::BitOr || op == BinaryOp::BitAnd ||
                            op == BinaryOp::Sub || op == BinaryOp::BitXor)) {
      Value result = setBinary(*this, op, a.as<SetObject>().table,
                               b.as<SetObject>().table);
      // set | frozenset is a set, frozenset | set a frozenset.
      result.as<SetObject>().frozen = a.as<SetObject>().frozen;
      return result;
    }
    break;
  case Type::DictView:
    // A keys or items view combines with any iterable into a set (and a
    // set with a view, through the view's reflected operator).
    if (isSetLikeView(a) && (op == BinaryOp::BitOr || op == BinaryOp::BitAnd ||
                             op == BinaryOp::Sub || op == BinaryOp::BitXor)) {
      Value sa = asSet(*this, a), sb = asSet(*this, b);
      return setBinary(*this, op, sa.as<SetObject>().table,
                       sb.as<SetObject>().table);
    }
    break;
  case Type::Dict:
    if (isCounter(a) && isCounter(b) &&
        (op == BinaryOp::Add || op == BinaryOp::Sub || op == BinaryOp::BitOr ||
         op == BinaryOp::BitAnd))
      return counterBinary(*this, op, a, b);
    if (op == BinaryOp::BitOr && b.is(Type::Dict)) {
      Value result = dict();
      for (auto *src : {&a, &b})
        for (auto &e : src->as<DictObject>().table.entries())
          if (e.live)
            result.as<DictObject>().table.set(*this, e.key, e.hash, e.value);
      return result;
    }
    break;
  default:
    break;
  }
  if (isSetLikeView(b) && !a.isNumber() &&
      (op == BinaryOp::BitOr || op == BinaryOp::BitAnd || op == BinaryOp::Sub ||
       op == BinaryOp::BitXor)) {
    Value sa = asSet(*this, a), sb = asSet(*this, b);
    return setBinary(*this, op, sa.as<SetObject>().table,
                     sb.as<SetObject>().table);
  }
  bool aSeq = a.is(Type::Str) || a.is(Type::List) || a.is(Type::Tuple) ||
              a.is(Type::Bytes);
  bool bSeq = b.is(Type::Str) || b.is(Type::List) || b.is(Type::Tuple) ||
              b.is(Type::Bytes);
  if (op == BinaryOp::Mult && (a.isIntLike() || hasIndexMethod(a)) && bSeq)
    return binary(op, b, a);
  // A sequence repeats by an object's __index__ (before that object's
  // reflected __rmul__ could run).
  if (op == BinaryOp::Mult && aSeq && hasIndexMethod(b))
    return binary(op, a, Value::integer(toIndex(b)));
  if (op == BinaryOp::Mult &&
      ((aSeq && !b.is(Type::Instance)) || (bSeq && !a.is(Type::Instance))))
    typeError("can't multiply sequence by non-int of type '" +
              qualifiedTypeName(aSeq ? b : a) + "'");

  Value result;
  if (a.is(Type::Instance) &&
      callDunder(a, binaryDunder(op, false), {b}, result))
    return result;
  if (b.is(Type::Instance) &&
      callDunder(b, binaryDunder(op, true), {a}, result))
    return result;
  typeError(std::string("unsupported operand type(s) for ") +
            binaryOpSymbol(op) + ": '" + qualifiedTypeName(a) + "' and '" +
            qualifiedTypeName(b) + "'");
}

Value Interpreter::inplace(BinaryOp op, const Value &a, const Value &b) {
  // Lists extend in place (visible through aliases); others rebind.
  if (a.is(Type::List) && op == BinaryOp::Add) {
    ValueList more = toList(b);
    auto &items = a.as<ListObject>().items;
    items.insert(items.end(), more.begin(), more.end());
    return a;
  }
  if (a.is(Type::List) && op == BinaryOp::Mult && b.isIntLike()) {
    auto &items = a.as<ListObject>().items;
    ValueList once = items;
    items.clear();
    for (int64_t i = 0; i < b.asInt(); ++i)
      items.insert(items.end(), once.begin(), once.end());
    return a;
  }
  // dict |= and the set operators update in place, as CPython's do (an
  // alias sees the change); dict |= takes pairs too, as update() does.
  if (a.is(Type::Dict) && op == BinaryOp::BitOr && !a.as<DictObject>().kind) {
    call(getAttr(a, "update"), ValueList{b});
    return a;
  }
  // (A frozenset's augmented operators make a new one, below.)
  if (a.is(Type::Set) && !a.as<SetObject>().frozen &&
      (b.is(Type::Set) || isSetLikeView(b))) {
    const char *method = op == BinaryOp::BitOr    ? "update"
                         : op == BinaryOp::BitAnd ? "intersection_update"
                         : op == BinaryOp::Sub    ? "difference_update"
                         : op == BinaryOp::BitXor
                             ? "symmetric_difference_update"
                             : nullptr;
    if (method) {
      call(getAttr(a, method), ValueList{b});
      return a;
    }
  }
  if (a.is(Type::Instance)) {
    static const char *names[] = {
        "__iadd__",      "__isub__", "__imul__", "__imatmul__", "__itruediv__",
        "__ifloordiv__", "__imod__", "__ipow__", "__ilshift__", "__irshift__",
        "__ior__",       "__ixor__", "__iand__"};
    Value result;
    if (callDunder(a, names[static_cast<int>(op)], {b}, result))
      return result;
  }
  if (isNative(a)) {
    Value result;
    if (a.as<NativeObject>().inplace(*this, op, a, b, result))
      return result;
  }
  try {
    return binary(op, a, b);
  } catch (PyException &e) {
    // No method took the operands: CPython names the augmented operator
    // ("for +=:"), binary() the plain one.
    std::string plain = std::string("unsupported operand type(s) for ") +
                        binaryOpSymbol(op) + ": '" + qualifiedTypeName(a) +
                        "' and '" + qualifiedTypeName(b) + "'";
    if (typeName(e.exc) != "TypeError" || toStr(e.exc) != plain)
      throw;
    typeError(std::string("unsupported operand type(s) for ") +
              binaryOpSymbol(op) + "=: '" + qualifiedTypeName(a) + "' and '" +
              qualifiedTypeName(b) + "'");
  }
}

Value Interpreter::unary(UnaryOpKind op, const Value &v) {
  if (op == UnaryOpKind::Not)
    return Value::boolean(!truthy(v));
  if (isNative(v)) {
    Value result;
    if (v.as<NativeObject>().unary(*this, op, v, result))
      return result;
  }
  if (v.isIntLike()) {
    int64_t x = v.asInt();
    switch (op) {
    case UnaryOpKind::USub:
      if (x == INT64_MIN)
        overflow(*this);
      return Value::integer(-x);
    case UnaryOpKind::UAdd:
      return Value::integer(x);
    default:
      return Value::integer(~x);
    }
  }
  if (v.is(Type::Float) && op != UnaryOpKind::Invert)
    return Value::floating(op == UnaryOpKind::USub ? -v.asFloat()
                                                   : v.asFloat());
  static const char *names[] = {"__pos__", "__neg__", "__invert__"};
  Value result;
  if (v.is(Type::Instance) &&
      callDunder(v, names[static_cast<int>(op)], {}, result))
    return result;
  static const char *symbols[] = {"unary +", "unary -", "unary ~"};
  typeError(std::string("bad operand type for ") +
            symbols[static_cast<int>(op)] + ": '" + cTypeName(v) + "'");
}

bool Interpreter::callDunder(const Value &self, const char *name,
                             ValueList args, Value &result) {
  if (!self.is(Type::Instance))
    return false;
  const Value *fn = self.as<InstanceObject>().cls->lookup(name);
  if (!fn || fn->isNone())
    return false;
  args.insert(args.begin(), self);
  result = call(*fn, std::move(args));
  // NotImplemented: as if the method were missing, so the reflected one
  // (or the default) runs.
  return !isNotImplemented(result);
}

} // namespace kiln::py
