// Tests of libraries: building them with kiln_library_add_function, opening
// compiled shared objects, descriptor validation and function handles.
#include "FakeFunctions.h"
#include "RuntimeTestUtil.h"

#include <cstdio>
#include <fstream>
#include <iterator>
#include <string>

using namespace kiln_test;

namespace {

Desc addDesc(std::vector<int64_t> dims, const char *signature = nullptr) {
  return Desc("add", {{KILN_FLOAT32, dims}, {KILN_FLOAT32, dims}},
              {{KILN_FLOAT32, dims}}, fake_add_f32, signature);
}

// Expects kiln_library_add_function to reject |desc| with |message|.
void rejects(kiln_library *lib, const kiln_concrete_function_desc *desc,
             const char *message) {
  INFO(message);
  size_t before = kiln_library_concrete_count(lib);
  CHECK(kiln_library_add_function(lib, desc) == KILN_ERROR_INVALID_ARGUMENT);
  CHECK(contains(kiln_last_error(), message));
  CHECK(kiln_library_concrete_count(lib) == before);
}

} // namespace

TEST_CASE("a created library groups concrete functions by name",
          "[runtime][library]") {
  Library lib = makeLibrary();
  CHECK(kiln_library_path(lib.get()) == nullptr);
  CHECK(kiln_library_function_count(lib.get()) == 0);
  {
    Desc generic =
        addDesc({-1, 3}, "add(x: float32[None, 3], y: float32[None, 3])");
    add(lib.get(), generic);
    // The runtime keeps its own copy: scribbling over ours changes nothing.
    generic.raw().function_name = "scribbled";
  }
  add(lib.get(), addDesc({2, 3}));
  add(lib.get(),
      Desc("sum", {{KILN_FLOAT32, {-1, 3}}},
           {{KILN_FLOAT32, {3}}, {KILN_INT64, {}}}, fake_two_results));
  add(lib.get(), Desc("noop", {}, {}, fake_no_result));

  CHECK(kiln_library_function_count(lib.get()) == 3);
  CHECK(std::string(kiln_library_function_name(lib.get(), 0)) == "add");
  CHECK(std::string(kiln_library_function_name(lib.get(), 1)) == "sum");
  CHECK(std::string(kiln_library_function_name(lib.get(), 2)) == "noop");
  CHECK(kiln_library_function_name(lib.get(), 3) == nullptr);
  CHECK(kiln_library_concrete_count(lib.get()) == 4);

  const kiln_concrete_function_desc *d =
      kiln_library_concrete_desc(lib.get(), 0);
  REQUIRE(d != nullptr);
  CHECK(std::string(d->function_name) == "add");
  CHECK(std::string(d->signature) ==
        "add(x: float32[None, 3], y: float32[None, 3])");
  CHECK(d->num_inputs == 2);
  CHECK(d->inputs[0].dims[0] == -1);
  CHECK(d->entry == fake_add_f32);
  CHECK(kiln_library_concrete_desc(lib.get(), 4) == nullptr);

  // Signatures built from the specs when the descriptor has none.
  CHECK(std::string(kiln_library_concrete_desc(lib.get(), 1)->signature) ==
        "add(float32[2, 3], float32[2, 3]) -> float32[2, 3]");
  CHECK(std::string(kiln_library_concrete_desc(lib.get(), 2)->signature) ==
        "sum(float32[None, 3]) -> (float32[3], int64[])");
  CHECK(std::string(kiln_library_concrete_desc(lib.get(), 3)->signature) ==
        "noop() -> None");

  Function fn = getFunction(lib.get(), "add");
  CHECK(std::string(kiln_function_name(fn.get())) == "add");
  CHECK(kiln_function_signature_count(fn.get()) == 2);
  CHECK(std::string(kiln_function_signature(fn.get(), 1)) ==
        "add(float32[2, 3], float32[2, 3]) -> float32[2, 3]");
  CHECK(kiln_function_signature(fn.get(), 2) == nullptr);
  CHECK(kiln_function_concrete_index(fn.get(), 1) == 1);
  CHECK(kiln_function_concrete_index(fn.get(), 2) == SIZE_MAX);
  Function sum = getFunction(lib.get(), "sum");
  CHECK(kiln_function_concrete_index(sum.get(), 0) == 2);

  kiln_function *missing = reinterpret_cast<kiln_function *>(0x1);
  CHECK(kiln_library_get_function(lib.get(), "mul", &missing) ==
        KILN_ERROR_NOT_FOUND);
  CHECK(missing == nullptr);
  CHECK(std::string(kiln_last_error()) ==
        "kiln_library_get_function: no function named 'mul'; available: 'add', "
        "'sum', 'noop'");
  CHECK(kiln_library_get_function(nullptr, "add", &missing) ==
        KILN_ERROR_INVALID_ARGUMENT);
  CHECK(kiln_library_get_function(lib.get(), nullptr, &missing) ==
        KILN_ERROR_INVALID_ARGUMENT);
  CHECK(kiln_library_get_function(lib.get(), "add", nullptr) ==
        KILN_ERROR_INVALID_ARGUMENT);
}

