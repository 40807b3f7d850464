#!/usr/bin/env python3
"""Checks scripts/hw/logic_levels.py on a hand-built netlist whose depths are known:
a -> LUT -> LUT -> b (2 LUT levels), c -> LUT -> CARRY -> d (1 LUT level, 2 logic levels) and c into
the first LUT of a's path (so c starts a 2-level path too), and b -> e through a LUT-RAM read (1 level).
Two LUT-RAMs have their write address at the end of a's 2-level path: a read port with its own
address (DPO from DPRA, DOA from ADDRA, both from e) does not follow it, so e -> f is RAM + LUT
(2 levels), e -> h the RAM alone (1 level), and nothing is 3 or 4 levels deep.
Prints every wrong figure and exits non-zero if there is one."""
import json
import os
import subprocess
import sys
import tempfile

from netlist_checks import Checks, cell

SCRIPT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "scripts", "hw", "logic_levels.py")


def netlist():
    cells = {
        "ff_a": cell("FDRE", {"D": 100}, {"Q": 1}),
        "lut1": cell("LUT2", {"I0": 1, "I1": 5}, {"O": 2}),
        "lut2": cell("LUT1", {"I0": 2}, {"O": 3}),
        "ff_b": cell("FDRE", {"D": 3}, {"Q": 4}),
        "ff_c": cell("FDRE", {"D": 101}, {"Q": 5}),
        "lut3": cell("LUT1", {"I0": 5}, {"O": 6}),
        "carry": cell("CARRY8", {"S": 6}, {"O": 7}),
        "ff_d": cell("FDRE", {"D": 7}, {"Q": 8}),
        "ram": cell("RAM64X1D", {"DPRA0": 4, "D": 8}, {"DPO": 9}),
        "ff_e": cell("FDRE", {"D": 9}, {"Q": 10}),
        "ram2": cell("RAM64X1D", {"A0": 3, "DPRA0": 10, "D": 8}, {"DPO": 11}),
        "lut4": cell("LUT1", {"I0": 11}, {"O": 12}),
        "ff_f": cell("FDRE", {"D": 12}, {"Q": 13}),
        "ram3": cell("RAM64M8", {"ADDRA": 10, "ADDRH": 3, "DIA": 8}, {"DOA": 14}),
        "ff_h": cell("FDRE", {"D": 14}, {"Q": 15}),
    }
    names = {"a": [1], "b": [4], "c": [5], "d": [8], "e": [10], "f": [13], "h": [15], "mid": [2]}
    return {"modules": {"top": {"cells": cells,
                                "netnames": {k: {"bits": v, "hide_name": 0} for k, v in names.items()}}}}


def run(*args):
    return subprocess.run([sys.executable, SCRIPT, *args], capture_output=True, text=True)


def main():
    checks = Checks("logic_levels.py")
    expect = checks.expect

    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "n.json")
        with open(path, "w") as f:
            json.dump(netlist(), f)
        r = run(path, "top")
        expect("levels: want '2 2', got %r" % r.stdout.strip(), r.returncode == 0 and r.stdout.strip() == "2 2")
        r = run(path, "top", "--path")
        lines = r.stdout.splitlines()
        expect("path: starts at register a, two LUTs, ends in b: %r" % lines,
               len(lines) == 4 and lines[1].split()[-1] == "a" and lines[2].split()[-1] == "mid")
        r = run(path, "top", "--registers", "2")
        out = r.stdout.splitlines()
        expect("--registers 2: b and f end the 2-level paths, a, c and e start them: %r" % out,
               out[1:] == ["registers that end a path of 2 or more LUT levels: 2", "       1 b", "       1 f",
                           "registers that start a path of 2 or more LUT levels: 3", "       1 a", "       1 c",
                           "       1 e"])
        r = run(path, "top", "--registers", "1")
        out = r.stdout.splitlines()
        expect("--registers 1: b, d, e, f, h end a path (e, f, h through LUT-RAM reads): %r" % out,
               "registers that end a path of 1 or more LUT levels: 5" in out)
        for bad in (["--registers"], ["--registers", "x"], ["--bogus"], ["--path", "3"]):
            r = run(path, "top", *bad)
            expect("refuses %s" % bad, r.returncode == 2 and "logic_levels.py" in r.stderr)
    return checks.finish()


if __name__ == "__main__":
    sys.exit(main())
