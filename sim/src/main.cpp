// uet-fabric: the entropy load balancer in NICs on a leaf-spine fabric of ECMP switches.
#include <sys/stat.h>
#include <unistd.h>

#include <cstdlib>
#include <fstream>
#include <functional>
#include <iomanip>
#include <iostream>
#include <memory>
#include <new>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include "one_nic.hpp"
#include "rtl_build.hpp"
#include "uetlb/cli.hpp"
#include "uetlb/output.hpp"
#include "uetsim/fabric.hpp"
#include "uetsim/network.hpp"
#ifdef UETLB_WITH_RTL
#include "uetlb/rtl_engine.hpp"
#endif

namespace {

constexpr const char* kUsage = R"(usage: uet-fabric [SCENARIO.json] [options]

Simulates NICs spraying packets over a leaf-spine or fat-tree fabric of ECMP switches and writes the
records NIC architects read. With no scenario it runs the default one: a 16-host permutation on 4 leaves and 4
spines with one leaf-spine link failed, under None, Default Packet Spraying and REPS, and compares them.

  --out DIR              records directory (default out/fabric); one subdirectory per spraying type
  --engine model|rtl     the load balancer in each NIC: the golden model (default) or the Verilated uet_lb
                         (1,024 groups; --check with it checks that the build holds every NIC's groups)
  --rtl-checks           (rtl engine) the core's build with every assertion on (about a fifth slower than
                         the default fast build; the same records)
  --seed N               overrides the scenario's seed (ECMP salts, workload)
  --compare              run the scenario under all three spraying types (default without a scenario)
  --no-plots             do not draw the PNG plots
  --no-monitor           do not keep or write uet-monitor.csv (a row per data packet sent: 8 GB for a
                         ring all-reduce over 8,192 ranks)
  --export-nic N         write NIC N's load-balancer calls as a stimulus, nic-N.stimulus.csv, and its
                         configuration, nic-N.config.json, into each run directory: uetlb-run replays them
                         (with the model or the RTL engine) and gives NIC N's decisions
  --wave-nic N           (rtl engine) write the waveform of NIC N's core, nic-N.fst, and its GTKWave save
                         file, nic-N.gtkw, into each run directory; the core's debug port shows the first
                         group with a path failure (open with tb/gtkwave/uetlb.tcl for markers at the
                         NIC's first early failure and that group's freezing)
  --check                read and check the scenario, print what it describes, and stop (no run)
  --quiet                print only the summary table
  --help

Records in DIR (with --compare, in DIR/none, DIR/default, DIR/reps): uet-monitor.csv,
uet-transport-stats.csv, scala-switch-load-balancing-stats.csv, messages.csv, early-failures.csv,
summary.txt, summary.csv; plots in DIR: fct-cdf.png, ecmp-load.png, ev-over-time.png, retx-over-time.png
(with retx-over-time.json, what it draws), and for a Chakra workload chakra-timeline.png (and .json),
collectives-vs-bound.png. The summary's columns: docs/fabric.md, "Reading the summary". Records are written under temporary names and renamed when
complete; DIR and its missing parents are created.

Environment: uet-fabric starts itself once more with GLIBC_TUNABLES=glibc.malloc.hugetlb=1 (glibc's heap on
transparent huge pages: large runs wait less on memory); UETSIM_SMALL_PAGES=1 leaves the heap as it is.

Exit status: 0 on success; 1 for a bad scenario or message list (one line naming the file, line or key), a
run that cannot fit in memory (with the estimate) or a failed write; 2 for a bad command line.
)";

// One small output file, written whole under a temporary name and renamed (uetlb/output.hpp).
template <class Write>
void write_file(const std::string& path, Write write) {
  uetlb::output::AtomicFile f("record", path);
  write(f.stream());
  f.commit();
}

// A word for sh -c: in single quotes, each single quote closed, escaped and reopened.
std::string shell_quoted(const std::string& s) {
  std::string q = "'";
  for (const char c : s) q += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return q + "'";
}

