#!/usr/bin/env python3
"""Runs uet-fabric on the workloads uet-htsim (the UEC reference simulator, htsim_uec) is quoted on, and
prints one Markdown table: tail FCT, retransmissions and drops per load balancer, healthy, degraded and
failed, beside htsim's figures where the project has them (issue 27), and whether the goals hold.

  scripts/htsim_compare.py [--big] [--cc fixed|dctcp|nscc] [--hash crc32WithSalt|crc32SaltPrepended] [--fabric PATH]

  (default)  perm_128n_128c_2MB: 128 hosts, k = 8 fat tree, 400 Gb/s, 2 MiB permutation; healthy, one
             aggregation-core link slowed to 25 % (htsim's -failed), the same link down
  --big      also htsim's 1,024-node regression: k = 16 fat tree, 100 Gb/s, 2 MiB permutation; healthy and
             8 links slowed to 25 % (about a minute)
  --freezing also a 10 ms failure at 400 Gb/s (16-host leaf-spine, 600 MB messages, a leaf-spine link down
             from 1 ms to 11 ms, routing never moving off it) under REPS with and without freezing (the
             verification-only switch VerificationFreezingOff): packets lost (about 25 s)

The switches hash with SPEC's crc32WithSalt (the salt mixed in non-linearly, so a fat tree's tiers choose
independently, as htsim's switches do) unless --hash crc32SaltPrepended asks for the first version's
(docs/fabric.md, "Hash polarization"). The NICs are the product's (SPEC section 10). htsim itself is not
run here; its figures are those quoted in the issue.
"""
import argparse
import csv
import json
import os
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TYPES = [("none", "None"), ("default", "Default"), ("reps", "REPS")]

# htsim figures quoted in issue 27 (tail FCT in us, retransmissions), by (workload, case, type).
HTSIM = {
    ("128", "healthy", "reps"): "0 retx",
    ("128", "healthy", "default"): "65 us",
    ("128", "degraded", "reps"): "70 us, 188 retx",
    ("1024", "healthy", "default"): "212.8 us",
    ("1024", "degraded", "default"): "280.8 us",
    ("1024", "healthy", "reps"): "198.2 us",
    ("1024", "degraded", "reps"): "206.7 us",
}

