// uet-chakra-gen: writes a Chakra execution trace of a simple training step, one file per rank, for the
// fabric's "chakra" workload (and any other reader of the Chakra schema): per iteration a compute node
// and then a collective over all ranks, each depending on the one before.
//
//   uet-chakra-gen --ranks N --collective all_reduce --bytes B --out DIR/PREFIX
//                  [--iterations I] [--compute-us U]
//
// --bytes is each rank's part of every collective (Chakra's comm_size), as the fabric reads it.
// Writes DIR/PREFIX.0.et .. DIR/PREFIX.N-1.et (a length-delimited GlobalMetadata, then length-delimited
// Nodes), each under a temporary name and put in place when all are complete; DIR and its missing
// parents are created. Refuses to overwrite an
// existing file or link, and a PREFIX that names a folder, a device or a system folder. Exit status: 0 on
// success; 1 when a file cannot be written; 2 for a bad command line.
#include <google/protobuf/util/delimited_message_util.h>
#include <sys/stat.h>

#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <memory>
#include <set>
#include <string>
#include <vector>

#include "chakra_et.pb.h"
#include "uetlb/cli.hpp"
#include "uetlb/output.hpp"

namespace pb = uetsim::chakra;

namespace {

const std::map<std::string, pb::CollectiveCommType> kCollectives = {{"all_reduce", pb::ALL_REDUCE},
                                                                    {"all_gather", pb::ALL_GATHER},
                                                                    {"reduce_scatter", pb::REDUCE_SCATTER},
                                                                    {"all_to_all", pb::ALL_TO_ALL},
                                                                    {"broadcast", pb::BROADCAST}};

constexpr const char* kUsage = R"(usage: uet-chakra-gen --ranks N --collective KIND --bytes B --out DIR/PREFIX
                      [--iterations I] [--compute-us U]

Writes a Chakra execution trace of a simple training step for uet-fabric's "chakra" workload: one file per
rank, DIR/PREFIX.0.et .. DIR/PREFIX.N-1.et; per iteration an optional compute node, then one collective
over all ranks, each node depending on the one before.

  --ranks N           ranks (2..65536), one file each
  --collective KIND   all_reduce, all_gather, reduce_scatter, all_to_all or broadcast
  --bytes B           per rank, not per pair: each rank's buffer in the collective (Chakra's comm_size),
                      1..2^40. all_reduce, reduce_scatter, all_gather: a ring whose every step sends B/N
                      bytes to the next rank (2(N-1), N-1, N-1 steps); all_to_all: every rank sends B/N
                      bytes to every other rank; broadcast: rank 0 sends B bytes to every other rank
  --out DIR/PREFIX    where the files go; DIR and its missing parents are created
  --iterations I      collectives one after another (1..1000, default 1)
  --compute-us U      a compute node of U microseconds before each collective (default 0: none)
  --help              this text

Nothing is written when any of the rank files exists. Exit status: 0 on success; 1 when a file cannot be
written or exists; 2 for a bad command line.
)";

int usage(const std::string& why) {
  std::cerr << "uet-chakra-gen: " << why
            << "\nusage: uet-chakra-gen --ranks N --collective all_reduce|all_gather|reduce_scatter|all_to_all|"
               "broadcast --bytes B --out DIR/PREFIX [--iterations I] [--compute-us U] (--help for more)\n";
  return 2;
}

bool parse_u64(const std::string& s, std::uint64_t lo, std::uint64_t hi, std::uint64_t& out) {
  if (s.empty() || s.find_first_not_of("0123456789") != std::string::npos || s.size() > 19) return false;
  out = std::strtoull(s.c_str(), nullptr, 10);
  return out >= lo && out <= hi;
}

void attr_int(pb::Node& n, const std::string& name, std::int64_t v) {
  auto* a = n.add_attr();
  a->set_name(name);
  a->set_int64_val(v);
}

}  // namespace

