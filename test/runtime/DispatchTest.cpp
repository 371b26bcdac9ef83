// Tests of dispatch: the exact cache-key hit, the most specific compatible
// signature on a miss, the no-match error, call validation, and that the
// exact-hit path does not allocate.
#include "FakeFunctions.h"
#include "MallocCounter.h"
#include "RuntimeTestUtil.h"

#include <string>

using namespace kiln_test;

namespace {

Desc tagDesc(std::vector<Spec> inputs, kiln_packed_fn tag) {
  return Desc("f", std::move(inputs), {{KILN_INT32, {}}}, tag);
}

size_t selectIndex(kiln_function *fn, std::vector<const kiln_tensor *> inputs) {
  size_t index = SIZE_MAX;
  REQUIRE_OK(kiln_function_select(fn, inputs.data(), inputs.size(), &index));
  return index;
}

} // namespace

TEST_CASE("dispatch picks the exact or the most specific signature",
          "[runtime][dispatch]") {
  Library lib = makeLibrary();
  // Registered generic-first, so the choice cannot come from the order.
  add(lib.get(), tagDesc({{KILN_FLOAT32, {-1, -1}}}, fake_tag2));
  add(lib.get(), tagDesc({{KILN_FLOAT32, {-1, 3}}}, fake_tag1));
  add(lib.get(), tagDesc({{KILN_FLOAT32, {2, -1}}}, fake_tag3));
  add(lib.get(), tagDesc({{KILN_FLOAT32, {2, 3}}}, fake_tag0));
  add(lib.get(), tagDesc({{KILN_INT32, {2, 3}}}, fake_tag4));
  add(lib.get(),
      tagDesc({{KILN_FLOAT32, {2, 3}}, {KILN_FLOAT32, {2, 3}}}, fake_tag5));
  add(lib.get(), tagDesc({}, fake_tag6));
  add(lib.get(), tagDesc({{KILN_FLOAT32, {}}}, fake_tag7));
  Function f = getFunction(lib.get(), "f");

  Tensor f23 = makeTensor(KILN_FLOAT32, {2, 3}),
         f53 = makeTensor(KILN_FLOAT32, {5, 3});
  Tensor f24 = makeTensor(KILN_FLOAT32, {2, 4}),
         f54 = makeTensor(KILN_FLOAT32, {5, 4});
  Tensor i23 = makeTensor(KILN_INT32, {2, 3}),
         scalar = makeTensor(KILN_FLOAT32, {});
  CHECK(tagOf(f.get(), {f23.get()}) == 0); // exact hit
  CHECK(tagOf(f.get(), {f53.get()}) == 1); // [None, 3] beats [None, None]
  CHECK(tagOf(f.get(), {f24.get()}) == 3); // [2, None] beats [None, None]
  CHECK(tagOf(f.get(), {f54.get()}) == 2); // only [None, None]
  CHECK(tagOf(f.get(), {i23.get()}) == 4); // dtype is part of the key
  CHECK(tagOf(f.get(), {f23.get(), f23.get()}) == 5); // so is the input count
  CHECK(tagOf(f.get(), {}) == 6);
  CHECK(tagOf(f.get(), {scalar.get()}) == 7);

  CHECK(selectIndex(f.get(), {f23.get()}) == 3);
  CHECK(selectIndex(f.get(), {f53.get()}) == 1);
  CHECK(selectIndex(f.get(), {f54.get()}) == 0);
}

TEST_CASE(
    "dispatch breaks ties between equally specific signatures by registration",
    "[runtime][dispatch]") {
  Tensor x = makeTensor(KILN_FLOAT32, {2, 3});
  for (bool noneFirst : {true, false}) {
    Library lib = makeLibrary();
    Desc noneBy3 = tagDesc({{KILN_FLOAT32, {-1, 3}}}, fake_tag1);
    Desc twoByNone = tagDesc({{KILN_FLOAT32, {2, -1}}}, fake_tag3);
    add(lib.get(), noneFirst ? noneBy3 : twoByNone);
    add(lib.get(), noneFirst ? twoByNone : noneBy3);
    Function f = getFunction(lib.get(), "f");
    CHECK(tagOf(f.get(), {x.get()}) == (noneFirst ? 1 : 3));
  }
}

