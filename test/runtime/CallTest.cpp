// Tests of calls: how result descriptors become tensors. Malloc'd results are
// taken over; results aliasing an input, another result or a constant global
// (0xdeadbeef), and non-contiguous ones, are copied. Run under AddressSanitizer
// these also check that nothing leaks or is freed twice.
#include "FakeFunctions.h"
#include "RuntimeTestUtil.h"

#include <cstring>
#include <string>

using namespace kiln_test;

namespace {

// A library with one concrete function "f" of one float32 input.
struct OneFunction {
  Library lib;
  Function fn;
  OneFunction(std::vector<int64_t> input, std::vector<Spec> outputs,
              kiln_packed_fn entry)
      : lib(makeLibrary()) {
    add(lib.get(), Desc("f", {{KILN_FLOAT32, std::move(input)}},
                        std::move(outputs), entry));
    fn = getFunction(lib.get(), "f");
  }
};

const Spec anyBy3 = {KILN_FLOAT32, {-1, 3}};

} // namespace

TEST_CASE("a malloc'd contiguous result is taken over", "[runtime][call]") {
  OneFunction f({-1, 3}, {anyBy3}, fake_offset_result);
  Tensor x = iotaF32({2, 3});
  std::vector<Tensor> out = call(f.fn.get(), {x.get()});
  REQUIRE(out.size() == 1);
  CHECK(shapeOf(out[0].get()) == std::vector<int64_t>{2, 3});
  // The buffer starts two floats before the data: releasing must free the
  // allocated pointer, not the data pointer.
  CHECK(valuesF32(out[0].get()) == std::vector<float>{-1, 0, 1, 2, 3, 4});
  CHECK(kiln_tensor_dl(out[0].get())->strides[0] == 3);
}

TEST_CASE("two results come back in order", "[runtime][call]") {
  OneFunction f({-1, 3}, {anyBy3, {KILN_FLOAT32, {}}}, fake_two_results);
  Tensor x = iotaF32({3, 3});
  std::vector<Tensor> out = call(f.fn.get(), {x.get()});
  REQUIRE(out.size() == 2);
  CHECK(valuesF32(out[0].get()) ==
        std::vector<float>{0, 2, 4, 6, 8, 10, 12, 14, 16});
  CHECK(kiln_tensor_rank(out[1].get()) == 0);
  CHECK(valuesF32(out[1].get()) == std::vector<float>{36});
}

TEST_CASE("a result that is an input's buffer is copied", "[runtime][call]") {
  OneFunction f({-1, 3}, {anyBy3}, fake_identity2);
  Tensor x = iotaF32({2, 3});
  std::vector<Tensor> out = call(f.fn.get(), {x.get()});
  CHECK(kiln_tensor_data(out[0].get()) != kiln_tensor_data(x.get()));
  static_cast<float *>(kiln_tensor_data(x.get()))[0] = 100;
  CHECK(valuesF32(out[0].get()) == std::vector<float>{0, 1, 2, 3, 4, 5});
  x.reset(); // the input's buffer is not freed twice
  CHECK(valuesF32(out[0].get())[5] == 5);
}

TEST_CASE("a view into an input is copied with its offset", "[runtime][call]") {
  OneFunction f({-1, 3}, {anyBy3}, fake_slice);
  Tensor x = iotaF32({3, 3});
  std::vector<Tensor> out = call(f.fn.get(), {x.get()});
  CHECK(shapeOf(out[0].get()) == std::vector<int64_t>{2, 3});
  CHECK(valuesF32(out[0].get()) == std::vector<float>{3, 4, 5, 6, 7, 8});
}

TEST_CASE("a borrowed input with a byte offset is passed and copied correctly",
          "[runtime][call]") {
  OneFunction f({-1, 3}, {anyBy3}, fake_identity2);
  float data[9] = {0, 1, 2, 3, 4, 5, 6, 7, 8};
  std::vector<int64_t> shape = {2, 3};
  kiln_dltensor view{};
  view.data = data;
  view.device.device_type = KILN_DL_CPU;
  view.ndim = 2;
  view.dtype = {KILN_DL_FLOAT, 32, 1};
  view.shape = shape.data();
  view.byte_offset = 3 * sizeof(float);
  kiln_tensor *wrapped = nullptr;
  REQUIRE_OK(kiln_tensor_wrap(&view, nullptr, nullptr, &wrapped));
  Tensor x(wrapped);
  std::vector<Tensor> out = call(f.fn.get(), {wrapped});
  CHECK(valuesF32(out[0].get()) == std::vector<float>{3, 4, 5, 6, 7, 8});
}

TEST_CASE("a constant global result (0xdeadbeef) is copied",
          "[runtime][call]") {
  OneFunction f({-1, 3}, {{KILN_FLOAT32, {2, 3}}}, fake_constant);
  Tensor x = iotaF32({1, 3});
  std::vector<Tensor> a = call(f.fn.get(), {x.get()});
  std::vector<Tensor> b = call(f.fn.get(), {x.get()});
  CHECK(kiln_tensor_data(a[0].get()) !=
        static_cast<const void *>(fake_constant_values));
  CHECK(kiln_tensor_data(a[0].get()) != kiln_tensor_data(b[0].get()));
  CHECK(valuesF32(a[0].get()) == std::vector<float>{0, 1, 2, 3, 4, 5});
}

