// Tests of kiln/cpu_features.h, the check that keeps a library compiled for
// more than this CPU has from running: what it detects must agree with the
// kernel's flags in /proc/cpuinfo, and a library that needs more is refused.
#include "FakeFunctions.h"
#include "RuntimeTestUtil.h"
#include "kiln/cpu_features.h"

#include <algorithm>
#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <string>

using namespace kiln_test;

namespace {

bool has(const std::string &name) {
  return kiln_cpu_has_feature(name.data(), name.size());
}

/// The kernel's flags for this CPU, or an empty set where there are none.
std::set<std::string> kernelFlags() {
  std::ifstream in("/proc/cpuinfo");
  std::string line;
  std::set<std::string> flags;
  while (std::getline(in, line))
    if (line.rfind("flags", 0) == 0) {
      std::istringstream words(line.substr(line.find(':') + 1));
      for (std::string w; words >> w;)
        flags.insert(w);
      break;
    }
  return flags;
}

} // namespace

TEST_CASE("CPU features agree with the kernel's flags", "[runtime][cpu]") {
#if defined(__x86_64__)
  std::set<std::string> flags = kernelFlags();
  if (flags.empty()) {
    WARN("no /proc/cpuinfo flags");
    return;
  }
  // LLVM's names where Linux spells them differently.
  const std::map<std::string, std::string> linuxName = {
      {"sse3", "pni"},
      {"sse4.1", "sse4_1"},
      {"sse4.2", "sse4_2"},
      {"sahf", "lahf_lm"},
      {"lzcnt", "abm"},
      {"bmi", "bmi1"},
      {"prfchw", "3dnowprefetch"},
      {"avxvnni", "avx_vnni"},
      {"avx512bf16", "avx512_bf16"},
      {"avx512fp16", "avx512_fp16"},
      {"avx512vbmi2", "avx512_vbmi2"},
      {"avx512vnni", "avx512_vnni"},
      {"avx512bitalg", "avx512_bitalg"},
      {"avx512vpopcntdq", "avx512_vpopcntdq"}};
  int checked = 0;
#define CHECK_FEATURE(name, leaf, subleaf, reg, bit, state)                    \
  {                                                                            \
    auto it = linuxName.find(name);                                            \
    std::string flag = it == linuxName.end() ? name : it->second;              \
    INFO(name << " (Linux: " << flag << ")");                                  \
    CHECK(has(name) == (flags.count(flag) == 1));                              \
    ++checked;                                                                 \
  }
  KILN_CPU_FEATURES(CHECK_FEATURE)
#undef CHECK_FEATURE
  CHECK(checked == 31);
  // Every x86-64 CPU kiln's tests run on has these.
  CHECK(has("sse3"));
  CHECK(has("cx16"));
#else
  WARN("x86 only");
#endif
}

TEST_CASE("a feature list names what this CPU lacks", "[runtime][cpu]") {
  char missing[64];
  CHECK(kiln_cpu_missing_features(nullptr, missing, sizeof missing) == 0);
  CHECK(std::string(missing).empty());
  CHECK(kiln_cpu_missing_features("", missing, sizeof missing) == 0);
  // Names this header does not know count as present.
  CHECK(kiln_cpu_missing_features("no-such-thing,,", missing, sizeof missing) ==
        0);
#if defined(__x86_64__)
  std::string lacking;
  for (const char *f : {"avx512fp16", "avx512bf16", "avxvnni", "avx512f"})
    if (!has(f))
      lacking += (lacking.empty() ? "" : ", ") + std::string(f);
  CHECK(kiln_cpu_missing_features("sse3,avx512fp16,avx512bf16,avxvnni,avx512f",
                                  missing, sizeof missing) ==
        std::count(lacking.begin(), lacking.end(), ',') + !lacking.empty());
  CHECK(std::string(missing) == lacking);
  // What does not fit is left out, whole names only; the count is complete.
  if (!has("avx512fp16") && !has("avx512bf16")) {
    char small[16];
    CHECK(kiln_cpu_missing_features("avx512fp16,avx512bf16", small,
                                    sizeof small) == 2);
    CHECK(std::string(small) == "avx512fp16");
  }
#endif
}

TEST_CASE("a descriptor that needs more than this CPU has is refused",
          "[runtime][cpu]") {
  if (has("avx512fp16")) {
    WARN("this CPU has AVX512-FP16");
    return;
  }
  Desc tag("tag", {}, {{KILN_INT32, {}}}, fake_tag5);
  kiln_library_desc desc = {
      KILN_ABI_VERSION, 1, tag.get(), 0, nullptr, "sapphirerapids",
      "avx2,avx512fp16"};
  kiln_library *lib = reinterpret_cast<kiln_library *>(0x1);
  CHECK(kiln_library_create_from_desc(&desc, &lib) ==
        KILN_ERROR_UNSUPPORTED_CPU);
  CHECK(lib == nullptr);
  std::string expected =
      "kiln_library_create_from_desc: the library descriptor was compiled "
      "for sapphirerapids, whose instructions this CPU lacks (" +
      std::string(has("avx2") ? "" : "avx2, ") +
      "avx512fp16); recompile it with --target-cpu=x86-64 (any 64-bit x86) "
      "or a CPU of this machine's kind";
  CHECK(std::string(kiln_last_error()) == expected);
  CHECK(std::string(kiln_status_name(KILN_ERROR_UNSUPPORTED_CPU)) ==
        "unsupported CPU");
  // Without a CPU name, the message still says what is missing.
  desc.target_cpu = nullptr;
  CHECK(kiln_library_create_from_desc(&desc, &lib) ==
        KILN_ERROR_UNSUPPORTED_CPU);
  CHECK(contains(kiln_last_error(), "was compiled for another CPU"));
  // Extensions this CPU has: the library is made.
  desc.cpu_features = "sse3";
  REQUIRE_OK(kiln_library_create_from_desc(&desc, &lib));
  kiln_library_release(lib);
}
