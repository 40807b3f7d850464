#!/usr/bin/env python3
"""Parameter sweeps of uet-fabric as independent jobs, run by an existing runner (no scheduler here).

  scripts/fabric/sweep.py expand SWEEP.json DIR [FABRIC] [--max-jobs N]
                                           one scenario per point in DIR/jobs/, one command per
                                           line in DIR/jobs.txt (FABRIC: the uet-fabric to run, default
                                           build/sim/uet-fabric); at most N jobs (default 10000): a
                                           sweep with more is refused with its count before anything is
                                           written
  parallel --will-cite -j2 --bar < DIR/jobs.txt  run them on this machine (GNU parallel; --bar: a progress bar
                                           with the fraction done and the time left), or on a cluster:
  sbatch --array=1-N scripts/fabric/sweep.slurm DIR   the same lines as a Slurm array (N = lines of jobs.txt)
  scripts/fabric/sweep.py gather DIR              DIR/results.csv (one row per job), DIR/results.png and
                                           DIR/results-plot.json (the plotted numbers)

A sweep file (examples/sweeps/*.json) has a base scenario and axes; every combination is one job:
  {"base": {scenario keys},
   "axes": {"SprayingType": ["Default Packet Spraying", "Recycled Entropy Packet Spraying"],
            "Failure": {"healthy": [], "down": [{"From": ..., "To": ..., "At": ...}]},
            "MessageBytes": [262144, 2097152],
            "Seed": [1, 2]}}
An axis is a list of values of a scenario key (SprayingType sets Nic.PacketSprayingType), or an object
whose keys name the points and whose values are LinkFailures lists (axis "Failure"). The same sweep file
gives the same jobs, and each job is deterministic, so results.csv is the same wherever the jobs ran.
Every job's scenario is checked by uet-fabric --check before the job lines are written.

Exit status: 0 on success; 1 with one line naming the file and what is wrong; 2 for a bad command line.
"""
import concurrent.futures
import csv
import itertools
import json
import math
import os
import shlex
import re
import stat
import subprocess
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))
from whole_file import NoRoomBeside, write_whole  # noqa: E402 (the project's one file writer)

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
MAX_JOBS = 10000  # the default cap on a sweep's jobs (--max-jobs overrides it)
# The columns of each run's summary.csv (written by uet-fabric) gathered into results.csv: all but the wall
# time, so that results.csv is the same wherever the jobs ran.
COLUMNS = ["messages", "completed", "fct_mean_us", "fct_p99_us", "fct_max_us", "data_packets", "retransmissions",
           "timeouts", "nacks", "drops_queue", "drops_failed_link", "drops_lossy_link", "trims", "ooo_events",
           "efd_fired", "ecmp_imbalance", "drops_control", "done_at_us", "efd_spurious"]


def fail(msg):
    sys.exit(f"sweep.py: {msg}")


def shown(text, limit=80):
    """Text as an error line shows it: control characters escaped, at most `limit` characters."""
    text = str(text)
    cut = "".join(c if c.isprintable() else f"\\x{ord(c):02x}" for c in text[:limit])
    return cut + (f"... ({len(text)} characters)" if len(text) > limit else "")


def no_duplicate_keys(pairs):
    """json.load's object hook: a key given twice in one object is refused, as the C++ readers do."""
    seen = {}
    for k, v in pairs:
        if k in seen:
            raise ValueError(f"key '{shown(k)}' is given twice in one object; give each key once")
        seen[k] = v
    return seen


def write_file(path, write, binary=False):
    """Writes `path` whole through write(f): to a new temporary file beside it (created exclusively, with a
    name no one can guess) renamed into place when complete. Only a regular file or nothing is replaced: a
    link, a folder or a device at `path` is refused."""
    try:
        st = os.lstat(path)
    except FileNotFoundError:
        st = None
    except OSError as e:
        fail(f"{path}: {e.strerror}")
    if st is not None and not stat.S_ISREG(st.st_mode):
        kind = "a link" if stat.S_ISLNK(st.st_mode) else "a folder" if stat.S_ISDIR(st.st_mode) else "not a file"
        fail(f"{path}: is {kind}: refusing to write through or replace it; remove it")
    try:
        write_whole(path, write, binary)
    except NoRoomBeside as e:
        fail(f"{path}: cannot create a file beside it: {e.strerror}")
    except OSError as e:
        fail(f"{path}: cannot write it: {e.strerror}")


def check_path(path, what):
    """A path that reaches a job line: no control character (a newline makes GNU parallel and sweep.slurm
    run the rest of the line as a command of its own)."""
    if any(not c.isprintable() for c in path):
        fail(f"{what} '{shown(path)}' holds a control character (a newline, a tab, an escape code): "
             "give a folder name of printable characters")


