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
  logic_levels.py NETLIST.json TOP --paths N
                                            then, for each register group that ends a path of at least N
                                            LUT levels, the deepest such path into it
"""
import json
import re
import sys

SEQ_PREFIXES = ("FD", "RAM", "SRL", "URAM", "BRAM", "DSP")
# Distributed (LUT) RAM reads asynchronously: its read data is one LUT level after its read address, so
# paths go through it (its write side ends a path like a register). Each read port's data follows its
# own address only: DOx follows ADDRx (RAM32M, RAM64M, RAM32M16, RAM64M8), SPO and O follow A (the
# write address, also the first port's read address), DPO follows DPRA. A path from the write address
# into another port's read data would be a false path.
LUTRAM = re.compile(r"^RAM\d+(X\d+[SD]|M\d*)$")
LUTRAM_ADDR = re.compile(r"^(A|ADDR|DPRA)")


def read_address(out_port):
    """The address ports (a regular expression) a LUT-RAM output port follows."""
    m = re.match(r"^DO([A-H])$", out_port)
    if m:
        return re.compile(r"^ADDR" + m.group(1) + r"$")
    if out_port in ("SPO", "O"):
        return re.compile(r"^A\d*$")
    if out_port == "DPO":
        return re.compile(r"^DPRA\d*$")
    return LUTRAM_ADDR  # a type not listed above: every address port


def weight(cell_type):
    if cell_type.startswith("LUT") or LUTRAM.match(cell_type):
        return 1, 1
    if cell_type.startswith(("MUXF", "CARRY")):
        return 0, 1
    return 0, 0


def is_register(cell_type):
    """A cell that ends and starts paths (LUT-RAM reads pass through instead)."""
    return cell_type.startswith(SEQ_PREFIXES) and not LUTRAM.match(cell_type)


def timing_inputs(c, out_port=None):
    """The bits of a cell's inputs that a path to out_port passes through (any output when None; a LUT-RAM
    output only through its read address)."""
    lutram = LUTRAM.match(c["type"]) is not None
    addr = read_address(out_port) if lutram and out_port is not None else LUTRAM_ADDR
    for port, bits in c["connections"].items():
        if c["port_directions"].get(port) == "input" and not (lutram and not addr.match(port)):
            for b in bits:
                if isinstance(b, int):
                    yield b


def timing_outputs(c, in_port):
    """The output ports a path entering cell c at in_port continues from (a LUT-RAM: the read ports of
    that address)."""
    lutram = LUTRAM.match(c["type"]) is not None
    for port in c["connections"]:
        if c["port_directions"].get(port) == "output" and (not lutram or read_address(port).match(in_port)):
            yield port


def source_names(mod):
    """Bit -> (signal name, bit index, signal width) where synthesis kept the source name."""
    names = {}
    for nname, n in mod.get("netnames", {}).items():
        if n.get("hide_name", 1) == 0:
            for i, b in enumerate(n["bits"]):
                if isinstance(b, int) and b not in names:
                    names[b] = (nname, i, len(n["bits"]))
    return names


def driven_name(c, names, indexed):
    """The source name of the first named signal cell c drives ("" if none), with its bit index if asked."""
    for port, bits in c["connections"].items():
        if c["port_directions"].get(port) == "output":
            for b in bits:
                if b in names:
                    nname, i, width = names[b]
                    return nname + (f"[{i}]" if indexed and width > 1 else "")
    return ""


def main():
    mode = sys.argv[3] if len(sys.argv) > 3 else None
    counted = mode in ("--registers", "--paths")
    if len(sys.argv) not in (3, 4, 5) or mode not in (None, "--path", "--registers", "--paths") or \
            counted != (len(sys.argv) == 5) or (counted and not sys.argv[4].isdigit()):
        print(__doc__, file=sys.stderr)
        return 2
    net = json.load(open(sys.argv[1]))
    mod = net["modules"][sys.argv[2]]
    cells = mod["cells"]
    driver = {}       # bit -> the cell driving it
    driver_port = {}  # bit -> that cell's output port
    for name, c in cells.items():
        for port, bits in c["connections"].items():
            if c["port_directions"].get(port) == "output":
                for b in bits:
                    if isinstance(b, int):
                        driver[b] = name
                        driver_port[b] = port
    memo = {}
    pred = {}  # cell -> the input cell its LUT depth comes from

    def depth(name, out_port=None):
        """LUT and logic levels from the registers to the output of cell `name` (to its port out_port
        for a LUT-RAM, whose read ports have their own addresses; the deepest port when None)."""
        c = cells[name]
        if is_register(c["type"]):
            return (0, 0)
        if LUTRAM.match(c["type"]) is None:
            out_port = None
        elif out_port is None:
            ports = [p for p in c["connections"] if c["port_directions"].get(p) == "output"]
            return max((depth(name, p) for p in ports), default=(0, 0))
        key = (name, out_port)
        if key in memo:
            return memo[key]
        memo[key] = (0, 0)  # guards against combinational loops
        best_l, best_g = 0, 0
        for b in timing_inputs(c, out_port):
            d = driver.get(b)
            if d is not None:
                l, g = depth(d, driver_port[b])
                if l > best_l or (l == best_l and name not in pred):
                    pred[name] = d
                best_l, best_g = max(best_l, l), max(best_g, g)
        w_l, w_g = weight(c["type"])
        memo[key] = (best_l + w_l, best_g + w_g)
        return memo[key]

    sys.setrecursionlimit(1_000_000)
    lut, logic, end = 0, 0, None
    for name in cells:
        l, g = depth(name)
        if l > lut:
            end = name
        lut, logic = max(lut, l), max(logic, g)
    print(lut, logic)
    names = source_names(mod)
    if mode == "--registers":
        print_registers(cells, names, driver, driver_port, depth, int(sys.argv[4]))
    def print_path(last):
        path = [last]
        while path[-1] in pred and not is_register(cells[pred[path[-1]]]["type"]):
            path.append(pred[path[-1]])
        if path[-1] in pred:
            path.append(pred[path[-1]])
        # Each cell named by the signal it drives, where synthesis kept the source name.
        for name in reversed(path):
            print(f"  {cells[name]['type']:10} {driven_name(cells[name], names, True) or name}")

    if mode == "--path" and end is not None:
        print_path(end)
    if mode == "--paths":
        # Per register group (bit indices dropped), the deepest path into one of its registers.
        worst = {}
        for name, c in cells.items():
            if not is_register(c["type"]):
                continue
            for port, bits in c["connections"].items():
                if c["port_directions"].get(port) != "input":
                    continue
                for b in bits:
                    if isinstance(b, int) and b in driver:
                        l = depth(driver[b], driver_port[b])[0]
                        label = re.sub(r"\[\d+\]", "", driven_name(c, names, False)) or c["type"]
                        if l >= int(sys.argv[4]) and l > worst.get(label, (0, None))[0]:
                            worst[label] = (l, driver[b])
        for label, (l, last) in sorted(worst.items(), key=lambda kv: -kv[1][0]):
            print(f"{l} levels into {label}:")
            print_path(last)
    return 0


def print_registers(cells, names, driver, driver_port, depth, minimum):
    """Registers ending and starting paths of at least `minimum` LUT levels, counted by name."""
    sinks = {}  # bit -> the (cell, input port) pairs a path goes on to
    for name, c in cells.items():
        for port, bits in c["connections"].items():
            if c["port_directions"].get(port) != "input":
                continue
            through = set(timing_inputs(c))
            for b in bits:
                if isinstance(b, int) and b in through:
                    sinks.setdefault(b, []).append((name, port))
    ahead = {}  # LUT levels from a combinational cell's input port to the next register, the cell included

    def forward(name, in_port):
        c = cells[name]
        key = (name, in_port if LUTRAM.match(c["type"]) else None)
        if key in ahead:
            return ahead[key]
        ahead[key] = 0  # guards against combinational loops
        best = 0
        for port in timing_outputs(c, in_port):
            for b in c["connections"][port]:
                for s, p in sinks.get(b, []) if isinstance(b, int) else []:
                    if not is_register(cells[s]["type"]):
                        best = max(best, forward(s, p))
        ahead[key] = best + weight(c["type"])[0]
        return ahead[key]

    ends, starts = {}, {}
    for name, c in cells.items():
        if not is_register(c["type"]):
            continue
        d_in, d_out = 0, 0
        for port, bits in c["connections"].items():
            direction = c["port_directions"].get(port)
            for b in bits:
                if not isinstance(b, int):
                    continue
                if direction == "input" and b in driver:
                    d_in = max(d_in, depth(driver[b], driver_port[b])[0])
                elif direction == "output":
                    for s, p in sinks.get(b, []):
                        if not is_register(cells[s]["type"]):
                            d_out = max(d_out, forward(s, p))
        # Grouped by signal: bit indices and the word indices of flattened memories dropped.
        label = re.sub(r"\[\d+\]", "", driven_name(c, names, False)) or c["type"]
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
