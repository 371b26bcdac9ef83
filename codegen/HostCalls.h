// Calls from JIT-compiled code back into kiln: tf.print inside staged
// control flow (it prints on every executed iteration, so it cannot be a
// result printed after the call) and AutoGraph's run-time assertions.
//
// Compiled code passes a spec index (registered at compile time) and the
// tensors as unranked memrefs; the callbacks format them as tf.print does
// and hand the text to the Context of the calling thread.
#pragma once

#include "Graph.h"

#include <csetjmp>
#include <functional>
#include <string>
#include <utility>
#include <vector>

namespace kiln::hostcalls {

/// What one PrintV2 or Assert node needs at run time. Compiled libraries
/// carry the same facts in their generated C (Aot.cpp).
struct Spec {
  enum Kind { Print, Assert, Check } kind = Print;
  // Print: the line is pieces[0] tensor0 pieces[1] ... pieces[n], with
  // the separators and `end` in the pieces (PrintV2's "pieces" attribute).
  std::vector<std::string> pieces;
  std::vector<graph::DType> tensorDTypes;
  int64_t summarize = 3;
  bool toStdout = false;
  // An Assert with data uses pieces, tensorDTypes and summarize as a
  // print does, formatting tensors as the Assert kernel does
  // (kiln_tf_summarize_tensor), and fails with the text instead of
  // printing it. Without data, an Assert fails with `message`. Check: the
  // message template of kiln/check_message.h, filled from the values of
  // the failing call.
  std::string message;
  /// Check: the exception a failure raises (kiln run; a compiled library
  /// reports the message alone).
  std::string errorType = "InvalidArgumentError";
};

/// A dense copy of the strided memref that MLIR's ranked descriptor
/// `words` describes (allocated, aligned, offset, sizes[rank],
/// strides[rank]).
graph::HostTensor fromDescriptor(graph::DType dtype, int64_t rank,
                                 const int64_t *words);

/// Registers a spec for the process's lifetime; returns its index.
int64_t registerSpec(Spec spec);

/// Where the calls made on this thread print, and the first failed
/// assertion ("InvalidArgumentError: ..."), set around each compiled call.
struct Context {
  std::function<void(bool toStdout, const std::string &text)> print;
  std::string error;
  /// Every check or assertion that failed in the call, the one that set
  /// `error` first. Compiled code goes on after a failure, so others can
  /// fail too; it asks which (kiln_host_failed_in) to keep only the
  /// variable writes that needed none of them (EmitFailedWrites.cpp).
  std::vector<int64_t> failedSpecs;
  /// Where an allocation that fails jumps back to: the caller's setjmp
  /// (error then says what ran out). Null: the process aborts instead.
  std::jmp_buf *outOfMemory = nullptr;
};
void setContext(Context *context);

/// The callbacks' symbol names and addresses, for the JIT's symbol map.
std::vector<std::pair<std::string, void *>> symbols();

} // namespace kiln::hostcalls
