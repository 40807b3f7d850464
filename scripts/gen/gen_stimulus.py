#!/usr/bin/env python3
"""Writes a random but reproducible stimulus CSV (SPEC section 13) for uetlb-run.

Each group sends packets; most are acknowledged after a round trip (some with ECN, some trimmed, some
trimmed at the last hop), some are lost (no feedback: early failure detection or an rto fires), and
an idle gap now and then lets freezing end. Same arguments, same file.

  gen_stimulus.py --groups 4 --packets 2000 --seed 1 > stimulus.csv
"""
import argparse
import math
import os
import random
import re
import sys

FIRST_PORT = 4791  # group g opens with local port FIRST_PORT + g (a UDP port: at most 65535)
MAX_GROUPS = 65535 - FIRST_PORT + 1


def integer(lo, hi):
    """An argparse type: an integer in lo..hi, decimal digits only (int() alone takes " 8", "+8", "1_0")."""
    def parse(text):
        if not re.fullmatch(r"[0-9]{1,20}", text):
            raise argparse.ArgumentTypeError(f"'{text[:80]!s}' is not an integer (decimal digits only)")
        v = int(text)
        if not lo <= v <= hi:
            raise argparse.ArgumentTypeError(f"{v} is outside {lo}..{hi}")
        return v
    return parse


def probability(text):
    """An argparse type: a probability in 0..1, a decimal number (not nan, inf, " 0.5" or "0_5")."""
    if not re.fullmatch(r"[0-9]*\.?[0-9]+([eE][-+]?[0-9]+)?|[0-9]+\.", text):
        raise argparse.ArgumentTypeError(f"'{text[:80]!s}' is not a decimal number")
    v = float(text)
    if not math.isfinite(v) or not 0.0 <= v <= 1.0:
        raise argparse.ArgumentTypeError(f"{text} is not a probability in 0..1")
    return v


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter,
                                 epilog="Exit status: 0 on success; 1 when standard output fails (closed, full); 2 for a bad argument (named).")
    ap.add_argument("--groups", type=integer(1, MAX_GROUPS), default=4,
                    help=f"number of groups, 1..{MAX_GROUPS} (local ports {FIRST_PORT}..65535; default 4)")
    ap.add_argument("--packets", type=integer(0, 10**9), default=2000, help="data packets to send (default 2000)")
    ap.add_argument("--seed", type=integer(0, 2**64 - 1), default=1, help="random seed (default 1)")
    ap.add_argument("--loss", type=probability, default=0.01, help="fraction of packets never acknowledged (0..1)")
    ap.add_argument("--reopen", type=probability, default=0.001,
                    help="chance per packet that a group is reopened (0..1)")
    a = ap.parse_args()
    rng = random.Random(a.seed)
    events = []  # (time, order, row)
    order = 0

    def add(t, row):
        nonlocal order
        events.append((t, order, row))
        order += 1

    t = 0
    psn = [0] * a.groups
    for g in range(a.groups):
        add(0, f"0,{g},open,{FIRST_PORT + g},")
    for _ in range(a.packets):
        t += rng.choice([0, 1, 50, 100, 200, 400])
        if rng.random() < 0.002:
            t += rng.choice([120_000, 250_000])  # an idle gap long enough to end freezing
        if rng.random() < 0.001:
            add(t, f"{t},,base_rtt,{rng.choice([3000, 4000, 5000, 6000])},")
        g = rng.randrange(a.groups)
        if rng.random() < a.reopen:
            add(t, f"{t},{g},open,{rng.randrange(65536)},")
        p = psn[g]
        psn[g] += 1
        retx = rng.random() < 0.05 and p > 0
        add(t, f"{t},{g},{'retx' if retx else 'tx'},,{p}")
        r = rng.random()
        if r < a.loss:
            if rng.random() < 0.5:
                add(t + 40_000, f"{t + 40_000},{g},rto,,{p}")
            continue
        rtt = rng.randrange(4_000, 12_000)
        if r < 0.80:
            kind = "ack"
        elif r < 0.88:
            kind = "ack_ecn"
        elif r < 0.94:
            kind = "nack_trim"
        else:
            kind = "nack_trim_last_hop"
        add(t + rtt, f"{t + rtt},{g},{kind},,{p}")
    events.sort(key=lambda e: (e[0], e[1]))
    if sys.stdout is None:  # (Python's print and write do nothing when descriptor 1 is closed)
        sys.exit("gen_stimulus.py: standard output is closed: the stimulus has nowhere to go")
    try:
        out = sys.stdout
        out.write("time_ns,group,event,value,psn\n")
        for _, _, row in events:
            out.write(row + "\n")
        out.flush()
    except OSError as e:  # a closed pipe (| head) or a full disk: one line, not a traceback, and not 0
        os.dup2(os.open(os.devnull, os.O_WRONLY), 1)  # (so Python's own flush at exit does not fail again)
        why = "the pipe was closed" if isinstance(e, BrokenPipeError) else e.strerror
        sys.exit(f"gen_stimulus.py: standard output: {why}: the stimulus is incomplete")
    return 0


if __name__ == "__main__":
    sys.exit(main())