def load_json(path, what):
    """A JSON file, or a one-line failure naming it (missing, a folder, not text, not JSON)."""
    if os.path.isdir(path):
        fail(f"{path}: {what} is a folder, not a file")
    try:
        with open(path, encoding="utf-8-sig") as f:
            return json.load(f, object_pairs_hook=no_duplicate_keys)
    except OSError as e:
        fail(f"{path}: cannot read the {what}: {e.strerror}")
    except UnicodeDecodeError as e:
        fail(f"{path}: the {what} is not UTF-8 text (byte {e.start})")
    except json.JSONDecodeError as e:
        fail(f"{path}:{e.lineno}: the {what} is not valid JSON: {e.msg}")
    except (ValueError, RecursionError) as e:
        fail(f"{path}: the {what}: {e if isinstance(e, ValueError) else 'nested too deep'}")


def points(sweep, path):
    if not isinstance(sweep, dict) or set(sweep) - {"base", "axes"} or "axes" not in sweep:
        fail(f"{path}: expected an object with \"base\" (optional) and \"axes\"")
    if not isinstance(sweep.get("base", {}), dict):
        fail(f"{path}: \"base\" must be an object of scenario keys")
    axes = sweep["axes"]
    if not isinstance(axes, dict) or not axes:
        fail(f"{path}: \"axes\" must be a non-empty object")
    names, values = [], []
    count = 1
    for v in axes.values():
        count *= len(v) if isinstance(v, (list, dict)) else 1
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
    return names, values, count


def make_dirs(path):
    try:
        os.makedirs(path, exist_ok=True)
    except (FileExistsError, NotADirectoryError):
        fail(f"{path}: a file is in the way of the sweep's folder")
    except OSError as e:
        fail(f"{path}: cannot create the sweep's folder: {e.strerror}")


def check_jobs(fabric, scenarios, sweep_path):
    """Every job's scenario through uet-fabric --check (a value of one axis may be refused only with a value
    of another), several at a time; the first refused job, in job order, is named with its point."""
    def check(item):
        job, scenario, name = item
        r = subprocess.run([fabric, scenario, "--check"], capture_output=True, text=True, errors="replace")
        return None if r.returncode == 0 else (job, name, r.stderr.strip().splitlines()[-1:] or [f"exit {r.returncode}"])

    with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, min(8, os.cpu_count() or 1))) as pool:
        for refused in pool.map(check, scenarios):
            if refused:
                job, name, why = refused
                fail(f"{sweep_path}: job {job} ({shown(name, 200)}) is refused: {shown(why[0], 400)}")


def expand(sweep_path, out, fabric, max_jobs):
    sweep = load_json(sweep_path, "sweep file")
    names, values, count = points(sweep, sweep_path)
    if count > max_jobs:
        fail(f"{sweep_path}: the axes make {count} jobs ({' x '.join(str(len(v)) for v in values)}), more than "
             f"the cap of {max_jobs}; give --max-jobs {count} to write them all")
    fabric = os.path.abspath(fabric)
    if not os.access(fabric, os.X_OK) or os.path.isdir(fabric):
        fail(f"{fabric}: not an executable uet-fabric (build it first, or name it after DIR)")
    out = os.path.abspath(out)
    check_path(out, "DIR")
    check_path(fabric, "FABRIC")
    # No file expand writes (DIR/jobs.txt, DIR/index.json, DIR/jobs/*, DIR/runs/*) may be an input.
    for path, what in ((sweep_path, "the sweep file"), (fabric, "FABRIC")):
        real = os.path.realpath(path)
        if (real in (os.path.realpath(os.path.join(out, n)) for n in ("jobs.txt", "index.json")) or
                any(real.startswith(os.path.realpath(os.path.join(out, d)) + os.sep) for d in ("jobs", "runs"))):
            fail(f"{path}: {what} is inside the files expand writes in {out}: it would be overwritten; "
                 "move it or choose another DIR")
    # A folder with an earlier sweep's runs would be gathered as this sweep's results.
    runs = os.path.join(out, "runs")
    if os.path.isdir(runs) and os.listdir(runs):
        fail(f"{out}: holds the runs of an earlier sweep (runs/ is not empty): its results would be gathered as "
             "this sweep's; choose a new folder or remove it")
    make_dirs(os.path.join(out, "jobs"))
    make_dirs(runs)
    lines, index, scenarios = [], [], []
    for n, combo in enumerate(itertools.product(*values), start=1):
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
        job = f"{n:0{max(4, len(str(count)))}d}"
        scenario = os.path.join(out, "jobs", job + ".json")
        write_file(scenario, lambda f: json.dump(sc, f, indent=1))
        scenarios.append((job, scenario, sc["Name"]))
        run = os.path.join(out, "runs", job)
        # (Quoted for the shell: a folder named x$(cmd) must not run cmd.)
        lines.append(f"{shlex.quote(fabric)} {shlex.quote(scenario)} --quiet --no-plots --out {shlex.quote(run)} "
                     "> /dev/null")
        index.append({"job": job, **labels})
    check_jobs(fabric, scenarios, sweep_path)
    write_file(os.path.join(out, "jobs.txt"), lambda f: f.write("\n".join(lines) + "\n"))
    write_file(os.path.join(out, "index.json"), lambda f: json.dump(index, f, indent=1))
    print(f"sweep.py: {len(lines)} jobs in {out}/jobs.txt (parallel --will-cite -j2 --bar < {out}/jobs.txt, or "
          f"sbatch --array=1-{len(lines)} scripts/fabric/sweep.slurm {out})")


