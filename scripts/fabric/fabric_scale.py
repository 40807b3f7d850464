#!/usr/bin/env python3
"""How the fabric simulator's wall time and memory grow with the fabric: one 2 MiB permutation under REPS
on k-ary fat trees at 100 Gb/s (k = 8, 16, 32, 64: 128, 1,024, 8,192 and 65,536 hosts), each run alone;
with --ring, an 8 MiB ring all-reduce from a Chakra trace over N ranks (one rank a host, the smallest fat
tree that holds them, REPS, without uet-monitor.csv).

  scripts/fabric/fabric_scale.py [--k 8,16,32] [--ring 1024,8192] [--ring-runs N] [--fabric BIN] [--plot PNG]

Prints a Markdown table (hosts, data packets, events, wall seconds, events and data packets per wall
second, peak resident memory), with --ring a second one (ranks, messages, wall seconds, messages per wall
second, peak memory) and, with --plot, draws the permutations' wall time and peak memory against hosts.
--ring-runs N runs each ring N times on the same trace: the table gives the fastest run and the spread
(a memory-bound run of 1.2 GB moves by a quarter on a shared host while small ones do not), and the runs
must agree event for event.
The peak memory is the child's maximum resident set (getrusage), the wall time the whole process's (setup,
run, records). Runs one after another on one core; k = 64 and 8,192 ranks take about ten minutes each.

Exit status: 0 on success; 1 naming the run that failed; 2 for a bad command line.
"""
import argparse
import csv
import json
import os
import shutil
import stat
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))
import one_line  # noqa: E402 (one-line errors at the entry)
from whole_file import write_whole  # noqa: E402 (the project's one file writer)

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def run_fabric(fabric, scenario, name, work, what, options=()):
    """Runs one scenario alone: its summary row, the wall seconds and the child's resource usage."""
    path = os.path.join(work, f"{name}.json")
    with open(path, "w") as f:
        json.dump(scenario, f)
    out = os.path.join(work, f"{name}.out")
    t0 = time.monotonic()
    child = subprocess.Popen([fabric, path, "--quiet", "--no-plots", *options, "--out", out],
                             stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    _, status, usage = os.wait4(child.pid, 0)
    wall = time.monotonic() - t0
    err = child.stderr.read().decode(errors="replace")
    child.stderr.close()
    if os.waitstatus_to_exitcode(status) != 0:
        sys.exit(f"fabric_scale: {what}: {fabric} failed: {err.strip()}")
    with open(os.path.join(out, "summary.csv")) as f:
        row = next(csv.DictReader(f))
    shutil.rmtree(out)
    return row, wall, usage


def run_one(fabric, k, work):
    scenario = {"Topology": "fat-tree", "K": k, "LinkRate": "100Gbps", "MessageBytes": 2097152,
                "Nic": {"PacketSprayingType": "Recycled Entropy Packet Spraying"}}
    row, wall, usage = run_fabric(fabric, scenario, f"k{k}", work, f"k = {k}")
    hosts = k ** 3 // 4
    return {"k": k, "hosts": hosts, "data_packets": int(row["data_packets"]), "events": int(row["events"]),
            "completed": int(row["completed"]), "wall": wall, "loop": float(row["wall_seconds"]),
            "peak_mib": usage.ru_maxrss / 1024.0}


def run_ring(fabric, ranks, work, runs):
    """An 8 MiB ring all-reduce over `ranks` ranks, `runs` times: the trace from uet-chakra-gen, then the
    fabric; the fastest run's figures with the slowest run's wall time."""
    gen = os.path.join(os.path.dirname(fabric), "uet-chakra-gen")
    k = 4
    while k ** 3 // 4 < ranks:
        k += 2
    trace = os.path.join(work, f"ring{ranks}")
    os.makedirs(trace, exist_ok=True)
    made = subprocess.run([gen, "--ranks", str(ranks), "--collective", "all_reduce", "--bytes", str(8 << 20),
                           "--out", os.path.join(trace, "ar")], capture_output=True, text=True)
    if made.returncode != 0:
        sys.exit(f"fabric_scale: ring over {ranks} ranks: {gen} failed: {made.stderr.strip()}")
    scenario = {"Topology": "fat-tree", "K": k, "LinkRate": "100Gbps", "Workload": "chakra",
                "ChakraTraces": f"ring{ranks}/ar", "Nic": {"PacketSprayingType": "Recycled Entropy Packet Spraying"}}
    results = []
    for i in range(runs):
        row, wall, usage = run_fabric(fabric, scenario, f"ring{ranks}", work, f"ring over {ranks} ranks",
                                      ["--no-monitor"])
        results.append({"ranks": ranks, "k": k, "messages": int(row["messages"]), "completed": int(row["completed"]),
                        "events": int(row["events"]), "wall": wall, "cpu": usage.ru_utime + usage.ru_stime,
                        "peak_mib": usage.ru_maxrss / 1024.0})
        print(f"  ring over {ranks} ranks, run {i + 1} of {runs}: {wall:.1f} s", file=sys.stderr)
        first = results[0]
        if (results[-1]["events"], results[-1]["completed"]) != (first["events"], first["completed"]):
            sys.exit(f"fabric_scale: ring over {ranks} ranks: run {i + 1} took {results[-1]['events']:,} events "
                     f"where run 1 took {first['events']:,}: the same scenario must give the same run")
    shutil.rmtree(trace)
    best = dict(min(results, key=lambda r: r["wall"]))
    best["slowest"] = max(r["wall"] for r in results)
    best["runs"] = runs
    return best


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--k", default="8,16,32", help="fat-tree radices, comma-separated even numbers >= 4")
    ap.add_argument("--ring", default="", help="ring all-reduce rank counts, comma-separated integers >= 2")
    ap.add_argument("--ring-runs", type=int, default=1, help="runs of each ring (the fastest is reported)")
    ap.add_argument("--fabric", default=os.path.join(ROOT, "build", "sim", "uet-fabric"))
    ap.add_argument("--plot", help="write wall time and peak memory against hosts to this PNG")
    a = ap.parse_args()
    try:
        ks = [int(x) for x in a.k.split(",")]
    except ValueError:
        ap.error(f"--k: '{a.k}' is not a comma-separated list of integers")
    if any(k < 4 or k % 2 for k in ks):
        ap.error(f"--k: '{a.k}': each radix must be an even number >= 4")
    try:
        rings = [int(x) for x in a.ring.split(",")] if a.ring else []
    except ValueError:
        ap.error(f"--ring: '{a.ring}' is not a comma-separated list of integers")
    if any(n < 2 for n in rings):
        ap.error(f"--ring: '{a.ring}': each rank count must be at least 2")
    if a.ring_runs < 1:
        ap.error(f"--ring-runs: {a.ring_runs}: at least one run")
    if not os.access(a.fabric, os.X_OK) or os.path.isdir(a.fabric):
        ap.error(f"--fabric: '{a.fabric}' is not an executable (build with scripts/build.sh)")
    if a.plot:  # checked before the runs: a regular file or a new one in a folder that exists
        try:
            if not stat.S_ISREG(os.lstat(a.plot).st_mode):
                ap.error(f"--plot: '{a.plot}' exists and is not a regular file (a link, folder or device)")
        except FileNotFoundError:
            if not os.path.isdir(os.path.dirname(os.path.abspath(a.plot))):
                ap.error(f"--plot: '{a.plot}': its folder does not exist")
    rows, ring_rows = [], []
    with tempfile.TemporaryDirectory(prefix="fabric-scale-") as work:
        for k in ks:
            rows.append(run_one(a.fabric, k, work))
            r = rows[-1]
            print(f"  k = {k}: {r['wall']:.1f} s, {r['peak_mib']:.0f} MiB", file=sys.stderr)
        for n in rings:
            ring_rows.append(run_ring(a.fabric, n, work, a.ring_runs))
            r = ring_rows[-1]
            print(f"  ring over {n} ranks: {r['wall']:.1f} s, {r['peak_mib']:.0f} MiB", file=sys.stderr)
    print("| hosts | k | messages done | data packets | events | wall s | events/s (loop) | data packets/s | "
          "peak MiB |")
    print("|---|---|---|---|---|---|---|---|---|")
    for r in rows:
        print(f"| {r['hosts']:,} | {r['k']} | {r['completed']:,} | {r['data_packets']:,} | {r['events']:,} | "
              f"{r['wall']:.1f} | {r['events'] / r['loop'] / 1e6:.2f} M | {r['data_packets'] / r['wall'] / 1e6:.3f} M | "
              f"{r['peak_mib']:,.0f} |")
    if ring_rows:
        print()
        print("| ranks | k | messages done | events | fastest wall s (runs) | slowest wall s | CPU s | messages/s | "
              "peak MiB |")
        print("|---|---|---|---|---|---|---|---|---|")
        for r in ring_rows:
            print(f"| {r['ranks']:,} | {r['k']} | {r['completed']:,} of {r['messages']:,} | {r['events']:,} | "
                  f"{r['wall']:.1f} ({r['runs']}) | {r['slowest']:.1f} | {r['cpu']:.1f} | "
                  f"{r['completed'] / r['wall'] / 1e6:.3f} M | {r['peak_mib']:,.0f} |")
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
        # A new file beside the plot, renamed into place: nothing is written through a link.
        write_whole(os.path.abspath(a.plot), lambda f: fig.savefig(f, format="png", dpi=100), binary=True)
    return 0


if __name__ == "__main__":
    one_line.run(main, "fabric_scale")