// A large run waits on memory more than on anything else (each ring step of a Chakra all-reduce touches
// every NIC), and the processor's address translations miss on small pages: glibc backs its heap with
// transparent huge pages when its tunable glibc.malloc.hugetlb is 1 (an 8,192-rank ring then takes about
// a ninth less CPU time: docs/fabric.md). glibc reads its tunables only as a program starts, so
// uet-fabric starts itself once more with the tunable added. UETSIM_SMALL_PAGES (set to anything), or
// GLIBC_TUNABLES naming the tunable already, leaves it as it is; if the restart fails, the run goes on
// with small pages.
void restart_with_huge_pages(char** argv) {
  const char* tunables = std::getenv("GLIBC_TUNABLES");
  if (std::getenv("UETSIM_SMALL_PAGES") != nullptr ||
      (tunables != nullptr && std::string(tunables).find("glibc.malloc.hugetlb") != std::string::npos)) {
    return;
  }
  const std::string value = (tunables != nullptr && *tunables != '\0' ? std::string(tunables) + ":" : std::string()) +
                            "glibc.malloc.hugetlb=1";
  if (::setenv("GLIBC_TUNABLES", value.c_str(), 1) == 0) ::execv("/proc/self/exe", argv);
}

// Every record the run writes (in DIR, or in DIR/none, DIR/default, DIR/reps with several spraying types),
// checked before any work against the inputs the scenario names: no record may overwrite one.
void check_records_against_inputs(const uetsim::Scenario& sc, const std::string& scenario_file, const std::string& out,
                                  bool several_types, std::optional<std::uint32_t> wave_nic,
                                  std::optional<std::uint32_t> export_nic) {
  static const char* const kRecords[] = {
      "uet-monitor.csv", "early-failures.csv", "uet-transport-stats.csv", "scala-switch-load-balancing-stats.csv",
      "messages.csv",    "collectives.csv",    "chakra-nodes.csv",        "summary.txt",
      "summary.csv"};
  static const char* const kTop[] = {
      "summary.txt",         "failures.csv",        "fct-cdf.png",         "ecmp-load.png",
      "ev-over-time.png",    "retx-over-time.png",  "chakra-timeline.png", "collectives-vs-bound.png",
      "retx-over-time.json", "chakra-timeline.json"};
  std::vector<uetlb::output::Path> paths;
  if (!scenario_file.empty()) paths.push_back({"the scenario", scenario_file, false});
  if (!sc.message_list.empty()) paths.push_back({"scenario key 'MessageList'", sc.message_list, false});
  const std::vector<std::string> dirs =
      several_types ? std::vector<std::string>{out + "/none", out + "/default", out + "/reps"} : std::vector{out};
  for (const auto& dir : dirs) {
    for (const char* name : kRecords) paths.push_back({"record", dir + "/" + name, true});
    if (wave_nic) {
      for (const char* ext : {".fst", ".gtkw"}) {
        paths.push_back({"--wave-nic", dir + "/nic-" + std::to_string(*wave_nic) + ext, true});
      }
    }
    if (export_nic) {
      for (const char* ext : {".stimulus.csv", ".config.json"}) {
        paths.push_back({"--export-nic", dir + "/nic-" + std::to_string(*export_nic) + ext, true});
      }
    }
  }
  for (const char* name : kTop) {
    if (several_types || std::string(name) != "summary.txt") paths.push_back({"record", out + "/" + name, true});
  }
  uetlb::output::check_distinct(paths);
  // A link or a folder at a record's name is found now, before any record is written, not after the run.
  for (const auto& p : paths) {
    struct stat st {};
    if (p.is_output && ::lstat(p.path.c_str(), &st) == 0 && !S_ISREG(st.st_mode)) {
      uetlb::output::check_output(p.what, p.path, true);
    }
  }
}

}  // namespace

