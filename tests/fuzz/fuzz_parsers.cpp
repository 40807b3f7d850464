// One fuzz target for the project's input parsers. The first byte of an input picks the parser, the
// rest is the file's text:
//   0  configuration JSON (uetlb::Config::from_json)
//   1  stimulus CSV (uetlb::read_stimulus)
//   2  scenario JSON (uetsim::Scenario::from_json)
//   3  message list CSV (a scenario with "Workload": "list" reading it from a temporary file)
//   4  a Chakra trace's rank file (protobuf, length-delimited; uetsim::read_chakra of one rank)
// A parser may refuse an input only with its documented error (ConfigError, StimulusError); any other
// exception, a crash or a sanitizer report is a finding. Built two ways: with libFuzzer (scripts/release/fuzz.sh,
// clang -fsanitize=fuzzer,address,undefined) and with a plain main that replays files (CTest
// fuzz_regressions, tests/fuzz/regressions/ and the seed corpus).
#include <unistd.h>

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>

#include "uetlb/config.hpp"
#include "uetlb/stimulus.hpp"
#include "uetsim/chakra.hpp"
#include "uetsim/scenario.hpp"

namespace {

// Inputs larger than this are not parsed (a scenario may describe a fabric whose set-up alone is large).
constexpr std::size_t kMaxInput = 1 << 16;

void scenario(const std::string& text) {
  const uetsim::Scenario s = uetsim::Scenario::from_json(text, "fuzz.json");
  (void)s;
}

// A folder of this process's own (mkdtemp: a name no one can plant a link at beforehand) for the parsers
// that read files.
const std::string& private_dir() {
  static const std::string dir = [] {
    char name[] = "/tmp/uetlb-fuzz-XXXXXX";
    if (::mkdtemp(name) == nullptr) {
      std::perror("fuzz_parsers: mkdtemp");
      std::abort();
    }
    return std::string(name);
  }();
  return dir;
}

void message_list(const std::string& text) {
  static const std::string path = private_dir() + "/list.csv";
  {
    std::ofstream f(path, std::ios::binary | std::ios::trunc);
    f << text;
  }
  try {
    scenario(R"({"Workload":"list","MessageList":")" + path + R"("})");
  } catch (...) {
    std::remove(path.c_str());
    throw;
  }
  std::remove(path.c_str());
}

void chakra_rank(const std::string& bytes) {
  static const std::string prefix = private_dir() + "/chakra";
  const std::string path = prefix + ".0.et";
  {
    std::ofstream f(path, std::ios::binary | std::ios::trunc);
    f << bytes;
  }
  try {
    (void)uetsim::read_chakra(prefix, 1);
  } catch (...) {
    std::remove(path.c_str());
    throw;
  }
  std::remove(path.c_str());
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size < 1 || size > kMaxInput) return 0;
  const std::string text(reinterpret_cast<const char*>(data) + 1, size - 1);
  try {
    switch (data[0] % 5) {
      case 0: (void)uetlb::Config::from_json(text, "fuzz.json"); break;
      case 1: {
        std::istringstream in(text);
        (void)uetlb::read_stimulus(in, "fuzz.csv");
        break;
      }
      case 2: scenario(text); break;
      case 3: message_list(text); break;
      default: chakra_rank(text); break;
    }
  } catch (const uetlb::ConfigError&) {
  } catch (const uetlb::StimulusError&) {
  }
  return 0;
}

#ifdef UETLB_FUZZ_REPLAY
// Replays each file named on the command line (a regression or a corpus entry); a finding aborts.
int main(int argc, char** argv) {
  int n = 0;
  for (int i = 1; i < argc; ++i) {
    std::ifstream f(argv[i], std::ios::binary);
    if (!f) {
      std::fprintf(stderr, "fuzz_replay: cannot open %s\n", argv[i]);
      return 1;
    }
    std::stringstream ss;
    ss << f.rdbuf();
    const std::string bytes = ss.str();
    LLVMFuzzerTestOneInput(reinterpret_cast<const std::uint8_t*>(bytes.data()), bytes.size());
    ++n;
  }
  std::printf("fuzz_replay: %d inputs, no finding\n", n);
  ::rmdir(private_dir().c_str());
  return 0;
}
#endif