TEST_CASE("kiln_library_add_function validates descriptors",
          "[runtime][library]") {
  Library lib = makeLibrary();
  add(lib.get(), addDesc({-1, 3}));

  CHECK(kiln_library_add_function(nullptr, addDesc({2, 3}).get()) ==
        KILN_ERROR_INVALID_ARGUMENT);
  rejects(lib.get(), nullptr, "descriptor is NULL");

  Desc d = addDesc({2, 3});
  d.raw().function_name = nullptr;
  rejects(lib.get(), d.get(), "name is NULL or empty");
  d.raw().function_name = "";
  rejects(lib.get(), d.get(), "name is NULL or empty");
  d.raw().function_name = "add";
  d.raw().entry = nullptr;
  rejects(lib.get(), d.get(), "entry point is NULL");
  d.raw().entry = fake_add_f32;
  d.raw().num_inputs = -1;
  rejects(lib.get(), d.get(), "negative input count");
  d.raw().num_inputs = 2;
  d.raw().inputs = nullptr;
  rejects(lib.get(), d.get(), "input specs are NULL");
  Desc ok = addDesc({2, 3});
  d.raw().inputs = ok.get()->inputs;
  d.raw().num_outputs = -3;
  rejects(lib.get(), d.get(), "negative output count");
  d.raw().num_outputs = 1;
  d.raw().outputs = nullptr;
  rejects(lib.get(), d.get(), "output specs are NULL");

  int64_t dims[] = {2, -2};
  kiln_tensor_spec bad[] = {{KILN_FLOAT32, 2, dims}};
  Desc one("neg", {{KILN_FLOAT32, {2}}}, {{KILN_FLOAT32, {2}}}, fake_add_f32);
  one.raw().inputs = bad;
  rejects(lib.get(), one.get(), "input 0 has dim 1 = -2");
  bad[0] = {KILN_DTYPE_COUNT, 0, nullptr};
  rejects(lib.get(), one.get(), "input 0 has unknown dtype 10");
  bad[0] = {KILN_FLOAT32, -1, nullptr};
  rejects(lib.get(), one.get(), "input 0 has rank -1");
  bad[0] = {KILN_FLOAT32, KILN_MAX_RANK + 1, dims};
  rejects(lib.get(), one.get(), "rank 255 outside [0, 254]");
  bad[0] = {KILN_FLOAT32, 1, nullptr};
  rejects(lib.get(), one.get(), "input 0 has NULL dims");
  one.raw().inputs = ok.get()->inputs;
  one.raw().outputs = bad;
  bad[0] = {KILN_FLOAT32, 2, dims};
  rejects(lib.get(), one.get(), "output 0 has dim 1 = -2");

  // The same inputs twice under one name are ambiguous.
  Desc dup("add", {{KILN_FLOAT32, {-1, 3}}, {KILN_FLOAT32, {-1, 3}}},
           {{KILN_FLOAT32, {7}}}, fake_add_f32);
  rejects(lib.get(), dup.get(),
          "its inputs duplicate those of 'add(float32[None, 3]");
  // ... but not under another name.
  dup.raw().function_name = "add2";
  REQUIRE_OK(kiln_library_add_function(lib.get(), dup.get()));
  CHECK(kiln_library_function_count(lib.get()) == 2);
}