def gather(out):
    if not os.path.exists(os.path.join(out, "index.json")):
        fail(f"{out}: no job index (index.json); run expand first")
    index = load_json(os.path.join(out, "index.json"), "job index")
    if not isinstance(index, list) or not index or not all(isinstance(j, dict) and "job" in j for j in index):
        fail(f"{out}/index.json: not a job index written by expand")
    for j in index:  # a job's name is its number: "../x" would read a file outside the sweep's folder
        if not isinstance(j["job"], str) or not re.fullmatch(r"[0-9]{1,9}", j["job"]):
            fail(f"{out}/index.json: job '{shown(j['job'])}' is not a job number written by expand")
    rows, missing = [], []
    for job in index:
        path = os.path.join(out, "runs", job["job"], "summary.csv")
        if not os.path.exists(path):
            missing.append(job["job"])
            continue
        try:
            with open(path, encoding="utf-8", newline="") as f:
                summary = next(csv.DictReader(f), None)
        except OSError as e:
            fail(f"{path}: cannot read the run's summary: {e.strerror}")
        except UnicodeDecodeError as e:
            fail(f"{path}: the run's summary is not UTF-8 text (byte {e.start})")
        except csv.Error as e:
            fail(f"{path}: not a uet-fabric summary: {e}")
        if summary is None or any(c not in summary for c in COLUMNS):
            fail(f"{path}: not a uet-fabric summary (expected the columns {', '.join(COLUMNS)})")
        for c in COLUMNS:
            try:
                if not math.isfinite(float(summary[c])):
                    raise ValueError
            except (TypeError, ValueError):
                fail(f"{path}: column {c} is '{shown(summary[c])}', not a number")
        rows.append({**job, **{c: summary[c] for c in COLUMNS}})
    if missing:
        fail(f"{len(missing)} of {len(index)} jobs have no result yet (first: {missing[0]}); run them first")
    keys = list(index[0].keys())
    def write_results(f):
        w = csv.DictWriter(f, fieldnames=keys + COLUMNS)
        w.writeheader()
        w.writerows(rows)

    write_file(os.path.join(out, "results.csv"), write_results)
    plot(out, rows, keys)
    print(f"sweep.py: {len(rows)} results in {out}/results.csv and {out}/results.png (its numbers: results-plot.json)")


# What the sweep's plot shows, a panel each: (summary.csv column, axis label).
PANELS = [("done_at_us", "workload done at (us):\nits last message's completion"),
          ("fct_p99_us", "p99 message\ncompletion time (us)"),
          ("retransmissions", "packets sent again")]