TEST_CASE("dispatch between add over [None, 3] and [2, 3]",
          "[runtime][dispatch]") {
  Library lib = makeLibrary();
  add(lib.get(), Desc("add", {{KILN_FLOAT32, {2, 3}}, {KILN_FLOAT32, {2, 3}}},
                      {{KILN_FLOAT32, {2, 3}}}, fake_add_f32));
  add(lib.get(), Desc("add", {{KILN_FLOAT32, {-1, 3}}, {KILN_FLOAT32, {-1, 3}}},
                      {{KILN_FLOAT32, {-1, 3}}}, fake_add_f32));
  Function fn = getFunction(lib.get(), "add");
  Tensor a = iotaF32({2, 3}), b = iotaF32({2, 3}, 10), c = iotaF32({7, 3});
  CHECK(selectIndex(fn.get(), {a.get(), b.get()}) == 0);
  CHECK(selectIndex(fn.get(), {c.get(), c.get()}) == 1);
  CHECK(valuesF32(call(fn.get(), {a.get(), b.get()})[0].get()) ==
        std::vector<float>{10, 12, 14, 16, 18, 20});
  std::vector<Tensor> out = call(fn.get(), {c.get(), c.get()});
  CHECK(shapeOf(out[0].get()) == std::vector<int64_t>{7, 3});
  CHECK(valuesF32(out[0].get())[20] == 40);
  // Each None matches independently: [2, 3] with [7, 3] takes [None, 3].
  CHECK(selectIndex(fn.get(), {a.get(), c.get()}) == 1);
  Tensor d = iotaF32({2, 4});
  std::vector<const kiln_tensor *> mixed = {a.get(), d.get()};
  size_t index;
  CHECK(kiln_function_select(fn.get(), mixed.data(), 2, &index) ==
        KILN_ERROR_NO_MATCHING_SIGNATURE);
}

TEST_CASE("the exact-key table holds many signatures", "[runtime][dispatch]") {
  Library lib = makeLibrary();
  for (int64_t n = 0; n < 300; ++n)
    add(lib.get(),
        tagDesc({{KILN_FLOAT32, {n, 3}}, {KILN_INT64, {n}}}, fake_tag0));
  add(lib.get(),
      tagDesc({{KILN_FLOAT32, {-1, 3}}, {KILN_INT64, {-1}}}, fake_tag1));
  Function f = getFunction(lib.get(), "f");
  CHECK(kiln_function_signature_count(f.get()) == 301);
  for (int64_t n = 0; n < 310; ++n) {
    Tensor x = makeTensor(KILN_FLOAT32, {n, 3}),
           y = makeTensor(KILN_INT64, {n});
    INFO(n);
    CHECK(selectIndex(f.get(), {x.get(), y.get()}) ==
          (n < 300 ? (size_t)n : 300));
  }
}

TEST_CASE("no matching signature lists the call and every signature",
          "[runtime][dispatch]") {
  Library lib = makeLibrary();
  add(lib.get(),
      Desc(
          "add", {{KILN_FLOAT32, {-1, 3}}, {KILN_FLOAT32, {-1, 3}}},
          {{KILN_FLOAT32, {-1, 3}}}, fake_add_f32,
          "add(x: float32[None, 3], y: float32[None, 3]) -> float32[None, 3]"));
  add(lib.get(), Desc("add", {{KILN_FLOAT32, {2, 3}}, {KILN_FLOAT32, {2, 3}}},
                      {{KILN_FLOAT32, {2, 3}}}, fake_add_f32));
  Function fn = getFunction(lib.get(), "add");
  Tensor x = makeTensor(KILN_FLOAT32, {2, 4}),
         i = makeTensor(KILN_INT32, {2, 3});
  std::vector<const kiln_tensor *> inputs = {x.get(), i.get()};
  kiln_tensor *out[1] = {nullptr};
  size_t n = 42;
  CHECK(kiln_function_call(fn.get(), inputs.data(), 2, out, 1, &n) ==
        KILN_ERROR_NO_MATCHING_SIGNATURE);
  CHECK(n == 0);
  CHECK(out[0] == nullptr);
  CHECK(std::string(kiln_last_error()) ==
        "kiln_function_call: no concrete function of 'add' matches the call "
        "add(float32[2, 4], int32[2, 3]); available signatures:\n"
        "  add(x: float32[None, 3], y: float32[None, 3]) -> float32[None, 3]\n"
        "  add(float32[2, 3], float32[2, 3]) -> float32[2, 3]");
}