TEST_CASE("a function handle keeps its library alive", "[runtime][library]") {
  kiln_library *lib = nullptr;
  REQUIRE_OK(kiln_library_create(&lib));
  add(lib, addDesc({-1, 3}));
  kiln_function *fn = nullptr;
  REQUIRE_OK(kiln_library_get_function(lib, "add", &fn));
  kiln_function_retain(fn);
  kiln_library_release(lib);
  kiln_function_release(fn);
  Tensor x = iotaF32({2, 3});
  std::vector<Tensor> out = call(fn, {x.get(), x.get()});
  kiln_function_release(fn); // destroys the library
  CHECK(valuesF32(out[0].get()) == std::vector<float>{0, 2, 4, 6, 8, 10});

  kiln_library_release(nullptr);
  kiln_function_release(nullptr);
  CHECK(kiln_library_create(nullptr) == KILN_ERROR_INVALID_ARGUMENT);
  CHECK(kiln_library_function_count(nullptr) == 0);
  CHECK(kiln_library_concrete_count(nullptr) == 0);
  CHECK(kiln_function_signature_count(nullptr) == 0);
  CHECK(kiln_function_name(nullptr) == nullptr);
}

TEST_CASE("kiln_library_open loads a compiled library", "[runtime][library]") {
  kiln_library *raw = nullptr;
  REQUIRE_OK(kiln_library_open(KILN_TEST_FAKE_LIBRARY, &raw));
  Library lib(raw);
  CHECK(std::string(kiln_library_path(raw)) == KILN_TEST_FAKE_LIBRARY);
  CHECK(kiln_library_function_count(raw) == 2);
  CHECK(kiln_library_concrete_count(raw) == 3);

  Function add = getFunction(raw, "add");
  CHECK(kiln_function_signature_count(add.get()) == 2);
  Tensor x = iotaF32({2, 3}), y = iotaF32({4, 3});
  size_t index = 99;
  const kiln_tensor *xx[] = {x.get(), x.get()};
  REQUIRE_OK(kiln_function_select(add.get(), xx, 2, &index));
  CHECK(index == 1);
  CHECK(valuesF32(call(add.get(), {x.get(), x.get()})[0].get()) ==
        std::vector<float>{0, 2, 4, 6, 8, 10});
  std::vector<Tensor> out = call(add.get(), {y.get(), y.get()});
  CHECK(shapeOf(out[0].get()) == std::vector<int64_t>{4, 3});
  CHECK(valuesF32(out[0].get())[11] == 22);

  Function negate = getFunction(raw, "negate");
  CHECK(std::string(kiln_function_signature(negate.get(), 0)) ==
        "negate(int32[]) -> int32[]");
  int32_t five = 5;
  kiln_tensor *scalar = nullptr;
  REQUIRE_OK(kiln_tensor_create(KILN_INT32, 0, nullptr, &five, &scalar));
  Tensor s(scalar);
  out = call(negate.get(), {scalar});
  CHECK(*static_cast<int32_t *>(kiln_tensor_data(out[0].get())) == -5);

  // An opened library takes more functions like a created one.
  kiln_test::add(raw,
                 Desc("add", {{KILN_FLOAT32, {4, 3}}, {KILN_FLOAT32, {4, 3}}},
                      {{KILN_FLOAT32, {4, 3}}}, fake_tag3));
  const kiln_tensor *yy[] = {y.get(), y.get()};
  REQUIRE_OK(kiln_function_select(add.get(), yy, 2, &index));
  CHECK(index == 2);
}

