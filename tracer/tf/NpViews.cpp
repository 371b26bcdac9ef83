// NumPy views: arrays that share their elements with the array that owns
// them. kiln keeps each array's values whole (HostTensor is immutable), so
// sharing is bookkeeping: a view knows which of its owner's elements it
// shows, writes go to the owner, and the owner hands its new values to its
// live views after each write.
#include "NumPy.h"
#include "TfOps.h"

#include <cstring>

namespace kiln::tf {

namespace {

NdArrayObject *asArray(const Value &v) {
  return v.is(py::Type::Native) ? dynamic_cast<NdArrayObject *>(v.raw())
                                : nullptr;
}

/// The elements of `from` at `positions`, shaped as `type`.
HostTensorPtr gather(const graph::HostTensor &from,
                     const std::vector<int64_t> &positions,
                     const TensorType &type) {
  auto out = std::make_shared<graph::HostTensor>();
  out->type = type;
  if (type.dtype == DType::String) {
    for (int64_t p : positions)
      out->strings.push_back(from.strings[p]);
    return out;
  }
  size_t size = py::dtypeSize(type.dtype);
  out->bytes.resize(positions.size() * size);
  for (size_t k = 0; k < positions.size(); ++k)
    std::memcpy(out->bytes.data() + k * size,
                from.bytes.data() + positions[k] * size, size);
  return out;
}

/// Whether positions laid out in `shape` are an offset plus a stride per
/// axis: what an ndarray's strides can describe.
bool strided(const std::vector<int64_t> &positions,
             const std::vector<int64_t> &shape) {
  if (positions.empty())
    return true;
  std::vector<int64_t> stride(shape.size(), 0);
  int64_t unit = 1; // row-major step of axis d in `positions`
  for (size_t d = shape.size(); d-- > 0;) {
    if (shape[d] > 1)
      stride[d] = positions[unit] - positions[0];
    unit *= shape[d];
  }
  std::vector<int64_t> index(shape.size(), 0);
  for (int64_t expected : positions) {
    int64_t at = positions[0];
    for (size_t d = 0; d < shape.size(); ++d)
      at += index[d] * stride[d];
    if (at != expected)
      return false;
    for (size_t d = shape.size(); d-- > 0;) // the next index, row-major
      if (++index[d] < shape[d])
        break;
      else
        index[d] = 0;
  }
  return true;
}

bool contiguous(const std::vector<int64_t> &positions) {
  for (size_t k = 0; k < positions.size(); ++k)
    if (positions[k] != positions[0] + static_cast<int64_t>(k))
      return false;
  return true;
}

} // namespace

void NdArrayObject::assign(HostTensorPtr elements) {
  if (auto *owner = asArray(viewBase)) {
    auto updated = std::make_shared<graph::HostTensor>(*owner->value);
    if (updated->type.dtype == DType::String) {
      for (size_t k = 0; k < viewPositions.size(); ++k)
        updated->strings[viewPositions[k]] = elements->strings[k];
    } else {
      size_t size = py::dtypeSize(updated->type.dtype);
      for (size_t k = 0; k < viewPositions.size(); ++k)
        std::memcpy(updated->bytes.data() + viewPositions[k] * size,
                    elements->bytes.data() + k * size, size);
    }
    owner->assign(updated);
    return;
  }
  value = std::move(elements);
  // Each live view takes its elements of the new values; the views no one
  // holds any more drop out.
  size_t live = 0;
  for (auto &weak : views) {
    std::shared_ptr<py::Object> object = weak.lock();
    if (!object)
      continue;
    auto &view = static_cast<NdArrayObject &>(*object);
    view.value = gather(*value, view.viewPositions, view.value->type);
    views[live++] = weak;
  }
  views.resize(live);
}

Value npView(TfRuntime &rt, const Value &base, HostTensorPtr result,
             const std::function<Value(const Value &)> &sameOp, ViewWhen when) {
  Value out = makeNdArray(rt, result, false);
  NdArrayObject *array = asArray(base);
  if (!array || array->scalar)
    return out;
  // Which of base's elements each of result's is, then which of the
  // owner's: a view of a view looks into the same owner.
  std::vector<int64_t> positions;
  {
    EagerScope eager(rt);
    HostTensorPtr picked =
        rt.tensor(sameOp(rt.eager(flatPositions(array->value->type.shape))))
            .value;
    for (int64_t k = 0, n = picked->type.numElements(); k < n; ++k)
      positions.push_back(picked->elementAsInt(k));
  }
  Value owner = base;
  if (!array->viewBase.isNone()) {
    for (int64_t &p : positions)
      p = array->viewPositions[p];
    owner = array->viewBase;
  }
  if ((when == ViewWhen::IfStrided &&
       !strided(positions, result->type.shape)) ||
      (when == ViewWhen::IfContiguous && !contiguous(positions)))
    return out;
  auto &view = out.as<NdArrayObject>();
  view.viewBase = owner;
  view.viewPositions = std::move(positions);
  owner.as<NdArrayObject>().views.push_back(out.ptr());
  return out;
}

Value npViewOf(TfRuntime &rt, const Value &a,
               const std::function<Value(const Value &)> &sameOp,
               ViewWhen when) {
  HostTensorPtr value = npAsArray(rt, a), result;
  {
    EagerScope eager(rt);
    result = rt.tensor(sameOp(rt.eager(value))).value;
  }
  return npView(rt, a, result, sameOp, when);
}

} // namespace kiln::tf
