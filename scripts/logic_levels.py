#!/usr/bin/env python3
"""Deepest register-to-register path of a Yosys JSON netlist after synth_xilinx, in LUT levels (LUT cells
only) and in logic levels (LUT, MUXF and CARRY cells, as vendor timing reports count them).

  logic_levels.py NETLIST.json TOP          prints: lut_levels logic_levels
  logic_levels.py NETLIST.json TOP --path   then the deepest path, one cell per line (start first), named by
                                            the signal it drives where synthesis kept the name
  logic_levels.py NETLIST.json TOP --registers N
                                            then the registers (grouped by name, bit indices dropped) that
                                            end, and those that start, a path of at least N LUT levels:
                                            where to cut, when one path stands for hundreds
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
    mode = sys.argv[3] if len(sys.argv) > 3 else None
    if len(sys.argv) not in (3, 4, 5) or mode not in (None, "--path", "--registers") or \
            (mode == "--registers") != (len(sys.argv) == 5) or \
            (mode == "--registers" and not sys.argv[4].isdigit()):
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
    if mode == "--registers":
        print_registers(cells, mod, driver, depth, int(sys.argv[4]))
    if mode == "--path" and end is not None:
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


def print_registers(cells, mod, driver, depth, minimum):
    """Registers ending and starting paths of at least `minimum` LUT levels, counted by name."""
    def is_reg(c):
        return c["type"].startswith(SEQ_PREFIXES) and not LUTRAM.match(c["type"])

    sinks = {}
    for name, c in cells.items():
        lutram = LUTRAM.match(c["type"]) is not None
        for port, bits in c["connections"].items():
            if c["port_directions"].get(port) == "input" and not (lutram and not LUTRAM_ADDR.match(port)):
                for b in bits:
                    if isinstance(b, int):
                        sinks.setdefault(b, []).append(name)
    ahead = {}  # LUT levels from a combinational cell's inputs to the next register, the cell included

    def forward(name):
        if name in ahead:
            return ahead[name]
        ahead[name] = 0  # guards against combinational loops
        best = 0
        for port, bits in cells[name]["connections"].items():
            if cells[name]["port_directions"].get(port) == "output":
                for b in bits:
                    for s in sinks.get(b, []) if isinstance(b, int) else []:
                        if not is_reg(cells[s]):
                            best = max(best, forward(s))
        ahead[name] = best + weight(cells[name]["type"])[0]
        return ahead[name]

    names = {}
    for nname, n in mod.get("netnames", {}).items():
        if n.get("hide_name", 1) == 0:
            for b in n["bits"]:
                if isinstance(b, int):
                    names.setdefault(b, nname)
    ends, starts = {}, {}
    for name, c in cells.items():
        if not is_reg(c):
            continue
        label, d_in, d_out = None, 0, 0
        for port, bits in c["connections"].items():
            direction = c["port_directions"].get(port)
            for b in bits:
                if not isinstance(b, int):
                    continue
                if direction == "input" and b in driver:
                    d_in = max(d_in, depth(driver[b])[0])
                elif direction == "output":
                    label = label or names.get(b)
                    for s in sinks.get(b, []):
                        if not is_reg(cells[s]):
                            d_out = max(d_out, forward(s))
        label = re.sub(r"\[\d+\]", "", label or c["type"])
        if d_in >= minimum:
            ends[label] = ends.get(label, 0) + 1
        if d_out >= minimum:
            starts[label] = starts.get(label, 0) + 1
    for title, table in (("end", ends), ("start", starts)):
        print(f"registers that {title} a path of {minimum} or more LUT levels: {sum(table.values())}")
        for label, count in sorted(table.items(), key=lambda kv: (-kv[1], kv[0])):
            print(f"  {count:6} {label}")


if __name__ == "__main__":
    sys.exit(main())
