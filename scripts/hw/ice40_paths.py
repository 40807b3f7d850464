#!/usr/bin/env python3
"""Every register of a placed-and-routed iCE40 design whose inputs miss a clock period.

  ice40_paths.py REPORT.json PERIOD_NS [--top N] [--histogram]

REPORT.json is nextpnr's `--report FILE --detailed-timing-report` output. nextpnr prints only the
worst path of each clock; its detailed report also holds, for every timing endpoint (a flip-flop's
data, enable or reset input, a block RAM's inputs), the time its latest signal arrives after the
clock edge, setup included. This tool keeps the endpoints later than PERIOD_NS, groups them
by the RTL register they belong to (the cell name up to the first suffix synthesis or placement
added), and prints the groups worst first with their endpoint counts: every place a clock target
needs work on at once, instead of one path per placement. --histogram then adds, for arrival times
from 1 ns below the period up to the worst in steps of 0.25 ns, how many endpoints and registers
arrive later: how many places a faster clock would reach, a measure of how far one cut can move it.

An arrival may start at an input pin, which nextpnr's clock Fmax leaves out and its report does not
tell apart; rtl/fpga/uet_lb_fpga_wrap.sv registers every pin before the core, so there none does.
"""
import json
import re
import signal
import sys
from collections import defaultdict


def rtl_name(cell: str) -> str:
    """The RTL signal a cell was made for: its name up to the first suffix synthesis or P&R added."""
    head = re.split(r"_SB_|\$|_DFFLC|_LC$|_RAM$", cell, maxsplit=1)[0]
    return head or cell


def endpoints(report):
    """The endpoints of a detailed report as (arrival with setup, cell, port)."""
    return [(ep["delay"], ep["cell"], ep["port"]) for net in report["detailed_net_timings"]
            for ep in net["endpoints"]]


def late_groups(ends, t):
    """The endpoints arriving later than t ns, grouped by the RTL register they belong to."""
    groups = defaultdict(list)
    for e in ends:
        if e[0] > t:
            groups[rtl_name(e[1])].append(e)
    return groups


def summary(ends, groups, period):
    """One line: the worst endpoint, and how many endpoints and registers (groups) miss the period."""
    worst = max(ends)[0]
    missing = sum(len(v) for v in groups.values())
    return (f"worst endpoint {worst:.2f} ns ({1000 / worst:.1f} MHz); {missing} of {len(ends)} endpoints "
            f"miss {period:.2f} ns ({1000 / period:.1f} MHz), in {len(groups)} registers")


def main() -> int:
    args = sys.argv[1:]
    top = 40
    histogram = "--histogram" in args
    if histogram:
        args.remove("--histogram")
    if "--top" in args:
        i = args.index("--top")
        try:
            top = int(args[i + 1])
        except (IndexError, ValueError):
            print("ice40_paths.py: --top needs a number", file=sys.stderr)
            return 2
        del args[i:i + 2]
    if len(args) != 2:
        print(__doc__, file=sys.stderr)
        return 2
    try:
        report = json.load(open(args[0]))
        period = float(args[1])
    except (OSError, ValueError) as e:
        print(f"ice40_paths.py: {e}", file=sys.stderr)
        return 2
    if period <= 0:
        print(f"ice40_paths.py: period {args[1]}: expected a positive number of ns", file=sys.stderr)
        return 2
    if "detailed_net_timings" not in report:
        print(f"ice40_paths.py: {args[0]} has no net timings (run nextpnr with --detailed-timing-report)",
              file=sys.stderr)
        return 2

    ends = endpoints(report)
    if not ends:
        print(f"ice40_paths.py: {args[0]} lists no endpoints", file=sys.stderr)
        return 2
    groups = late_groups(ends, period)
    print(summary(ends, groups, period))
    for name, es in sorted(groups.items(), key=lambda kv: -max(kv[1])[0])[:top]:
        print(f"  {max(es)[0]:6.2f} ns  {len(es):4d}  {name}")
    if histogram:
        print("arrival later than   endpoints   registers")
        worst, step = max(ends)[0], 0
        while period - 1.0 + 0.25 * step < worst:
            t = period - 1.0 + 0.25 * step
            late = late_groups(ends, t)
            print(f"  {t:6.2f} ns ({1000 / t:5.1f} MHz)  {sum(map(len, late.values())):6d}  {len(late):6d}")
            step += 1
    return 0


if __name__ == "__main__":
    signal.signal(signal.SIGPIPE, signal.SIG_DFL)  # piped into head: stop quietly
    sys.exit(main())
