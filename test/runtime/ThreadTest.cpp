// Tests of concurrency: many threads calling one function, and functions
// added while other threads call and look up.
#include "FakeFunctions.h"
#include "RuntimeTestUtil.h"

#include <atomic>
#include <string>
#include <thread>

using namespace kiln_test;

TEST_CASE("8 threads x 10k calls on one function", "[runtime][threads]") {
  Library lib = makeLibrary();
  add(lib.get(), Desc("add", {{KILN_FLOAT32, {-1, 3}}, {KILN_FLOAT32, {-1, 3}}},
                      {{KILN_FLOAT32, {-1, 3}}}, fake_add_f32));
  add(lib.get(), Desc("add", {{KILN_FLOAT32, {2, 3}}, {KILN_FLOAT32, {2, 3}}},
                      {{KILN_FLOAT32, {2, 3}}}, fake_add_f32));
  Function fn = getFunction(lib.get(), "add");

  constexpr int kThreads = 8, kCalls = 10000;
  std::atomic<int> failures{0};
  // Even calls hit the exact [2, 3] key, odd ones fall back to [None, 3].
  // (Catch2's macros are not thread-safe: threads only use the C API.)
  std::vector<Tensor> smalls, larges;
  for (int t = 0; t < kThreads; ++t) {
    smalls.push_back(iotaF32({2, 3}, (float)t));
    larges.push_back(iotaF32({(int64_t)t + 3, 3}, (float)t));
  }
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t) {
    threads.emplace_back([&, t] {
      kiln_tensor *small = smalls[(size_t)t].get(),
                  *large = larges[(size_t)t].get();
      for (int i = 0; i < kCalls; ++i) {
        const kiln_tensor *x = i % 2 ? large : small;
        const kiln_tensor *inputs[] = {x, x};
        kiln_tensor *out = nullptr;
        size_t n = 0;
        if (kiln_function_call(fn.get(), inputs, 2, &out, 1, &n) != KILN_OK ||
            n != 1) {
          ++failures;
          continue;
        }
        const float *y = static_cast<const float *>(kiln_tensor_data(out));
        int64_t count = kiln_tensor_element_count(out);
        if (count != kiln_tensor_element_count(x) || y[0] != 2.0f * t ||
            y[count - 1] != 2.0f * (t + (float)count - 1))
          ++failures;
        kiln_tensor_release(out);
      }
    });
  }
  for (std::thread &thread : threads)
    thread.join();
  CHECK(failures == 0);
}

TEST_CASE("adding functions while other threads call them",
          "[runtime][threads]") {
  Library lib = makeLibrary();
  // Shapes [k, 7] run the generic tag 0 until [k, 7] itself is added (tag 1).
  add(lib.get(),
      Desc("f", {{KILN_FLOAT32, {-1, 7}}}, {{KILN_INT32, {}}}, fake_tag0));
  Function fn = getFunction(lib.get(), "f");
  constexpr int kShapes = 64, kReaders = 7;
  std::vector<Tensor> inputs;
  for (int k = 0; k < kShapes; ++k)
    inputs.push_back(makeTensor(KILN_FLOAT32, {k, 7}));

  std::atomic<bool> done{false};
  std::atomic<int> failures{0};
  std::vector<std::thread> readers;
  for (int r = 0; r < kReaders; ++r) {
    readers.emplace_back([&, r] {
      std::vector<bool> seenStatic(kShapes, false);
      for (int i = r; !done.load() || i < r + 1000; ++i) {
        int k = i % kShapes;
        const kiln_tensor *x[] = {inputs[(size_t)k].get()};
        kiln_tensor *out = nullptr;
        if (kiln_function_call(fn.get(), x, 1, &out, 1, nullptr) != KILN_OK) {
          ++failures;
          continue;
        }
        int32_t tag = *static_cast<const int32_t *>(kiln_tensor_data(out));
        kiln_tensor_release(out);
        // Once the static signature is visible it stays visible.
        if (tag != 0 && tag != 1)
          ++failures;
        if (seenStatic[(size_t)k] && tag != 1)
          ++failures;
        seenStatic[(size_t)k] = seenStatic[(size_t)k] || tag == 1;
        // Look up names that are being added.
        std::string name = "g" + std::to_string(k);
        kiln_function *g = nullptr;
        if (kiln_library_get_function(lib.get(), name.c_str(), &g) == KILN_OK) {
          if (kiln_function_signature_count(g) != 1 ||
              std::string(kiln_function_name(g)) != name)
            ++failures;
          kiln_function_release(g);
        }
        kiln_library_function_count(lib.get());
        kiln_library_concrete_desc(lib.get(), (size_t)k);
      }
    });
  }
  for (int k = 0; k < kShapes; ++k) {
    add(lib.get(),
        Desc("f", {{KILN_FLOAT32, {k, 7}}}, {{KILN_INT32, {}}}, fake_tag1));
    add(lib.get(), Desc("g" + std::to_string(k), {}, {}, fake_no_result));
  }
  done = true;
  for (std::thread &reader : readers)
    reader.join();
  CHECK(failures == 0);
  CHECK(kiln_function_signature_count(fn.get()) == kShapes + 1);
  CHECK(kiln_library_function_count(lib.get()) == kShapes + 1);
  for (int k = 0; k < kShapes; ++k)
    CHECK(tagOf(fn.get(), {inputs[(size_t)k].get()}) == 1);
}