def plot(out, rows, keys):
    """results.png: per panel (PANELS) and point of the sweep, one bar per spraying type at the mean over
    the seeds, a whisker from the smallest to the largest seed's value and a dot per seed; the legend above
    the panels, clear of every bar. results-plot.json holds those numbers, each bar's colour and the
    legend's, and whether the legend covers anything drawn (checked on the drawn figure)."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    from matplotlib.colors import to_hex

    group_keys = [k for k in keys if k not in ("job", "SprayingType", "Seed")]
    types = sorted({r.get("SprayingType", "") for r in rows})
    points_ = sorted({tuple(r[k] for k in group_keys) for r in rows})
    names = ["\n".join(p) if p else "all" for p in points_]
    fig, axes = plt.subplots(len(PANELS), 1, figsize=(max(8, 0.8 * len(points_) * max(1, len(types)) + 2),
                                                      2.4 * len(PANELS) + 1.2), sharex=True, squeeze=False)
    width = 0.8 / max(1, len(types))
    data = {"panels": {}, "types": types, "points": names, "seeds": sorted({r.get("Seed", "") for r in rows})}
    drawn, points = [], []  # the bars (patches) and, in data coordinates with their axes, dots and whisker ends
    for ax, (column, label) in zip(axes[:, 0], PANELS):
        panel = {}
        for i, t in enumerate(types):
            colour = f"C{i}"
            xs, means, lo, hi, per_point = [], [], [], [], {}
            for j, (p, name) in enumerate(zip(points_, names)):
                sel = [float(r[column]) for r in rows if r.get("SprayingType", "") == t and
                       tuple(r[k] for k in group_keys) == p]
                if not sel:
                    continue
                x = j + i * width
                mean = sum(sel) / len(sel)
                xs.append(x)
                means.append(mean)
                lo.append(mean - min(sel))
                hi.append(max(sel) - mean)
                per_point[name] = {"mean": mean, "min": min(sel), "max": max(sel), "values": sel}
                ax.scatter([x] * len(sel), sel, s=10, color="k", zorder=3)
                points.extend((ax, x, v) for v in sel)
            bars = ax.bar(xs, means, width, color=colour, label=t or "run")
            drawn.extend(bars.patches)
            ax.errorbar(xs, means, yerr=[lo, hi], fmt="none", ecolor="k", capsize=3, lw=1)
            panel[t or "run"] = {"colour": to_hex(colour), "bars": per_point,
                                 "bar_colours": sorted({to_hex(b.get_facecolor()) for b in bars.patches})}
        ax.set_ylabel(label, fontsize=8)
        ax.grid(alpha=0.3, axis="y")
        data["panels"][column] = {"label": label.replace("\n", " "), "types": panel}
    axes[-1][0].set_xticks([j + 0.4 - width / 2 for j in range(len(points_))], names, fontsize=8)
    seeds = len(data["seeds"])
    fig.suptitle(f"Sweep over {seeds} seed{'s' if seeds != 1 else ''}: bar = mean, whisker = smallest to largest, "
                 "dot = one seed", fontsize=10)
    leg = axes[0][0].legend(fontsize=8, ncol=max(1, len(types)), loc="lower left", bbox_to_anchor=(0, 1.02),
                            borderaxespad=0)
    fig.tight_layout()
    fig.canvas.draw()
    box = leg.get_window_extent()
    data["legend"] = {t.get_text(): to_hex(h.get_facecolor()) for t, h in zip(leg.get_texts(), leg.legend_handles)}
    data["legend_covers_data"] = (any(box.overlaps(a.get_window_extent()) for a in drawn) or
                                  any(box.contains(*a.transData.transform((x, y))) for a, x, y in points))
    write_file(os.path.join(out, "results.png"), lambda f: fig.savefig(f, format="png", dpi=110), binary=True)
    write_file(os.path.join(out, "results-plot.json"),
               lambda f: f.write(json.dumps(data, indent=1, sort_keys=True) + "\n"))


def stdout_failed(why):
    """Standard output failed (closed early, as by "| head", or full): one line, exit 1, no traceback."""
    os.dup2(os.open(os.devnull, os.O_WRONLY), 1)  # (so Python's own flush at exit does not fail again)
    fail(f"standard output: {why}: the summary line was not written")


def main():
    if sys.stdout is None:  # (Python leaves print() silent when descriptor 1 is closed)
        fail("standard output is closed: the summary line could not be written; run with a standard output")
    try:
        return run(sys.argv[1:])
    except BrokenPipeError:
        stdout_failed("the pipe was closed")
    except OSError as e:
        fail(f"{e.filename + ': ' if e.filename else ''}{e.strerror or e}")
    except UnicodeDecodeError as e:
        fail(f"a file is not UTF-8 text (byte {e.start})")


def run(args):
    max_jobs = MAX_JOBS
    if "--max-jobs" in args:
        i = args.index("--max-jobs")
        # (ASCII digits only: str.isdigit() also takes "²" and "٣", which int() refuses or reads.)
        if i + 1 >= len(args) or not re.fullmatch(r"[0-9]{1,9}", args[i + 1]) or int(args[i + 1]) < 1:
            print("sweep.py: --max-jobs needs a whole number >= 1", file=sys.stderr)
            return 2
        max_jobs = int(args[i + 1])
        del args[i:i + 2]
    if len(args) in (3, 4) and args[0] == "expand":
        expand(args[1], args[2], args[3] if len(args) == 4 else os.path.join(ROOT, "build", "sim", "uet-fabric"),
               max_jobs)
    elif len(args) == 2 and args[0] == "gather":
        gather(args[1])
    else:
        print(__doc__, file=sys.stderr)
        return 2
    try:
        sys.stdout.flush()
    except BrokenPipeError:
        stdout_failed("the pipe was closed")
    except OSError as e:
        stdout_failed(e.strerror)
    return 0


if __name__ == "__main__":
    sys.exit(main())
