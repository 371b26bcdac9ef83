// Helpers for the runtime tests: RAII handles, tensor builders and
// descriptors whose specs the test owns (the runtime copies them on add).
#ifndef KILN_TEST_RUNTIME_RUNTIME_TEST_UTIL_H
#define KILN_TEST_RUNTIME_RUNTIME_TEST_UTIL_H

#include "kiln/runtime.h"

#include <catch2/catch.hpp>

#include <memory>
#include <string>
#include <vector>

#define REQUIRE_OK(expr)                                                       \
  do {                                                                         \
    kiln_status kiln_test_status_ = (expr);                                    \
    INFO(kiln_last_error());                                                   \
    REQUIRE(kiln_test_status_ == KILN_OK);                                     \
  } while (0)

namespace kiln_test {

struct TensorDeleter {
  void operator()(kiln_tensor *t) const { kiln_tensor_release(t); }
};
struct LibraryDeleter {
  void operator()(kiln_library *l) const { kiln_library_release(l); }
};
struct FunctionDeleter {
  void operator()(kiln_function *f) const { kiln_function_release(f); }
};
using Tensor = std::unique_ptr<kiln_tensor, TensorDeleter>;
using Library = std::unique_ptr<kiln_library, LibraryDeleter>;
using Function = std::unique_ptr<kiln_function, FunctionDeleter>;

inline Tensor makeTensor(kiln_dtype dtype, std::vector<int64_t> shape,
                         const void *data = nullptr) {
  kiln_tensor *t = nullptr;
  REQUIRE_OK(
      kiln_tensor_create(dtype, (int32_t)shape.size(), shape.data(), data, &t));
  return Tensor(t);
}

inline Tensor makeF32(std::vector<int64_t> shape, std::vector<float> values) {
  return makeTensor(KILN_FLOAT32, std::move(shape), values.data());
}

// A float32 tensor of |shape| holding start, start + 1, ...
inline Tensor iotaF32(std::vector<int64_t> shape, float start = 0) {
  int64_t count = 1;
  for (int64_t d : shape)
    count *= d;
  std::vector<float> values((size_t)count);
  for (size_t i = 0; i < values.size(); ++i)
    values[i] = start + (float)i;
  return makeF32(std::move(shape), values);
}

inline std::vector<float> valuesF32(const kiln_tensor *t) {
  REQUIRE(kiln_tensor_dtype(t) == KILN_FLOAT32);
  const float *data = static_cast<const float *>(kiln_tensor_data(t));
  return std::vector<float>(data, data + kiln_tensor_element_count(t));
}

inline std::vector<int64_t> shapeOf(const kiln_tensor *t) {
  const int64_t *shape = kiln_tensor_shape(t);
  return std::vector<int64_t>(shape, shape + kiln_tensor_rank(t));
}

struct Spec {
  kiln_dtype dtype;
  std::vector<int64_t> dims;
};

// A concrete function descriptor that owns its arrays.
class Desc {
public:
  Desc(std::string name, std::vector<Spec> inputs, std::vector<Spec> outputs,
       kiln_packed_fn entry, const char *signature = nullptr)
      : name_(std::move(name)), inputs_(std::move(inputs)),
        outputs_(std::move(outputs)) {
    if (signature)
      signature_ = signature;
    for (const Spec &s : inputs_)
      inputSpecs_.push_back({s.dtype, (int32_t)s.dims.size(), s.dims.data()});
    for (const Spec &s : outputs_)
      outputSpecs_.push_back({s.dtype, (int32_t)s.dims.size(), s.dims.data()});
    desc_.function_name = name_.c_str();
    desc_.signature = signature ? signature_.c_str() : nullptr;
    desc_.num_inputs = (int32_t)inputSpecs_.size();
    desc_.num_outputs = (int32_t)outputSpecs_.size();
    desc_.inputs = inputSpecs_.data();
    desc_.outputs = outputSpecs_.data();
    desc_.entry = entry;
  }
  Desc(const Desc &) = delete;
  Desc &operator=(const Desc &) = delete;
  const kiln_concrete_function_desc *get() const { return &desc_; }
  kiln_concrete_function_desc &raw() { return desc_; }

private:
  std::string name_, signature_;
  std::vector<Spec> inputs_, outputs_;
  std::vector<kiln_tensor_spec> inputSpecs_, outputSpecs_;
  kiln_concrete_function_desc desc_{};
};

inline Library makeLibrary() {
  kiln_library *l = nullptr;
  REQUIRE_OK(kiln_library_create(&l));
  return Library(l);
}

inline void add(kiln_library *lib, const Desc &desc) {
  REQUIRE_OK(kiln_library_add_function(lib, desc.get()));
}

inline Function getFunction(kiln_library *lib, const char *name) {
  kiln_function *f = nullptr;
  REQUIRE_OK(kiln_library_get_function(lib, name, &f));
  return Function(f);
}

// Calls |fn| and returns the outputs, requiring success.
inline std::vector<Tensor> call(kiln_function *fn,
                                std::vector<const kiln_tensor *> inputs,
                                size_t maxOutputs = 4) {
  std::vector<kiln_tensor *> outs(maxOutputs, nullptr);
  size_t n = 0;
  REQUIRE_OK(kiln_function_call(fn, inputs.data(), inputs.size(), outs.data(),
                                maxOutputs, &n));
  std::vector<Tensor> result;
  for (size_t i = 0; i < n; ++i)
    result.emplace_back(outs[i]);
  return result;
}

// The int32 scalar a fake_tagN function returned.
inline int32_t tagOf(kiln_function *fn,
                     std::vector<const kiln_tensor *> inputs) {
  std::vector<Tensor> outs = call(fn, std::move(inputs));
  REQUIRE(outs.size() == 1);
  REQUIRE(kiln_tensor_dtype(outs[0].get()) == KILN_INT32);
  return *static_cast<const int32_t *>(kiln_tensor_data(outs[0].get()));
}

inline bool contains(const std::string &haystack, const std::string &needle) {
  return haystack.find(needle) != std::string::npos;
}

} // namespace kiln_test

#endif
