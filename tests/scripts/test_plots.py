#!/usr/bin/env python3
"""The fabric's plots show what they say, read from the numbers each writes beside itself:
- retx-over-time: per spraying type, retransmissions split by cause (timeout, NACK, early failure with
  RetransmitOnEfd) and the early failures fired; each total equals the run's own count in summary.csv,
  each series sums to its total, and each legend entry has its series' colour.
- chakra-timeline: each legend entry has the colour of the bars of its kind, and only drawn kinds appear.
- the sweep's results.png: for every panel (the workload's completion time, p99 FCT, retransmissions),
  spraying type and point, the bar is the mean over the seeds of results.csv and the whisker spans their
  smallest to largest; the legend's colours are the bars', and the legend covers nothing drawn.
usage: test_plots.py UET_FABRIC UET_CHAKRA_GEN SOURCE_ROOT TMPDIR"""
import csv
import json
import os
import shutil
import subprocess
import sys

fabric, gen, root, tmp = sys.argv[1:5]
failures = []


def check(ok, what):
    if not ok:
        failures.append(what)


def run(*args):
    r = subprocess.run(list(args), capture_output=True, text=True, timeout=300)
    if r.returncode != 0:
        sys.exit(f"test_plots: {' '.join(args)} exited {r.returncode}: {r.stderr.strip()[-400:]}")


def summary(path):
    with open(path, encoding="utf-8", newline="") as f:
        return next(csv.DictReader(f))


shutil.rmtree(tmp, ignore_errors=True)
os.makedirs(tmp)

# Retransmissions by cause: the default scenario (a failed link) with RetransmitOnEfd, so that REPS resends
# at early failures too.
with open(os.path.join(tmp, "resend.json"), "w", encoding="utf-8") as f:
    f.write('{"RetransmitOnEfd": true, "LinkFailures": [{"From": "leaf0", "To": "spine1", "At": "5us"}]}\n')
run(fabric, os.path.join(tmp, "resend.json"), "--compare", "--quiet", "--out", os.path.join(tmp, "retx"))
with open(os.path.join(tmp, "retx", "retx-over-time.json"), encoding="utf-8") as f:
    retx = json.load(f)
check(set(retx["types"]) == {"None", "Default Packet Spraying", "REPS"}, f"retx-over-time types {sorted(retx['types'])}")
for label, d in (("None", "none"), ("Default Packet Spraying", "default"), ("REPS", "reps")):
    e, s = retx["types"][label], summary(os.path.join(tmp, "retx", d, "summary.csv"))
    t = e["totals"]
    check(t["rto"] == int(s["timeouts"]), f"{label}: {t['rto']} resends after a timeout, summary {s['timeouts']} timeouts")
    check(t["rto"] + t["nack"] + t["efd"] == int(s["retransmissions"]),
          f"{label}: causes sum to {t['rto'] + t['nack'] + t['efd']}, summary {s['retransmissions']} retransmissions")
    check(t["efd"] == int(s["efd_retransmits"]), f"{label}: {t['efd']} resends at early failures, summary {s['efd_retransmits']}")
    check(t["fired"] == int(s["efd_fired"]), f"{label}: {t['fired']} early failures plotted, summary {s['efd_fired']}")
    for k, counts in e["series"].items():
        check(sum(counts) == t[k], f"{label}: series {k} sums to {sum(counts)}, its total is {t[k]}")
        shown = [c for name, c in e["legend"].items() if name.endswith(f"({t[k]})") and
                 {"rto": "timeout", "nack": "NACK", "efd": "sent again at an early", "fired": "fired"}[k] in name]
        if k != "efd" or t[k] > 0:
            check(shown == [e["colours"][k]], f"{label}: legend entry of {k} has colour {shown}, its line {e['colours'][k]}")
    check(len(set(e["colours"].values())) == len(e["colours"]), f"{label}: two causes share a colour")
