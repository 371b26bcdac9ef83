// Object code with LLVM's TargetMachine; the descriptor table and typed
// entry points as generated C compiled by the system C compiler; a shared
// library linked with it.
#include "Aot.h"
#include "CudaTarget.h"

#include "GraphToKiln.h"
#include "passes/Passes.h"

#include "kiln/abi.h"
#include "kiln/cpu_features.h"
#include "mlir/ExecutionEngine/OptUtils.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Target/LLVMIR/Export.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/GlobalVariable.h"
#include "llvm/IR/LegacyPassManager.h"
#include "llvm/IR/Module.h"
#include "llvm/MC/MCSubtargetInfo.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/TargetSelect.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Target/TargetMachine.h"
#include "llvm/Target/TargetOptions.h"
#include "llvm/TargetParser/Host.h"
#include "llvm/TargetParser/Triple.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cerrno>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <signal.h>
#include <sstream>
#include <unistd.h>

namespace kiln {

namespace {

const char *cDtype(graph::DType d) {
  switch (d) {
  case graph::DType::Bool:
    return "KILN_BOOL";
  case graph::DType::Int8:
    return "KILN_INT8";
  case graph::DType::Int16:
    return "KILN_INT16";
  case graph::DType::Int32:
    return "KILN_INT32";
  case graph::DType::Int64:
    return "KILN_INT64";
  case graph::DType::UInt8:
    return "KILN_UINT8";
  case graph::DType::Float16:
    return "KILN_FLOAT16";
  case graph::DType::BFloat16:
    return "KILN_BFLOAT16";
  case graph::DType::Float32:
    return "KILN_FLOAT32";
  case graph::DType::Float64:
    return "KILN_FLOAT64";
  default:
    return "KILN_FLOAT32";
  }
}

const char *cType(graph::DType d) {
  switch (d) {
  case graph::DType::Bool:
  case graph::DType::UInt8:
    return "uint8_t";
  case graph::DType::Int8:
    return "int8_t";
  case graph::DType::Int16:
    return "int16_t";
  case graph::DType::Float16: // the bits; C has no half type
  case graph::DType::BFloat16:
    return "uint16_t";
  case graph::DType::Int32:
    return "int32_t";
  case graph::DType::Int64:
    return "int64_t";
  case graph::DType::Float32:
    return "float";
  default:
    return "double";
  }
}

/// The caller's inputs and outputs: the graph's arguments and results
/// less those that carry variables.
std::vector<graph::TensorType> inputTypes(const ExportedFunction &f) {
  std::vector<graph::TensorType> out;
  for (size_t i = 0; i < f.numInputs(); ++i)
    out.push_back(f.graph.nodes[f.graph.args[i]].outputs[0]);
  return out;
}

std::vector<graph::TensorType> outputTypes(const ExportedFunction &f) {
  std::vector<graph::TensorType> out;
  for (size_t i = 0; i < f.numOutputs(); ++i)
    out.push_back(f.graph.typeOf(f.graph.results[i]));
  return out;
}

/// The symbol of variable `index`'s initial value, defined in the object
/// code (addVariableValues).
std::string initialValueSymbol(size_t index) {
  return "kiln_variable_init_" + std::to_string(index);
}

/// "{1, 2, 0}": a C array initializer of `values` and a trailing 0, so that
/// an empty list still makes a valid array.
template <typename T> std::string cList(const std::vector<T> &values) {
  std::string out = "{";
  for (const T &v : values)
    out += std::to_string(v) + ", ";
  return out + "0}";
}

/// A C string literal holding `s` exactly: octal escapes for everything
/// but printable ASCII (and for '?', against trigraphs).
std::string cString(const std::string &s) {
  std::string out = "\"";
  for (unsigned char ch : s) {
    if (ch >= 0x20 && ch < 0x7f && ch != '"' && ch != '\\' && ch != '?') {
      out.push_back(static_cast<char>(ch));
      continue;
    }
    char buf[8];
    std::snprintf(buf, sizeof buf, "\\%03o", ch);
    out += buf;
  }
  return out + "\"";
}

/// The host functions that compiled code calls (HostCalls.h), generated
/// with their specs as data. Assertions: the first failure on a thread is
/// kept until the caller takes it. tf.print: items are appended to a
/// thread's line, written with one fwrite at the end call, through the
/// formatter kiln itself uses (kiln/tf_print.h).
void generateHostCalls(
    std::ostream &c,
    const std::vector<std::pair<int64_t, hostcalls::Spec>> &specs, bool cuda) {
  // failed_specs: every check or assertion that failed in the call, a bit
  // per spec, for the compiled code to keep only the writes that needed
  // none of them (kiln_host_failed_in, EmitFailedWrites.cpp).
  int64_t specBits = 1;
  for (auto &entry : specs)
    specBits = std::max(specBits, entry.first + 1);
  c << "static _Thread_local const char *failed_assertion;\n"
       "static _Thread_local unsigned char failed_specs["
    << (specBits + 7) / 8
    << "];\n"
       "static void record_failed(int64_t spec) {\n"
       "  if (spec >= 0 && spec < "
    << specBits
    << ")\n"
       "    failed_specs[spec / 8] |= (unsigned char)(1u << spec % 8);\n}\n"
       "int64_t kiln_host_failed_in(int64_t low, int64_t high) {\n"
       "  if (!failed_assertion) return 0;\n"
       "  if (low < 0) low = 0;\n"
       "  if (high >= "
    << specBits << ") high = " << specBits - 1
    << ";\n"
       "  for (int64_t i = low; i <= high; ++i)\n"
       "    if (failed_specs[i / 8] >> i % 8 & 1) return 1;\n"
       "  return 0;\n}\n"
       "void kiln_host_assert(int64_t cond, int64_t spec) {\n"
       "  if (cond) return;\n"
       "  record_failed(spec);\n"
       "  if (failed_assertion) return;\n"
       "  switch (spec) {\n";
  for (auto &[index, spec] : specs)
    if (spec.kind == hostcalls::Spec::Assert && spec.pieces.empty())
      c << "  case " << index
        << ": failed_assertion = " << cString(spec.message) << "; return;\n";
  c << "  default: failed_assertion = \"assertion failed\";\n  }\n}\n";
  // Run-time shape checks: the message is formatted from the failing
  // call's values (kiln/check_message.h) into a per-thread buffer, kept
  // until the next failure on the thread.
  c << "static _Thread_local kiln_text check_text;\n"
       "void kiln_host_check_failed(int64_t spec, int64_t rank,\n"
       "                            const int64_t *d) {\n"
       "  const char *tmpl = \"a run-time shape check failed\";\n"
       "  record_failed(spec);\n"
       "  if (failed_assertion) return;\n"
       "  switch (spec) {\n";
  for (auto &[index, spec] : specs)
    if (spec.kind == hostcalls::Spec::Check)
      c << "  case " << index << ": tmpl = " << cString(spec.message)
        << "; break;\n";
  c << "  default: break;\n  }\n"
       "  free(check_text.data);\n"
       "  memset(&check_text, 0, sizeof check_text);\n"
       "  kiln_format_check(&check_text, tmpl,\n"
       "                    (const int64_t *)(intptr_t)d[1] + d[2],\n"
       "                    rank == 1 ? d[3] : 0);\n"
       "  failed_assertion = check_text.data && !check_text.failed\n"
       "                         ? check_text.data : tmpl;\n}\n"
       "static const char *take_assertion(void) {\n"
       "  const char *m = failed_assertion;\n  failed_assertion = 0;\n"
       "  if (m) memset(failed_specs, 0, sizeof failed_specs);\n"
       "  if (out_of_memory) {\n    out_of_memory = 0;\n";
  if (cuda)
    c << "    if (device_failed) {\n      device_failed = 0;\n"
         "      return kiln_cuda_error();\n    }\n";
  c << "    return \"OOM: the compiled code could not allocate a tensor\";\n"
       "  }\n  return m;\n}\n\n";
  // tf.print, and Asserts with data (formatted the same way, failing with
  // the text instead of printing it).
  auto formatted = [](const hostcalls::Spec &spec) {
    return spec.kind == hostcalls::Spec::Print ||
           (spec.kind == hostcalls::Spec::Assert && !spec.pieces.empty());
  };
  bool anyPrint = false;
  for (auto &[index, spec] : specs) {
    if (!formatted(spec))
      continue;
    anyPrint = true;
    c << "static const char *const print" << index << "_pieces[] = {";
    for (auto &text : spec.pieces)
      c << cString(text) << ", ";
    c << "0};\nstatic const size_t print" << index << "_sizes[] = {";
    for (auto &text : spec.pieces)
      c << text.size() << ", ";
    c << "0};\nstatic const int32_t print" << index << "_dtypes[] = {";
    for (auto dtype : spec.tensorDTypes)
      c << static_cast<int>(dtype) << ", ";
    c << "0};\n";
  }
  if (!anyPrint)
    return;
  // pieces[items] (the last) follows the last tensor.
  c << "\ntypedef struct {\n  int64_t items, summarize;\n"
       "  const char *const *pieces;\n  const size_t *sizes;\n"
       "  const int32_t *dtypes;\n  int to_stdout, is_assert;\n} "
       "print_spec;\n\n"
       "static const print_spec *find_print(int64_t index) {\n"
       "  switch (index) {\n";
  for (auto &[index, spec] : specs) {
    if (!formatted(spec))
      continue;
    c << "  case " << index << ": {\n    static const print_spec s = {"
      << spec.tensorDTypes.size() << ", " << spec.summarize << ", print"
      << index << "_pieces, print" << index << "_sizes, print" << index
      << "_dtypes, " << (spec.toStdout ? 1 : 0) << ", "
      << (spec.kind == hostcalls::Spec::Assert ? 1 : 0)
      << "};\n    return &s;\n  }\n";
  }
  c << "  default:\n    return 0;\n  }\n}\n\n"
       "static _Thread_local kiln_text print_line;\n\n"
       "static void print_item(int64_t index, int64_t item, int64_t rank,\n"
       "                       const int64_t *d) {\n"
       "  const print_spec *s = find_print(index);\n"
       "  if (!s || item < 0 || item >= s->items) return;\n"
       "  kiln_text_append(&print_line, s->pieces[item], s->sizes[item]);\n"
       "  int32_t dtype = s->dtypes[item];\n"
       "  const char *data = (const char *)(intptr_t)d[1] +\n"
       "                     d[2] * (int64_t)kiln_tfp_dtype_size(dtype);\n"
       "  if (s->is_assert)\n"
       "    kiln_tf_summarize_tensor(&print_line, dtype, rank, d + 3,\n"
       "                             d + 3 + rank, data, s->summarize);\n"
       "  else\n"
       "    kiln_tf_print_tensor(&print_line, dtype, rank, d + 3, d + 3 + "
       "rank,\n"
       "                         data, s->summarize);\n}\n\n";
  // One MLIR declaration per element type (their memref arguments differ).
  for (const char *t :
       {"i1", "i8", "i16", "i32", "i64", "f16", "bf16", "f32", "f64"})
    c << "void kiln_host_print_item_" << t
      << "(int64_t index, int64_t item, int64_t rank, const int64_t *d) {\n"
         "  print_item(index, item, rank, d);\n}\n";
  // A failed Assert keeps its text in a per-thread buffer until the next
  // failure on the thread, as run-time shape checks do. Prints after it in
  // the same call are dropped, as TensorFlow runs no op after the Assert.
  c << "\nstatic _Thread_local kiln_text assert_text;\n"
       "void kiln_host_print_end(int64_t index) {\n"
       "  const print_spec *s = find_print(index);\n"
       "  if (s && s->is_assert) {\n"
       "    kiln_text_append(&print_line, s->pieces[s->items],\n"
       "                     s->sizes[s->items]);\n"
       "    record_failed(index);\n"
       "    if (!failed_assertion && !print_line.failed) {\n"
       "      free(assert_text.data);\n"
       "      assert_text = print_line;\n"
       "      memset(&print_line, 0, sizeof print_line);\n"
       "      failed_assertion = assert_text.data;\n"
       "    }\n"
       "  } else if (s) {\n"
       "    kiln_text_append(&print_line, s->pieces[s->items],\n"
       "                     s->sizes[s->items]);\n"
       "    if (!print_line.failed && !failed_assertion)\n"
       "      fwrite(print_line.data, 1, print_line.size,\n"
       "             s->to_stdout ? stdout : stderr);\n"
       "  }\n"
       "  free(print_line.data);\n"
       "  memset(&print_line, 0, sizeof print_line);\n}\n\n";
}

/// The variable table: each variable's name, spec and initial value.
void generateVariables(std::ostream &c,
                       const std::vector<ExportedVariable> &vars) {
  if (vars.empty())
    return;
  for (size_t i = 0; i < vars.size(); ++i) {
    c << "static const int64_t variable" << i
      << "_dims[] = " << cList(vars[i].type.shape) << ";\n";
    if (!vars[i].initialValue.empty())
      c << "extern const unsigned char " << initialValueSymbol(i) << "[];\n";
  }
  c << "static const kiln_variable_desc variables[] = {\n";
  for (size_t i = 0; i < vars.size(); ++i)
    c << "  {" << cString(vars[i].name) << ", {" << cDtype(vars[i].type.dtype)
      << ", " << vars[i].type.shape.size() << ", variable" << i << "_dims}, "
      << (vars[i].initialValue.empty() ? "0" : initialValueSymbol(i)) << "},\n";
  c << "};\n\n";
}

/// A typed entry point's parameters: each input's data and shape, then
/// each result's data and shape pointers ("void" when there are none).
/// `comments` adds the ranks, for the header.
std::string entryParameters(const std::vector<graph::TensorType> &ins,
                            const std::vector<graph::TensorType> &outs,
                            bool comments) {
  std::vector<std::string> params;
  auto rank = [&](const graph::TensorType &t) {
    return comments ? " /* [" + std::to_string(t.shape.size()) + "] */"
                    : std::string();
  };
  for (size_t i = 0; i < ins.size(); ++i)
    params.push_back(std::string("const ") + cType(ins[i].dtype) + " *in" +
                     std::to_string(i) + ", const int64_t *in" +
                     std::to_string(i) + "_shape" + rank(ins[i]));
  for (size_t i = 0; i < outs.size(); ++i)
    params.push_back(std::string(cType(outs[i].dtype)) + " **out" +
                     std::to_string(i) + ", int64_t *out" + std::to_string(i) +
                     "_shape" + rank(outs[i]));
  std::string text;
  for (size_t i = 0; i < params.size(); ++i)
    text += (i ? ", " : "") + params[i];
  return params.empty() ? "void" : text;
}

/// The int64 words of a function's results area (args[0]): a descriptor
/// per output, then one per variable it writes.
size_t resultWords(const ExportedFunction &f,
                   const std::vector<ExportedVariable> &vars) {
  size_t words = 0;
  for (auto &o : outputTypes(f))
    words += 3 + 2 * o.shape.size();
  for (int32_t k : f.writes)
    words += 3 + 2 * vars[static_cast<size_t>(k)].type.shape.size();
  return words;
}

/// The compiled code's allocations (finalize-memref-to-llvm's generic
/// functions, hidden in the library) and one trampoline per function: an
/// allocation that fails jumps back to the trampoline, which clears the
/// results and flags the call, instead of the code writing through a null
/// pointer. take_assertion() then reports it; typed entry points return 2.
void generateAllocation(std::ostream &c,
                        const std::vector<ExportedFunction> &fns,
                        const std::vector<ExportedVariable> &vars, bool cuda) {
  c << "#include <setjmp.h>\n"
       "static _Thread_local jmp_buf *oom_target;\n"
       "static _Thread_local int out_of_memory;\n"
       "static void kiln_oom(void) {\n"
       "  if (oom_target) longjmp(*oom_target, 1);\n  abort();\n}\n";
  // A cuda library allocates managed memory and fails a call the GPU
  // fails the same way (CudaTarget.cpp).
  if (cuda)
    c << generateCudaGlue(fns);
  else
    c << "__attribute__((visibility(\"hidden\"))) void *\n"
         "_mlir_memref_to_llvm_alloc(size_t n) {\n"
         "  void *p = malloc(n ? n : 1);\n"
         "  if (!p) kiln_oom();\n  return p;\n}\n"
         "__attribute__((visibility(\"hidden\"))) void *\n"
         "_mlir_memref_to_llvm_aligned_alloc(size_t a, size_t n) {\n"
         "  if (a < sizeof(void *)) a = sizeof(void *);\n"
         "  if (n > SIZE_MAX - a) kiln_oom();\n"
         "  void *p = aligned_alloc(a, n ? (n + a - 1) / a * a : a);\n"
         "  if (!p) kiln_oom();\n  return p;\n}\n"
         "__attribute__((visibility(\"hidden\"))) void\n"
         "_mlir_memref_to_llvm_free(void *p) { free(p); }\n\n";
  for (auto &f : fns) {
    size_t words = resultWords(f, vars);
    if (!cuda)
      c << "void kiln_entry_" << f.symbol << "(void **args);\n";
    c << "static void guarded_" << f.symbol << "(void **args) {\n"
      << "  jmp_buf here;\n  jmp_buf *outer = oom_target;\n"
      << "  oom_target = &here;\n"
      << "  if (setjmp(here) == 0) {\n    "
      << (cuda ? "cuda_call_" : "kiln_entry_") << f.symbol
      << "(args);\n  } else {\n    out_of_memory = 1;\n"
      << (cuda ? "    kiln_cuda_end_call();\n" : "")
      << "    memset(args[0], 0, " << std::max<size_t>(words, 1)
      << " * sizeof(int64_t));\n  }\n  oom_target = outer;\n}\n";
  }
  c << "\n";
}

/// What the object code was compiled for: the CPU (x86-64-v3) and the
/// extensions of kiln/cpu_features.h its code may use ("avx,avx2,fma").
struct CpuTarget {
  std::string cpu;
  std::string features;
};

/// The descriptor table, `kiln_library()`, and one typed entry point per
/// concrete function that uses no variable (raw pointers and shapes in,
/// malloc'd results out).
std::string generateDescriptorSource(
    const std::vector<ExportedFunction> &fns,
    const std::vector<ExportedVariable> &vars,
    const std::vector<std::pair<int64_t, hostcalls::Spec>> &hostSpecs,
    const CpuTarget &cpuTarget, const std::string &prefix, bool shared,
    bool cuda) {
  std::ostringstream c;
  c << "/* Generated by kiln compile. */\n#include <kiln/abi.h>\n"
       "#include <kiln/check_message.h>\n#include <kiln/float_mode.h>\n"
       "#include <kiln/cpu_features.h>\n#include <kiln/memref_copy.h>\n"
       "#include <kiln/tf_print.h>\n"
       "#include <stdint.h>\n#include <stdio.h>\n#include <stdlib.h>\n"
       "#include <string.h>\n\n";
  // The strided copy the compiled code calls (renamed from MLIR's
  // memrefCopy by compileAot): the library's own.
  c << "__attribute__((visibility(\"hidden\"))) void " << prefix
    << "memref_copy(int64_t size, kiln_unranked_memref *src,\n"
       "    kiln_unranked_memref *dst) {\n"
       "  kiln_copy_memref_elements(size, src, dst);\n}\n\n";
  generateAllocation(c, fns, vars, cuda);
  generateHostCalls(c, hostSpecs, cuda);
  for (auto &f : fns) {
    auto specs = [&](const char *which,
                     const std::vector<graph::TensorType> &types) {
      for (size_t i = 0; i < types.size(); ++i) {
        c << "static const int64_t " << f.symbol << "_" << which << i
          << "_dims[] = " << cList(types[i].shape) << ";\n";
      }
      c << "static const kiln_tensor_spec " << f.symbol << "_" << which
        << "[] = {";
      for (size_t i = 0; i < types.size(); ++i)
        c << "{" << cDtype(types[i].dtype) << ", " << types[i].shape.size()
          << ", " << f.symbol << "_" << which << i << "_dims}, ";
      c << "{0, 0, 0}};\n";
    };
    specs("in", inputTypes(f));
    specs("out", outputTypes(f));
    c << "static const int32_t " << f.symbol
      << "_captures[] = " << cList(f.captures) << ";\n"
      << "static const int32_t " << f.symbol
      << "_writes[] = " << cList(f.writes) << ";\n";
  }
  generateVariables(c, vars);
  c << "\nstatic const kiln_concrete_function_desc functions[] = {\n";
  for (auto &f : fns)
    c << "  {" << cString(f.exportName) << ", " << cString(f.signature) << ", "
      << f.numInputs() << ", " << f.numOutputs() << ", " << f.symbol << "_in, "
      << f.symbol << "_out, guarded_" << f.symbol << ", take_assertion, "
      << f.captures.size() << ", " << f.symbol << "_captures, "
      << f.writes.size() << ", " << f.symbol << "_writes},\n";
  c << "};\n\nstatic const char target_cpu[] = " << cString(cpuTarget.cpu)
    << ";\nstatic const char cpu_features[] = " << cString(cpuTarget.features)
    << ";\n\n";
  // The typed entry points check the CPU once, as kiln_library_open does.
  c << "/* 1: this CPU has every extension of cpu_features; 2: not; 0: not\n"
       " * checked yet (threads that race compute the same answer). */\n"
       "static int cpu_state;\n"
       "static int cpu_supported(void) {\n"
       "  int state = __atomic_load_n(&cpu_state, __ATOMIC_RELAXED);\n"
       "  if (!state) {\n"
       "    char missing[1];\n"
       "    state = kiln_cpu_missing_features(cpu_features, missing, 0) ? 2 "
       ": 1;\n"
       "    __atomic_store_n(&cpu_state, state, __ATOMIC_RELAXED);\n"
       "  }\n  return state == 1;\n}\n\n";
  c << "static const kiln_library_desc library = {KILN_ABI_VERSION, "
    << fns.size() << ", functions, " << vars.size() << ", "
    << (vars.empty() ? "0" : "variables")
    << ", target_cpu, "
       "cpu_features};\n\n__attribute__((visibility(\"default\"))) const "
       "kiln_library_desc *"
    << prefix << "library(void) { return &library; }\n\n";
  // kiln_library_open looks a shared library's descriptor up by this name.
  if (shared && prefix != "kiln_")
    c << "__attribute__((visibility(\"default\"))) const "
         "kiln_library_desc *kiln_library(void) { return &library; }\n\n";
  // Typed entry points: only for functions without variables, which live
  // in a kiln_library.
  for (auto &f : fns) {
    if (!f.captures.empty())
      continue;
    auto ins = inputTypes(f), outs = outputTypes(f);
    c << "__attribute__((visibility(\"default\"))) int " << prefix << f.symbol
      << "(" << entryParameters(ins, outs, false) << ") {\n";
    // Validation before any compiled code runs: the CPU, pointers, then
    // each input shape (no negative sizes, no element count or byte size
    // that overflows), then the signature's fixed sizes.
    c << "  if (!cpu_supported()) return 5;\n";
    for (size_t i = 0; i < outs.size(); ++i)
      c << "  if (!out" << i
        << (outs[i].shape.empty() ? ""
                                  : " || !out" + std::to_string(i) + "_shape")
        << ") return 1;\n";
    c << "  int64_t results[" << std::max<size_t>(resultWords(f, vars), 1)
      << "];\n";
    c << "  void *args[" << 1 + ins.size() << "];\n  args[0] = results;\n";
    for (size_t i = 0; i < ins.size(); ++i) {
      size_t rank = ins[i].shape.size();
      if (rank)
        c << "  if (!in" << i << "_shape) return 1;\n";
      c << "  { int64_t n = 1; for (int k = 0; k < " << rank
        << "; ++k) { int64_t d = in" << i
        << "_shape[k]; if (d < 0 || (d && n > INT64_MAX / 16 / d)) return 1; "
           "n *= d; }\n"
        << "    if (n && !in" << i << ") return 1; }\n";
      c << "  int64_t d" << i << "[" << 3 + 2 * rank << "];\n";
      c << "  d" << i << "[0] = d" << i << "[1] = (int64_t)(intptr_t)in" << i
        << "; d" << i << "[2] = 0;\n";
      c << "  { int64_t stride = 1; for (int k = " << rank
        << " - 1; k >= 0; --k) { d" << i << "[3 + k] = in" << i
        << "_shape[k]; d" << i << "[3 + " << rank
        << " + k] = stride; stride *= in" << i << "_shape[k]; } }\n";
      // Shape check against the spec (-1: any).
      for (size_t k = 0; k < rank; ++k)
        if (ins[i].shape[k] >= 0)
          c << "  if (in" << i << "_shape[" << k << "] != " << ins[i].shape[k]
            << ") return 1;\n";
      c << "  args[" << 1 + i << "] = d" << i << ";\n";
    }
    c << "  kiln_float_mode mode = kiln_float_mode_enter();\n"
      << "  guarded_" << f.symbol << "(args);\n"
      << "  kiln_float_mode_leave(mode);\n"
      << "  if (out_of_memory) {\n    out_of_memory = 0;\n";
    for (size_t i = 0; i < outs.size(); ++i)
      c << "    *out" << i << " = NULL;\n";
    // 4: the GPU or its driver failed (a cuda library).
    if (cuda)
      c << "    if (device_failed) {\n      device_failed = 0;\n"
           "      take_assertion();\n"
           "      return strncmp(kiln_cuda_error(), \"OOM\", 3) == 0 ? 2 : 4;\n"
           "    }\n";
    c << "    take_assertion();\n    return 2;\n  }\n";
    size_t at = 0;
    c << "  int oom = 0;\n";
    for (size_t i = 0; i < outs.size(); ++i) {
      size_t rank = outs[i].shape.size();
      c << "  { const int64_t *r = results + " << at << "; size_t n = 1;\n";
      c << "    for (int k = 0; k < " << rank << "; ++k) { out" << i
        << "_shape[k] = r[3 + k]; n *= (size_t)r[3 + k]; }\n";
      c << "    " << cType(outs[i].dtype)
        << " *dst = oom ? NULL : malloc(n ? n * sizeof *dst : 1);\n";
      c << "    *out" << i << " = dst;\n";
      c << "    if (!dst) oom = 1; else {\n";
      c << "    const " << cType(outs[i].dtype) << " *src = (const "
        << cType(outs[i].dtype) << " *)(intptr_t)r[1] + r[2];\n";
      c << "    for (size_t e = 0; e < n; ++e) { size_t rest = e, off = 0;\n";
      c << "      for (int k = " << rank
        << " - 1; k >= 0; --k) { off += (rest % (size_t)r[3 + k]) * "
           "(size_t)r[3 + "
        << rank << " + k]; rest /= (size_t)r[3 + k]; }\n";
      c << "      dst[e] = src[off]; } } }\n";
      at += 3 + 2 * rank;
    }
    // Free what the compiled code allocated: once, never inputs/constants.
    c << "  { void *seen[" << std::max<size_t>(outs.size(), 1)
      << "]; int ns = 0; size_t at = 0;\n";
    at = 0;
    for (size_t i = 0; i < outs.size(); ++i) {
      c << "    { void *p = (void *)(intptr_t)results[" << at
        << "]; int skip = p == (void *)0xdeadbeef";
      for (size_t k = 0; k < ins.size(); ++k)
        c << " || p == (const void *)in" << k;
      c << "; for (int s = 0; s < ns; ++s) skip |= seen[s] == p; if (!skip) { "
           "seen[ns++] = p; free(p); } }\n";
      at += 3 + 2 * outs[i].shape.size();
    }
    c << "    (void)at; (void)seen; (void)ns; }\n";
    // A failed run-time assertion (status 3) or no memory for a result
    // (status 2): no results.
    c << "  int status = take_assertion() ? 3 : oom ? 2 : 0;\n";
    c << "  if (status) {\n";
    for (size_t i = 0; i < outs.size(); ++i)
      c << "    free(*out" << i << "); *out" << i << " = NULL;\n";
    c << "  }\n  return status;\n}\n\n";
  }
  return c.str();
}

/// Lowers all functions into one LLVM module.
std::unique_ptr<llvm::Module> buildLlvmModule(
    const std::vector<ExportedFunction> &fns, const AotOptions &options,
    llvm::LLVMContext &llvmContext, std::string *mlirText, std::string &error,
    SourceLoc *errorLoc,
    std::vector<std::pair<int64_t, hostcalls::Spec>> *hostSpecs = nullptr,
    std::string *ptx = nullptr) {
  std::unique_ptr<mlir::MLIRContext> context = createCompilerContext();
  mlir::OwningOpRef<mlir::ModuleOp> module =
      mlir::ModuleOp::create(mlir::UnknownLoc::get(context.get()));
  for (auto &f : fns)
    if (!emitKilnFunction(*module, f.graph, options.compile, error, hostSpecs,
                          errorLoc)) {
      error = f.signature + ": " + error;
      return nullptr;
    }
  if (mlirText) {
    llvm::raw_string_ostream os(*mlirText);
    module->print(os);
    return nullptr;
  }
  if (!lowerToLlvmDialect(*module, options.compile, error))
    return nullptr;
  if (options.compile.target == "cuda") {
    std::string kernels = kernelPtx(*module, error);
    if (!error.empty())
      return nullptr;
    if (ptx)
      *ptx = std::move(kernels);
  }
  auto llvmModule = mlir::translateModuleToLLVMIR(*module, llvmContext);
  if (!llvmModule)
    error = "translation to LLVM IR failed";
  return llvmModule;
}

/// The variables' initial values as constant globals of `module`, hidden
/// inside the library (the descriptor source declares them).
void addVariableValues(llvm::Module &module,
                       const std::vector<ExportedVariable> &vars) {
  for (size_t i = 0; i < vars.size(); ++i) {
    if (vars[i].initialValue.empty())
      continue;
    llvm::Constant *data = llvm::ConstantDataArray::get(
        module.getContext(), llvm::ArrayRef<uint8_t>(vars[i].initialValue));
    auto *global = new llvm::GlobalVariable(
        module, data->getType(), /*isConstant=*/true,
        llvm::GlobalValue::ExternalLinkage, data, initialValueSymbol(i));
    global->setVisibility(llvm::GlobalValue::HiddenVisibility);
    global->setAlignment(llvm::Align(64));
  }
}

/// The kernels' cubin (empty when there is none) as hidden constant
/// globals of `module`, which the cuda glue loads before the PTX.
void addCubin(llvm::Module &module, const std::string &cubin) {
  llvm::LLVMContext &context = module.getContext();
  // One byte at least: a global array cannot be empty.
  std::string bytes = cubin.empty() ? std::string(1, '\0') : cubin;
  llvm::Constant *data =
      llvm::ConstantDataArray::getString(context, bytes, /*AddNull=*/false);
  auto *image = new llvm::GlobalVariable(
      module, data->getType(), /*isConstant=*/true,
      llvm::GlobalValue::ExternalLinkage, data, "kiln_cuda_cubin");
  image->setAlignment(llvm::Align(64));
  auto *size = new llvm::GlobalVariable(
      module, llvm::Type::getInt64Ty(context), /*isConstant=*/true,
      llvm::GlobalValue::ExternalLinkage,
      llvm::ConstantInt::get(llvm::Type::getInt64Ty(context), cubin.size()),
      "kiln_cuda_cubin_size");
  for (llvm::GlobalVariable *g : {image, size})
    g->setVisibility(llvm::GlobalValue::HiddenVisibility);
}

namespace {

/// Where output `path` really goes: through symbolic links.
std::filesystem::path outputTarget(const std::string &path) {
  std::filesystem::path p = path;
  std::error_code ec;
  // A link to a file not made yet still names where the output goes.
  for (int hops = 0; hops < 40 && std::filesystem::is_symlink(p, ec); ++hops) {
    std::filesystem::path next = std::filesystem::read_symlink(p, ec);
    if (ec)
      break;
    p = next.is_absolute() ? next : p.parent_path() / next;
  }
  std::filesystem::path target = std::filesystem::weakly_canonical(p, ec);
  return ec ? p : target;
}

/// Whether `target` exists and is not a regular file (a device such as
/// /dev/null, a pipe): it is written into, never replaced.
bool isSpecialFile(const std::filesystem::path &target) {
  std::error_code ec;
  auto st = std::filesystem::status(target, ec);
  return !ec && std::filesystem::exists(st) &&
         !std::filesystem::is_regular_file(st);
}

// A compile interrupted by a signal (a build tool's SIGINT or SIGTERM)
// removes its scratch folder before it dies, so that no half-built output
// is left beside the target. The handler may only make async-signal-safe
// calls: it unlinks the files kiln writes there by name, then the folder.
char scratchPath[4096];
volatile sig_atomic_t scratchActive = 0;
const char *const kScratchFiles[] = {
    "out",    "functions.o", "library.c",     "library.o", "joined.o",
    "cc.log", "kernels.ptx", "kernels.cubin", "ptxas.log"};

void removeScratchAndDie(int sig) {
  if (scratchActive) {
    char path[sizeof(scratchPath) + 32];
    for (const char *file : kScratchFiles) {
      size_t n = 0;
      for (const char *p = scratchPath; *p; ++p)
        path[n++] = *p;
      path[n++] = '/';
      for (const char *p = file; *p; ++p)
        path[n++] = *p;
      path[n] = '\0';
      unlink(path);
    }
    rmdir(scratchPath);
  }
  signal(sig, SIG_DFL);
  raise(sig);
}

void watchScratch(const std::string &folder) {
  if (folder.size() >= sizeof(scratchPath))
    return;
  std::memcpy(scratchPath, folder.c_str(), folder.size() + 1);
  scratchActive = 1;
  static bool installed = false;
  if (installed)
    return;
  installed = true;
  for (int sig : {SIGINT, SIGTERM, SIGHUP}) {
    struct sigaction action {};
    action.sa_handler = removeScratchAndDie;
    sigemptyset(&action.sa_mask);
    sigaction(sig, &action, nullptr);
  }
}

/// Removes a scratch folder made by makeScratch.
void removeScratch(const std::string &folder) {
  scratchActive = 0;
  std::error_code ec;
  std::filesystem::remove_all(folder, ec);
}

/// A scratch folder for building output `path`: beside its target, so
/// that the result can be renamed into place, or in the temporary folder
/// for a special file. Empty (and `error` set) when none can be made.
std::string makeScratch(const std::string &path, std::string &error) {
  std::filesystem::path target = outputTarget(path);
  std::filesystem::path dir = target.parent_path();
  std::error_code ec;
  if (isSpecialFile(target))
    dir = std::filesystem::temp_directory_path(ec);
  else if (dir.empty())
    dir = ".";
  if (!ec && !std::filesystem::is_directory(dir, ec))
    ec = std::make_error_code(std::errc::no_such_file_or_directory);
  std::filesystem::path scratch =
      dir / ("." + target.filename().string() + ".kiln-tmp." +
             std::to_string(getpid()));
  if (!ec)
    std::filesystem::create_directory(scratch, ec);
  if (ec) {
    error = "cannot write '" + path + "': " + ec.message();
    return "";
  }
  watchScratch(scratch.string());
  return scratch.string();
}

/// Puts finished file `built` at output `path`: renamed over a regular
/// file (readers never see half a file), copied into a special one.
bool installOutput(const std::string &built, const std::string &path,
                   std::string &error) {
  std::filesystem::path target = outputTarget(path);
  if (isSpecialFile(target)) {
    std::ifstream in(built, std::ios::binary);
    std::ofstream out(target, std::ios::binary);
    out << in.rdbuf();
    out.flush();
    if (!out) {
      error = "cannot write '" + path + "'";
      return false;
    }
    return true;
  }
  if (std::rename(built.c_str(), target.c_str()) != 0) {
    error = "cannot write '" + path + "': " + std::strerror(errno);
    return false;
  }
  return true;
}

} // namespace

bool writeAtomically(const std::string &path, const std::string &contents,
                     std::string &error) {
  std::string scratch = makeScratch(path, error);
  if (scratch.empty())
    return false;
  std::string tmp = scratch + "/out";
  bool ok;
  {
    std::ofstream out(tmp, std::ios::binary);
    out << contents;
    out.flush();
    ok = static_cast<bool>(out);
  }
  if (!ok)
    error = "cannot write '" + path + "'";
  ok = ok && installOutput(tmp, path, error);
  removeScratch(scratch);
  return ok;
}

/// The CPU that `--target-cpu` names: "" is kiln's default, x86-64-v3 on
/// x86-64 (AVX2 and FMA, every x86 CPU since 2013-2015: the fused
/// multiply-adds of products and convolutions are then instructions, not
/// calls of libm's fmaf), "native" this machine's.
std::string resolveTargetCpu(const std::string &requested,
                             const llvm::Triple &triple) {
  if (requested == "native")
    return llvm::sys::getHostCPUName().str();
  if (!requested.empty())
    return requested;
  return triple.getArch() == llvm::Triple::x86_64 ? "x86-64-v3" : "generic";
}

/// The TargetMachine for the host's triple and `options.targetCpu`; with
/// "native", the features this machine has, not just its model's (a
/// virtual machine may hide some).
std::unique_ptr<llvm::TargetMachine>
createTargetMachine(const AotOptions &options, std::string &cpu,
                    std::string &error) {
  llvm::InitializeNativeTarget();
  llvm::InitializeNativeTargetAsmPrinter();
  std::string triple = llvm::sys::getDefaultTargetTriple();
  const llvm::Target *target =
      llvm::TargetRegistry::lookupTarget(triple, error);
  if (!target)
    return nullptr;
  cpu = resolveTargetCpu(options.targetCpu, llvm::Triple(triple));
  std::string features;
  if (options.targetCpu == "native")
    for (auto &feature : llvm::sys::getHostCPUFeatures())
      features += (features.empty() ? "" : ",") +
                  std::string(feature.second ? "+" : "-") +
                  feature.first().str();
  // LLVM only warns about a CPU it does not know, then may abort later.
  std::unique_ptr<llvm::MCSubtargetInfo> subtarget(
      target->createMCSubtargetInfo(triple, "", ""));
  if (!subtarget || !subtarget->isCPUStringValid(cpu)) {
    error = "unknown target CPU '" + cpu +
            "' (try native, x86-64, x86-64-v3 or a processor name such as "
            "skylake)";
    return nullptr;
  }
  llvm::TargetOptions targetOptions;
  std::unique_ptr<llvm::TargetMachine> machine(target->createTargetMachine(
      triple, cpu, features, targetOptions, llvm::Reloc::PIC_, std::nullopt,
      options.compile.optLevel > 0 ? llvm::CodeGenOptLevel::Default
                                   : llvm::CodeGenOptLevel::None));
  if (!machine)
    error = "unknown target CPU '" + cpu + "'";
  return machine;
}

/// The instruction-set extensions of kiln/cpu_features.h that `machine`
/// may use, comma-separated: what a library checks the CPU for.
std::string cpuFeatures(const llvm::TargetMachine &machine) {
  const llvm::MCSubtargetInfo *subtarget = machine.getMCSubtargetInfo();
  if (!machine.getTargetTriple().isX86() || !subtarget)
    return "";
  std::string list;
#define KILN_CPU_FEATURE_NAME(name, leaf, subleaf, reg, bit, state)            \
  if (subtarget->checkFeatures(std::string("+") + name))                       \
    list += (list.empty() ? "" : ",") + std::string(name);
  KILN_CPU_FEATURES(KILN_CPU_FEATURE_NAME)
#undef KILN_CPU_FEATURE_NAME
  return list;
}

bool emitObject(llvm::Module &module, const AotOptions &options,
                const std::string &path, CpuTarget &cpuTarget,
                std::string &error) {
  std::unique_ptr<llvm::TargetMachine> machine =
      createTargetMachine(options, cpuTarget.cpu, error);
  if (!machine)
    return false;
  cpuTarget.features = cpuFeatures(*machine);
  module.setDataLayout(machine->createDataLayout());
  module.setTargetTriple(machine->getTargetTriple().str());
  // LLVM's module optimizations at kiln's -O level (-O1 to -O3): MLIR's
  // lowering leaves memref descriptors and index arithmetic that only
  // SROA, inlining and LICM make fast. No fast-math flags are set, so
  // nothing rounds differently.
  if (options.compile.optLevel > 0)
    if (llvm::Error err = mlir::makeOptimizingTransformer(
            std::min(options.compile.optLevel, 3), /*sizeLevel=*/0,
            machine.get())(&module)) {
      error = "LLVM optimization failed: " + llvm::toString(std::move(err));
      return false;
    }
  std::error_code ec;
  llvm::raw_fd_ostream out(path, ec, llvm::sys::fs::OF_None);
  if (ec) {
    error = "cannot write '" + path + "': " + ec.message();
    return false;
  }
  llvm::legacy::PassManager pm;
  if (machine->addPassesToEmitFile(pm, out, nullptr,
                                   llvm::CodeGenFileType::ObjectFile)) {
    error = "the target cannot emit object files";
    return false;
  }
  pm.run(module);
  return true;
}

std::string findCompiler() {
  for (const char *cc : {"cc", "gcc", "clang-19", "clang"}) {
    std::string cmd = std::string("command -v ") + cc + " >/dev/null 2>&1";
    if (std::system(cmd.c_str()) == 0)
      return cc;
  }
  return "";
}

} // namespace

std::string typeText(const graph::TensorType &t) {
  std::string s = py::dtypeName(t.dtype);
  if (t.unknownRank)
    return s + "[...]"; // any rank
  s += "[";
  for (size_t i = 0; i < t.shape.size(); ++i) {
    if (i)
      s += ", ";
    s += t.shape[i] < 0 ? "None" : std::to_string(t.shape[i]);
  }
  return s + "]";
}

bool writeDepfile(const std::string &path,
                  const std::vector<std::string> &targets,
                  const std::vector<std::string> &inputs, std::string &error) {
  auto escape = [](const std::string &file) {
    std::string out;
    for (char ch : file) {
      if (ch == ' ' || ch == '#')
        out += '\\';
      else if (ch == '$')
        out += '$';
      out += ch;
    }
    return out;
  };
  std::string rule;
  for (auto &target : targets)
    rule += (rule.empty() ? "" : " ") + escape(target);
  rule += ":";
  for (auto &input : inputs)
    rule += " " + escape(input);
  return writeAtomically(path, rule + "\n", error);
}

std::string generateHeader(const std::vector<ExportedFunction> &fns,
                           const std::vector<ExportedVariable> &vars,
                           const std::string &libraryName,
                           const std::string &prefix, bool cuda) {
  std::ostringstream h;
  // The guard from the header's stem: model.h gives KILN_GENERATED_MODEL_H;
  // with another prefix than kiln_, the prefix too (two headers of one
  // script, made with prefixes a_ and b_, can then be included together).
  std::string stem = std::filesystem::path(libraryName).stem().string();
  std::string guard = "KILN_GENERATED_" +
                      (prefix == "kiln_" ? std::string() : prefix) + stem +
                      "_H";
  for (auto &ch : guard)
    ch = std::isalnum(static_cast<unsigned char>(ch)) ? std::toupper(ch) : '_';
  h << "/* Generated by kiln compile: the entry points of the library kiln\n"
       " * compile makes from the same script.\n"
       " *\n * Generic calls go through the kiln runtime (kiln/runtime.h):\n"
       " *   kiln_library_open(\"path/to/the/library.so\", &lib);\n"
       " *   kiln_library_get_function(lib, \"NAME\", &fn);\n"
       " *   kiln_function_call(fn, inputs, n, outputs, max, &count);\n"
       " * which picks the concrete function by the inputs' dtypes and "
       "shapes.\n"
       " * An object (kiln compile -c) linked into the program has no file\n"
       " * to open: kiln_library_create_from_desc("
    << prefix
    << "library(), &lib)\n"
       " * instead"
    << (prefix == "kiln_"
            ? ". With the default prefix that\n * call cannot be written "
              "where kiln/runtime.h is included (it names\n * the type "
              "kiln_library): give kiln compile -c a --prefix"
            : " (this header declares " + prefix +
                  "library() when kiln/abi.h\n * is included before it)")
    << ".\n"
       " *\n * Typed entry points call one concrete function directly: inputs "
       "are\n"
       " * contiguous row-major arrays with their shapes; each result is a\n"
       " * malloc'd array (free it with free()) and its shape. They return 0,\n"
       " * 1 when a pointer it reads is NULL (a scalar's shape pointer is\n"
       " * not read) or an input shape does not fit the signature (a\n"
       " * negative or overflowing size included), 2 when out\n"
       " * of memory for a result, 3 when the function failed at run time\n"
       " * (an assertion or a shape check; no results then; the message is\n"
       " * only available through kiln_function_call)"
    << (cuda ? ",\n * 4 when the GPU or its driver failed (docs/cuda.md)" : "")
    << ",\n * 5 when this CPU lacks instructions the library was compiled for\n"
       " * (kiln compile --target-cpu; kiln_library_open names them).\n"
       " * Thread-safe. A tf.print inside staged control flow writes its line\n"
       " * to stderr (or stdout, with output_stream=sys.stdout) with one\n"
       " * fwrite per call, as it runs. */\n";
  if (!vars.empty()) {
    h << "\n/* The library holds " << vars.size()
      << " tf.Variable(s), in this order (kiln_library_variable_read and\n"
         " * kiln_library_variable_assign take these indices):\n";
    for (size_t i = 0; i < vars.size(); ++i) {
      // A name is the user's text: it must not end the comment or a line.
      std::string name = vars[i].name;
      for (size_t at; (at = name.find("*/")) != std::string::npos;)
        name.replace(at, 2, "* /");
      std::replace(name.begin(), name.end(), '\n', ' ');
      h << " *   " << i << ": " << name << " " << typeText(vars[i].type)
        << "\n";
    }
    h << " * Each kiln_library opened from it has its own values, starting at\n"
         " * those the variables had when kiln compile ran the script.\n"
         " * Functions that use variables have no typed entry point: call\n"
         " * them through kiln_function_call. */\n";
  }
  h << "#ifndef " << guard << "\n#define " << guard
    << "\n\n#include <stdint.h>\n\n#ifdef __cplusplus\nextern \"C\" "
       "{\n#endif\n\n";
  for (auto &f : fns) {
    if (!f.captures.empty()) {
      h << "/* " << f.signature
        << ": uses tf.Variables, call it through kiln_function_call. */\n\n";
      continue;
    }
    auto ins = inputTypes(f), outs = outputTypes(f);
    h << "/* " << f.signature << " */\nint " << prefix << f.symbol << "("
      << entryParameters(ins, outs, true) << ");\n\n";
  }
  // The descriptor's accessor, when abi.h has declared its type. Not with
  // the default prefix: kiln_library() cannot be declared where runtime.h
  // names the kiln_library type.
  if (prefix != "kiln_")
    h << "#ifdef KILN_ABI_H\n/* The descriptor of the functions above, for "
         "kiln_library_create_from_desc. */\nconst kiln_library_desc *"
      << prefix << "library(void);\n#endif\n\n";
  h << "#ifdef __cplusplus\n}\n#endif\n\n#endif\n";
  return h.str();
}

std::string generateManifest(const std::vector<ExportedFunction> &fns,
                             const std::vector<ExportedVariable> &vars,
                             const std::string &prefix) {
  nlohmann::ordered_json m;
  m["kiln_abi_version"] = KILN_ABI_VERSION;
  nlohmann::ordered_json list = nlohmann::ordered_json::array();
  auto spec = [](const graph::TensorType &t) {
    nlohmann::ordered_json s;
    s["dtype"] = py::dtypeName(t.dtype);
    nlohmann::ordered_json dims = nlohmann::ordered_json::array();
    for (int64_t d : t.shape)
      dims.push_back(d < 0 ? nlohmann::ordered_json(nullptr)
                           : nlohmann::ordered_json(d));
    s["shape"] = dims;
    return s;
  };
  auto specs = [&](const std::vector<graph::TensorType> &types) {
    nlohmann::ordered_json a = nlohmann::ordered_json::array();
    for (auto &t : types)
      a.push_back(spec(t));
    return a;
  };
  auto indexList = [](const std::vector<int> &indices) {
    nlohmann::ordered_json a = nlohmann::ordered_json::array();
    for (int i : indices)
      a.push_back(i);
    return a;
  };
  for (auto &f : fns) {
    nlohmann::ordered_json j;
    j["name"] = f.exportName;
    j["python_name"] = f.functionName;
    j["signature"] = f.signature;
    j["typed_entry_point"] = f.captures.empty()
                                 ? nlohmann::ordered_json(prefix + f.symbol)
                                 : nlohmann::ordered_json(nullptr);
    j["inputs"] = specs(inputTypes(f));
    for (size_t k = 0; k < j["inputs"].size(); ++k) {
      // The argument's name first.
      nlohmann::ordered_json named;
      named["name"] = f.graph.nodes[f.graph.args[k]].name;
      named.update(j["inputs"][k]);
      j["inputs"][k] = named;
    }
    j["outputs"] = specs(outputTypes(f));
    for (size_t k = 0; k < j["outputs"].size() && k < f.outputPaths.size(); ++k)
      if (!f.outputPaths[k].empty())
        j["outputs"][k]["path"] = f.outputPaths[k];
    j["reads_variables"] = indexList(f.captures);
    j["writes_variables"] = indexList(f.writes);
    list.push_back(j);
  }
  m["functions"] = list;
  nlohmann::ordered_json variables = nlohmann::ordered_json::array();
  for (auto &v : vars) {
    nlohmann::ordered_json j;
    j["name"] = v.name;
    j.update(spec(v.type));
    j["trainable"] = v.trainable;
    variables.push_back(j);
  }
  m["variables"] = variables;
  return m.dump(2) + "\n";
}

/// The runtime's headers and static library that a library is linked
/// with: those installed beside kiln (PREFIX/bin/kiln finds PREFIX/include
/// and PREFIX/lib), else those of the tree kiln was built in.
static void runtimePaths(std::string &include, std::string &library) {
  include = KILN_RUNTIME_INCLUDE_DIR;
  library = KILN_RUNTIME_LIBRARY;
  std::error_code ec;
  std::filesystem::path exe =
      std::filesystem::read_symlink("/proc/self/exe", ec);
  if (ec)
    return;
  std::filesystem::path prefix = exe.parent_path().parent_path();
  std::filesystem::path installedLibrary =
      prefix / "lib" / std::filesystem::path(library).filename();
  if (std::filesystem::exists(prefix / "include/kiln/abi.h", ec) &&
      std::filesystem::exists(installedLibrary, ec)) {
    include = (prefix / "include").string();
    library = installedLibrary.string();
  }
}

std::string libraryInterfaceProblem(const ExportedFunction &function,
                                    int *input) {
  // Only builtin types are made: no dialect needs loading.
  mlir::MLIRContext context(mlir::MLIRContext::Threading::DISABLED);
  return interfaceProblem(&context, function.graph, input);
}

bool compileAot(const std::vector<ExportedFunction> &fns,
                const std::vector<ExportedVariable> &vars,
                const AotOptions &options, std::string &error,
                SourceLoc *errorLoc) {
  std::string libraryName =
      std::filesystem::path(options.output).filename().string();
  // The header and manifest refuse what the compiled outputs would, so
  // that none describes a function that cannot be built.
  for (auto &f : fns)
    if (std::string problem = libraryInterfaceProblem(f); !problem.empty()) {
      error = f.signature + ": " + problem;
      if (fns.size() > 1)
        error += " (--export the other functions to build a library "
                 "without '" +
                 f.functionName + "')";
      return false;
    }
  if (options.emit == "header")
    return writeAtomically(options.output,
                           generateHeader(fns, vars, libraryName,
                                          options.prefix,
                                          options.compile.target == "cuda"),
                           error);
  if (options.emit == "manifest")
    return writeAtomically(options.output,
                           generateManifest(fns, vars, options.prefix), error);
  llvm::LLVMContext llvmContext;
  if (options.emit == "mlir") {
    std::string text;
    buildLlvmModule(fns, options, llvmContext, &text, error, errorLoc);
    return error.empty() && writeAtomically(options.output, text, error);
  }
  bool cuda = options.compile.target == "cuda";
  if (cuda)
    if (std::string problem = cudaArchProblem(options.compile.cudaArch);
        !problem.empty()) {
      error = problem;
      return false;
    }
  std::vector<std::pair<int64_t, hostcalls::Spec>> hostSpecs;
  std::string ptx;
  auto module = buildLlvmModule(fns, options, llvmContext, nullptr, error,
                                errorLoc, &hostSpecs, &ptx);
  if (!module)
    return false;
  if (options.emit == "ptx") {
    if (ptx.empty()) {
      error = "no GPU kernel to write: every op of the exported functions "
              "runs on the host (scalars and control flow do)";
      return false;
    }
    return writeAtomically(options.output, ptx, error);
  }
  addVariableValues(*module, vars);
  // MLIR's lowering calls memrefCopy for strided copies; each output calls
  // its own (generateDescriptorSource), so that an object links against
  // either runtime and two outputs never share one.
  if (llvm::Function *copy = module->getFunction("memrefCopy"))
    copy->setName(options.prefix + "memref_copy");
  // The compiled functions are the library's own: hidden, so that they are
  // neither exported nor replaced by another library's functions of the
  // same name (the descriptor and the typed entry points are its API).
  for (llvm::Function &fn : *module)
    if (!fn.isDeclaration() && !fn.hasLocalLinkage())
      fn.setVisibility(llvm::GlobalValue::HiddenVisibility);
  if (options.emit == "llvm") {
    std::string text;
    llvm::raw_string_ostream os(text);
    module->print(os, nullptr);
    return writeAtomically(options.output, os.str(), error);
  }
  // Object code, then (unless -c) the shared library, built in a scratch
  // folder and renamed into place.
  std::string scratch = makeScratch(options.output, error);
  if (scratch.empty())
    return false;
  auto cleanup = [&] { removeScratch(scratch); };
  if (cuda) {
    // The kernels compiled for the GPU now, when the toolkit can: the
    // driver then loads them as they are, and compiles the PTX only for a
    // GPU the cubin does not run on.
    std::string warning, cubin;
    if (!ptx.empty())
      cubin = compileCubin(ptx, options.compile.cudaArch, scratch, warning);
    if (!warning.empty())
      llvm::errs() << "kiln: warning: " << warning << "\n";
    addCubin(*module, cubin);
  }
  std::string object = scratch + "/functions.o";
  CpuTarget cpuTarget;
  if (!emitObject(*module, options, object, cpuTarget, error)) {
    cleanup();
    return false;
  }
  std::string source = scratch + "/library.c";
  {
    std::ofstream out(source);
    out << generateDescriptorSource(fns, vars, hostSpecs, cpuTarget,
                                    options.prefix, options.emit != "obj",
                                    cuda);
  }
  std::string cc = findCompiler();
  if (cc.empty()) {
    cleanup();
    error = "no C compiler (cc, gcc or clang) found to link the library";
    return false;
  }
  std::string runtimeInclude, runtimeLibrary;
  runtimePaths(runtimeInclude, runtimeLibrary);
  std::string result = scratch + "/out";
  std::string cmd;
  // Paths go to the shell single-quoted, their own quotes escaped: a
  // directory named o'brien is a path like any other, not shell syntax.
  auto q = [](const std::string &path) {
    std::string out = "'";
    for (char c : path)
      out += c == '\'' ? std::string("'\\''") : std::string(1, c);
    return out + "'";
  };
  if (options.emit == "obj") {
    // One relocatable object whose only global definitions are its API
    // (hidden visibility does not stop two objects' helpers from clashing
    // in a static link).
    std::string keep = " --keep-global-symbol=" + options.prefix + "library";
    for (auto &f : fns)
      if (f.captures.empty())
        keep += " --keep-global-symbol=" + options.prefix + f.symbol;
    cmd = cc + " -c -O2 -fPIC -fvisibility=hidden -I" + q(runtimeInclude) +
          " " + q(source) + " -o " + q(scratch + "/library.o") + " && ld -r " +
          q(object) + " " + q(scratch + "/library.o") + " -o " +
          q(scratch + "/joined.o") + " && objcopy" + keep + " " +
          q(scratch + "/joined.o") + " " + q(result);
  } else
    cmd = cc + " -shared -O2 -fPIC -fvisibility=hidden -I" + q(runtimeInclude) +
          " " + q(source) + " " + q(object) + " " + q(runtimeLibrary) + " -lm" +
          (cuda ? " -ldl -lpthread" : "") + " -o " + q(result);
  cmd += " 2>" + q(scratch + "/cc.log");
  if (std::system(cmd.c_str()) != 0) {
    std::ifstream log(scratch + "/cc.log");
    std::stringstream text;
    text << log.rdbuf();
    error = "linking failed: " + cmd + "\n" + text.str();
    cleanup();
    return false;
  }
  bool installed = installOutput(result, options.output, error);
  cleanup();
  return installed;
}

} // namespace kiln
