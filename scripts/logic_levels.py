#!/usr/bin/env python3
"""Deepest register-to-register path of a Yosys JSON netlist after synth_xilinx, in LUT levels (LUT cells
only) and in logic levels (LUT, MUXF and CARRY cells, as vendor timing reports count them).

  logic_levels.py NETLIST.json TOP          prints: lut_levels logic_levels
  logic_levels.py NETLIST.json TOP --path   then the deepest path, one cell per line (start first), named by
                                            the signal it drives where synthesis kept the name
"""
import json
import re
import sys

SEQ_PREFIXES = ("FD", "RAM", "SRL", "URAM", "BRAM", "DSP")
# Distributed (LUT) RAM reads asynchronously: its read data is one LUT level after its address inputs,
# so paths go through it (its write side ends a path like a register).
LUTRAM = re.compile(r"^RAM\d+(X\d+[SD]|M\d*)$")
LUTRAM_ADDR = re.compile(r"^(A|ADDR|DPRA)")


def weight(cell_type):
    if cell_type.startswith("LUT") or LUTRAM.match(cell_type):
        return 1, 1
    if cell_type.startswith(("MUXF", "CARRY")):
        return 0, 1
    return 0, 0


def main():
    if len(sys.argv) not in (3, 4):
        print(__doc__, file=sys.stderr)
        return 2
    net = json.load(open(sys.argv[1]))
    mod = net["modules"][sys.argv[2]]
    cells = mod["cells"]
    driver = {}
    for name, c in cells.items():
        for port, bits in c["connections"].items():
            if c["port_directions"].get(port) == "output":
                for b in bits:
                    if isinstance(b, int):
                        driver[b] = name
    memo = {}
    pred = {}  # cell -> the input cell its LUT depth comes from

    def depth(name):
        if name in memo:
            return memo[name]
        c = cells[name]
        lutram = LUTRAM.match(c["type"]) is not None
        if c["type"].startswith(SEQ_PREFIXES) and not lutram:
            return (0, 0)
        memo[name] = (0, 0)  # guards against combinational loops
        best_l, best_g = 0, 0
        for port, bits in c["connections"].items():
            if c["port_directions"].get(port) != "input":
                continue
            if lutram and not LUTRAM_ADDR.match(port):
                continue
            for b in bits:
                d = driver.get(b) if isinstance(b, int) else None
                if d is not None:
                    l, g = depth(d)
                    if l > best_l or (l == best_l and name not in pred):
                        pred[name] = d
                    best_l, best_g = max(best_l, l), max(best_g, g)
        w_l, w_g = weight(c["type"])
        memo[name] = (best_l + w_l, best_g + w_g)
        return memo[name]

    sys.setrecursionlimit(1_000_000)
    lut, logic, end = 0, 0, None
    for name in cells:
        l, g = depth(name)
        if l > lut:
            end = name
        lut, logic = max(lut, l), max(logic, g)
    print(lut, logic)
    if len(sys.argv) > 3 and sys.argv[3] == "--path" and end is not None:
        path = [end]
        while path[-1] in pred and not cells[pred[path[-1]]]["type"].startswith(SEQ_PREFIXES):
            path.append(pred[path[-1]])
        if path[-1] in pred:
            path.append(pred[path[-1]])
        # The signal each cell drives, by its source name where synthesis kept one.
        net_name = {}
        for nname, n in mod.get("netnames", {}).items():
            if n.get("hide_name", 1) == 0:
                for i, b in enumerate(n["bits"]):
                    if isinstance(b, int) and b not in net_name:
                        net_name[b] = nname + (f"[{i}]" if len(n["bits"]) > 1 else "")

        def drives(name):
            c = cells[name]
            for port, bits in c["connections"].items():
                if c["port_directions"].get(port) == "output":
                    for b in bits:
                        if b in net_name:
                            return net_name[b]
            return ""

        for name in reversed(path):
            print(f"  {cells[name]['type']:10} {drives(name) or name}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
