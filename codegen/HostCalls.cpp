// The host callbacks of HostCalls.h.
#include "HostCalls.h"

#include "TensorFormat.h"
#include "kiln/check_message.h"
#include "kiln/tf_print.h"

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <deque>
#include <memory>
#include <mutex>

namespace kiln::hostcalls {

namespace {

std::mutex registryMutex;
std::deque<Spec> registry; // deque: references stay valid as it grows

const Spec &spec(int64_t index) {
  std::lock_guard<std::mutex> lock(registryMutex);
  return registry.at(static_cast<size_t>(index));
}

thread_local Context *current = nullptr;

/// Records that spec `index` failed; the first failure sets the call's
/// error to what `message` makes. Whether it did.
template <typename Message> bool fail(int64_t index, Message message) {
  if (!current)
    return false;
  current->failedSpecs.push_back(index);
  if (!current->error.empty())
    return false;
  current->error = message();
  return true;
}
/// The line being assembled: items arrive in order, then the end call.
thread_local std::string pending;

extern "C" void kiln_host_print_item(int64_t index, int64_t item, int64_t rank,
                                     const int64_t *desc) {
  const Spec &s = spec(index);
  if (item < 0 || static_cast<size_t>(item) >= s.tensorDTypes.size())
    return;
  pending += s.pieces[item];
  auto dtype = static_cast<int32_t>(s.tensorDTypes[item]);
  const char *data = reinterpret_cast<const char *>(desc[1]) +
                     desc[2] * static_cast<int64_t>(kiln_tfp_dtype_size(dtype));
  kiln_text text = {};
  if (s.kind == Spec::Assert) // the Assert kernel's data format
    kiln_tf_summarize_tensor(&text, dtype, rank, desc + 3, desc + 3 + rank,
                             data, s.summarize);
  else
    kiln_tf_print_tensor(&text, dtype, rank, desc + 3, desc + 3 + rank, data,
                         s.summarize);
  if (text.data)
    pending.append(text.data, text.size);
  std::free(text.data);
}

extern "C" void kiln_host_print_end(int64_t index) {
  const Spec &s = spec(index);
  std::string line = std::move(pending) + s.pieces.back();
  pending.clear();
  if (s.kind == Spec::Assert) { // a failed Assert with data: its message
    fail(index, [&] { return "InvalidArgumentError: " + line; });
    return;
  }
  // After a failed assertion the call stops, as TensorFlow's ops after a
  // failed Assert do not run: the compiled code goes on, silently.
  if (current && current->print && current->error.empty())
    current->print(s.toStdout, line);
}

/// A failed run-time shape check: `desc` is a rank-1 i64 memref of the
/// values the message template takes.
extern "C" void kiln_host_check_failed(int64_t index, int64_t rank,
                                       const int64_t *desc) {
  fail(index, [&] {
    const Spec &s = spec(index);
    if (rank != 1)
      return s.errorType + ": a run-time shape check failed";
    const int64_t *values =
        reinterpret_cast<const int64_t *>(desc[1]) + desc[2];
    kiln_text text = {};
    kiln_format_check(&text, s.message.c_str(), values, desc[3]);
    std::string message = s.errorType + ": " +
                          (text.data ? std::string(text.data, text.size) : "");
    std::free(text.data);
    return message;
  });
}

extern "C" void kiln_host_assert(int64_t cond, int64_t index) {
  if (!cond)
    fail(index, [&] { return "InvalidArgumentError: " + spec(index).message; });
}

/// Whether a check or assertion with a spec in [low, high] failed in the
/// call.
extern "C" int64_t kiln_host_failed_in(int64_t low, int64_t high) {
  if (!current)
    return 0;
  for (int64_t index : current->failedSpecs)
    if (index >= low && index <= high)
      return 1;
  return 0;
}

/// The compiled code's allocations (finalize-memref-to-llvm's generic
/// functions). Out of memory, the call fails: back to the caller's setjmp,
/// with TensorFlow's error, instead of writing through a null pointer.
[[noreturn]] void outOfMemory(uint64_t size) {
  if (current && current->outOfMemory) {
    if (current->error.empty())
      current->error = "ResourceExhaustedError: OOM when allocating " +
                       std::to_string(size) + " bytes on the CPU";
    std::longjmp(*current->outOfMemory, 1);
  }
  std::fprintf(stderr, "kiln: out of memory allocating %llu bytes\n",
               static_cast<unsigned long long>(size));
  std::abort();
}

extern "C" void *kiln_memref_alloc(uint64_t size) {
  void *p = std::malloc(size ? size : 1);
  if (!p)
    outOfMemory(size);
  return p;
}

extern "C" void *kiln_memref_aligned_alloc(uint64_t alignment, uint64_t size) {
  void *p = nullptr;
  if (alignment < sizeof(void *))
    alignment = sizeof(void *);
  if (posix_memalign(&p, alignment, size ? size : 1) != 0)
    outOfMemory(size);
  return p;
}

extern "C" void kiln_memref_free(void *p) { std::free(p); }

} // namespace

graph::HostTensor fromDescriptor(graph::DType dtype, int64_t rank,
                                 const int64_t *words) {
  auto *base = reinterpret_cast<const uint8_t *>(words[1]);
  int64_t offset = words[2];
  graph::HostTensor t;
  t.type.dtype = dtype;
  for (int64_t i = 0; i < rank; ++i)
    t.type.shape.push_back(words[3 + i]);
  size_t elem = py::dtypeSize(dtype);
  int64_t count = t.type.numElements();
  t.bytes.resize(static_cast<size_t>(count) * elem);
  std::vector<int64_t> idx(rank, 0);
  for (int64_t e = 0; e < count; ++e) {
    int64_t at = offset;
    for (int64_t i = 0; i < rank; ++i)
      at += idx[i] * words[3 + rank + i];
    std::memcpy(t.bytes.data() + e * elem, base + at * elem, elem);
    for (int64_t i = rank; i-- > 0;) {
      if (++idx[i] < t.type.shape[i])
        break;
      idx[i] = 0;
    }
  }
  return t;
}

int64_t registerSpec(Spec s) {
  std::lock_guard<std::mutex> lock(registryMutex);
  registry.push_back(std::move(s));
  return static_cast<int64_t>(registry.size()) - 1;
}

void setContext(Context *context) { current = context; }

std::vector<std::pair<std::string, void *>> symbols() {
  std::vector<std::pair<std::string, void *>> out = {
      {"kiln_host_print_end", reinterpret_cast<void *>(&kiln_host_print_end)},
      {"kiln_host_assert", reinterpret_cast<void *>(&kiln_host_assert)},
      {"kiln_host_check_failed",
       reinterpret_cast<void *>(&kiln_host_check_failed)},
      {"kiln_host_failed_in", reinterpret_cast<void *>(&kiln_host_failed_in)},
      {"_mlir_memref_to_llvm_alloc",
       reinterpret_cast<void *>(&kiln_memref_alloc)},
      {"_mlir_memref_to_llvm_aligned_alloc",
       reinterpret_cast<void *>(&kiln_memref_aligned_alloc)},
      {"_mlir_memref_to_llvm_free",
       reinterpret_cast<void *>(&kiln_memref_free)}};
  // One declaration per element type in MLIR (their unranked memref
  // arguments differ), one C function: the spec knows the dtype.
  for (const char *t :
       {"i1", "i8", "i16", "i32", "i64", "f16", "bf16", "f32", "f64"})
    out.emplace_back(std::string("kiln_host_print_item_") + t,
                     reinterpret_cast<void *>(&kiln_host_print_item));
  return out;
}

} // namespace kiln::hostcalls
