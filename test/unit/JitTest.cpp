// The JIT path end to end: graphs compiled through the kiln dialect and the
// lowering pipeline, run through the packed entry point.
#include "Jit.h"

#include <catch2/catch.hpp>

#include <cstring>

using namespace kiln;
using graph::DType;
using graph::Graph;
using graph::HostTensor;
using graph::Node;
using graph::TensorType;

namespace {

int placeholder(Graph &g, const std::string &name, TensorType type) {
  Node n;
  n.op = "Placeholder";
  n.name = g.uniqueName(name);
  n.outputs = {type};
  int id = g.add(n);
  g.args.push_back(id);
  return id;
}

int op(Graph &g, const std::string &kind, std::vector<int> inputs,
       TensorType type, std::map<std::string, graph::Attr> attrs = {}) {
  Node n;
  n.op = kind;
  n.name = g.uniqueName(kind);
  for (int i : inputs)
    n.inputs.push_back({i, 0});
  n.outputs = {type};
  n.attrs = std::move(attrs);
  return g.add(n);
}

std::shared_ptr<HostTensor> floats(std::vector<int64_t> shape,
                                   std::vector<float> values) {
  auto t = std::make_shared<HostTensor>();
  t->type = {DType::Float32, shape};
  t->bytes.resize(values.size() * 4);
  std::memcpy(t->bytes.data(), values.data(), t->bytes.size());
  return t;
}

std::vector<float> floatsOf(const HostTensor &t) {
  std::vector<float> out(t.bytes.size() / 4);
  std::memcpy(out.data(), t.bytes.data(), t.bytes.size());
  return out;
}

} // namespace

TEST_CASE("broadcasting add and reduce through the JIT", "[jit]") {
  Graph g;
  g.name = "f";
  int x = placeholder(g, "x", {DType::Float32, {-1, 3}});
  int y = placeholder(g, "y", {DType::Float32, {3}});
  int sum = op(g, "AddV2", {x, y}, {DType::Float32, {-1, 3}});
  int red = op(g, "Sum", {sum}, {DType::Float32, {-1}},
               {{"axes", std::vector<int64_t>{1}}, {"keep_dims", false}});
  g.results = {{sum, 0}, {red, 0}};

  auto exec = createJitExecutor({});
  std::string error;
  const auto *fn = exec->compile(g, error);
  INFO(error);
  REQUIRE(fn != nullptr);
  std::vector<graph::HostTensorPtr> out;
  REQUIRE(exec->run(
      fn, {floats({2, 3}, {1, 2, 3, 4, 5, 6}), floats({3}, {10, 20, 30})}, out,
      error));
  REQUIRE(out.size() == 2);
  CHECK(out[0]->type.shape == std::vector<int64_t>{2, 3});
  CHECK(floatsOf(*out[0]) == std::vector<float>{11, 22, 33, 14, 25, 36});
  CHECK(floatsOf(*out[1]) == std::vector<float>{66, 75});
}

TEST_CASE("matmul and transpose through the JIT", "[jit]") {
  Graph g;
  g.name = "mm";
  int a = placeholder(g, "a", {DType::Float32, {2, 2}});
  int b = placeholder(g, "b", {DType::Float32, {2, 2}});
  int m = op(g, "MatMul", {a, b}, {DType::Float32, {2, 2}},
             {{"transpose_b", true}});
  g.results = {{m, 0}};
  auto exec = createJitExecutor({});
  std::string error;
  const auto *fn = exec->compile(g, error);
  INFO(error);
  REQUIRE(fn != nullptr);
  std::vector<graph::HostTensorPtr> out;
  REQUIRE(exec->run(
      fn, {floats({2, 2}, {1, 2, 3, 4}), floats({2, 2}, {1, 0, 0, 1})}, out,
      error));
  // a @ b^T with b^T = [[1,0],[0,1]]
  CHECK(floatsOf(*out[0]) == std::vector<float>{1, 2, 3, 4});
}

TEST_CASE("an unsupported op is a compile error, not a crash", "[jit]") {
  Graph g;
  g.name = "bad";
  int x = placeholder(g, "x", {DType::Float32, {2}});
  int y = op(g, "Unknown", {x}, {DType::Float32, {2}});
  g.results = {{y, 0}};
  auto exec = createJitExecutor({});
  std::string error;
  CHECK(exec->compile(g, error) == nullptr);
  CHECK(error.find("Unknown") != std::string::npos);
}

TEST_CASE("the JIT optimizes the code of large graphs only", "[jit]") {
  auto compileAdd = [](int64_t rows, int optLevel, int &level) {
    Graph g;
    g.name = "f";
    TensorType type{DType::Float32, {rows, 256}};
    int x = placeholder(g, "x", type);
    int sum = op(g, "AddV2", {x, x}, type);
    g.results = {{sum, 0}};
    CompileOptions options;
    options.optLevel = optLevel;
    auto exec = createJitExecutor(options);
    std::string error;
    const auto *fn = exec->compile(g, error);
    INFO(error);
    REQUIRE(fn != nullptr);
    level = jitOptimizationLevel(fn);
    // The optimized code computes what the unoptimized code does.
    std::vector<float> values(rows * 256);
    for (size_t i = 0; i < values.size(); ++i)
      values[i] = 0.25f * float(i % 97);
    std::vector<graph::HostTensorPtr> out;
    REQUIRE(exec->run(fn, {floats({rows, 256}, values)}, out, error));
    std::vector<float> got = floatsOf(*out[0]);
    for (size_t i = 0; i < values.size(); ++i)
      REQUIRE(got[i] == 2 * values[i]);
  };
  int level = -1;
  compileAdd(512, 2, level); // 131072 elements
  CHECK(level == 2);
  compileAdd(2, 2, level); // a few: compiling costs more than it saves
  CHECK(level == 0);
  compileAdd(512, 0, level); // -O0
  CHECK(level == 0);
}