TEST_CASE("an input alias and a constant in one call are both copied",
          "[runtime][call]") {
  OneFunction f({-1, 3}, {anyBy3, {KILN_FLOAT32, {2, 3}}},
                fake_alias_and_constant);
  Tensor x = iotaF32({1, 3}, 7);
  std::vector<Tensor> out = call(f.fn.get(), {x.get()});
  REQUIRE(out.size() == 2);
  CHECK(valuesF32(out[0].get()) == std::vector<float>{7, 8, 9});
  CHECK(valuesF32(out[1].get()) == std::vector<float>{0, 1, 2, 3, 4, 5});
}

TEST_CASE("a buffer returned twice is taken once and copied once",
          "[runtime][call]") {
  OneFunction f({-1, 3}, {anyBy3, anyBy3}, fake_duplicate);
  Tensor x = iotaF32({2, 3});
  std::vector<Tensor> out = call(f.fn.get(), {x.get()});
  REQUIRE(out.size() == 2);
  CHECK(kiln_tensor_data(out[0].get()) != kiln_tensor_data(out[1].get()));
  CHECK(valuesF32(out[0].get()) == std::vector<float>{1, 2, 3, 4, 5, 6});
  CHECK(valuesF32(out[1].get()) == std::vector<float>{1, 2, 3, 4, 5, 6});
  out[0].reset();
  CHECK(valuesF32(out[1].get())[5] == 6);
}

TEST_CASE("a non-contiguous result is copied to row-major and freed",
          "[runtime][call]") {
  OneFunction f({2, 3}, {{KILN_FLOAT32, {3, 2}}}, fake_transpose);
  Tensor x = iotaF32({2, 3});
  std::vector<Tensor> out = call(f.fn.get(), {x.get()});
  CHECK(shapeOf(out[0].get()) == std::vector<int64_t>{3, 2});
  CHECK(valuesF32(out[0].get()) == std::vector<float>{0, 3, 1, 4, 2, 5});
  const kiln_dltensor *dl = kiln_tensor_dl(out[0].get());
  CHECK((dl->strides[0] == 2 && dl->strides[1] == 1));
}

TEST_CASE("empty results and functions without results", "[runtime][call]") {
  OneFunction empty({-1, 3}, {anyBy3}, fake_empty_result);
  Tensor x = iotaF32({2, 3});
  std::vector<Tensor> out = call(empty.fn.get(), {x.get()});
  CHECK(shapeOf(out[0].get()) == std::vector<int64_t>{0, 3});
  CHECK(kiln_tensor_element_count(out[0].get()) == 0);

  OneFunction none({-1, 3}, {}, fake_no_result);
  long before = fake_no_result_calls;
  const kiln_tensor *inputs[] = {x.get()};
  size_t n = 42;
  REQUIRE_OK(kiln_function_call(none.fn.get(), inputs, 1, nullptr, 0, &n));
  CHECK(n == 0);
  CHECK(fake_no_result_calls == before + 1);
}

TEST_CASE("results that break their spec are an ABI error and are freed",
          "[runtime][call]") {
  Tensor x = iotaF32({2, 3});
  const kiln_tensor *inputs[] = {x.get()};
  kiln_tensor *out[2] = {nullptr, nullptr};
  size_t n = 42;

  OneFunction wrong({-1, 3}, {{KILN_FLOAT32, {2, 3}}}, fake_wrong_size);
  CHECK(kiln_function_call(wrong.fn.get(), inputs, 1, out, 2, &n) ==
        KILN_ERROR_ABI);
  CHECK(std::string(kiln_last_error()) ==
        "kiln_function_call: 'f(float32[None, 3]) -> float32[2, 3]' returned "
        "result 0 with "
        "size 5 in dim 0, but its spec says 2");
  CHECK(n == 0);
  CHECK(out[0] == nullptr);

  // The first result is valid and malloc'd: it must be freed as well.
  OneFunction second({-1, 3}, {{KILN_FLOAT32, {1}}, {KILN_FLOAT32, {2, 3}}},
                     fake_second_result_invalid);
  CHECK(kiln_function_call(second.fn.get(), inputs, 1, out, 2, &n) ==
        KILN_ERROR_ABI);
  CHECK(contains(kiln_last_error(), "returned result 1 with size 7 in dim 0"));
  CHECK(n == 0);
  CHECK((out[0] == nullptr && out[1] == nullptr));
}

TEST_CASE("results outlive the library", "[runtime][call]") {
  std::vector<Tensor> out;
  {
    OneFunction f({-1, 3}, {anyBy3}, fake_offset_result);
    Tensor x = iotaF32({1, 3});
    out = call(f.fn.get(), {x.get()});
  }
  CHECK(valuesF32(out[0].get()) == std::vector<float>{-1, 0, 1});
}

TEST_CASE("calls with many inputs and results use heap scratch",
          "[runtime][call]") {
  // 20 inputs exceed the stack scratch for arguments.
  std::vector<Spec> inputs(20, {KILN_FLOAT32, {-1, 3}});
  Library lib = makeLibrary();
  add(lib.get(), Desc("many", inputs, {anyBy3}, fake_add_f32));
  Function fn = getFunction(lib.get(), "many");
  Tensor a = iotaF32({2, 3}), b = iotaF32({2, 3}, 1);
  std::vector<const kiln_tensor *> args(20, a.get());
  args[1] = b.get();
  std::vector<Tensor> out = call(fn.get(), args);
  CHECK(valuesF32(out[0].get()) == std::vector<float>{1, 3, 5, 7, 9, 11});
}
