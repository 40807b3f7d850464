#!/usr/bin/env python3
"""Parameter sweeps of uet-fabric as independent jobs, run by an existing runner (no scheduler here).

  scripts/sweep.py expand SWEEP.json DIR [FABRIC]   one scenario per point in DIR/jobs/, one command per
                                           line in DIR/jobs.txt (FABRIC: the uet-fabric to run, default
                                           build/sim/uet-fabric)
  parallel -j2 < DIR/jobs.txt              run them on this machine (GNU parallel), or on a cluster:
  sbatch --array=1-N scripts/sweep.slurm DIR   the same lines as a Slurm array (N = lines of jobs.txt)
  scripts/sweep.py gather DIR              DIR/results.csv (one row per job) and DIR/results.png

A sweep file (examples/sweeps/*.json) has a base scenario and axes; every combination is one job:
  {"base": {scenario keys},
   "axes": {"SprayingType": ["Default Packet Spraying", "Recycled Entropy Packet Spraying"],
            "Failure": {"healthy": [], "down": [{"From": ..., "To": ..., "At": ...}]},
            "MessageBytes": [262144, 2097152],
            "Seed": [1, 2]}}
An axis is a list of values of a scenario key (SprayingType sets Nic.PacketSprayingType), or an object
whose keys name the points and whose values are LinkFailures lists (axis "Failure"). The same sweep file
gives the same jobs, and each job is deterministic, so results.csv is the same wherever the jobs ran.
"""
import csv
import itertools
import json
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
# The columns of each run's summary.csv (written by uet-fabric) gathered into results.csv: all but the wall
# time, so that results.csv is the same wherever the jobs ran.
COLUMNS = ["messages", "completed", "fct_mean_us", "fct_p99_us", "fct_max_us", "data_packets", "retransmissions",
           "timeouts", "nacks", "drops_queue", "drops_failed_link", "drops_lossy_link", "trims", "ooo_events",
           "efd_fired", "ecmp_imbalance"]


def fail(msg):
    sys.exit(f"sweep.py: {msg}")


def points(sweep, path):
    if not isinstance(sweep, dict) or set(sweep) - {"base", "axes"} or "axes" not in sweep:
        fail(f"{path}: expected an object with \"base\" (optional) and \"axes\"")
    axes = sweep["axes"]
    if not isinstance(axes, dict) or not axes:
        fail(f"{path}: \"axes\" must be a non-empty object")
    names, values = [], []
    for name, v in axes.items():
        if name == "Failure":
            if not isinstance(v, dict) or not v:
                fail(f"{path}: axis \"Failure\" must be an object of named LinkFailures lists")
            values.append(list(v.items()))
        else:
            if not isinstance(v, list) or not v:
                fail(f"{path}: axis \"{name}\" must be a non-empty list")
            values.append([(json.dumps(x) if not isinstance(x, str) else x, x) for x in v])
        names.append(name)
    for combo in itertools.product(*values):
        yield names, combo


def expand(sweep_path, out, fabric):
    try:
        sweep = json.load(open(sweep_path))
    except (OSError, json.JSONDecodeError) as e:
        fail(f"{sweep_path}: {e}")
    fabric = os.path.abspath(fabric)
    out = os.path.abspath(out)
    os.makedirs(os.path.join(out, "jobs"), exist_ok=True)
    os.makedirs(os.path.join(out, "runs"), exist_ok=True)
    lines, index = [], []
    for n, (names, combo) in enumerate(points(sweep, sweep_path), start=1):
        sc = json.loads(json.dumps(sweep.get("base", {})))
        labels = {}
        for name, (label, value) in zip(names, combo):
            labels[name] = label
            if name == "SprayingType":
                sc.setdefault("Nic", {})["PacketSprayingType"] = value
            elif name == "Failure":
                sc["LinkFailures"] = value
            else:
                sc[name] = value
        sc["Name"] = " ".join(f"{k}={v}" for k, v in labels.items())
        job = f"{n:04d}"
        with open(os.path.join(out, "jobs", job + ".json"), "w") as f:
            json.dump(sc, f, indent=1)
        run = os.path.join(out, "runs", job)
        lines.append(f"{fabric} {os.path.join(out, 'jobs', job + '.json')} --quiet --no-plots --out {run} > /dev/null")
        index.append({"job": job, **labels})
    with open(os.path.join(out, "jobs.txt"), "w") as f:
        f.write("\n".join(lines) + "\n")
    with open(os.path.join(out, "index.json"), "w") as f:
        json.dump(index, f, indent=1)
    print(f"sweep.py: {len(lines)} jobs in {out}/jobs.txt (parallel -j2 < {out}/jobs.txt, or "
          f"sbatch --array=1-{len(lines)} scripts/sweep.slurm {out})")


def gather(out):
    try:
        index = json.load(open(os.path.join(out, "index.json")))
    except (OSError, json.JSONDecodeError) as e:
        fail(f"{out}: no job index ({e}); run expand first")
    rows, missing = [], []
    for job in index:
        path = os.path.join(out, "runs", job["job"], "summary.csv")
        if not os.path.exists(path):
            missing.append(job["job"])
            continue
        with open(path) as f:
            summary = next(csv.DictReader(f), None)
        if summary is None or any(c not in summary for c in COLUMNS):
            fail(f"{path}: not a uet-fabric summary (expected the columns {', '.join(COLUMNS)})")
        rows.append({**job, **{c: summary[c] for c in COLUMNS}})
    if missing:
        fail(f"{len(missing)} of {len(index)} jobs have no result yet (first: {missing[0]}); run them first")
    keys = list(index[0].keys())
    with open(os.path.join(out, "results.csv"), "w", newline="") as f:
        w = csv.DictWriter(f, fieldnames=keys + COLUMNS)
        w.writeheader()
        w.writerows(rows)
    plot(out, rows, keys)
    print(f"sweep.py: {len(rows)} results in {out}/results.csv and {out}/results.png")


def plot(out, rows, keys):
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    # Tail FCT by spraying type (one bar group per remaining point, averaged over seeds).
    group_keys = [k for k in keys if k not in ("job", "SprayingType", "Seed")]
    types = sorted({r.get("SprayingType", "") for r in rows})
    points_ = sorted({tuple(r[k] for k in group_keys) for r in rows})
    fig, ax = plt.subplots(figsize=(max(6, 1.2 * len(points_)), 4.5))
    width = 0.8 / max(1, len(types))
    for i, t in enumerate(types):
        vals = []
        for p in points_:
            sel = [float(r["fct_max_us"]) for r in rows if r.get("SprayingType", "") == t and
                   tuple(r[k] for k in group_keys) == p]
            vals.append(sum(sel) / len(sel) if sel else 0)
        ax.bar([j + i * width for j in range(len(points_))], vals, width, label=t or "run")
    ax.set_xticks([j + 0.4 - width / 2 for j in range(len(points_))], ["\n".join(p) for p in points_], fontsize=8)
    ax.set_ylabel("tail FCT (us), mean over seeds")
    ax.set_title("Sweep: tail completion time")
    ax.legend(fontsize=8)
    ax.grid(alpha=0.3, axis="y")
    fig.tight_layout()
    fig.savefig(os.path.join(out, "results.png"), dpi=110)


def main():
    if len(sys.argv) in (4, 5) and sys.argv[1] == "expand":
        expand(sys.argv[2], sys.argv[3],
               sys.argv[4] if len(sys.argv) == 5 else os.path.join(ROOT, "build", "sim", "uet-fabric"))
    elif len(sys.argv) == 3 and sys.argv[1] == "gather":
        gather(sys.argv[2])
    else:
        print(__doc__, file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