TEST_CASE("kiln_library_open reports unusable files", "[runtime][library]") {
  kiln_library *lib = reinterpret_cast<kiln_library *>(0x1);
  CHECK(kiln_library_open(nullptr, &lib) == KILN_ERROR_INVALID_ARGUMENT);
  CHECK(lib == nullptr);
  CHECK(kiln_library_open(KILN_TEST_FAKE_LIBRARY, nullptr) ==
        KILN_ERROR_INVALID_ARGUMENT);

  // "" would be the program itself to dlopen.
  CHECK(kiln_library_open("", &lib) == KILN_ERROR_INVALID_ARGUMENT);
  CHECK(lib == nullptr);
  CHECK(kiln_library_open("/nonexistent/libmodel.so", &lib) == KILN_ERROR_IO);
  CHECK(lib == nullptr);
  std::string message = kiln_last_error();
  CHECK(contains(message, "cannot load '/nonexistent/libmodel.so'"));
  CHECK(contains(message, "No such file"));

  CHECK(kiln_library_open(KILN_TEST_NOT_A_LIBRARY, &lib) == KILN_ERROR_ABI);
  message = kiln_last_error();
  CHECK(contains(message, std::string("'") + KILN_TEST_NOT_A_LIBRARY +
                              "' is not a kiln library"));
  CHECK(contains(message, "kiln_library"));

  CHECK(kiln_library_open(KILN_TEST_BAD_ABI_LIBRARY, &lib) == KILN_ERROR_ABI);
  message = kiln_last_error();
  CHECK(contains(message, KILN_TEST_BAD_ABI_LIBRARY));
  CHECK(contains(message,
                 "has ABI version 99, but this runtime supports version " +
                     std::to_string(KILN_ABI_VERSION)));

  CHECK(kiln_library_open(KILN_TEST_INVALID_LIBRARY, &lib) ==
        KILN_ERROR_INVALID_ARGUMENT);
  CHECK(lib == nullptr);
  CHECK(std::string(kiln_last_error()) ==
        std::string("kiln_library_open: '") + KILN_TEST_INVALID_LIBRARY +
            "': concrete function 2 'negate': entry point is NULL");
}

TEST_CASE("kiln_library_open refuses a truncated library",
          "[runtime][library]") {
  // dlopen maps the missing pages of a truncated shared object, and the
  // loader then dies of SIGBUS: the runtime checks the segments first.
  std::ifstream in(KILN_TEST_FAKE_LIBRARY, std::ios::binary);
  std::string whole((std::istreambuf_iterator<char>(in)),
                    std::istreambuf_iterator<char>());
  REQUIRE(whole.size() > 4096);
  std::string path = std::string(KILN_TEST_FAKE_LIBRARY) + ".truncated";
  for (size_t keep :
       {size_t(100), size_t(1000), whole.size() / 2, whole.size() - 1}) {
    INFO("kept " << keep << " of " << whole.size() << " bytes");
    {
      std::ofstream out(path, std::ios::binary | std::ios::trunc);
      out.write(whole.data(), static_cast<std::streamsize>(keep));
    }
    kiln_library *lib = reinterpret_cast<kiln_library *>(0x1);
    kiln_status status = kiln_library_open(path.c_str(), &lib);
    // The last byte is past every loadable segment (in the section
    // headers), which dlopen does without.
    if (keep + 1 == whole.size() && status == KILN_OK) {
      kiln_library_release(lib);
      continue;
    }
    CHECK(status == KILN_ERROR_IO);
    CHECK(lib == nullptr);
    CHECK(contains(kiln_last_error(), "cannot load '" + path + "'"));
  }
  std::remove(path.c_str());
}

