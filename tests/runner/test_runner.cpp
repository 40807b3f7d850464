// uetlb-run: good runs reproduce the SPEC vectors; each kind of bad input exits non-zero with its message.
#include <catch2/catch.hpp>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#ifndef UETLB_RUN_PATH
#error "UETLB_RUN_PATH must name the uetlb-run binary"
#endif
#ifndef UETLB_VECTORS_DIR
#error "UETLB_VECTORS_DIR must name tests/vectors"
#endif

namespace {

std::string tmp_path(const std::string& name) {
  return std::string(UETLB_TEST_TMP) + "/" + name;
}

void write_file(const std::string& path, const std::string& text) {
  std::ofstream out(path);
  out << text;
}

std::string read_file(const std::string& path) {
  std::ifstream in(path);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

struct Result {
  int status;
  std::string err;
};

Result run(const std::string& args, const std::string& tag) {
  const std::string err = tmp_path(tag + ".stderr");
  const std::string cmd = std::string(UETLB_RUN_PATH) + " " + args + " >/dev/null 2>" + err;
  const int rc = std::system(cmd.c_str());
  return {WIFEXITED(rc) ? WEXITSTATUS(rc) : -1, read_file(err)};
}

Result run_stimulus(const std::string& config, const std::string& stimulus, const std::string& tag,
                    const std::string& extra = "") {
  const std::string cfg = tmp_path(tag + ".json");
  const std::string stim = tmp_path(tag + ".csv");
  write_file(cfg, config);
  write_file(stim, stimulus);
  return run("--config " + cfg + " --stimulus " + stim + " --trace " + tmp_path(tag + ".trace.csv") + " " + extra, tag);
}

}  // namespace

TEST_CASE("uetlb-run reproduces the committed SPEC 12 vector traces", "[runner][spec]") {
  const std::vector<std::string> vectors = {"v01_default",       "v02_default_wrap",   "v03_mask0",
                                            "v03_none",          "v04_reps_reuse",     "v05_reps_overwrite",
                                            "v06_reps_discard",  "v07_reps_window",    "v07_reps_window_empty",
                                            "v08_reps_freezing", "v09_reps_rto_empty", "v10_efd",
                                            "v10_efd_acked",     "v10_efd_base_rtt",   "v10_efd_off",
                                            "v11_set_size_1",    "v11_set_size_256"};
  for (const auto& v : vectors) {
    INFO("vector " << v);
    const std::string dir = UETLB_VECTORS_DIR;
    const std::string out = tmp_path(v + ".trace.csv");
    const std::string mon = tmp_path(v + ".monitor.csv");
    const Result r = run(
        "--config " + dir + "/" + v + ".json --stimulus " + dir + "/" + v + ".csv --trace " + out + " --monitor " + mon,
        v);
    REQUIRE(r.status == 0);
    REQUIRE(read_file(out) == read_file(dir + "/" + v + ".trace.csv"));
    REQUIRE(read_file(mon).rfind("time_ns,nic,group,psn,direction,entropy_value,decision,bytes\n", 0) == 0);
  }
}

TEST_CASE("uetlb-run --help explains every option", "[runner]") {
  const std::string out = tmp_path("help.txt");
  REQUIRE(std::system((std::string(UETLB_RUN_PATH) + " --help >" + out).c_str()) == 0);
  const std::string text = read_file(out);
  for (const char* opt : {"--engine", "--config", "--stimulus", "--trace", "--monitor", "--efd-entries", "--wave"}) {
    REQUIRE_THAT(text, Catch::Contains(opt));
  }
}

TEST_CASE("uetlb-run refuses bad input with one clear line", "[runner][errors]") {
  const std::string hdr = "time_ns,group,event,value,psn\n";
  struct Case {
    const char* tag;
    std::string config;
    std::string stimulus;
    const char* message;
  };
  const std::vector<Case> cases = {
      {"unknown_key", R"({"EntropyMaskBit":3})", hdr, "unknown config key 'EntropyMaskBit'"},
      {"out_of_range", R"({"EntropyMaskBits":9})", hdr, "'EntropyMaskBits': 9 is outside 0..8"},
      {"bad_json", R"({"EntropyMaskBits":)", hdr, "malformed JSON"},
      {"duplicate_key", R"({"EntropyMaskBits":99,"EntropyMaskBits":3})", hdr, "key 'EntropyMaskBits' is given twice"},
      {"huge_number", R"({"Seed":1e309})", hdr, "a number does not fit"},
      {"bad_header", "{}", "time,group,event,value,psn\n", ":1: header must be"},
      {"bad_fields", "{}", hdr + "0,0,open,1\n", ":2: expected 5 fields"},
      {"bad_event", "{}", hdr + "0,0,open,1,\n0,0,send,,1\n", ":3: event 'send'"},
      {"bad_time", "{}", hdr + "x,0,open,1,\n", ":2: time_ns 'x'"},
      {"time_backwards", "{}", hdr + "5,0,open,1,\n4,0,tx,,1\n", ":3: time_ns 4 is before"},
      {"bad_port", "{}", hdr + "0,0,open,70000,\n", ":2: value (local port) '70000'"},
      {"tx_with_value", "{}", hdr + "0,0,open,1,\n0,0,tx,5,1\n", ":3: value must be empty for tx"},
      {"never_sent", "{}", hdr + "0,0,open,1,\n0,0,ack,,9\n", ":3: ack for group 0 psn 9 has no value"},
      {"unopened_tx", "{}", hdr + "0,3,tx,,1\n", ":2: tx for group 3, which is not open"},
      {"zero_rtt", "{}", hdr + "0,,base_rtt,0,\n", ":2: base_rtt value must be > 0"},
  };
  for (const auto& c : cases) {
    INFO("case " << c.tag);
    const Result r = run_stimulus(c.config, c.stimulus, c.tag);
    REQUIRE(r.status == 1);
    REQUIRE_THAT(r.err, Catch::Contains(c.message));
    REQUIRE(std::count(r.err.begin(), r.err.end(), '\n') == 1);
  }
  const Result missing = run("--stimulus /nonexistent.csv --trace " + tmp_path("x.csv"), "missing");
  REQUIRE(missing.status == 1);
  REQUIRE_THAT(missing.err, Catch::Contains("stimulus file '/nonexistent.csv' does not exist"));
  const Result folder = run("--stimulus / --trace " + tmp_path("x.csv"), "folder");
  REQUIRE(folder.status == 1);
  REQUIRE_THAT(folder.err, Catch::Contains("stimulus file '/' is a folder, not a file"));
  const Result config_folder = run("--config / --stimulus x.csv --trace " + tmp_path("x.csv"), "config_folder");
  REQUIRE_THAT(config_folder.err, Catch::Contains("configuration file '/' is a folder, not a file"));
  const Result opt = run("--frobnicate", "badopt");
  REQUIRE(opt.status == 2);  // a bad command line
  REQUIRE_THAT(opt.err, Catch::Contains("unknown option '--frobnicate'"));
}

TEST_CASE("uetlb-run takes a stimulus that starts with a UTF-8 byte order mark", "[runner]") {
  const Result r = run_stimulus("{}", "\xEF\xBB\xBFtime_ns,group,event,value,psn\n0,0,open,1,\n0,0,tx,,1\n", "bom");
  REQUIRE(r.status == 0);
  REQUIRE_THAT(read_file(tmp_path("bom.trace.csv")), Catch::Contains("1,0,0,tx,256,1,round_robin"));
}

TEST_CASE("uetlb-run fills an empty feedback value with the EV last sent", "[runner]") {
  const std::string hdr = "time_ns,group,event,value,psn\n";
  const Result r = run_stimulus(R"({"PacketSprayingType":"Recycled Entropy Packet Spraying"})",
                                hdr + "0,0,open,1,\n0,0,tx,,5\n10,0,ack,,5\n10,0,tx,,6\n", "echo");
  REQUIRE(r.status == 0);
  const std::string trace = read_file(tmp_path("echo.trace.csv"));
  std::istringstream in(trace);
  std::string line;
  std::vector<std::string> rows;
  while (std::getline(in, line)) rows.push_back(line);
  REQUIRE(rows.size() == 6);
  const std::string ev = rows[2].substr(rows[2].find("tx,") + 3, rows[2].find(",5,") - rows[2].find("tx,") - 3);
  REQUIRE(rows[3] == "2,10,0,ack," + ev + ",5,");
  REQUIRE(rows[4] == "3,10,0,tx," + ev + ",6,reuse");
  // psn 6 is never acknowledged: early failure detection fires at 10 + 3 x 6000 ns.
  REQUIRE(rows[5] == "4,18010,0,efd," + ev + ",6,");
}