int main(int argc, char** argv) {
  restart_with_huge_pages(argv);
  std::string scenario_file, out = "out/fabric", engine = "model";
  std::optional<std::uint32_t> seed;
  bool compare = false, plots = true, quiet = false, check_only = false, monitor = true, rtl_checks = false;
  std::optional<std::uint32_t> wave_nic, export_nic;
  uetlb::cli::Args cl(argc, argv, "uet-fabric");
  while (cl.more()) {
    const std::string a = cl.next();
    if (a == "--help" || a == "-h") {
      std::cout << kUsage;
      return 0;
    } else if (a == "--out") {
      out = cl.value(a);
      if (out.empty()) cl.fail("--out '' names no folder");
    } else if (a == "--engine") {
      engine = cl.value(a);
      if (engine != "model" && engine != "rtl") cl.fail("--engine '" + engine + "' is not model or rtl");
    } else if (a == "--rtl-checks") {
      rtl_checks = true;
    } else if (a == "--seed") {
      seed = static_cast<std::uint32_t>(cl.uint_value(a, 1, 0xffffffffULL));
    } else if (a == "--compare") {
      compare = true;
    } else if (a == "--no-plots") {
      plots = false;
    } else if (a == "--wave-nic") {
      wave_nic = static_cast<std::uint32_t>(cl.uint_value(a, 0, 0xffffffffULL));
    } else if (a == "--export-nic") {
      export_nic = static_cast<std::uint32_t>(cl.uint_value(a, 0, 0xffffffffULL));
    } else if (a == "--no-monitor") {
      monitor = false;
    } else if (a == "--check") {
      check_only = true;
    } else if (a == "--quiet") {
      quiet = true;
    } else if (!a.empty() && a[0] == '-') {
      cl.fail("unknown option '" + a + "'");
    } else if (scenario_file.empty()) {
      scenario_file = a;
    } else {
      cl.fail("one scenario file at most");
    }
  }
  if (rtl_checks && engine != "rtl") cl.fail("--rtl-checks needs --engine rtl");
  if (wave_nic && engine != "rtl") cl.fail("--wave-nic needs --engine rtl (the waveform is the core's)");
  try {
    uetsim::Scenario base =
        scenario_file.empty() ? uetsim::Scenario::default_scenario() : uetsim::Scenario::from_file(scenario_file);
    if (scenario_file.empty()) compare = true;
    if (seed) {
      base.seed = *seed;
      base.finalize();
    }
    {  // Refused up front when it cannot fit (it ran into std::bad_alloc at 6 GB).
      const std::uint64_t need = uetsim::memory_estimate(base, monitor);
      const std::uint64_t have =
          static_cast<std::uint64_t>(::sysconf(_SC_PHYS_PAGES)) * static_cast<std::uint64_t>(::sysconf(_SC_PAGE_SIZE));
      if (need > have) {
        std::ostringstream m;
        m << (scenario_file.empty() ? std::string("the default scenario") : scenario_file)
          << ": the run needs at least " << need / (1ULL << 20) << " MiB (" << base.hosts() << " hosts, "
          << base.messages.size() << " messages and their packets' state and records"
          << (monitor ? ", uet-monitor.csv's rows" : "") << "), more than this machine's " << have / (1ULL << 20)
          << " MiB; use fewer hosts or smaller messages";
        throw uetlb::ConfigError(m.str());
      }
    }
    // What the run sends: the scenario's messages, or a Chakra trace's ranks.
    const std::string sends = base.chakra ? std::to_string(base.chakra->ranks.size()) + " ranks of a Chakra trace"
                                          : std::to_string(base.messages.size()) + " messages (" + base.workload + ")";
    for (const auto& [opt, nic] : {std::pair{"--wave-nic", wave_nic}, std::pair{"--export-nic", export_nic}}) {
      if (nic && *nic >= base.hosts()) {
        cl.fail(std::string(opt) + " " + std::to_string(*nic) + ": the scenario has " + std::to_string(base.hosts()) +
                " NICs, 0.." + std::to_string(base.hosts() - 1));
      }
    }
    try {
      check_records_against_inputs(base, scenario_file, out, compare, wave_nic, export_nic);
    } catch (const uetlb::output::OutputError& e) {
      cl.fail(e.what());
    }
    std::string rtl_note;  // (--check with the RTL engine: what of the build the scenario uses)
#ifdef UETLB_WITH_RTL
    if (engine == "rtl") rtl_note = uetsim::check_rtl_build(base, rtl_checks);
#endif
    // Link failures name switches of the built fabric: checked here too, so that --check refuses what the
    // run would (a switch that does not exist, two switches with no link between them).
    if (!base.failures.empty()) (void)uetsim::Network(base);
    if (check_only) {
      std::cout << "uet-fabric: " << (scenario_file.empty() ? "the default scenario" : scenario_file)
                << " is valid: " << base.hosts() << " hosts, " << sends << "; it needs at least "
                << uetsim::memory_estimate(base, monitor) / (1ULL << 20) << " MiB" << rtl_note << "\n";
      return cl.flush_stdout() ? 0 : 1;
    }
    uetsim::EngineFactory factory;
    // (--wave-nic: the traced core of one NIC, writing FILE, its debug port on the first failing group.)
    std::function<std::unique_ptr<uetlb::Engine>(const uetlb::Config&, const std::string& file)> wave_engine;
    if (engine == "model") {
      uetlb::ModelOptions options = uetlb::kProductTracker;
      options.verification_freezing_off = base.verification_freezing_off;
      factory = [options](const uetlb::Config& c, std::uint32_t) {
        return std::make_unique<uetlb::ModelEngine>(c, options);
      };
    } else if (base.verification_freezing_off) {
      cl.fail("scenario key 'VerificationFreezingOff' needs --engine model: the hardware always freezes");
    } else {
#ifdef UETLB_WITH_RTL
      const auto checks = rtl_checks ? uetlb::RtlChecks::On : uetlb::RtlChecks::Off;
      factory = [checks](const uetlb::Config& c, std::uint32_t) {
        return uetlb::make_rtl_engine(c, uetlb::rtl_model_options(), "", checks);
      };
      wave_engine = [checks](const uetlb::Config& c, const std::string& file) {
        return uetlb::make_rtl_engine(c, uetlb::rtl_model_options(), file, checks, 0, true);
      };
#else
      cl.fail("--engine " + engine + " is not in this build (Verilator was not found at configure time)");
#endif
    }
    std::vector<uetlb::SprayingType> types = {base.lb.packet_spraying_type};
    if (compare) types = {uetlb::SprayingType::None, uetlb::SprayingType::Default, uetlb::SprayingType::Reps};
    const char* dir_name[] = {"none", "default", "reps"};
    uetlb::output::make_dirs("--out", out);
    if (!quiet) {
      std::ostringstream topo;
      if (base.topology == "fat-tree") {
        topo << base.hosts() << " hosts (k = " << base.k << " fat tree: " << base.k << " pods, " << base.k * base.k / 4
             << " cores)";
      } else {
        topo << base.hosts() << " hosts (" << base.leaves << " leaves x " << base.hosts_per_leaf << "), " << base.spines
             << " spines";
      }
      std::cout << "uet-fabric: " << uetlb::shown(base.name, 400) << "\n  " << topo.str() << ", "
                << base.link_rate_bps / 1e9 << " Gbps, hash " << uetsim::to_string(base.hash_method)
                << (base.flowlet ? ", flowlet" : "") << ", " << sends << ", engine " << engine << "\n";
    }
    std::ostringstream table, workload, nic_notes;
    uetsim::print_summary_header(table);
    for (const auto t : types) {
      uetsim::Scenario sc = base;
      sc.lb.packet_spraying_type = t;
      for (const auto& w : sc.warnings()) std::cerr << "uet-fabric: warning: " << w << "\n";
      // One type: records straight into DIR; several: one subdirectory per type. messages.csv is written
      // as the run goes (a Chakra run's hundreds of millions of rows are not held), under a temporary name.
      const std::string dir = types.size() == 1 ? out : out + "/" + dir_name[static_cast<int>(t)];
      uetlb::output::make_dirs("--out", dir);
      // One NIC's waveform and stimulus (--wave-nic, --export-nic), under temporary names until the run is
      // done and its engines are gone (the waveform is closed then).
      const auto nic_file = [&dir](std::uint32_t nic, const char* ext) {
        return dir + "/nic-" + std::to_string(nic) + ext;
      };
      std::unique_ptr<uetlb::output::AtomicFile> wave_file, stimulus_file;
      if (wave_nic)
        wave_file = std::make_unique<uetlb::output::AtomicFile>("--wave-nic", nic_file(*wave_nic, ".fst"), false);
      if (export_nic) {
        stimulus_file =
            std::make_unique<uetlb::output::AtomicFile>("--export-nic", nic_file(*export_nic, ".stimulus.csv"), false);
      }
      const uetsim::EngineFactory run_factory = [&](const uetlb::Config& c, std::uint32_t nic) {
        std::unique_ptr<uetlb::Engine> e =
            wave_nic && nic == *wave_nic ? wave_engine(c, wave_file->temp_path()) : factory(c, nic);
        if (export_nic && nic == *export_nic) {
          write_file(nic_file(nic, ".config.json"), [&c](std::ostream& f) { f << uetsim::config_json(c); });
          e = std::make_unique<uetsim::RecordingEngine>(std::move(e), stimulus_file->stream());
        }
        return e;
      };
      auto fabric_holder = std::make_unique<uetsim::Fabric>(sc, run_factory);
      uetsim::Fabric& fabric = *fabric_holder;
      fabric.set_monitor(monitor);
      fabric.stream_messages(dir);
      // The progress line only for a person watching: not with --quiet, not into a file or a pipe.
      const uetsim::RunSummary r = fabric.run(quiet || !::isatty(STDERR_FILENO) ? nullptr : &std::cerr);
      if (!r.workload_stuck.empty()) {  // no records: a run that did not finish is not a result
        throw uetlb::ConfigError("the Chakra workload did not finish under " + r.spraying + ": " +
                                 std::to_string(r.workload_nodes_done) + " of " + std::to_string(r.workload_nodes) +
                                 " nodes done when " +
                                 (r.stopped_at_max_time || r.end_time >= sc.max_time_ns
                                      ? "MaxTime (" + std::to_string(sc.max_time_ns) + " ns) was reached"
                                      : "nothing was left to happen (a send or collective no rank completes)") +
                                 "; stuck:" + r.workload_stuck);
      }
      fabric.write_records(dir);
      fabric_holder.reset();  // (the engines go: the waveform is complete)
      if (wave_file) {
        wave_file->commit();
#ifdef UETLB_WITH_RTL
        write_file(nic_file(*wave_nic, ".gtkw"), [](std::ostream& f) { f << uetsim::fabric_gtkw(); });
#endif
        nic_notes << "  " << r.spraying << ": NIC " << *wave_nic << "'s core: gtkwave -S " << UETSIM_GTKW_TCL << " "
                  << nic_file(*wave_nic, ".fst") << " " << nic_file(*wave_nic, ".gtkw") << "\n";
      }
      if (stimulus_file) {
        stimulus_file->commit();
        nic_notes << "  " << r.spraying << ": NIC " << *export_nic << "'s load balancer: uetlb-run --config "
                  << nic_file(*export_nic, ".config.json") << " --stimulus " << nic_file(*export_nic, ".stimulus.csv")
                  << " --trace TRACE.csv\n";
      }
      std::ostringstream one;
      uetsim::print_summary_header(one);
      uetsim::print_summary_row(one, r);
      write_file(dir + "/summary.txt", [&](std::ostream& f) {
        f << one.str();
        uetsim::print_summary_legend(f);
        f << "events " << r.events << ", packet-hops " << r.packet_hops << ", simulated " << r.end_time << " ns, wall "
          << r.wall_seconds << " s\n"
          << "early failures: tracked " << r.efd_tracked << ", untracked " << r.efd_untracked << ", fired "
          << r.efd_fired << ", of which spurious " << r.efd_spurious << " (the packet was acknowledged later)\n"
          << "drops: queue " << r.drops_queue << ", failed link " << r.drops_failed_link << ", lossy link "
          << r.drops_lossy_link << ", control queue " << r.drops_control << "\n";
        if (sc.chakra)
          f << "workload: " << r.workload_nodes << " Chakra nodes done at " << r.workload_end_ns << " ns\n";
      });
      if (sc.chakra) {
        workload << "  " << r.spraying << ": the workload took " << std::fixed << std::setprecision(1)
                 << r.workload_end_ns / 1000.0 << " us (" << r.workload_nodes << " nodes on " << sc.chakra->ranks.size()
                 << " ranks)\n";
      }
      // Every field, for scripts (htsim_compare.py, sweep.py).
      write_file(dir + "/summary.csv", [&](std::ostream& f) { uetsim::write_summary_csv(f, r); });
      uetsim::print_summary_row(table, r);
    }
    std::cout << table.str();
    if (!quiet) uetsim::print_summary_legend(std::cout);
    std::cout << workload.str() << nic_notes.str();
    if (types.size() > 1) {
      write_file(out + "/summary.txt", [&](std::ostream& f) {
        f << table.str();
        uetsim::print_summary_legend(f);
      });
    }
    // The scenario's link failures, for the plots (and the reader): from, to, at, until (0: for ever).
    write_file(out + "/failures.csv", [&](std::ostream& f) {
      f << "from,to,at_ns,until_ns,rate_factor,loss\n";
      for (const auto& lf : base.failures) {
        f << lf.a << ',' << lf.b << ',' << lf.at << ',' << lf.until << ',' << (lf.degraded ? lf.rate_factor : 0.0)
          << ',' << lf.loss << '\n';
      }
    });
    if (plots) {
      const std::string cmd =
          "python3 " + shell_quoted(UETSIM_PLOTS) + " " + shell_quoted(out) + (quiet ? " >/dev/null" : "");
      if (std::system(cmd.c_str()) != 0) std::cerr << "uet-fabric: plots were not drawn (python3 with matplotlib?)\n";
    }
    if (!quiet) {
      std::cout << "records: " << out << (types.size() > 1 ? "/{none,default,reps}/" : "/") << ", summary: " << out
                << "/summary.txt";
      if (plots) std::cout << ", plots: " << out << "/*.png";
      std::cout << "\n";
    }
    return cl.flush_stdout() ? 0 : 1;
  } catch (const std::bad_alloc&) {
    // (The estimate before the run counts what a run holds at least; a run whose packets keep being
    // retransmitted until a far MaxTime holds more.)
    std::cerr << "uet-fabric: out of memory during the run (std::bad_alloc): the records it holds grew past "
                 "what this machine or the process's limit allows; a nearer MaxTime or --no-monitor holds less\n";
    return 1;
  } catch (const std::exception& e) {
    std::cerr << "uet-fabric: " << e.what() << '\n';
    return 1;
  }
}
