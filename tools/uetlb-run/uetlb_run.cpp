// uetlb-run: drives one load-balancer engine with a stimulus file and writes the LB trace and the
// uet-monitor record (SPEC sections 11 and 13).
#include <cstdio>
#include <cstring>
#include <fstream>
#include <iostream>
#include <memory>
#include <string>

#include "uetlb/cli.hpp"
#include "uetlb/engine.hpp"
#include "uetlb/output.hpp"
#include "uetlb/stimulus.hpp"
#ifdef UETLB_WITH_RTL
#include "uetlb/rtl_engine.hpp"
#endif

namespace {

constexpr const char* kUsage = R"(usage: uetlb-run [options]

Drives the entropy load balancer with a stimulus and writes its records.

  --engine model|rtl     which implementation applies the events (default: model). 'rtl' is the Verilated
                         core uet_lb, present when the build found Verilator and SystemC.
  --config FILE.json     configuration (docs/configuration.md); keys missing from the file take their defaults;
                         without --config every attribute takes its default.
  --stimulus FILE.csv    events to apply, header 'time_ns,group,event,value,psn' (required).
  --trace OUT.csv        LB trace: every applied event, in order (required).
  --monitor OUT.csv      uet-monitor record: one row per data packet (Tx) or retransmission (ReTx).
  --efd-entries N        early-failure tracker places, as in the RTL (default 1024, the core's; 0 = unbounded,
                         model only: SPEC's tracker exactly, a reopen drops the group's packets however
                         often it comes, where the core's 8-bit open generation repeats every 256 opens).
  --efd-ways N           places per tracker set: 1, 2 or 4 (default 4).
  --efd-runs N           deadline-ordered tracker runs: 1..4 (default 2).
  --rtl-checks           (rtl engine) run the checked build: every assertion of the core on (about a fifth
                         slower than the default fast build; the records are the same).
  --wave FILE.fst        (rtl engine) write an FST waveform for GTKWave (a regular file, or a new one);
                         runs the checked build.
  --quiet                print nothing but errors.
  --help                 this text.

Outputs are written under a temporary name beside them and renamed into place when complete: a failed
run leaves no partial record. No output may be an input or another output, a folder or a device (the
trace and the monitor may be /dev/null or /dev/stdout).

Exit status: 0 on success; 1 for a bad input file or a failed write, with one line on standard error
naming the file, line or key at fault; 2 for a bad command line (an unknown option, a value out of range,
an output that is an input or another output, a folder or a device).
)";

struct Args {
  std::string engine = "model";
  std::string config;
  std::string stimulus;
  std::string trace;
  std::string monitor;
  std::string wave;
  bool rtl_checks = false;
  uetlb::ModelOptions tracker = uetlb::kProductTracker;
  bool quiet = false;
};

// A file option's value: given once, not empty.
void once(uetlb::cli::Args& cl, const std::string& opt, std::string& into) {
  if (!into.empty()) cl.fail(opt + " given twice");
  into = cl.value(opt);
  if (into.empty()) cl.fail(opt + " '' names no file");
}

Args parse_args(uetlb::cli::Args& cl) {
  Args a;
  while (cl.more()) {
    const std::string opt = cl.next();
    if (opt == "--help" || opt == "-h") {
      std::cout << kUsage;
      std::exit(0);
    } else if (opt == "--engine") {
      a.engine = cl.value(opt);
      if (a.engine != "model" && a.engine != "rtl") cl.fail("--engine '" + a.engine + "' is not model or rtl");
    } else if (opt == "--config") {
      if (!a.config.empty()) cl.fail("--config given twice");
      a.config = cl.value(opt);
      if (a.config.empty()) cl.fail("--config '' names no file");
    } else if (opt == "--stimulus") {
      once(cl, opt, a.stimulus);
    } else if (opt == "--trace") {
      once(cl, opt, a.trace);
    } else if (opt == "--monitor") {
      once(cl, opt, a.monitor);
    } else if (opt == "--wave") {
      once(cl, opt, a.wave);
    } else if (opt == "--efd-entries") {
      a.tracker.efd_tracker_entries = cl.uint_value(opt, 0, 1'000'000);
    } else if (opt == "--efd-ways") {
      a.tracker.efd_tracker_ways = cl.uint_value(opt, 1, 4);
    } else if (opt == "--efd-runs") {
      a.tracker.efd_tracker_runs = cl.uint_value(opt, 1, 4);
    } else if (opt == "--rtl-checks") {
      a.rtl_checks = true;
    } else if (opt == "--quiet") {
      a.quiet = true;
    } else {
      cl.fail("unknown option '" + opt + "'");
    }
  }
  if (a.tracker.efd_tracker_entries == 0) a.tracker.open_generation_bits = 0;  // SPEC's tracker exactly
  if (a.stimulus.empty()) cl.fail("--stimulus is required");
  if (a.trace.empty()) cl.fail("--trace is required");
  if (!a.wave.empty() && a.engine == "model") cl.fail("--wave needs --engine rtl");
  if (a.rtl_checks && a.engine == "model") cl.fail("--rtl-checks needs --engine rtl");
  try {
    uetlb::validate(a.tracker);
  } catch (const uetlb::ConfigError& e) {
    cl.fail(std::string("--efd-entries/--efd-ways/--efd-runs: ") + e.what());
  }
  try {
    namespace out = uetlb::output;
    // (One file twice is named first: it says more than "a link" when one of the two is a link.)
    out::check_distinct({{"--config", a.config, false},
                         {"--stimulus", a.stimulus, false},
                         {"--trace", a.trace, true},
                         {"--monitor", a.monitor, true},
                         {"--wave", a.wave, true}});
    out::check_output("--trace", a.trace, true);
    if (!a.monitor.empty()) out::check_output("--monitor", a.monitor, true);
    if (!a.wave.empty()) out::check_output("--wave", a.wave);
  } catch (const uetlb::output::OutputError& e) {
    cl.fail(e.what());
  }
  return a;
}

std::unique_ptr<uetlb::Engine> make_engine(const Args& a, const uetlb::Config& cfg, const std::string& wave,
                                           [[maybe_unused]] const uetlb::cli::Args& cl) {
  if (a.engine == "model") return std::make_unique<uetlb::ModelEngine>(cfg, a.tracker);
#ifdef UETLB_WITH_RTL
  return uetlb::make_rtl_engine(cfg, a.tracker, wave, a.rtl_checks ? uetlb::RtlChecks::On : uetlb::RtlChecks::Off);
#else
  cl.fail("--engine rtl is not in this build (Verilator or SystemC was not found at configure time)");
#endif
}

}  // namespace

