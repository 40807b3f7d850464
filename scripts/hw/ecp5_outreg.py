#!/usr/bin/env python3
"""Moves a block RAM's output register into the ECP5 block RAM (DP16KD REGMODE_B = OUTREG), on a Yosys JSON
netlist after synth_ecp5.

  ecp5_outreg.py IN.json OUT.json     writes OUT.json; prints one line: "absorbed B bits in R block RAMs"
                                      then one line per block RAM left as it was, with the reason

uet_lb_ram's read data pass through a second register (OutReg): a block RAM's own output register in a
vendor flow (Lattice's synthesis puts it in the DP16KD). Yosys (0.23, and the current release) maps the
memory's read port to the DP16KD and leaves that register in the fabric: the DP16KD's clock-to-output
without its output register is about 5.8 ns, and the route to a flip-flop it cannot choose to place beside
the block adds 4 ns more (docs/fpga.md). This pass does what the vendor flow does, where it is exactly the
same circuit: a DP16KD in simple dual-port use (port B reads, never writes; REGMODE_B NOREG; one read
width of 18 bits or less, so its data are on DOB alone) whose every used DOB bit drives exactly one
flip-flop and nothing else, each flip-flop on the block's read clock with no enable and no reset (its
clock enable and reset tied off, not inverted, and off the global set/reset). Then the block's output register holds what the
flip-flops held, a cycle after the read as they did: REGMODE_B becomes OUTREG (its output clock enable
OCEB must be tied high, its reset RSTB low), each DOB pin drives its flip-flop's output net, and the
flip-flops go. Anything else is left alone and named.
"""
import json
import sys


def param(cell, name, default=""):
    return str(cell.get("parameters", {}).get(name, default)).strip()


def const(bits, value):
    return bits == [value]


def sinks_of(module):
    """bit -> list of (cell name, port) reading it; module output ports as (None, port)."""
    sinks = {}
    for name, c in module.get("cells", {}).items():
        dirs = c.get("port_directions", {})
        for port, bits in c.get("connections", {}).items():
            if dirs.get(port) == "output":
                continue
            for b in bits:
                if isinstance(b, int):
                    sinks.setdefault(b, []).append((name, port))
    for port, p in module.get("ports", {}).items():
        if p.get("direction") in ("output", "inout"):
            for b in p.get("bits", []):
                if isinstance(b, int):
                    sinks.setdefault(b, []).append((None, port))
    return sinks


def plain_ff(ff, clk):
    """Why a TRELLIS_FF is not a plain register on clock net clk ("" when it is)."""
    conns = ff["connections"]
    if conns.get("CLK") != clk or param(ff, "CLKMUX", "CLK") != "CLK":
        return "a flip-flop on another clock"
    ce = conns.get("CE")
    if not (param(ff, "CEMUX", "CE") == "1" or ce is None or (const(ce, "1") and param(ff, "CEMUX", "CE") == "CE")):
        return "a flip-flop with a clock enable"
    lsr = conns.get("LSR")
    if not (lsr is None or (const(lsr, "0") and param(ff, "LSRMUX", "LSR") == "LSR")):
        return "a flip-flop with a reset"
    if param(ff, "GSR", "ENABLED") != "DISABLED":
        return "a flip-flop on the global set/reset"
    if conns.get("M") not in (None, ["0"], ["x"]):
        return "a flip-flop with its M input in use"
    return ""


def absorb_module(module):
    """Absorbs where it can; returns (bits absorbed, block RAMs absorbed, [(block RAM, reason left)])."""
    cells = module.get("cells", {})
    sinks = sinks_of(module)
    done_bits, done_rams, left, drop = 0, 0, [], set()
    for name, c in sorted(cells.items()):
        if c["type"] != "DP16KD":
            continue
        conns = c["connections"]
        why = ""
        if param(c, "REGMODE_B", "NOREG") != "NOREG":
            why = "its output register is in use already"
        elif not const(conns.get("WEB", ["0"]), "0"):
            why = "port B writes"
        elif int(param(c, "DATA_WIDTH_B", "0"), 2) > 18 or int(param(c, "DATA_WIDTH_B", "0"), 2) == 0:
            why = "a read width over 18 bits (data on both ports)"
        elif param(c, "CLKBMUX", "CLKB") != "CLKB":
            why = "an inverted read clock"
        elif not const(conns.get("CEB", ["1"]), "1") or not const(conns.get("OCEB", ["1"]), "1"):
            why = "a read clock enable"
        elif not const(conns.get("RSTB", ["0"]), "0"):
            why = "a read reset"
        moves = []  # (DOB port, flip-flop name, flip-flop output bits)
        if not why:
            for port in sorted(p for p in conns if p.startswith("DOB")):
                bits = conns[port]
                if len(bits) != 1 or not isinstance(bits[0], int):
                    continue
                readers = sinks.get(bits[0], [])
                if not readers:
                    continue  # unused bit
                if len(readers) != 1 or readers[0][0] is None or readers[0][1] != "DI" or \
                        cells[readers[0][0]]["type"] != "TRELLIS_FF":
                    why = f"{port} drives something other than one flip-flop"
                    break
                ff = readers[0][0]
                why = plain_ff(cells[ff], conns.get("CLKB"))
                if why:
                    break
                moves.append((port, ff, cells[ff]["connections"]["Q"]))
        if not why and not moves:
            why = "no read data in use"
        if why:
            left.append((name, why))
            continue
        c["parameters"]["REGMODE_B"] = "OUTREG"
        c["connections"]["OCEB"] = ["1"]
        for port, ff, q in moves:
            c["connections"][port] = q
            drop.add(ff)
        done_bits += len(moves)
        done_rams += 1
    for ff in drop:
        del cells[ff]
    return done_bits, done_rams, left


def main(argv):
    if len(argv) != 3:
        sys.stderr.write("usage: ecp5_outreg.py IN.json OUT.json\n")
        return 2
    try:
        with open(argv[1]) as f:
            netlist = json.load(f)
    except (OSError, ValueError) as e:
        sys.stderr.write(f"ecp5_outreg.py: cannot read the netlist {argv[1]}: {e}\n")
        return 1
    if "modules" not in netlist:
        sys.stderr.write(f"ecp5_outreg.py: {argv[1]} has no 'modules': not a Yosys JSON netlist\n")
        return 1
    bits = rams = 0
    left = []
    for mname, module in sorted(netlist["modules"].items()):
        b, r, l = absorb_module(module)
        bits += b
        rams += r
        left += [(f"{mname}.{n}", why) for n, why in l]
    with open(argv[2], "w") as f:
        json.dump(netlist, f)
    print(f"absorbed {bits} bits in {rams} block RAMs")
    for n, why in left:
        print(f"left {n}: {why}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
