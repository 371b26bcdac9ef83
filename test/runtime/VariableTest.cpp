// Tests of the variables a library holds: each library's own copy of the
// initial values, calls that read and write them, the read/assign API, the
// descriptor checks, and concurrent writers.
#include "FakeFunctions.h"
#include "RuntimeTestUtil.h"

#include <atomic>
#include <string>
#include <thread>

using namespace kiln_test;

namespace {

float scalarOf(const kiln_tensor *t) { return valuesF32(t).at(0); }

// A descriptor with one variable "total:0" (float32[], starting at 10) and
// two functions: accumulate(x) writes total + x and returns it, peek()
// returns total.
struct CounterLibrary {
  float initial = 10;
  kiln_variable_desc variables[1] = {
      {"total:0", {KILN_FLOAT32, 0, nullptr}, &initial}};
  int32_t uses[1] = {0};
  Desc accumulate{"accumulate",
                  {{KILN_FLOAT32, {}}},
                  {{KILN_FLOAT32, {}}},
                  fake_accumulate};
  Desc peek{"peek", {}, {{KILN_FLOAT32, {}}}, fake_read_variable};
  kiln_concrete_function_desc functions[2];
  kiln_library_desc desc{};

  CounterLibrary() {
    accumulate.raw().num_captures = 1;
    accumulate.raw().captures = uses;
    accumulate.raw().num_writes = 1;
    accumulate.raw().writes = uses;
    peek.raw().num_captures = 1;
    peek.raw().captures = uses;
    functions[0] = *accumulate.get();
    functions[1] = *peek.get();
    desc = {KILN_ABI_VERSION, 2, functions, 1, variables};
  }

  Library create() {
    kiln_library *lib = nullptr;
    REQUIRE_OK(kiln_library_create_from_desc(&desc, &lib));
    return Library(lib);
  }

  // What creating the library fails with (it must fail).
  std::string failure() {
    kiln_library *lib = reinterpret_cast<kiln_library *>(0x1);
    CHECK(kiln_library_create_from_desc(&desc, &lib) ==
          KILN_ERROR_INVALID_ARGUMENT);
    CHECK(lib == nullptr);
    return kiln_last_error();
  }
};

float accumulate(kiln_function *fn, float x) {
  Tensor in = makeF32({}, {x});
  std::vector<Tensor> out = call(fn, {in.get()});
  REQUIRE(out.size() == 1);
  return scalarOf(out[0].get());
}

float readVariable(kiln_library *lib, size_t index) {
  kiln_tensor *value = nullptr;
  REQUIRE_OK(kiln_library_variable_read(lib, index, &value));
  Tensor owned(value);
  return scalarOf(value);
}

} // namespace

TEST_CASE("a library's variables persist across calls",
          "[runtime][variables]") {
  CounterLibrary counter;
  Library lib = counter.create();
  CHECK(kiln_library_variable_count(lib.get()) == 1);
  CHECK(std::string(kiln_library_variable_name(lib.get(), 0)) == "total:0");
  CHECK(kiln_library_variable_name(lib.get(), 1) == nullptr);
  const kiln_tensor_spec *spec = kiln_library_variable_spec(lib.get(), 0);
  REQUIRE(spec);
  CHECK(spec->dtype == KILN_FLOAT32);
  CHECK(spec->rank == 0);

  Function acc = getFunction(lib.get(), "accumulate");
  Function peek = getFunction(lib.get(), "peek");
  CHECK(accumulate(acc.get(), 1) == 11);
  CHECK(accumulate(acc.get(), 2) == 13);
  // The written value is the output too: the runtime copied one of them,
  // so the variable does not share the caller's tensor.
  std::vector<Tensor> seen = call(peek.get(), {});
  REQUIRE(seen.size() == 1);
  CHECK(scalarOf(seen[0].get()) == 13);
  CHECK(readVariable(lib.get(), 0) == 13);

  // A value read earlier is not changed by later writes.
  kiln_tensor *before = nullptr;
  REQUIRE_OK(kiln_library_variable_read(lib.get(), 0, &before));
  Tensor beforeOwned(before);
  CHECK(accumulate(acc.get(), 100) == 113);
  CHECK(scalarOf(before) == 13);

  // Each library starts from the descriptor's initial values.
  Library other = counter.create();
  CHECK(readVariable(other.get(), 0) == 10);
  CHECK(readVariable(lib.get(), 0) == 113);
}