int main(int argc, char** argv) {
  uetlb::cli::hold_standard_fds();  // (no rank file takes a closed standard output's descriptor)
  std::uint64_t ranks = 0, bytes = 0, iterations = 1, compute_us = 0;
  std::string collective, out;
  std::set<std::string> given;
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    if (arg == "--help" || arg == "-h") {
      std::cout << kUsage;
      std::cout.flush();
      return std::cout ? 0 : 1;
    }
    if (i + 1 >= argc) return usage("'" + arg + "' needs a value");
    if (!given.insert(arg).second) return usage(arg + " given twice");
    const std::string v = argv[++i];
    if (arg == "--ranks") {
      if (!parse_u64(v, 2, 65536, ranks)) return usage("--ranks '" + v + "': an integer in 2..65536");
    } else if (arg == "--bytes") {
      if (!parse_u64(v, 1, 1ULL << 40, bytes)) return usage("--bytes '" + v + "': an integer in 1..2^40");
    } else if (arg == "--iterations") {
      if (!parse_u64(v, 1, 1000, iterations)) return usage("--iterations '" + v + "': an integer in 1..1000");
    } else if (arg == "--compute-us") {
      if (!parse_u64(v, 0, 1'000'000'000, compute_us)) return usage("--compute-us '" + v + "': an integer in 0..1e9");
    } else if (arg == "--collective") {
      if (kCollectives.count(v) == 0) return usage("--collective '" + v + "' is not one the fabric runs");
      collective = v;
    } else if (arg == "--out") {
      out = v;
    } else {
      return usage("unknown option '" + arg + "'");
    }
  }
  if (ranks == 0 || bytes == 0 || collective.empty() || out.empty())
    return usage("--ranks, --collective, --bytes and --out are required");
  // PREFIX names files to create (PREFIX.R.et): not a folder ("dir/", "/", "."), not a device or anything
  // else that exists and is not a regular file, not in a system folder.
  std::vector<std::unique_ptr<uetlb::output::AtomicFile>> files;
  try {
    const std::string name = out.substr(out.find_last_of('/') == std::string::npos ? 0 : out.find_last_of('/') + 1);
    if (name.empty() || name == "." || name == "..") {
      return usage("--out '" + out + "' names a folder; give DIR/PREFIX (files PREFIX.0.et .. are made in DIR)");
    }
    struct stat st {};
    if (::lstat(out.c_str(), &st) == 0 && !S_ISREG(st.st_mode)) {
      return usage("--out '" + out +
                   "' exists and is not a regular file (a folder, a device or a link); give DIR/PREFIX");
    }
    std::error_code ec;
    const auto folder = std::filesystem::weakly_canonical(std::filesystem::absolute(out, ec).parent_path(), ec);
    for (const char* system : {"/dev", "/proc", "/sys"}) {
      const std::string f = folder.string();
      if (f == system || f.rfind(std::string(system) + "/", 0) == 0) {
        return usage("--out '" + out + "' is in the system folder " + system +
                     "; give DIR/PREFIX in a folder of yours");
      }
    }
    // The folder is created as the fabric creates its records folder (a missing parent is no error).
    const std::string dir = out.find('/') == std::string::npos ? std::string() : out.substr(0, out.find_last_of('/'));
    if (!dir.empty()) uetlb::output::make_dirs("--out", dir);
    for (std::uint64_t r = 0; r < ranks; ++r) {  // nothing is written when any file exists
      const std::string path = out + "." + std::to_string(r) + ".et";
      if (::lstat(path.c_str(), &st) == 0) {
        std::cerr << "uet-chakra-gen: '" << path << "' exists" << (S_ISLNK(st.st_mode) ? " (a link)" : "")
                  << "; remove it or choose another --out\n";
        return 1;
      }
      uetlb::output::check_output("--out", path);
    }
    for (std::uint64_t r = 0; r < ranks; ++r) {
      const std::string path = out + "." + std::to_string(r) + ".et";
      files.push_back(std::make_unique<uetlb::output::AtomicFile>("--out", path, false));
      std::ostream& f = files.back()->stream();
      pb::GlobalMetadata meta;
      meta.set_version("0.0.4");
      bool ok = google::protobuf::util::SerializeDelimitedToOstream(meta, &f);
      std::uint64_t id = 0, last = 0;
      for (std::uint64_t it = 0; it < iterations && ok; ++it) {
        if (compute_us > 0) {
          pb::Node c;
          c.set_id(++id);
          c.set_name("compute." + std::to_string(it));
          c.set_type(pb::COMP_NODE);
          c.set_duration_micros(compute_us);
          if (last) c.add_data_deps(last);
          last = id;
          ok = google::protobuf::util::SerializeDelimitedToOstream(c, &f);
        }
        pb::Node n;
        n.set_id(++id);
        n.set_name(collective + "." + std::to_string(it));
        n.set_type(pb::COMM_COLL_NODE);
        attr_int(n, "comm_type", kCollectives.at(collective));
        attr_int(n, "comm_size", static_cast<std::int64_t>(bytes));
        if (last) n.add_data_deps(last);
        last = id;
        ok = ok && google::protobuf::util::SerializeDelimitedToOstream(n, &f);
      }
      if (!ok) throw uetlb::output::OutputError("--out '" + path + "': write failed");
      files.back()->finish();  // closed: a run of 65,536 ranks holds no 65,536 open files
    }
    for (auto& f : files) f->commit(false);  // never over a file that appeared meanwhile
  } catch (const uetlb::output::OutputError& e) {
    std::cerr << "uet-chakra-gen: " << e.what() << "\n";
    return 1;
  }
  std::cout << "uet-chakra-gen: wrote " << ranks << " rank files " << out << ".{0.." << ranks - 1 << "}.et ("
            << iterations << " x " << collective << " of " << bytes << " bytes)\n";
  std::cout.flush();
  if (!std::cout) {
    std::cerr << "uet-chakra-gen: standard output: a write failed (closed or full): the summary line was lost\n";
    return 1;
  }
  return 0;
}
