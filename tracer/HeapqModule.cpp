// Python's `heapq`: a min-heap kept in a plain list (top-k of scores,
// priority queues of work items), with CPython's sift steps so that the
// list's order after each operation is CPython's, and nlargest and
// nsmallest as sorted(...)[:n] of the iterable.
#include "Interpreter.h"
#include "StdlibModules.h"

#include <algorithm>

namespace kiln::py {

namespace {

/// The heap list of a heapq call, with CPython's TypeError for another
/// type; every access checks the index, since a user's __lt__ may change
/// the list under the sift.
class Heap {
public:
  Heap(Interpreter &in, CallArgs &args, const char *fname) : in(in) {
    const Value &list = args.positional[0];
    if (!list.is(Type::List))
      in.typeError(std::string(fname) + "() argument " +
                   (args.positional.size() > 1 ? "1 " : "") +
                   "must be list, not " + in.typeName(list));
    items = &list.as<ListObject>().items;
  }
  size_t size() const { return items->size(); }
  Value &at(size_t i) {
    if (i >= items->size())
      in.raise("RuntimeError", "list changed size during iteration");
    return (*items)[i];
  }
  bool less(const Value &a, const Value &b) {
    return in.truthy(in.compare(ast::CmpOp::Lt, a, b));
  }
  /// Moves the item at `pos` up towards `start` while it is smaller than
  /// its parent.
  void siftDown(size_t start, size_t pos) {
    Value item = at(pos);
    while (pos > start) {
      size_t parent = (pos - 1) >> 1;
      Value p = at(parent);
      if (!less(item, p))
        break;
      at(pos) = p;
      pos = parent;
    }
    at(pos) = item;
  }
  /// CPython's _siftup: moves the smaller child up until a leaf is
  /// reached, puts the item there and sifts it back down.
  void siftUp(size_t pos) {
    size_t end = size(), start = pos;
    Value item = at(pos);
    for (size_t child = 2 * pos + 1; child < end; child = 2 * pos + 1) {
      size_t right = child + 1;
      if (right < end && !less(at(child), at(right)))
        child = right;
      at(pos) = at(child);
      pos = child;
    }
    at(pos) = item;
    siftDown(start, pos);
  }

  Interpreter &in;
  ValueList *items;
};

/// nsmallest/nlargest: the first n of the iterable sorted by key (stably,
/// as sorted() is; largest first for nlargest).
Value firstSorted(Interpreter &in, CallArgs &args, const char *fname,
                  bool largest) {
  ArgParser p(in, args, fname);
  std::optional<Value> key = p.keyword("key");
  p.expect(2, 2);
  int64_t n = in.toIndex(args.positional[0]);
  ValueList items = in.toList(args.positional[1]);
  ValueList keys = items;
  if (key && !key->isNone())
    for (Value &k : keys)
      k = in.call(*key, ValueList{k});
  std::vector<size_t> order(items.size());
  for (size_t i = 0; i < order.size(); ++i)
    order[i] = i;
  std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) {
    return largest ? in.truthy(in.compare(ast::CmpOp::Lt, keys[b], keys[a]))
                   : in.truthy(in.compare(ast::CmpOp::Lt, keys[a], keys[b]));
  });
  ValueList out;
  for (size_t i = 0; i < order.size() && static_cast<int64_t>(i) < n; ++i)
    out.push_back(items[order[i]]);
  return in.list(std::move(out));
}

Value heapqModule(Interpreter &in) {
  Value m = makeModule("heapq");
  defFunction(in, m, "heappush", [](Interpreter &in, CallArgs &args) {
    ArgParser(in, args, "heappush").expect(2, 2);
    Heap heap(in, args, "heappush");
    heap.items->push_back(args.positional[1]);
    heap.siftDown(0, heap.size() - 1);
    return Value();
  });
  defFunction(in, m, "heappop", [](Interpreter &in, CallArgs &args) {
    ArgParser(in, args, "heappop").expect(1, 1);
    Heap heap(in, args, "heappop");
    if (heap.size() == 0)
      in.raise("IndexError", "index out of range");
    Value last = heap.items->back();
    heap.items->pop_back();
    if (heap.size() == 0)
      return last;
    Value top = heap.at(0);
    heap.at(0) = last;
    heap.siftUp(0);
    return top;
  });
  defFunction(in, m, "heapify", [](Interpreter &in, CallArgs &args) {
    ArgParser(in, args, "heapify").expect(1, 1);
    Heap heap(in, args, "heapify");
    for (size_t i = heap.size() / 2; i-- > 0;)
      heap.siftUp(i);
    return Value();
  });
  defFunction(in, m, "heapreplace", [](Interpreter &in, CallArgs &args) {
    ArgParser(in, args, "heapreplace").expect(2, 2);
    Heap heap(in, args, "heapreplace");
    if (heap.size() == 0)
      in.raise("IndexError", "index out of range");
    Value top = heap.at(0);
    heap.at(0) = args.positional[1];
    heap.siftUp(0);
    return top;
  });
  defFunction(in, m, "heappushpop", [](Interpreter &in, CallArgs &args) {
    ArgParser(in, args, "heappushpop").expect(2, 2);
    Heap heap(in, args, "heappushpop");
    Value item = args.positional[1];
    if (heap.size() == 0 || !heap.less(heap.at(0), item))
      return item;
    Value top = heap.at(0);
    heap.at(0) = item;
    heap.siftUp(0);
    return top;
  });
  defFunction(in, m, "nsmallest", [](Interpreter &in, CallArgs &args) {
    return firstSorted(in, args, "nsmallest", false);
  });
  defFunction(in, m, "nlargest", [](Interpreter &in, CallArgs &args) {
    return firstSorted(in, args, "nlargest", true);
  });
  return m;
}

} // namespace

void installHeapq(Interpreter &in) { in.registerModule("heapq", heapqModule); }

} // namespace kiln::py
