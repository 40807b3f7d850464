#!/usr/bin/env python3
"""How the fabric simulator's wall time and memory grow with the fabric: one 2 MiB permutation under REPS
on k-ary fat trees at 100 Gb/s (k = 8, 16, 32, 64: 128, 1,024, 8,192 and 65,536 hosts), each run alone.

  scripts/fabric/fabric_scale.py [--k 8,16,32] [--fabric BIN] [--plot PNG]

Prints a Markdown table (hosts, data packets, events, wall seconds, events and data packets per wall
second, peak resident memory) and, with --plot, draws wall time and peak memory against hosts. The peak
memory is the child's maximum resident set (getrusage), the wall time the whole process's (setup, run,
records). Runs one after another on one core; k = 64 takes several minutes.

Exit status: 0 on success; 1 naming the run that failed; 2 for a bad command line.
"""
import argparse
import csv
import json
import os
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def run_one(fabric, k, work):
    scenario = {"Topology": "fat-tree", "K": k, "LinkRate": "100Gbps", "MessageBytes": 2097152,
                "Nic": {"PacketSprayingType": "Recycled Entropy Packet Spraying"}}
    path = os.path.join(work, f"k{k}.json")
    with open(path, "w") as f:
        json.dump(scenario, f)
    out = os.path.join(work, f"k{k}")
    t0 = time.monotonic()
    child = subprocess.Popen([fabric, path, "--quiet", "--no-plots", "--out", out],
                             stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    _, status, usage = os.wait4(child.pid, 0)
    wall = time.monotonic() - t0
    err = child.stderr.read().decode(errors="replace")
    child.stderr.close()
    if os.waitstatus_to_exitcode(status) != 0:
        sys.exit(f"fabric_scale: k = {k}: {fabric} failed: {err.strip()}")
    with open(os.path.join(out, "summary.csv")) as f:
        row = next(csv.DictReader(f))
    hosts = k ** 3 // 4
    return {"k": k, "hosts": hosts, "data_packets": int(row["data_packets"]), "events": int(row["events"]),
            "completed": int(row["completed"]), "wall": wall, "loop": float(row["wall_seconds"]),
            "peak_mib": usage.ru_maxrss / 1024.0}


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--k", default="8,16,32", help="fat-tree radices, comma-separated even numbers >= 4")
    ap.add_argument("--fabric", default=os.path.join(ROOT, "build", "sim", "uet-fabric"))
    ap.add_argument("--plot", help="write wall time and peak memory against hosts to this PNG")
    a = ap.parse_args()
    try:
        ks = [int(x) for x in a.k.split(",")]
    except ValueError:
        ap.error(f"--k: '{a.k}' is not a comma-separated list of integers")
    if any(k < 4 or k % 2 for k in ks):
        ap.error(f"--k: '{a.k}': each radix must be an even number >= 4")
    if not os.access(a.fabric, os.X_OK):
        ap.error(f"--fabric: '{a.fabric}' is not an executable (build with scripts/build.sh)")
    rows = []
    with tempfile.TemporaryDirectory(prefix="fabric-scale-") as work:
        for k in ks:
            rows.append(run_one(a.fabric, k, work))
            r = rows[-1]
            print(f"  k = {k}: {r['wall']:.1f} s, {r['peak_mib']:.0f} MiB", file=sys.stderr)
    print("| hosts | k | messages done | data packets | events | wall s | events/s (loop) | data packets/s | "
          "peak MiB |")
    print("|---|---|---|---|---|---|---|---|---|")
    for r in rows:
        print(f"| {r['hosts']:,} | {r['k']} | {r['completed']:,} | {r['data_packets']:,} | {r['events']:,} | "
              f"{r['wall']:.1f} | {r['events'] / r['loop'] / 1e6:.2f} M | {r['data_packets'] / r['wall'] / 1e6:.3f} M | "
              f"{r['peak_mib']:,.0f} |")
    if a.plot:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
        fig, ax = plt.subplots(figsize=(6, 4))
        hosts = [r["hosts"] for r in rows]
        ax.loglog(hosts, [r["wall"] for r in rows], "o-", label="wall time (s)")
        ax.loglog(hosts, [r["peak_mib"] / 1024 for r in rows], "s-", label="peak memory (GiB)")
        ax.set_xlabel("hosts (k-ary fat tree, 2 MiB permutation, REPS)")
        ax.set_xticks(hosts)
        ax.set_xticklabels([f"{h:,}" for h in hosts])
        ax.grid(True, which="both", alpha=0.3)
        ax.legend()
        ax.set_title("uet-fabric: wall time and memory against hosts")
        fig.tight_layout()
        fig.savefig(a.plot, dpi=100)
    return 0


if __name__ == "__main__":
    sys.exit(main())