TEST_CASE("kiln_library_call_concrete calls one concrete function",
          "[runtime][library]") {
  Library lib = makeLibrary();
  add(lib.get(), addDesc({-1, 3}));
  add(lib.get(), addDesc({2, 3}));
  Tensor x = iotaF32({2, 3}), i = makeTensor(KILN_INT32, {2, 3});
  const kiln_tensor *inputs[] = {x.get(), x.get()};
  kiln_tensor *out[1] = {nullptr};
  size_t n = 0;
  // Index 0 accepts [2, 3] too, even though dispatch would pick index 1.
  REQUIRE_OK(kiln_library_call_concrete(lib.get(), 0, inputs, 2, out, 1, &n));
  REQUIRE(n == 1);
  Tensor result(out[0]);
  CHECK(valuesF32(out[0]) == std::vector<float>{0, 2, 4, 6, 8, 10});

  CHECK(kiln_library_call_concrete(lib.get(), 2, inputs, 2, out, 1, &n) ==
        KILN_ERROR_NOT_FOUND);
  CHECK(contains(kiln_last_error(),
                 "index 2, but the library has 2 concrete functions"));
  CHECK(n == 0);
  const kiln_tensor *wrong[] = {x.get(), i.get()};
  CHECK(kiln_library_call_concrete(lib.get(), 1, wrong, 2, out, 1, &n) ==
        KILN_ERROR_INVALID_ARGUMENT);
  CHECK(std::string(kiln_last_error()) ==
        "kiln_library_call_concrete: the inputs do not match 'add(float32[2, "
        "3], float32[2, 3]) "
        "-> float32[2, 3]': input 1: expected float32[2, 3], got int32[2, 3]");
  CHECK(kiln_library_call_concrete(lib.get(), 1, inputs, 1, out, 1, &n) ==
        KILN_ERROR_INVALID_ARGUMENT);
  CHECK(contains(kiln_last_error(), "expected 2 inputs, got 1"));
  CHECK(kiln_library_call_concrete(nullptr, 0, inputs, 2, out, 1, &n) ==
        KILN_ERROR_INVALID_ARGUMENT);
  CHECK(kiln_library_call_concrete(lib.get(), 0, inputs, 2, out, 0, &n) ==
        KILN_ERROR_INVALID_ARGUMENT);
  CHECK(contains(kiln_last_error(),
                 "needs 1 output slots, but max_outputs is 0"));
}

TEST_CASE("kiln_library_create_from_desc takes a linked-in descriptor",
          "[runtime][library]") {
  Desc add = addDesc({-1, 3});
  Desc tag("tag", {}, {{KILN_INT32, {}}}, fake_tag5);
  kiln_concrete_function_desc functions[] = {*add.get(), *tag.get()};
  kiln_library_desc desc = {KILN_ABI_VERSION, 2, functions};
  kiln_library *raw = nullptr;
  REQUIRE_OK(kiln_library_create_from_desc(&desc, &raw));
  Library lib(raw);
  CHECK(kiln_library_path(raw) == nullptr);
  CHECK(kiln_library_concrete_count(raw) == 2);
  Function fn = getFunction(raw, "tag");
  CHECK(tagOf(fn.get(), {}) == 5);

  kiln_library *bad = reinterpret_cast<kiln_library *>(0x1);
  desc.abi_version = KILN_ABI_VERSION + 1;
  CHECK(kiln_library_create_from_desc(&desc, &bad) == KILN_ERROR_ABI);
  CHECK(bad == nullptr);
  CHECK(
      std::string(kiln_last_error()) ==
      "kiln_library_create_from_desc: the library descriptor has ABI version " +
          std::to_string(KILN_ABI_VERSION + 1) +
          ", but this runtime supports version " +
          std::to_string(KILN_ABI_VERSION) +
          "; recompile it with a matching kiln");
  desc.abi_version = KILN_ABI_VERSION;
  functions[1].num_outputs = -1;
  CHECK(kiln_library_create_from_desc(&desc, &bad) ==
        KILN_ERROR_INVALID_ARGUMENT);
  CHECK(std::string(kiln_last_error()) ==
        "kiln_library_create_from_desc: concrete function 1 'tag': negative "
        "output count -1");
  desc.num_functions = 1;
  desc.functions = nullptr;
  CHECK(kiln_library_create_from_desc(&desc, &bad) ==
        KILN_ERROR_INVALID_ARGUMENT);
  CHECK(contains(kiln_last_error(), "invalid function table"));
  CHECK(kiln_library_create_from_desc(nullptr, &bad) ==
        KILN_ERROR_INVALID_ARGUMENT);
  CHECK(kiln_library_create_from_desc(&desc, nullptr) ==
        KILN_ERROR_INVALID_ARGUMENT);
}
