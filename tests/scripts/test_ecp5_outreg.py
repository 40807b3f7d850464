#!/usr/bin/env python3
"""Checks scripts/hw/ecp5_outreg.py. On hand-built netlists: a DP16KD whose two used read bits each drive one
plain flip-flop takes them as its output register (REGMODE_B OUTREG, its pins on the flip-flops' outputs,
the flip-flops gone); each thing that makes the move unsafe (a bit that also drives a LUT, a flip-flop with
a clock enable, a reset, the global set/reset, another clock; a 36-bit read; port B writing) leaves the netlist as it was and
names the reason. Then through Yosys: uet_lb_ram (1,024 x 40) with OutReg 1 leaves no flip-flop after the
pass, with OutReg 0 nothing moves. Bad input is refused with a message. Exits non-zero on any failure."""
import copy
import json
import os
import shutil
import subprocess
import sys
import tempfile

from netlist_checks import Checks, cell

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")
SCRIPT = os.path.join(ROOT, "scripts", "hw", "ecp5_outreg.py")


def ff(d, q, clk=2, **extra):
    inputs = {"CLK": clk, "DI": d, "LSR": "0"}
    params = {"CEMUX": "1 ", "CLKMUX": "CLK", "GSR": "DISABLED", "LSRMUX": "LSR", "REGSET": "RESET"}
    for k, v in extra.items():
        if k in ("CE", "LSR"):
            inputs[k] = v
        else:
            params[k] = v
    return cell("TRELLIS_FF", inputs, {"Q": q}, params)


def netlist():
    """A DP16KD (read width 18, clock net 2): DOB0 -> ff0 (Q 20), DOB1 -> ff1 (Q 21), DOB2 unused; the
    flip-flops' outputs feed a LUT."""
    ram = cell("DP16KD", {"CLKA": 2, "CLKB": 2, "CEB": "1", "OCEB": "1", "RSTB": "0", "WEB": "0", "ADB4": 5},
               {"DOB0": 10, "DOB1": 11, "DOB2": 12},
               {"DATA_WIDTH_B": format(18, "032b"), "REGMODE_B": "NOREG", "REGMODE_A": "NOREG"})
    cells = {"ram": ram, "ff0": ff(10, 20), "ff1": ff(11, 21),
             "lut": cell("LUT4", {"A": 20, "B": 21}, {"Z": 30})}
    ports = {"clk": {"direction": "input", "bits": [2]}, "o": {"direction": "output", "bits": [30]}}
    return {"modules": {"top": {"ports": ports, "cells": cells, "netnames": {}}}}


def run(tmp, net):
    src, dst = os.path.join(tmp, "in.json"), os.path.join(tmp, "out.json")
    with open(src, "w") as f:
        json.dump(net, f)
    r = subprocess.run([sys.executable, SCRIPT, src, dst], capture_output=True, text=True)
    out = json.load(open(dst)) if r.returncode == 0 else None
    return r, out