TEST_CASE("kiln_function_call validates before running compiled code",
          "[runtime][dispatch]") {
  Library lib = makeLibrary();
  add(lib.get(),
      Desc("two", {{KILN_FLOAT32, {-1, 3}}},
           {{KILN_FLOAT32, {-1, 3}}, {KILN_FLOAT32, {}}}, fake_two_results));
  Function fn = getFunction(lib.get(), "two");
  Tensor x = iotaF32({2, 3});
  const kiln_tensor *one[] = {x.get()};
  kiln_tensor *out[2] = {nullptr, nullptr};
  size_t n = 42;
  long calls = fake_two_results_calls;
  auto fails = [&](kiln_status expected, kiln_status status,
                   const char *message) {
    INFO(message);
    CHECK(status == expected);
    CHECK(contains(kiln_last_error(), message));
    CHECK(n == 0);
    CHECK((out[0] == nullptr && out[1] == nullptr));
    n = 42;
  };
  fails(KILN_ERROR_INVALID_ARGUMENT,
        kiln_function_call(nullptr, one, 1, out, 2, &n), "function is NULL");
  fails(KILN_ERROR_INVALID_ARGUMENT,
        kiln_function_call(fn.get(), nullptr, 1, out, 2, &n),
        "inputs is NULL but num_inputs is 1");
  const kiln_tensor *null_input[] = {nullptr};
  fails(KILN_ERROR_INVALID_ARGUMENT,
        kiln_function_call(fn.get(), null_input, 1, out, 2, &n),
        "input 0 is NULL");
  fails(KILN_ERROR_INVALID_ARGUMENT,
        kiln_function_call(fn.get(), one, 1, nullptr, 2, &n),
        "out_outputs is NULL but max_outputs is 2");
  fails(KILN_ERROR_INVALID_ARGUMENT,
        kiln_function_call(fn.get(), one, 1, out, 1, &n),
        "'two(float32[None, 3]) -> (float32[None, 3], float32[])' needs 2 "
        "output slots, but "
        "max_outputs is 1");
  // Wrong count, dtype, rank and dims are signature mismatches.
  const kiln_tensor *two[] = {x.get(), x.get()};
  fails(KILN_ERROR_NO_MATCHING_SIGNATURE,
        kiln_function_call(fn.get(), two, 2, out, 2, &n),
        "matches the call two(float32[2, 3], float32[2, 3])");
  fails(KILN_ERROR_NO_MATCHING_SIGNATURE,
        kiln_function_call(fn.get(), nullptr, 0, out, 2, &n),
        "matches the call two()");
  Tensor i = makeTensor(KILN_INT32, {2, 3}),
         rank3 = makeTensor(KILN_FLOAT32, {2, 3, 1});
  Tensor dims = makeTensor(KILN_FLOAT32, {3, 2});
  for (const kiln_tensor *bad : {i.get(), rank3.get(), dims.get()}) {
    const kiln_tensor *inputs[] = {bad};
    fails(KILN_ERROR_NO_MATCHING_SIGNATURE,
          kiln_function_call(fn.get(), inputs, 1, out, 2, &n),
          "available signatures:\n  two(float32[None, 3])");
  }
  CHECK(fake_two_results_calls == calls);

  size_t index;
  CHECK(kiln_function_select(nullptr, one, 1, &index) ==
        KILN_ERROR_INVALID_ARGUMENT);
  CHECK(kiln_function_select(fn.get(), one, 1, nullptr) ==
        KILN_ERROR_INVALID_ARGUMENT);
  CHECK(kiln_function_select(fn.get(), null_input, 1, &index) ==
        KILN_ERROR_INVALID_ARGUMENT);

  // A NULL out_num_outputs is allowed.
  REQUIRE_OK(kiln_function_call(fn.get(), one, 1, out, 2, nullptr));
  CHECK(fake_two_results_calls == calls + 1);
  kiln_tensor_release(out[0]);
  kiln_tensor_release(out[1]);
}

TEST_CASE("new signatures are visible through existing handles",
          "[runtime][dispatch]") {
  Library lib = makeLibrary();
  add(lib.get(), tagDesc({{KILN_FLOAT32, {-1}}}, fake_tag1));
  Function f = getFunction(lib.get(), "f");
  Tensor x = makeTensor(KILN_FLOAT32, {4});
  CHECK(tagOf(f.get(), {x.get()}) == 1);
  add(lib.get(), tagDesc({{KILN_FLOAT32, {4}}}, fake_tag0));
  CHECK(kiln_function_signature_count(f.get()) == 2);
  CHECK(tagOf(f.get(), {x.get()}) == 0);
}

TEST_CASE("dispatch does not allocate", "[runtime][dispatch]") {
  if (!kiln_test_malloc_counter_available()) {
    WARN("allocation counting is unavailable in this build (sanitizers); "
         "skipped");
    return;
  }
  Library lib = makeLibrary();
  add(lib.get(), Desc("add", {{KILN_FLOAT32, {2, 3}}, {KILN_FLOAT32, {2, 3}}},
                      {{KILN_FLOAT32, {2, 3}}}, fake_add_f32));
  add(lib.get(), Desc("add", {{KILN_FLOAT32, {-1, 3}}, {KILN_FLOAT32, {-1, 3}}},
                      {{KILN_FLOAT32, {-1, 3}}}, fake_add_f32));
  Function fn = getFunction(lib.get(), "add");
  Tensor a = iotaF32({2, 3}), b = iotaF32({5, 3});
  const kiln_tensor *exact[] = {a.get(), a.get()};
  const kiln_tensor *miss[] = {b.get(), b.get()};
  size_t index = 0;

  kiln_test_malloc_count_begin();
  kiln_status s1 = kiln_function_select(fn.get(), exact, 2, &index);
  kiln_status s2 = kiln_function_select(fn.get(), miss, 2, &index);
  long lookups = kiln_test_malloc_count_end();
  REQUIRE(s1 == KILN_OK);
  REQUIRE(s2 == KILN_OK);
  CHECK(lookups == 0);

  // A whole call allocates only the compiled code's result buffer and the
  // kiln_tensor that takes it over.
  kiln_tensor *out[1];
  kiln_test_malloc_count_begin();
  kiln_status s3 = kiln_function_call(fn.get(), exact, 2, out, 1, nullptr);
  long callAllocations = kiln_test_malloc_count_end();
  REQUIRE(s3 == KILN_OK);
  kiln_tensor_release(out[0]);
  CHECK(callAllocations == 2);
}