reps, dps = retx["types"]["REPS"]["totals"], retx["types"]["Default Packet Spraying"]["totals"]
check(reps["efd"] > 0 and reps["fired"] >= reps["efd"], f"REPS with RetransmitOnEfd: no resends at early failures: {reps}")
check(dps["rto"] > 0 and dps["fired"] == 0, f"Default: expected timeouts and no early failures, got {dps}")

# The Chakra timeline's legend: the bars' own colours.
run(gen, "--ranks", "4", "--collective", "all_reduce", "--bytes", "65536", "--iterations", "2", "--compute-us", "3",
    "--out", os.path.join(tmp, "trace", "ar"))
with open(os.path.join(tmp, "chakra.json"), "w", encoding="utf-8") as f:
    f.write('{"Workload": "chakra", "ChakraTraces": "trace/ar"}\n')
run(fabric, os.path.join(tmp, "chakra.json"), "--quiet", "--out", os.path.join(tmp, "chakra"))
with open(os.path.join(tmp, "chakra", "chakra-timeline.json"), encoding="utf-8") as f:
    tl = json.load(f)
check(set(tl["bars"]) == {"comp", "coll"} and set(tl["legend"]) == set(tl["bars"]),
      f"chakra-timeline: bars of {sorted(tl['bars'])}, legend {sorted(tl['legend'])}")
for kind, colours in tl["bars"].items():
    check(colours == [tl["legend"].get(kind)], f"chakra-timeline: {kind} bars {colours}, legend {tl['legend'].get(kind)}")
check(len(set(tl["legend"].values())) == len(tl["legend"]), "chakra-timeline: two kinds share a colour")

# The sweep's plot: the smoke sweep (8 jobs: 2 types x 2 failures x 2 seeds), run one after another.
sw = os.path.join(tmp, "sweep")
run(sys.executable, os.path.join(root, "scripts", "fabric", "sweep.py"), "expand",
    os.path.join(root, "examples", "sweeps", "smoke.json"), sw, fabric)
with open(os.path.join(sw, "jobs.txt"), encoding="utf-8") as f:
    for line in f:
        subprocess.run(["sh", "-c", line], check=True, timeout=120)
run(sys.executable, os.path.join(root, "scripts", "fabric", "sweep.py"), "gather", sw)
with open(os.path.join(sw, "results.csv"), encoding="utf-8", newline="") as f:
    results = list(csv.DictReader(f))
with open(os.path.join(sw, "results-plot.json"), encoding="utf-8") as f:
    plot = json.load(f)
check(list(plot["panels"]) == ["done_at_us", "fct_p99_us", "retransmissions"], f"sweep panels {list(plot['panels'])}")
check(not plot["legend_covers_data"], "the sweep plot's legend covers a bar, a whisker or a dot")
check("p99" in plot["panels"]["fct_p99_us"]["label"], f"the p99 panel is labelled {plot['panels']['fct_p99_us']['label']!r}")
for column, panel in plot["panels"].items():
    for t, series in panel["types"].items():
        check(series["bar_colours"] == [plot["legend"].get(t)], f"{column} {t}: bars {series['bar_colours']}, legend {plot['legend'].get(t)}")
        for point, bar in series["bars"].items():
            vals = sorted(float(r[column]) for r in results
                          if r["SprayingType"] == t and f"{r['Failure']}\n{r['MessageBytes']}" == point)
            check(len(vals) == 2, f"{column} {t} {point}: {len(vals)} seeds in results.csv, expected 2")
            if vals:
                check(abs(bar["mean"] - sum(vals) / len(vals)) < 1e-9 and bar["min"] == vals[0] and bar["max"] == vals[-1],
                      f"{column} {t} {point}: bar {bar}, results.csv {vals}")
check(all(len(p["types"]) == 2 for p in plot["panels"].values()), "the sweep plot lacks a spraying type")

if failures:
    for f in failures:
        print(f"test_plots: FAIL: {f}", file=sys.stderr)
    sys.exit(1)
print("test_plots: retx-over-time by cause, chakra-timeline's legend and the sweep's bars agree with the records")
