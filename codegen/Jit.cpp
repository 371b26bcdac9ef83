// Compiling graphs with MLIR and calling them through the packed entry point
// (`kiln_entry_<name>`): descriptors in, descriptors out.
#include "Jit.h"
#include "HostCalls.h"
#include "kiln/float_mode.h"

#include "CudaTarget.h"
#include "GraphToKiln.h"
#include "passes/Passes.h"

#include <algorithm>

#include "mlir/ExecutionEngine/ExecutionEngine.h"
#include "mlir/ExecutionEngine/OptUtils.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Target/LLVMIR/Export.h"
#include "llvm/ExecutionEngine/Orc/JITTargetMachineBuilder.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/TargetSelect.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Target/TargetMachine.h"

#include <csetjmp>
#include <cstdlib>
#include <cstring>
#include <mutex>
#include <set>

extern "C" void memrefCopy(int64_t, void *, void *); // runtime/MemrefCopy.c

namespace kiln {

namespace {

/// Initializes LLVM's native target and kiln's pass registry once.
void initializeOnce() {
  static std::once_flag once;
  std::call_once(once, [] {
    llvm::InitializeNativeTarget();
    llvm::InitializeNativeTargetAsmPrinter();
    registerPasses();
  });
}

/// Collects diagnostics as text while alive.
class DiagnosticCollector {
public:
  explicit DiagnosticCollector(mlir::MLIRContext &ctx)
      : handler(&ctx, [this](mlir::Diagnostic &d) {
          std::string loc;
          llvm::raw_string_ostream os(loc);
          d.getLocation().print(os);
          text += os.str() + ": " + d.str() + "\n";
          return mlir::success();
        }) {}
  std::string text;

private:
  mlir::ScopedDiagnosticHandler handler;
};

} // namespace

std::unique_ptr<mlir::MLIRContext> createCompilerContext() {
  initializeOnce();
  mlir::DialectRegistry registry;
  registerCompilerDialects(registry);
  auto context = std::make_unique<mlir::MLIRContext>(registry);
  context->loadAllAvailableDialects();
  return context;
}

std::vector<std::string> pipelinePassNames(int optLevel,
                                           const std::string &target) {
  PipelineOptions pipeline;
  pipeline.optLevel = optLevel;
  pipeline.target = target;
  // The textual pipeline: names separated by ',' and '(' / ')', each
  // maybe with {options}; "func.func(" opens a nested pipeline.
  std::string text = loweringPipeline(pipeline);
  std::vector<std::string> names;
  std::string name;
  int braces = 0;
  for (char ch : text + ",") {
    if (ch == '{' || ch == '}') {
      braces += ch == '{' ? 1 : -1;
    } else if (braces == 0 && (ch == ',' || ch == '(' || ch == ')')) {
      if (ch != '(' && !name.empty() &&
          std::find(names.begin(), names.end(), name) == names.end())
        names.push_back(name);
      name.clear();
    } else if (braces == 0) {
      name += ch;
    }
  }
  return names;
}

bool lowerToLlvmDialect(mlir::ModuleOp module, const CompileOptions &options,
                        std::string &error) {
  initializeOnce();
  mlir::PassManager pm(module.getContext());
  if (options.printIrAfterAll || !options.printIrAfter.empty()) {
    module.getContext()->disableMultithreading();
    std::vector<std::string> after = options.printIrAfter;
    bool all = options.printIrAfterAll;
    pm.enableIRPrinting(
        [](mlir::Pass *, mlir::Operation *) { return false; },
        [after, all](mlir::Pass *pass, mlir::Operation *) {
          return all || std::find(after.begin(), after.end(),
                                  pass->getArgument().str()) != after.end();
        },
        /*printModuleScope=*/true, /*printAfterOnlyOnChange=*/false);
  }
  PipelineOptions pipeline;
  pipeline.optLevel = options.optLevel;
  pipeline.target = options.target;
  pipeline.cudaArch = options.cudaArch;
  pipeline.cudaToolkit = cudaToolkit();
  if (mlir::failed(mlir::parsePassPipeline(loweringPipeline(pipeline), pm))) {
    error = "internal error: the lowering pipeline does not parse";
    return false;
  }
  DiagnosticCollector diags(*module.getContext());
  if (mlir::failed(pm.run(module))) {
    error = diags.text.empty() ? "lowering failed" : diags.text;
    return false;
  }
  return true;
}

namespace {

/// Elements a graph's nodes' outputs add up to, from which LLVM's
/// optimizations pay for what they cost: tens of milliseconds a module,
/// which the eager ops of a script on small tensors (one module each)
/// would spend many times over, while a large MatMul runs five times
/// faster optimized.
constexpr int64_t kElementsWorthOptimizing = int64_t(1) << 16;
/// LLVM instructions in a module up to which it is optimized at all.
constexpr unsigned kInstructionsWorthOptimizing = 10000;

/// Whether to run LLVM's module optimizations on `graph`'s code: it has
/// loops (control flow, whose trip counts trace time does not know),
/// sizes known only at run time, or many elements.
bool worthOptimizing(const graph::Graph &graph) {
  int64_t elements = 0;
  for (const graph::Node &n : graph.nodes) {
    if (!n.regions.empty())
      return true;
    for (const graph::TensorType &t : n.outputs) {
      int64_t count = t.numElements();
      if (count < 0)
        return true;
      elements += count;
      if (elements >= kElementsWorthOptimizing)
        return true;
    }
  }
  return false;
}

} // namespace

struct graph::Executor::Compiled {
  /// LLVM's module optimizations for the engine (which refers to them),
  /// and the level they ran at (0: not run).
  std::function<llvm::Error(llvm::Module *)> transformer;
  int optimizedAt = 0;
  std::unique_ptr<mlir::ExecutionEngine> engine;
  void (*entry)(void **) = nullptr;
  std::vector<graph::TensorType> inputs, outputs;
};

namespace {

class JitExecutor : public graph::Executor {
public:
  explicit JitExecutor(const CompileOptions &options) : options_(options) {
    // What the script runs while kiln compile traces it runs here, on the
    // CPU, whatever the target of the library ("cuda-emulation", for
    // `kiln run --emulate-cuda`, runs on the CPU too).
    if (options_.target == "cuda")
      options_.target = "cpu";
    initializeOnce();
    mlir::DialectRegistry registry;
    registerCompilerDialects(registry);
    context_.appendDialectRegistry(registry);
    context_.loadAllAvailableDialects();
  }

