// libFuzzer target for the frontend: every input must give either an AST
// or diagnostics, never a crash, a sanitizer report or a hang.
#include "kiln/frontend/AstDump.h"
#include "kiln/frontend/Parser.h"
#include "kiln/frontend/Resolver.h"

#include <pthread.h>

#include <cstdint>
#include <sstream>

namespace {

struct Input {
  const uint8_t *data;
  size_t size;
};

void *parseOne(void *arg) {
  auto *in = static_cast<Input *>(arg);
  kiln::SourceFile file(
      "fuzz.py",
      std::string(reinterpret_cast<const char *>(in->data), in->size));
  std::ostringstream sink;
  kiln::DiagnosticEngine diags(file, sink);
  auto module = kiln::parseModule(file, diags);
  if (module && kiln::resolveNames(*module, diags)) {
    kiln::dumpAstText(*module, sink);
    kiln::dumpAstJson(*module, sink);
  }
  return nullptr;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  // The kiln tool parses on a thread with a large stack; do the same here.
  Input in{data, size};
  pthread_attr_t attr;
  pthread_attr_init(&attr);
  pthread_attr_setstacksize(&attr, size_t(1) << 30);
  pthread_t thread;
  if (pthread_create(&thread, &attr, parseOne, &in) == 0)
    pthread_join(thread, nullptr);
  pthread_attr_destroy(&attr);
  return 0;
}
