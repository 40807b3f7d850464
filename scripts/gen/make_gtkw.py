#!/usr/bin/env python3
"""Writes a GTKWave save file for a uet_lb waveform: interfaces and the chosen group's state, grouped.

  make_gtkw.py WAVE.fst > tb/uetlb.gtkw
  make_gtkw.py build-formal/top/trace.vcd > rtl/formal/fv_top.gtkw   (a counterexample of proof top)
  make_gtkw.py --harness build-formal/cache/trace.vcd > rtl/formal/fv_cache.gtkw
      (a block harness's counterexample: its own signals, in three groups by the naming rules: inputs
      *_i, registers *_q, the rest)
Needs fst2vcd (GTKWave) to read an FST's signal names and widths.

Enum-typed ports (declared with a uet_lb_pkg::*_e type in rtl/core/uet_lb.sv) read as names: in an FST through
the enum tables Verilator writes from the package (the trace flag GTKWave itself saves for them), in a VCD
(a formal counterexample, no enum tables) through the translate filters scripts/gen/pkg.py generates from the
package, tb/gtkwave/<enum>.txt, named relative to rtl/formal/ where those save files live.
"""
import os
import re
import sys

from vcd_header import variables

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
ENUM_PORT_RE = re.compile(r"^\s*(?:input|output)\s+(?:logic\s+)?uet_lb_pkg::(\w+)_e\s+(\w+)\s*,?")
ENUM_FLAGS = "@100000028"  # GTKWave's enum display (bit 32) over binary, right-justified, as GTKWave saves it
FILTER_FLAGS = "@2024"     # a translate filter file (bit 13) over decimal, right-justified


def enum_ports() -> dict:
    """The core's enum-typed ports and their enum's name, from rtl/core/uet_lb.sv."""
    ports = {}
    with open(os.path.join(ROOT, "rtl", "core", "uet_lb.sv"), encoding="utf-8") as f:
        for line in f:
            m = ENUM_PORT_RE.match(line)
            if m:
                ports[m.group(2)] = m.group(1)
    return ports

GROUPS = [
    ("Clock, reset, time", ["clk_i", "rst_ni", "now_i", "base_rtt_i"]),
    ("Open", ["open_valid_i", "open_ready_o", "open_group_i", "open_port_i"]),
    ("Feedback", ["fb_valid_i", "fb_ready_o", "fb_group_i", "fb_kind_i", "fb_ev_i", "fb_psn_i"]),
    ("Request", ["req_valid_i", "req_ready_o", "req_group_i", "req_psn_i", "req_retx_i"]),
    ("Response", ["rsp_valid_o", "rsp_ready_i", "rsp_ev_o", "rsp_decision_o", "rsp_group_o", "rsp_psn_o", "idle_o"]),
    ("Early failure", ["efd_due_o", "efd_pending_o", "efd_valid_o", "efd_group_o", "efd_psn_o", "efd_ev_o",
                       "efd_time_o", "efd_tracked_o"]),
    ("Group state (dbg_group_i)", ["dbg_group_i", "dbg_open_o", "dbg_count_o", "dbg_wr_o", "dbg_wrapped_o",
                                   "dbg_replay_o", "dbg_freezing_o", "dbg_freeze_start_o", "dbg_window_left_o",
                                   "dbg_slot0_o"]),
    ("Registers", ["reg_we_i", "reg_addr_i", "reg_wdata_i", "reg_rdata_o"]),
    ("Inside: why a stream waits, the tracker", ["stall", "trk_hold", "trk_unsettled", "trk_interlock", "trk_busy",
                                                  "trk_fire", "trk_kill", "trk_untracked", "owed_q"]),
]
DECIMAL = {"now_i", "base_rtt_i", "open_group_i", "open_port_i", "fb_group_i", "fb_kind_i", "fb_ev_i", "fb_psn_i",
           "req_group_i", "req_psn_i", "rsp_ev_o", "rsp_decision_o", "rsp_group_o", "rsp_psn_o", "efd_group_o",
           "efd_psn_o", "efd_ev_o", "efd_time_o", "efd_tracked_o", "owed_q", "dbg_group_i", "dbg_count_o", "dbg_wr_o",
           "dbg_replay_o", "dbg_freeze_start_o", "dbg_window_left_o", "dbg_slot0_o"}