int main(int argc, char** argv) {
  uetlb::cli::Args cl(argc, argv, "uetlb-run");
  const Args a = parse_args(cl);
  try {
    const uetlb::Config cfg = a.config.empty() ? uetlb::Config{} : uetlb::Config::from_file(a.config);
    const auto rows = uetlb::read_stimulus_file(a.stimulus);

    uetlb::output::AtomicFile trace_file("--trace", a.trace);
    std::ostream& trace = trace_file.stream();
    trace << uetlb::kTraceHeader << '\n';
    std::unique_ptr<uetlb::output::AtomicFile> monitor_file;
    if (!a.monitor.empty()) {
      monitor_file = std::make_unique<uetlb::output::AtomicFile>("--monitor", a.monitor);
      monitor_file->stream() << uetlb::kMonitorHeader << '\n';
    }
    std::unique_ptr<uetlb::output::AtomicFile> wave_file;
    if (!a.wave.empty()) wave_file = std::make_unique<uetlb::output::AtomicFile>("--wave", a.wave, false);
    const std::uint32_t bytes = cfg.rdma_data_mss + uetlb::kPacketOverheadBytes;

    auto engine = make_engine(a, cfg, wave_file ? wave_file->temp_path() : std::string(), cl);
    std::uint64_t rows_written = 0;
    engine->set_trace_sink([&](const uetlb::TraceRow& r) {
      uetlb::write_trace_row(trace, r);
      ++rows_written;
      if (monitor_file && (r.event == uetlb::EventKind::Tx || r.event == uetlb::EventKind::Retx)) {
        uetlb::write_monitor_row(monitor_file->stream(), r, 0, bytes);
      }
    });
    uetlb::run_stimulus(*engine, rows, a.stimulus);
    const uetlb::Counters c = a.quiet ? uetlb::Counters{} : engine->counters();
    const std::string engine_name = engine->name();
    engine.reset();       // closes the waveform
    trace_file.finish();  // every write checked before any output is put in place
    if (monitor_file) monitor_file->finish();
    trace_file.commit();
    if (monitor_file) monitor_file->commit();
    if (wave_file) wave_file->commit();

    if (!a.quiet) {
      std::cout << "engine            " << engine_name << '\n'
                << "spraying type     " << uetlb::to_string(cfg.packet_spraying_type) << '\n'
                << "stimulus rows     " << rows.size() << '\n'
                << "trace rows        " << rows_written << '\n'
                << "requests          " << c.requests << "  (fixed " << c.decisions[0] << ", round_robin "
                << c.decisions[1] << ", reuse " << c.decisions[2] << ", replay " << c.decisions[3] << ", explore "
                << c.decisions[4] << ")\n"
                << "feedback applied  " << c.feedback << ", ignored for unopened groups " << c.feedback_unopened << '\n'
                << "early failures    fired " << c.efd_fired << ", tracked " << c.efd_tracked << ", untracked "
                << c.efd_untracked << '\n'
                << "trace             " << a.trace << '\n';
      if (!a.monitor.empty()) std::cout << "monitor           " << a.monitor << '\n';
      if (!a.wave.empty()) std::cout << "waveform          " << a.wave << '\n';
    }
    return cl.flush_stdout() ? 0 : 1;
  } catch (const std::exception& e) {
    std::cerr << "uetlb-run: " << e.what() << '\n';
    return 1;
  }
}
