// Python's `bisect`: binary search in a sorted sequence (bucket
// boundaries, learning-rate schedules by step) and insort, as CPython's
// loops compare: only `<`, with the key applied to the sequence's items.
#include "Interpreter.h"
#include "StdlibModules.h"

namespace kiln::py {

namespace {

struct BisectArgs {
  Value seq, x, key;
  int64_t lo = 0, hi = 0;
};

BisectArgs parseBisect(Interpreter &in, CallArgs &args, const char *fname) {
  ArgParser p(in, args, fname);
  std::optional<Value> lo = p.keyword("lo"), hi = p.keyword("hi"),
                       key = p.keyword("key");
  p.expect(2, 4);
  BisectArgs b;
  b.seq = args.positional[0];
  b.x = args.positional[1];
  if (args.positional.size() > 2)
    lo = args.positional[2];
  if (args.positional.size() > 3)
    hi = args.positional[3];
  b.lo = lo ? in.toIndex(*lo) : 0;
  if (b.lo < 0)
    in.valueError("lo must be non-negative");
  b.hi = hi && !hi->isNone() ? in.toIndex(*hi) : in.len(b.seq);
  b.key = key ? *key : Value();
  return b;
}

/// The insertion point of `needle` (already keyed) in seq[lo:hi]: before
/// equal items (left) or after them (right).
int64_t bisect(Interpreter &in, const BisectArgs &b, const Value &needle,
               bool right) {
  int64_t lo = b.lo, hi = b.hi;
  while (lo < hi) {
    int64_t mid = lo + (hi - lo) / 2;
    Value item = in.getItem(b.seq, Value::integer(mid));
    if (!b.key.isNone())
      item = in.call(b.key, ValueList{item});
    bool goLeft = right ? in.truthy(in.compare(ast::CmpOp::Lt, needle, item))
                        : !in.truthy(in.compare(ast::CmpOp::Lt, item, needle));
    if (goLeft)
      hi = mid;
    else
      lo = mid + 1;
  }
  return lo;
}

Value bisectModule(Interpreter &in) {
  Value m = makeModule("bisect");
  for (const char *name : {"bisect_left", "bisect_right", "bisect"}) {
    std::string fname = name;
    bool right = fname != "bisect_left";
    defFunction(in, m, name, [fname, right](Interpreter &in, CallArgs &args) {
      BisectArgs b = parseBisect(in, args, fname.c_str());
      return Value::integer(bisect(in, b, b.x, right));
    });
  }
  for (const char *name : {"insort_left", "insort_right", "insort"}) {
    std::string fname = name;
    bool right = fname != "insort_left";
    defFunction(in, m, name, [fname, right](Interpreter &in, CallArgs &args) {
      BisectArgs b = parseBisect(in, args, fname.c_str());
      Value needle = b.key.isNone() ? b.x : in.call(b.key, ValueList{b.x});
      int64_t at = bisect(in, b, needle, right);
      in.call(in.getAttr(b.seq, "insert"), ValueList{Value::integer(at), b.x});
      return Value();
    });
  }
  return m;
}

} // namespace

void installBisect(Interpreter &in) {
  in.registerModule("bisect", bisectModule);
}

} // namespace kiln::py