def harness(path: str) -> int:
    """A save file for a block harness's counterexample: the signals of the top scope only."""
    top, names = None, []
    for scopes, name, width, rng in variables(path):
        if len(scopes) != 1:
            continue
        top = scopes[0]
        if not name.startswith(("unused", "$")) and name not in (n for n, _, _ in names):
            names.append((name, width, f"{top}.{name}" + (rng if width > 1 else "")))
    if top is None or not names:
        print(f"make_gtkw.py: {path} has no signals in a top scope", file=sys.stderr)
        return 1
    first = [n for n in names if n[0] in ("clk_i", "rst_ni")]
    inputs = sorted(n for n in names if n[0].endswith("_i") and n not in first)
    regs = sorted(n for n in names if n[0].endswith("_q"))
    rest = sorted(n for n in names if n not in first and n not in inputs and n not in regs)
    out = [f"[*] {top}: a counterexample of its proof (scripts/gen/make_gtkw.py --harness)",
           "[timestart] 0", "[size] 1600 1000", "[sst_width] 260", "[signals_width] 300",
           "[sst_expanded] 1", "[sst_vpaned_height] 300"]
    for title, group in (("Inputs", first + inputs), ("Registers", regs), ("Other signals", rest)):
        if not group:
            continue
        out += ["@800200", "-" + title]
        for _, width, full in group:
            out += ["@24" if width > 1 else "@28", full]
        out += ["@1000200", "-" + title]
    print("\n".join(out))
    return 0


def main() -> int:
    if len(sys.argv) == 3 and sys.argv[1] == "--harness":
        return harness(sys.argv[2])
    if len(sys.argv) != 2:
        print(__doc__, file=sys.stderr)
        return 2
    # The core's ports: the variables of the shallowest scope below the top that has rsp_valid_o (the
    # core instance of a testbench, or the dut inside a formal harness's generate block). A Verilated
    # model's top scope repeats the ports; the instance below it is the one to show.
    by_scope = {}
    for scopes, name, width, rng in variables(sys.argv[1]):
        by_scope.setdefault(scopes, {})[name] = (".".join(scopes + (name,)) + (rng if width > 1 else ""), width)
    cores = sorted((s for s, v in by_scope.items() if len(s) >= 2 and "rsp_valid_o" in v), key=len)
    if not cores:
        print(f"make_gtkw.py: {sys.argv[1]} has no scope with the core's ports (rsp_valid_o)", file=sys.stderr)
        return 1
    names = by_scope[cores[0]]
    enums = enum_ports()
    vcd_input = sys.argv[1].endswith(".vcd")
    out = ["[*] uet_lb: interfaces and the state of the group on dbg_group_i (scripts/gen/make_gtkw.py)",
           "[timestart] 0", "[size] 1600 1000", "[sst_width] 260", "[signals_width] 300",
           "[sst_expanded] 1", "[sst_vpaned_height] 300"]
    for title, sigs in GROUPS:
        out += ["@800200", "-" + title]
        for s in sigs:
            if s not in names:  # a formal trace keeps only what its proof needs
                print(f"make_gtkw.py: note: {s} is not in {sys.argv[1]}; left out", file=sys.stderr)
                continue
            full, width = names[s]
            if s in enums and vcd_input:
                out += [f"^1 ../../tb/gtkwave/{enums[s]}.txt", FILTER_FLAGS, full, "^0"]
            elif s in enums:
                out += [ENUM_FLAGS, full]
            else:
                out += ["@24" if s in DECIMAL and width > 1 else "@28", full]
        out += ["@1000200", "-" + title]
    print("\n".join(out))
    return 0


if __name__ == "__main__":
    sys.exit(main())