TEST_CASE("variables are found, read and assigned by the API",
          "[runtime][variables]") {
  CounterLibrary counter;
  Library lib = counter.create();
  size_t index = 99;
  REQUIRE_OK(kiln_library_find_variable(lib.get(), "total:0", &index));
  CHECK(index == 0);
  CHECK(kiln_library_find_variable(lib.get(), "missing:0", &index) ==
        KILN_ERROR_NOT_FOUND);
  CHECK(std::string(kiln_last_error()) ==
        "kiln_library_find_variable: no variable named 'missing:0'; the "
        "library has 'total:0'");
  CHECK(kiln_library_find_variable(lib.get(), nullptr, &index) ==
        KILN_ERROR_INVALID_ARGUMENT);

  Tensor five = makeF32({}, {5});
  REQUIRE_OK(kiln_library_variable_assign(lib.get(), 0, five.get()));
  // The variable holds a copy: changing the caller's tensor changes nothing.
  *static_cast<float *>(kiln_tensor_data(five.get())) = 7;
  CHECK(readVariable(lib.get(), 0) == 5);
  Function acc = getFunction(lib.get(), "accumulate");
  CHECK(accumulate(acc.get(), 1) == 6);

  Tensor wrong = makeF32({2}, {1, 2});
  CHECK(kiln_library_variable_assign(lib.get(), 0, wrong.get()) ==
        KILN_ERROR_INVALID_ARGUMENT);
  CHECK(std::string(kiln_last_error()) ==
        "kiln_library_variable_assign: variable 'total:0' is float32[], the "
        "value float32[2]");
  CHECK(kiln_library_variable_assign(lib.get(), 1, five.get()) ==
        KILN_ERROR_NOT_FOUND);
  CHECK(kiln_library_variable_assign(lib.get(), 0, nullptr) ==
        KILN_ERROR_INVALID_ARGUMENT);

  kiln_tensor *value = reinterpret_cast<kiln_tensor *>(0x1);
  CHECK(kiln_library_variable_read(lib.get(), 3, &value) ==
        KILN_ERROR_NOT_FOUND);
  CHECK(value == nullptr);
  CHECK(std::string(kiln_last_error()) ==
        "kiln_library_variable_read: index 3, but the library has 1 "
        "variables");
  CHECK(kiln_library_variable_read(nullptr, 0, &value) ==
        KILN_ERROR_INVALID_ARGUMENT);

  // A library made empty has no variables.
  Library empty = makeLibrary();
  CHECK(kiln_library_variable_count(empty.get()) == 0);
  CHECK(kiln_library_find_variable(empty.get(), "total:0", &index) ==
        KILN_ERROR_NOT_FOUND);
  CHECK(contains(kiln_last_error(), "the library has none"));
}

TEST_CASE("invalid variable descriptors are rejected", "[runtime][variables]") {
  SECTION("a capture out of range") {
    CounterLibrary counter;
    int32_t bad[1] = {1};
    counter.functions[1].captures = bad;
    CHECK(counter.failure() ==
          "kiln_library_create_from_desc: concrete function 1 'peek': "
          "captures 0 is variable 1, but the library has 1 variables");
  }
  SECTION("a variable written twice") {
    CounterLibrary counter;
    int32_t twice[2] = {0, 0};
    counter.functions[0].num_writes = 2;
    counter.functions[0].writes = twice;
    CHECK(contains(counter.failure(), "'accumulate': writes variable 0 twice"));
  }
  SECTION("a variable with an unknown dimension") {
    CounterLibrary counter;
    int64_t dims[1] = {-1};
    counter.variables[0].spec = {KILN_FLOAT32, 1, dims};
    CHECK(counter.failure() == "kiln_library_create_from_desc: variable 0: "
                               "total:0: dim 0 is negative (-1)");
  }
  SECTION("a variable without its initial value") {
    CounterLibrary counter;
    counter.variables[0].initial_value = nullptr;
    CHECK(contains(counter.failure(), "'total:0' has no initial value"));
  }
  SECTION("an invalid variable table") {
    CounterLibrary counter;
    counter.desc.variables = nullptr;
    CHECK(contains(counter.failure(), "invalid variable table (1 variables"));
  }
  SECTION("captures in a library that has no variables") {
    Library lib = makeLibrary();
    Desc peek("peek", {}, {{KILN_FLOAT32, {}}}, fake_read_variable);
    int32_t uses[1] = {0};
    peek.raw().num_captures = 1;
    peek.raw().captures = uses;
    CHECK(kiln_library_add_function(lib.get(), peek.get()) ==
          KILN_ERROR_INVALID_ARGUMENT);
    CHECK(contains(kiln_last_error(),
                   "captures 0 is variable 0, but the library has 0 "
                   "variables"));
  }
}

TEST_CASE("concurrent writers never lose an update",
          "[runtime][variables][threads]") {
  CounterLibrary counter;
  counter.initial = 0;
  Library lib = counter.create();
  Function acc = getFunction(lib.get(), "accumulate");
  Function peek = getFunction(lib.get(), "peek");
  constexpr int kThreads = 6, kCalls = 2000;
  std::atomic<int> failures{0};
  // (Catch2's macros are not thread-safe: threads only use the C API.)
  Tensor one = makeF32({}, {1});
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t) {
    threads.emplace_back([&, t] {
      for (int i = 0; i < kCalls; ++i) {
        // Odd threads also read, concurrently with the writers.
        kiln_function *fn = t % 2 && i % 2 ? peek.get() : acc.get();
        const kiln_tensor *inputs[] = {one.get()};
        kiln_tensor *out = nullptr;
        size_t n = 0;
        if (kiln_function_call(fn, inputs, fn == acc.get() ? 1 : 0, &out, 1,
                               &n) != KILN_OK ||
            n != 1)
          ++failures;
        kiln_tensor_release(out);
      }
    });
  }
  for (auto &thread : threads)
    thread.join();
  CHECK(failures == 0);
  // Even threads wrote kCalls times, odd ones kCalls / 2 times.
  CHECK(readVariable(lib.get(), 0) ==
        (float)(kThreads / 2 * kCalls + kThreads / 2 * (kCalls / 2)));
}
