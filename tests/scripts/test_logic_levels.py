#!/usr/bin/env python3
"""Checks scripts/logic_levels.py on a hand-built netlist whose depths are known:
a -> LUT -> LUT -> b (2 LUT levels), c -> LUT -> CARRY -> d (1 LUT level, 2 logic levels) and c into
the first LUT of a's path (so c starts a 2-level path too), and b -> e through a LUT-RAM read (1 level).
Prints every wrong figure and exits non-zero if there is one."""
import json
import os
import subprocess
import sys
import tempfile

SCRIPT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "scripts", "logic_levels.py")


def cell(kind, inputs, outputs):
    conns, dirs = {}, {}
    for port, bit in inputs.items():
        conns[port], dirs[port] = [bit], "input"
    for port, bit in outputs.items():
        conns[port], dirs[port] = [bit], "output"
    return {"type": kind, "connections": conns, "port_directions": dirs}


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
    }
    names = {"a": [1], "b": [4], "c": [5], "d": [8], "e": [10], "mid": [2]}
    return {"modules": {"top": {"cells": cells,
                                "netnames": {k: {"bits": v, "hide_name": 0} for k, v in names.items()}}}}


def run(*args):
    return subprocess.run([sys.executable, SCRIPT, *args], capture_output=True, text=True)


def main():
    failures = []

    def expect(what, cond):
        if not cond:
            failures.append(what)

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
        expect("--registers 2: b ends the 2-level path, a and c start it: %r" % out,
               out[1:] == ["registers that end a path of 2 or more LUT levels: 1", "       1 b",
                           "registers that start a path of 2 or more LUT levels: 2", "       1 a", "       1 c"])
        r = run(path, "top", "--registers", "1")
        out = r.stdout.splitlines()
        expect("--registers 1: b, d, e end a path (e through the LUT-RAM read): %r" % out,
               "registers that end a path of 1 or more LUT levels: 3" in out)
        for bad in (["--registers"], ["--registers", "x"], ["--bogus"], ["--path", "3"]):
            r = run(path, "top", *bad)
            expect("refuses %s" % bad, r.returncode == 2 and "logic_levels.py" in r.stderr)
    for f in failures:
        print("FAIL:", f)
    print("logic_levels.py: %d checks failed" % len(failures) if failures else "logic_levels.py: all checks pass")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