def main():
    checks = Checks("ecp5_outreg.py")
    expect = checks.expect

    with tempfile.TemporaryDirectory() as tmp:
        r, out = run(tmp, netlist())
        cells = out["modules"]["top"]["cells"] if out else {}
        expect("absorbs 2 bits in 1 block RAM: %r" % r.stdout, r.stdout.startswith("absorbed 2 bits in 1 block RAMs"))
        expect("REGMODE_B becomes OUTREG", cells.get("ram", {}).get("parameters", {}).get("REGMODE_B") == "OUTREG")
        expect("DOB0 and DOB1 drive the flip-flops' nets, DOB2 stays",
               [cells.get("ram", {}).get("connections", {}).get(p) for p in ("DOB0", "DOB1", "DOB2")] ==
               [[20], [21], [12]])
        expect("the flip-flops go, the LUT stays: %r" % sorted(cells), sorted(cells) == ["lut", "ram"])

        # Each unsafe case: nothing moves, and the reason is named.
        cases = []
        n = netlist(); n["modules"]["top"]["cells"]["lut2"] = cell("LUT4", {"A": 11}, {"Z": 31})
        cases.append(("a read bit that also drives a LUT", n, "DOB1 drives something other than one flip-flop"))
        n = netlist(); n["modules"]["top"]["cells"]["ff1"] = ff(11, 21, CE=40, CEMUX="CE")
        cases.append(("a flip-flop with a clock enable", n, "a flip-flop with a clock enable"))
        n = netlist(); n["modules"]["top"]["cells"]["ff0"] = ff(10, 20, LSR=41)
        cases.append(("a flip-flop with a reset", n, "a flip-flop with a reset"))
        n = netlist(); n["modules"]["top"]["cells"]["ff1"] = ff(11, 21, GSR="ENABLED")
        cases.append(("a flip-flop on the global set/reset", n, "a flip-flop on the global set/reset"))
        n = netlist(); n["modules"]["top"]["cells"]["ff0"] = ff(10, 20, clk=3)
        cases.append(("a flip-flop on another clock", n, "a flip-flop on another clock"))
        n = netlist(); n["modules"]["top"]["cells"]["ram"]["parameters"]["DATA_WIDTH_B"] = format(36, "032b")
        cases.append(("a 36-bit read", n, "a read width over 18 bits"))
        n = netlist(); n["modules"]["top"]["cells"]["ram"]["connections"]["WEB"] = [42]
        cases.append(("port B writing", n, "port B writes"))
        n = netlist(); n["modules"]["top"]["ports"]["q0"] = {"direction": "output", "bits": [10]}
        cases.append(("a read bit that is also a module output", n, "DOB0 drives something other than one flip-flop"))
        for what, net, reason in cases:
            before = copy.deepcopy(net)
            r, out = run(tmp, net)
            expect("%s: nothing moves: %r" % (what, r.stdout),
                   r.returncode == 0 and r.stdout.startswith("absorbed 0 bits in 0 block RAMs") and out == before)
            expect("%s: the reason is named: %r" % (what, r.stdout), ("left top.ram: " + reason) in r.stdout)

        # Bad input: a missing file, a file that is not JSON, JSON that is not a netlist; no output written.
        dst = os.path.join(tmp, "bad.out.json")
        bad_text = os.path.join(tmp, "bad.json")
        with open(bad_text, "w") as f:
            f.write("{ not json")
        not_net = os.path.join(tmp, "notnet.json")
        with open(not_net, "w") as f:
            json.dump({"x": 1}, f)
        for src, word in ((os.path.join(tmp, "missing.json"), "cannot read"), (bad_text, "cannot read"),
                          (not_net, "not a Yosys JSON netlist")):
            r = subprocess.run([sys.executable, SCRIPT, src, dst], capture_output=True, text=True)
            expect("refuses %s with a message: %r" % (os.path.basename(src), r.stderr),
                   r.returncode == 1 and word in r.stderr and not os.path.exists(dst))
        r = subprocess.run([sys.executable, SCRIPT], capture_output=True, text=True)
        expect("usage without arguments", r.returncode == 2 and "usage" in r.stderr)

        # Through Yosys, on the RAM the core uses.
        if shutil.which("yosys") is None:
            checks.fail("yosys not found (scripts/setup.sh installs it)")
        else:
            for outreg, want_ffs, want_line in ((1, 0, "absorbed 40 bits in 3 block RAMs"),
                                                (0, 0, "absorbed 0 bits in 0 block RAMs")):
                syn = os.path.join(tmp, "ram%d.json" % outreg)
                cmd = ("read_verilog -sv %s; chparam -set Depth 1024 -set Width 40 -set OutReg %d uet_lb_ram; "
                       "synth_ecp5 -top uet_lb_ram -json %s" % (os.path.join(ROOT, "rtl", "prim", "uet_lb_ram.sv"), outreg, syn))
                y = subprocess.run(["yosys", "-q", "-p", cmd], capture_output=True, text=True)
                if y.returncode != 0:
                    checks.fail("yosys failed on uet_lb_ram: " + y.stderr[-500:])
                    continue
                dst = os.path.join(tmp, "ram%d.out.json" % outreg)
                r = subprocess.run([sys.executable, SCRIPT, syn, dst], capture_output=True, text=True)
                cells = json.load(open(dst))["modules"]["uet_lb_ram"]["cells"].values() if r.returncode == 0 else []
                types = [c["type"] for c in cells]
                expect("OutReg %d: %r" % (outreg, r.stdout), r.stdout.startswith(want_line))
                expect("OutReg %d: %d flip-flops left, %d block RAMs (%r)" % (outreg, want_ffs, 3, types),
                       types.count("TRELLIS_FF") == want_ffs and types.count("DP16KD") == 3)
                expect("OutReg %d: the read-during-write emulation is gone (no LUTs): %r" % (outreg, types),
                       "LUT4" not in types)
    return checks.finish()


if __name__ == "__main__":
    sys.exit(main())
