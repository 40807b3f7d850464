#!/usr/bin/env python3
"""Which of REPS's decisions sent the data packets a failed link lost: joins a uet-fabric run's
failed-link-drops.csv (each data packet a failed link lost, with its send time) with uet-monitor.csv (each
transmission, with the load balancer's decision) and prints, per decision (reuse, replay, explore; fixed
and round_robin under None and Default), the transmissions, those lost and the share lost, as Markdown.

  scripts/fabric/lost_by_decision.py RUN_DIR [--from TIME] [--until TIME] [--by-nic]

  RUN_DIR      a run's records (uet-fabric SCENARIO --out RUN_DIR, without --no-monitor)
  --from, --until  only transmissions sent in [from, until) (times with a unit: 1ms, 11ms, 500us)
  --by-nic     a row per NIC and decision, for the NICs that lost packets

Exit status: 0 on success; 1 naming a record that is missing or malformed; 2 for a bad command line.
"""
import argparse
import csv
import os
import re
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))
import one_line  # noqa: E402 (one-line errors at the entry)

ORDER = ["fixed", "round_robin", "reuse", "replay", "explore"]


def time_ns(text):
    m = re.fullmatch(r"([0-9]+(?:\.[0-9]+)?)(ns|us|ms|s)", text.strip())
    if not m:
        raise argparse.ArgumentTypeError(f"'{text}' is not a time with a unit (500us, 1ms)")
    return int(float(m.group(1)) * {"ns": 1, "us": 1e3, "ms": 1e6, "s": 1e9}[m.group(2)])


def read(path, columns):
    if not os.path.isfile(path):
        sys.exit(f"lost_by_decision.py: {path} does not exist (run uet-fabric without --no-monitor)")
    with open(path, newline="") as f:
        r = csv.DictReader(f)
        missing = [c for c in columns if c not in (r.fieldnames or [])]
        if missing:
            sys.exit(f"lost_by_decision.py: {path} has no column {', '.join(missing)}: not a uet-fabric record")
        yield from r


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("run_dir")
    ap.add_argument("--from", dest="start", type=time_ns, default=0)
    ap.add_argument("--until", type=time_ns, default=None)
    ap.add_argument("--by-nic", action="store_true")
    a = ap.parse_args()
    key = ("nic", "pdc", "psn", "entropy_value")
    lost = {}
    for d in read(os.path.join(a.run_dir, "failed-link-drops.csv"), key + ("sent_ns",)):
        k = tuple(d[c] for c in key) + (d["sent_ns"],)
        lost[k] = lost.get(k, 0) + 1
    sent, dropped = {}, {}
    matched = 0
    for m in read(os.path.join(a.run_dir, "uet-monitor.csv"), key + ("time_ns", "decision")):
        t = int(m["time_ns"])
        if t < a.start or (a.until is not None and t >= a.until):
            continue
        group = (m["nic"] if a.by_nic else "all", m["decision"])
        sent[group] = sent.get(group, 0) + 1
        n = lost.get(tuple(m[c] for c in key) + (m["time_ns"],), 0)
        if n:
            dropped[group] = dropped.get(group, 0) + n
            matched += n
    window = f" sent from {a.start} ns" + (f" until {a.until} ns" if a.until is not None else "")
    print(f"Data packets a failed link lost, by the load balancer's decision ({a.run_dir}{window}):\n")
    print(("| NIC " if a.by_nic else "") + "| decision | sent | lost | lost share | of all lost |")
    print(("|---" if a.by_nic else "") + "|---|---|---|---|---|")
    total = max(sum(dropped.values()), 1)
    nics = sorted({g[0] for g in sent}, key=lambda x: (len(x), x))
    for nic in nics:
        if a.by_nic and not any(dropped.get((nic, d)) for d in ORDER):
            continue
        for d in ORDER + sorted({g[1] for g in sent} - set(ORDER)):
            s = sent.get((nic, d), 0)
            if not s:
                continue
            x = dropped.get((nic, d), 0)
            print((f"| {nic} " if a.by_nic else "") +
                  f"| {d} | {s} | {x} | {100.0 * x / s:.3f} % | {100.0 * x / total:.1f} % |")
    print(f"\n({matched} of {sum(lost.values())} lost packets in the window; each joined to its transmission by "
          "NIC, PDC, PSN, entropy value and send time.)")
    return 0


if __name__ == "__main__":
    one_line.run(main, "lost_by_decision.py")