def fabric_run(fabric, scenario, workdir, tag, compare):
    """Runs uet-fabric on `scenario` (under the three spraying types with `compare`): its summary.csv row(s),
    by type key with `compare`, else the one row; and the wall time."""
    path = os.path.join(workdir, tag + ".json")
    with open(path, "w") as f:
        json.dump(scenario, f)
    out = os.path.join(workdir, tag)
    t0 = time.monotonic()
    r = subprocess.run([fabric, path, "--quiet", "--no-plots", "--out", out] + (["--compare"] if compare else []),
                       capture_output=True, text=True)
    wall = time.monotonic() - t0
    if r.returncode != 0:
        sys.exit(f"htsim_compare.py: uet-fabric failed on {tag}:\n{r.stdout}{r.stderr}")

    def row(d):
        with open(os.path.join(d, "summary.csv")) as f:
            x = next(csv.DictReader(f))
        return {"max": float(x["fct_max_us"]), "retx": int(x["retransmissions"]),
                "drops": int(x["drops_queue"]) + int(x["drops_failed_link"]) + int(x["drops_lossy_link"]),
                "failed": int(x["drops_failed_link"]), "done": x["completed"] == x["messages"]}

    if not compare:
        return row(out), wall
    return {key: row(os.path.join(out, key)) for key, _ in TYPES}, wall


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--big", action="store_true", help="also the 1,024-node regression setup")
    ap.add_argument("--freezing", action="store_true", help="also the 10 ms failure with and without freezing")
    ap.add_argument("--cc", default="fixed", choices=["fixed", "dctcp", "nscc"])
    ap.add_argument("--hash", default="crc32WithSalt", choices=["crc32WithSalt", "crc32SaltPrepended"])
    ap.add_argument("--window-bdp", type=float, default=1.5,
                    help="WindowBdp and NsccMaxWindowBdp: htsim's UecSrc caps its window at 1.5 BDP (default)")
    ap.add_argument("--fabric", default=os.path.join(ROOT, "build", "sim", "uet-fabric"))
    a = ap.parse_args()
    if not os.access(a.fabric, os.X_OK):
        sys.exit(f"htsim_compare.py: {a.fabric} is not built (scripts/build.sh)")

    cases = []
    base128 = {"Topology": "fat-tree", "K": 8, "LinkRate": "400Gbps", "MessageBytes": 2097152,
               "Workload": "permutation", "EcmpHashMethod": a.hash, "CongestionControl": a.cc,
               "WindowBdp": a.window_bdp, "NsccMaxWindowBdp": max(1.0, a.window_bdp)}
    link = {"From": "agg0.0", "To": "core0", "At": 0}
    cases.append(("128", "healthy", dict(base128)))
    cases.append(("128", "degraded", dict(base128, LinkFailures=[dict(link, RateFactor=0.25)])))
    cases.append(("128", "failed", dict(base128, LinkFailures=[link])))
    if a.big:
        base1024 = dict(base128, K=16, LinkRate="100Gbps")
        # Eight aggregation-core links slowed to 25 %, spread over pods and cores.
        slow = [{"From": f"agg{p}.{p % 8}", "To": f"core{(p % 8) * 8 + p // 2}", "At": 0, "RateFactor": 0.25}
                for p in range(0, 16, 2)]
        cases.append(("1024", "healthy", dict(base1024)))
        cases.append(("1024", "degraded", dict(base1024, LinkFailures=slow)))

    print(f"uet-fabric against uet-htsim ({a.cc} window, {a.hash}; scripts/htsim_compare.py)\n")
    print("| hosts | case | LB | tail FCT (us) | retx | drops | completed | htsim | wall (s) |")
    print("|---|---|---|---|---|---|---|---|---|")
    results = {}
    with tempfile.TemporaryDirectory() as work:
        for hosts, case, sc in cases:
            sc["Name"] = f"{hosts}-{case}"
            rows, wall = fabric_run(a.fabric, sc, work, f"{hosts}_{case}", compare=True)
            results[(hosts, case)] = rows
            for key, label in TYPES:
                r = rows[key]
                print(f"| {hosts} | {case} | {label} | {r['max']:.1f} | {r['retx']} | {r['drops']} | "
                      f"{'yes' if r['done'] else 'NO'} | {HTSIM.get((hosts, case, key), '')} | {wall / 3:.1f} |")
    # The goals of issue 27 that these runs can show.
    print("\nChecks:")
    ok_all = True

    def check(text, ok):
        nonlocal ok_all
        ok_all &= ok
        print(f"- {'PASS' if ok else 'FAIL'}: {text}")

    for (hosts, case), rows in results.items():
        check(f"{hosts} {case}: REPS tail at most Default's (htsim's order)", rows["reps"]["max"] <= rows["default"]["max"])
        if case != "healthy":
            healthy = results[(hosts, "healthy")]["reps"]["max"]
            check(f"{hosts} {case}: REPS tail {rows['reps']['max']:.1f} us within 1.5x of its healthy {healthy:.1f} us",
                  rows["reps"]["max"] <= 1.5 * healthy)
            check(f"{hosts} {case}: REPS retransmissions {rows['reps']['retx']} at most half of Default's "
                  f"{rows['default']['retx']}", 2 * rows["reps"]["retx"] <= rows["default"]["retx"])
    if a.freezing:
        lost = {}
        with tempfile.TemporaryDirectory() as work:
            for off in (False, True):
                sc = {"MessageBytes": 629145600, "Reconvergence": "1s", "CongestionControl": a.cc,
                      "LinkFailures": [{"Leaf": 0, "Spine": 1, "At": "1ms", "Until": "11ms"}],
                      "Nic": {"PacketSprayingType": "Recycled Entropy Packet Spraying"},
                      "VerificationFreezingOff": off}
                lost[off] = fabric_run(a.fabric, sc, work, f"f{off}", compare=False)[0]["failed"]
        print(f"\n10 ms failure at 400 Gb/s, REPS: {lost[False]} packets lost with freezing, {lost[True]} without "
              f"({lost[True] / max(lost[False], 1):.1f}x)")
        check("10 ms failure: freezing loses at least 50x fewer packets", 50 * lost[False] <= lost[True])
    h = results[("128", "healthy")]
    data = 128 * (2097152 // 4096)
    check(f"128 healthy: REPS retransmits {h['reps']['retx']} of {data} data packets (goal < 0.1 %)",
          h["reps"]["retx"] * 1000 < data)
    ideal = 2097152 * 8 / 400e9 * 1e6
    check(f"128 healthy: REPS tail {h['reps']['max']:.1f} us within 1.25x of ideal ({ideal:.1f} us + base RTT)",
          h["reps"]["max"] <= 1.25 * (ideal + 6.6))
    return 0 if ok_all else 1


if __name__ == "__main__":
    sys.exit(main())