  const Compiled *compile(const graph::Graph &graph,
                          std::string &error) override {
    mlir::OwningOpRef<mlir::ModuleOp> module =
        mlir::ModuleOp::create(mlir::UnknownLoc::get(&context_));
    {
      DiagnosticCollector diags(context_);
      if (!emitKilnFunction(*module, graph, options_, error))
        return nullptr;
      if (mlir::failed(mlir::verify(*module))) {
        error = "internal error: invalid kiln IR: " + diags.text;
        return nullptr;
      }
    }
    if (!lowerToLlvmDialect(*module, options_, error))
      return nullptr;
    // ExecutionEngineOptions holds the transformer as a function_ref: the
    // function it refers to must outlive its use, so it is kept with the
    // compiled function (it used to be a temporary, and LLVM's
    // optimizations ran at whatever level the freed memory held: mostly
    // none, and differently from run to run).
    auto fn = std::make_unique<Compiled>();
    llvm::TargetMachine *machine = hostMachine();
    int level = options_.optLevel > 0 && worthOptimizing(graph) ? 2 : 0;
    Compiled *compiled = fn.get();
    fn->transformer = [machine, level,
                       compiled](llvm::Module *m) -> llvm::Error {
      if (machine) {
        m->setDataLayout(machine->createDataLayout());
        m->setTargetTriple(machine->getTargetTriple().str());
      }
      // Past this size the optimizations' cost grows faster than the code
      // (a concat of 300 tensors: 4 s unoptimized, 23 s at O2), and such
      // modules are mostly straight-line code over small tensors.
      if (level == 0 || m->getInstructionCount() > kInstructionsWorthOptimizing)
        return llvm::Error::success();
      compiled->optimizedAt = level;
      return mlir::makeOptimizingTransformer(level, /*sizeLevel=*/0,
                                             machine)(m);
    };
    mlir::ExecutionEngineOptions engineOptions;
    engineOptions.transformer = fn->transformer;
    auto engine = mlir::ExecutionEngine::create(*module, engineOptions);
    if (!engine) {
      error = "JIT compilation failed: " + llvm::toString(engine.takeError());
      return nullptr;
    }
    (*engine)->registerSymbols([](llvm::orc::MangleAndInterner interner) {
      llvm::orc::SymbolMap symbols;
      symbols[interner("memrefCopy")] = {
          llvm::orc::ExecutorAddr::fromPtr(&memrefCopy),
          llvm::JITSymbolFlags::Exported};
      for (auto &[name, address] : hostcalls::symbols())
        symbols[interner(name)] = {llvm::orc::ExecutorAddr::fromPtr(address),
                                   llvm::JITSymbolFlags::Exported};
      return symbols;
    });
    auto symbol = (*engine)->lookup("kiln_entry_" + graph.name);
    if (!symbol) {
      error = "JIT lookup failed: " + llvm::toString(symbol.takeError());
      return nullptr;
    }
    fn->entry = reinterpret_cast<void (*)(void **)>(*symbol);
    fn->engine = std::move(*engine);
    for (int arg : graph.args)
      fn->inputs.push_back(graph.nodes[arg].outputs[0]);
    for (graph::Output r : graph.results)
      fn->outputs.push_back(graph.typeOf(r));
    compiled_.push_back(std::move(fn));
    return compiled_.back().get();
  }

