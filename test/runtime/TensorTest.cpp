// Tests of dtypes, errors and tensors: creation, validation, borrowing,
// DLPack layout and export.
#include "RuntimeTestUtil.h"

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string>
#include <thread>

using namespace kiln_test;

namespace {

// DLPack 1.x's structs, transcribed from dlpack.h, to check the layout.
struct DLDevice {
  int32_t device_type;
  int32_t device_id;
};
struct DLDataType {
  uint8_t code;
  uint8_t bits;
  uint16_t lanes;
};
struct DLTensor {
  void *data;
  DLDevice device;
  int32_t ndim;
  DLDataType dtype;
  int64_t *shape;
  int64_t *strides;
  uint64_t byte_offset;
};
struct DLManagedTensor {
  DLTensor dl_tensor;
  void *manager_ctx;
  void (*deleter)(DLManagedTensor *self);
};

#define SAME_FIELD(kiln, dl, field)                                            \
  static_assert(offsetof(kiln, field) == offsetof(dl, field), #field)
SAME_FIELD(kiln_dltensor, DLTensor, data);
SAME_FIELD(kiln_dltensor, DLTensor, device);
SAME_FIELD(kiln_dltensor, DLTensor, ndim);
SAME_FIELD(kiln_dltensor, DLTensor, dtype);
SAME_FIELD(kiln_dltensor, DLTensor, shape);
SAME_FIELD(kiln_dltensor, DLTensor, strides);
SAME_FIELD(kiln_dltensor, DLTensor, byte_offset);
SAME_FIELD(kiln_dlmanaged_tensor, DLManagedTensor, manager_ctx);
SAME_FIELD(kiln_dlmanaged_tensor, DLManagedTensor, deleter);
static_assert(sizeof(kiln_dltensor) == sizeof(DLTensor), "DLTensor size");
static_assert(sizeof(kiln_dlmanaged_tensor) == sizeof(DLManagedTensor),
              "DLManagedTensor size");
static_assert(sizeof(kiln_dldatatype) == sizeof(DLDataType), "DLDataType size");

kiln_status create(kiln_dtype dtype, std::vector<int64_t> shape,
                   kiln_tensor **out) {
  return kiln_tensor_create(dtype, (int32_t)shape.size(), shape.data(), nullptr,
                            out);
}

kiln_dltensor cpuView(void *data, kiln_dtype dtype, std::vector<int64_t> &shape,
                      int64_t *strides = nullptr) {
  kiln_dltensor view{};
  view.data = data;
  view.device.device_type = KILN_DL_CPU;
  view.ndim = (int32_t)shape.size();
  REQUIRE_OK(kiln_dtype_to_dl(dtype, &view.dtype));
  view.shape = shape.data();
  view.strides = strides;
  return view;
}

struct DeleterLog {
  int calls = 0;
};
void countDeleter(void *ctx) { ++static_cast<DeleterLog *>(ctx)->calls; }

} // namespace

TEST_CASE("dtype names, sizes and DLPack codes", "[runtime][dtype]") {
  struct Row {
    kiln_dtype dtype;
    const char *name;
    size_t size;
    uint8_t code;
  };
  const Row rows[] = {
      {KILN_BOOL, "bool", 1, KILN_DL_BOOL},
      {KILN_INT8, "int8", 1, KILN_DL_INT},
      {KILN_INT16, "int16", 2, KILN_DL_INT},
      {KILN_INT32, "int32", 4, KILN_DL_INT},
      {KILN_INT64, "int64", 8, KILN_DL_INT},
      {KILN_UINT8, "uint8", 1, KILN_DL_UINT},
      {KILN_FLOAT16, "float16", 2, KILN_DL_FLOAT},
      {KILN_BFLOAT16, "bfloat16", 2, KILN_DL_BFLOAT},
      {KILN_FLOAT32, "float32", 4, KILN_DL_FLOAT},
      {KILN_FLOAT64, "float64", 8, KILN_DL_FLOAT},
  };
  STATIC_REQUIRE(sizeof(rows) / sizeof(rows[0]) == KILN_DTYPE_COUNT);
  for (const Row &row : rows) {
    INFO(row.name);
    CHECK(std::string(kiln_dtype_name(row.dtype)) == row.name);
    CHECK(kiln_dtype_size(row.dtype) == row.size);
    kiln_dtype parsed;
    REQUIRE_OK(kiln_dtype_from_name(row.name, &parsed));
    CHECK(parsed == row.dtype);
    kiln_dldatatype dl;
    REQUIRE_OK(kiln_dtype_to_dl(row.dtype, &dl));
    CHECK(dl.code == row.code);
    CHECK(dl.bits == row.size * 8);
    CHECK(dl.lanes == 1);
    kiln_dtype back;
    REQUIRE_OK(kiln_dtype_from_dl(dl, &back));
    CHECK(back == row.dtype);
  }
  kiln_dtype out;
  CHECK(kiln_dtype_name((kiln_dtype)KILN_DTYPE_COUNT) == nullptr);
  CHECK(kiln_dtype_name((kiln_dtype)-1) == nullptr);
  CHECK(kiln_dtype_size((kiln_dtype)KILN_DTYPE_COUNT) == 0);
  CHECK(kiln_dtype_from_name("float128", &out) == KILN_ERROR_INVALID_ARGUMENT);
  CHECK(contains(kiln_last_error(), "float128"));
  CHECK(kiln_dtype_from_name(nullptr, &out) == KILN_ERROR_INVALID_ARGUMENT);
  CHECK(kiln_dtype_from_dl(kiln_dldatatype{KILN_DL_FLOAT, 32, 4}, &out) ==
        KILN_ERROR_INVALID_ARGUMENT);
  CHECK(kiln_dtype_from_dl(kiln_dldatatype{5 /* complex */, 64, 1}, &out) ==
        KILN_ERROR_INVALID_ARGUMENT);
  kiln_dldatatype dl;
  CHECK(kiln_dtype_to_dl((kiln_dtype)42, &dl) == KILN_ERROR_INVALID_ARGUMENT);
  CHECK(kiln_dtype_to_dl(KILN_INT8, nullptr) == KILN_ERROR_INVALID_ARGUMENT);
}

TEST_CASE("status names and the per-thread last error", "[runtime][status]") {
  CHECK(std::string(kiln_status_name(KILN_OK)) == "ok");
  CHECK(std::string(kiln_status_name(KILN_ERROR_NO_MATCHING_SIGNATURE)) ==
        "no matching signature");
  CHECK(std::string(kiln_status_name((kiln_status)99)) == "unknown status");

  kiln_dtype out;
  REQUIRE(kiln_dtype_from_name("main-thread-error", &out) != KILN_OK);
  std::string other;
  std::thread([&] {
    other = kiln_last_error();
    kiln_dtype_from_name("other-thread-error", &out);
  }).join();
  CHECK(other == "");
  CHECK(contains(kiln_last_error(), "main-thread-error"));
  // Success does not clear it.
  REQUIRE_OK(kiln_dtype_from_name("int8", &out));
  CHECK(contains(kiln_last_error(), "main-thread-error"));
}

TEST_CASE("kiln_tensor_create copies or zeroes the data", "[runtime][tensor]") {
  Tensor t = makeF32({2, 3}, {1, 2, 3, 4, 5, 6});
  CHECK(kiln_tensor_dtype(t.get()) == KILN_FLOAT32);
  CHECK(kiln_tensor_rank(t.get()) == 2);
  CHECK(shapeOf(t.get()) == std::vector<int64_t>{2, 3});
  CHECK(kiln_tensor_element_count(t.get()) == 6);
  CHECK(kiln_tensor_byte_size(t.get()) == 24);
  CHECK(valuesF32(t.get()) == std::vector<float>{1, 2, 3, 4, 5, 6});
  CHECK(reinterpret_cast<uintptr_t>(kiln_tensor_data(t.get())) % 64 == 0);

  const kiln_dltensor *dl = kiln_tensor_dl(t.get());
  CHECK(dl->device.device_type == KILN_DL_CPU);
  CHECK(dl->device.device_id == 0);
  CHECK(dl->ndim == 2);
  CHECK(dl->dtype.code == KILN_DL_FLOAT);
  CHECK(dl->dtype.bits == 32);
  CHECK(dl->dtype.lanes == 1);
  CHECK(dl->shape[0] == 2);
  CHECK(dl->shape[1] == 3);
  REQUIRE(dl->strides != nullptr);
  CHECK(dl->strides[0] == 3);
  CHECK(dl->strides[1] == 1);
  CHECK(dl->byte_offset == 0);
  CHECK(dl->data == kiln_tensor_data(t.get()));

  Tensor zeros = makeTensor(KILN_INT64, {4});
  const int64_t *z =
      static_cast<const int64_t *>(kiln_tensor_data(zeros.get()));
  CHECK((z[0] == 0 && z[1] == 0 && z[2] == 0 && z[3] == 0));

  int32_t seven = 7;
  kiln_tensor *scalar = nullptr;
  REQUIRE_OK(kiln_tensor_create(KILN_INT32, 0, nullptr, &seven, &scalar));
  Tensor s(scalar);
  CHECK(kiln_tensor_rank(scalar) == 0);
  CHECK(kiln_tensor_shape(scalar) != nullptr);
  CHECK(kiln_tensor_element_count(scalar) == 1);
  CHECK(*static_cast<int32_t *>(kiln_tensor_data(scalar)) == 7);

  Tensor empty = makeTensor(KILN_FLOAT64, {3, 0, 5});
  CHECK(kiln_tensor_element_count(empty.get()) == 0);
  CHECK(kiln_tensor_byte_size(empty.get()) == 0);
  CHECK(kiln_tensor_data(empty.get()) != nullptr);
}

TEST_CASE("kiln_tensor_create validates its arguments", "[runtime][tensor]") {
  kiln_tensor *t = reinterpret_cast<kiln_tensor *>(0x1);
  int64_t dims[] = {2, 3};
  CHECK(kiln_tensor_create(KILN_FLOAT32, 2, dims, nullptr, nullptr) ==
        KILN_ERROR_INVALID_ARGUMENT);

  CHECK(kiln_tensor_create((kiln_dtype)KILN_DTYPE_COUNT, 2, dims, nullptr,
                           &t) == KILN_ERROR_INVALID_ARGUMENT);
  CHECK(t == nullptr);
  CHECK(contains(kiln_last_error(), "dtype"));
  CHECK(kiln_tensor_create((kiln_dtype)-1, 2, dims, nullptr, &t) ==
        KILN_ERROR_INVALID_ARGUMENT);

  CHECK(kiln_tensor_create(KILN_FLOAT32, -1, dims, nullptr, &t) ==
        KILN_ERROR_INVALID_ARGUMENT);
  CHECK(contains(kiln_last_error(), "rank"));
  CHECK(kiln_tensor_create(KILN_FLOAT32, KILN_MAX_RANK + 1, dims, nullptr,
                           &t) == KILN_ERROR_INVALID_ARGUMENT);
  CHECK(kiln_tensor_create(KILN_FLOAT32, 2, nullptr, nullptr, &t) ==
        KILN_ERROR_INVALID_ARGUMENT);
  CHECK(contains(kiln_last_error(), "shape is NULL"));

  CHECK(create(KILN_FLOAT32, {2, -3}, &t) == KILN_ERROR_INVALID_ARGUMENT);
  CHECK(contains(kiln_last_error(), "negative"));
  CHECK(t == nullptr);

  // Element counts and byte sizes that overflow 64 bits.
  CHECK(create(KILN_INT8, {INT64_MAX, 2}, &t) == KILN_ERROR_INVALID_ARGUMENT);
  CHECK(contains(kiln_last_error(), "overflows"));
  CHECK(create(KILN_INT8, {1LL << 32, 1LL << 32}, &t) ==
        KILN_ERROR_INVALID_ARGUMENT);
  CHECK(create(KILN_FLOAT64, {1LL << 61}, &t) == KILN_ERROR_INVALID_ARGUMENT);
  // Zero elements, but the strides would overflow.
  CHECK(create(KILN_FLOAT32, {0, 1LL << 40, 1LL << 40}, &t) ==
        KILN_ERROR_INVALID_ARGUMENT);
  // Representable, but too large to allocate.
  CHECK(create(KILN_INT8, {1LL << 62}, &t) == KILN_ERROR_OUT_OF_MEMORY);
  CHECK(t == nullptr);
}

TEST_CASE("kiln_tensor_wrap borrows memory and calls the deleter once",
          "[runtime][tensor]") {
  alignas(16) float data[6] = {1, 2, 3, 4, 5, 6};
  std::vector<int64_t> shape = {2, 3};
  kiln_dltensor view = cpuView(data, KILN_FLOAT32, shape);
  DeleterLog log;
  kiln_tensor *t = nullptr;
  REQUIRE_OK(kiln_tensor_wrap(&view, countDeleter, &log, &t));
  shape[0] = 99; // the view's shape was copied
  CHECK(kiln_tensor_data(t) == data);
  CHECK(shapeOf(t) == std::vector<int64_t>{2, 3});
  data[0] = 10; // no copy
  CHECK(valuesF32(t)[0] == 10);
  kiln_tensor_retain(t);
  kiln_tensor_release(t);
  CHECK(log.calls == 0);
  kiln_tensor_release(t);
  CHECK(log.calls == 1);

  // byte_offset and explicit row-major strides, with any stride on size-1 dims.
  std::vector<int64_t> shape13 = {1, 3};
  int64_t strides[] = {12345, 1};
  view = cpuView(data, KILN_FLOAT32, shape13, strides);
  view.byte_offset = 3 * sizeof(float);
  REQUIRE_OK(kiln_tensor_wrap(&view, nullptr, nullptr, &t));
  Tensor wrapped(t);
  CHECK(kiln_tensor_data(t) == data + 3);
  CHECK(valuesF32(t) == std::vector<float>{4, 5, 6});
  CHECK(kiln_tensor_dl(t)->strides[1] == 1);

  // A NULL data pointer is fine without elements.
  std::vector<int64_t> empty = {0, 3};
  view = cpuView(nullptr, KILN_FLOAT32, empty);
  REQUIRE_OK(kiln_tensor_wrap(&view, nullptr, nullptr, &t));
  kiln_tensor_release(t);
}

TEST_CASE("kiln_tensor_wrap validates the view", "[runtime][tensor]") {
  alignas(16) float data[6] = {};
  std::vector<int64_t> shape = {2, 3};
  DeleterLog log;
  kiln_tensor *t = nullptr;
  auto rejects = [&](kiln_dltensor view, const char *message) {
    INFO(message);
    CHECK(kiln_tensor_wrap(&view, countDeleter, &log, &t) ==
          KILN_ERROR_INVALID_ARGUMENT);
    CHECK(contains(kiln_last_error(), message));
    CHECK(t == nullptr);
  };
  CHECK(kiln_tensor_wrap(nullptr, nullptr, nullptr, &t) ==
        KILN_ERROR_INVALID_ARGUMENT);
  kiln_dltensor good = cpuView(data, KILN_FLOAT32, shape);
  CHECK(kiln_tensor_wrap(&good, nullptr, nullptr, nullptr) ==
        KILN_ERROR_INVALID_ARGUMENT);

  kiln_dltensor v = good;
  v.device.device_type = KILN_DL_CUDA;
  rejects(v, "only CPU");
  v = good;
  v.dtype.lanes = 4;
  rejects(v, "no kiln dtype");
  v = good;
  v.ndim = -2;
  rejects(v, "rank");
  v = good;
  v.shape = nullptr;
  rejects(v, "shape is NULL");
  std::vector<int64_t> negative = {2, -1};
  v = cpuView(data, KILN_FLOAT32, negative);
  rejects(v, "negative");
  std::vector<int64_t> huge = {INT64_MAX / 2, 3};
  v = cpuView(data, KILN_FLOAT32, huge);
  rejects(v, "overflows");
  v = good;
  v.data = nullptr;
  rejects(v, "data is NULL");
  v = good;
  v.byte_offset = 2;
  rejects(v, "aligned");
  int64_t transposed[] = {1, 2};
  v = cpuView(data, KILN_FLOAT32, shape, transposed);
  rejects(v, "contiguous");
  CHECK(log.calls == 0);
}

TEST_CASE("kiln_tensor_create_from_dl copies an unaligned first element",
          "[runtime][tensor]") {
  // Unlike kiln_tensor_wrap, the copy needs no alignment (runtime.h).
  alignas(8) unsigned char bytes[1 + 2 * sizeof(float)] = {};
  float values[2] = {1.5f, -2.0f};
  std::memcpy(bytes + 1, values, sizeof values);
  std::vector<int64_t> shape = {2};
  kiln_dltensor view = cpuView(bytes, KILN_FLOAT32, shape);
  view.byte_offset = 1;
  kiln_tensor *t = nullptr;
  REQUIRE(kiln_tensor_create_from_dl(&view, &t) == KILN_OK);
  const float *copied = static_cast<const float *>(kiln_tensor_dl(t)->data);
  CHECK(copied[0] == 1.5f);
  CHECK(copied[1] == -2.0f);
  kiln_tensor_release(t);
}

TEST_CASE("kiln_tensor_create_from_dl copies strided views",
          "[runtime][tensor]") {
  float data[6] = {0, 1, 2, 3, 4, 5}; // a 2x3 row-major matrix
  kiln_tensor *t = nullptr;

  std::vector<int64_t> shape32 = {3, 2};
  int64_t transposed[] = {1, 3};
  kiln_dltensor view = cpuView(data, KILN_FLOAT32, shape32, transposed);
  REQUIRE_OK(kiln_tensor_create_from_dl(&view, &t));
  Tensor a(t);
  CHECK(valuesF32(t) == std::vector<float>{0, 3, 1, 4, 2, 5});
  CHECK(kiln_tensor_data(t) != data);

  std::vector<int64_t> shape6 = {6};
  int64_t reversed[] = {-1};
  view = cpuView(data, KILN_FLOAT32, shape6, reversed);
  view.byte_offset = 5 * sizeof(float);
  REQUIRE_OK(kiln_tensor_create_from_dl(&view, &t));
  Tensor b(t);
  CHECK(valuesF32(t) == std::vector<float>{5, 4, 3, 2, 1, 0});

  std::vector<int64_t> shape23 = {2, 3};
  int64_t broadcast[] = {0, 1};
  view = cpuView(data, KILN_FLOAT32, shape23, broadcast);
  REQUIRE_OK(kiln_tensor_create_from_dl(&view, &t));
  Tensor c(t);
  CHECK(valuesF32(t) == std::vector<float>{0, 1, 2, 0, 1, 2});

  view = cpuView(data, KILN_FLOAT32, shape23, nullptr);
  REQUIRE_OK(kiln_tensor_create_from_dl(&view, &t));
  Tensor d(t);
  CHECK(valuesF32(t) == std::vector<float>{0, 1, 2, 3, 4, 5});

  view.device.device_type = KILN_DL_CUDA;
  CHECK(kiln_tensor_create_from_dl(&view, &t) == KILN_ERROR_INVALID_ARGUMENT);
  CHECK(t == nullptr);

  // Strides whose reach overflows would read outside the buffer.
  std::vector<int64_t> shape34 = {3, 4};
  for (int64_t far : {INT64_MAX / 2, INT64_MIN, INT64_MAX / 8}) {
    int64_t strides[] = {far, 1};
    view = cpuView(data, KILN_FLOAT32, shape34, strides);
    CHECK(kiln_tensor_create_from_dl(&view, &t) == KILN_ERROR_INVALID_ARGUMENT);
    CHECK(t == nullptr);
    CHECK(contains(kiln_last_error(), "strides reach past"));
  }
}

TEST_CASE("kiln_tensor_export_dlpack keeps the tensor alive",
          "[runtime][tensor]") {
  Tensor t = makeF32({3}, {1, 2, 3});
  kiln_dlmanaged_tensor *managed = nullptr;
  REQUIRE_OK(kiln_tensor_export_dlpack(t.get(), &managed));
  const void *data = kiln_tensor_data(t.get());
  t.reset();
  CHECK(managed->dl_tensor.data == data);
  CHECK(managed->dl_tensor.ndim == 1);
  CHECK(managed->dl_tensor.shape[0] == 3);
  CHECK(static_cast<const float *>(managed->dl_tensor.data)[2] == 3);
  managed->deleter(managed);

  CHECK(kiln_tensor_export_dlpack(nullptr, &managed) ==
        KILN_ERROR_INVALID_ARGUMENT);
  CHECK(managed == nullptr);
}

TEST_CASE("tensor accessors tolerate NULL", "[runtime][tensor]") {
  kiln_tensor_retain(nullptr);
  kiln_tensor_release(nullptr);
  CHECK(kiln_tensor_dl(nullptr) == nullptr);
  CHECK(kiln_tensor_data(nullptr) == nullptr);
  CHECK(kiln_tensor_rank(nullptr) == 0);
  CHECK(kiln_tensor_shape(nullptr) == nullptr);
  CHECK(kiln_tensor_element_count(nullptr) == 0);
  CHECK(kiln_tensor_byte_size(nullptr) == 0);
}