  bool run(const Compiled *fn, const std::vector<graph::HostTensorPtr> &inputs,
           std::vector<graph::HostTensorPtr> &outputs,
           std::string &error) override;

private:
  /// The host's TargetMachine, for LLVM's module optimizations (its cost
  /// models decide the vector widths), as `kiln compile` optimizes with
  /// its own. Null if the host has none: then optimized for no target.
  llvm::TargetMachine *hostMachine() {
    if (!hostMachineTried_) {
      hostMachineTried_ = true;
      auto builder = llvm::orc::JITTargetMachineBuilder::detectHost();
      if (builder) {
        auto machine = builder->createTargetMachine();
        if (machine)
          hostMachine_ = std::move(*machine);
        else
          llvm::consumeError(machine.takeError());
      } else {
        llvm::consumeError(builder.takeError());
      }
    }
    return hostMachine_.get();
  }

  CompileOptions options_;
  std::unique_ptr<llvm::TargetMachine> hostMachine_;
  bool hostMachineTried_ = false;
  mlir::MLIRContext context_;
  std::vector<std::unique_ptr<Compiled>> compiled_;
};

/// A memref descriptor as MLIR's C interface lays it out, in 64-bit words.
std::vector<int64_t> descriptor(const graph::HostTensor &t) {
  size_t rank = t.type.shape.size();
  std::vector<int64_t> words(3 + 2 * rank);
  words[0] = reinterpret_cast<int64_t>(t.data());
  words[1] = words[0];
  words[2] = 0;
  int64_t stride = 1;
  for (size_t i = rank; i-- > 0;) {
    words[3 + i] = t.type.shape[i];
    words[3 + rank + i] = stride;
    stride *= t.type.shape[i];
  }
  return words;
}

bool JitExecutor::run(const Compiled *fn,
                      const std::vector<graph::HostTensorPtr> &inputs,
                      std::vector<graph::HostTensorPtr> &outputs,
                      std::string &error) {
  if (inputs.size() != fn->inputs.size()) {
    error = "wrong number of inputs";
    return false;
  }
  std::vector<std::vector<int64_t>> inputWords;
  std::vector<void *> args(1 + inputs.size());
  for (size_t i = 0; i < inputs.size(); ++i) {
    inputWords.push_back(descriptor(*inputs[i]));
    args[1 + i] = inputWords.back().data();
  }
  size_t resultWords = 0;
  for (auto &t : fn->outputs)
    resultWords += 3 + 2 * t.shape.size();
  std::vector<int64_t> results(resultWords);
  args[0] = results.data();
  hostcalls::Context context{printSink, {}};
  std::jmp_buf outOfMemory;
  context.outOfMemory = &outOfMemory;
  hostcalls::setContext(&context);
  kiln_float_mode mode = kiln_float_mode_enter();
  // An allocation that fails in the compiled code jumps back here (only
  // compiled frames are skipped; what they allocated before is lost).
  if (setjmp(outOfMemory) != 0) {
    kiln_float_mode_leave(mode);
    hostcalls::setContext(nullptr);
    error = context.error;
    return false;
  }
  fn->entry(args.data());
  kiln_float_mode_leave(mode);
  hostcalls::setContext(nullptr);

  size_t at = 0;
  for (auto &type : fn->outputs) {
    size_t rank = type.shape.size();
    const int64_t *d = results.data() + at;
    at += 3 + 2 * rank;
    // A dense copy (results may be views).
    auto out = std::make_shared<graph::HostTensor>(
        hostcalls::fromDescriptor(type.dtype, static_cast<int64_t>(rank), d));
    outputs.push_back(std::move(out));
  }
  // Every result is copied out: now free each buffer the compiled code
  // allocated, once (results may share one), never an input's or a
  // constant global's (0xdeadbeef).
  std::set<void *> toFree;
  at = 0;
  for (auto &type : fn->outputs) {
    toFree.insert(reinterpret_cast<void *>(results[at]));
    at += 3 + 2 * type.shape.size();
  }
  toFree.erase(reinterpret_cast<void *>(0xdeadbeef));
  for (auto &words : inputWords)
    toFree.erase(reinterpret_cast<void *>(words[0]));
  for (void *p : toFree)
    std::free(p);
  if (!context.error.empty()) { // a failed run-time assertion
    error = context.error;
    return false;
  }
  return true;
}

} // namespace

std::unique_ptr<graph::Executor>
createJitExecutor(const CompileOptions &options) {
  return std::make_unique<JitExecutor>(options);
}

int jitOptimizationLevel(const graph::Executor::Compiled *fn) {
  return fn->optimizedAt;
}

bool dumpGraphStage(const graph::Graph &graph, const std::string &stage,
                    const CompileOptions &options, std::string &out,
                    std::string &error, SourceLoc *errorLoc) {
  std::unique_ptr<mlir::MLIRContext> owned = createCompilerContext();
  mlir::MLIRContext &context = *owned;
  mlir::OwningOpRef<mlir::ModuleOp> module =
      mlir::ModuleOp::create(mlir::UnknownLoc::get(&context));
  if (!emitKilnFunction(*module, graph, options, error, nullptr, errorLoc))
    return false;
  llvm::raw_string_ostream os(out);
  if (stage == "kiln") {
    module->print(os);
    return true;
  }
  if (stage == "linalg") {
    mlir::PassManager pm(&context);
    if (mlir::failed(mlir::parsePassPipeline(
            "func.func(kiln-lower-to-linalg,canonicalize,cse)", pm)) ||
        mlir::failed(pm.run(*module))) {
      error = "lowering to linalg failed";
      return false;
    }
    module->print(os);
    return true;
  }
  if (!lowerToLlvmDialect(*module, options, error))
    return false;
  if (stage == "ptx") {
    std::string ptx = kernelPtx(*module, error);
    if (!error.empty())
      return false;
    os << (ptx.empty() ? "// no GPU kernel: every op runs on the host\n" : ptx);
    return true;
  }
  llvm::LLVMContext llvmContext;
  auto llvmModule = mlir::translateModuleToLLVMIR(*module, llvmContext);
  if (!llvmModule) {
    error = "translation to LLVM IR failed";
    return false;
  }
  llvmModule->print(os, nullptr);
  return true;
}

} // namespace kiln
