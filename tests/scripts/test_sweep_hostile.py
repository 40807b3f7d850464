#!/usr/bin/env python3
"""scripts/fabric/sweep.py against hostile folders and files (issue 69): a folder name with a newline
cannot split a job line into two commands; gather writes results.csv through no link; a bad summary, a
job index pointing out of the folder, an earlier sweep's runs, a duplicate key and a closed standard
output each end in one line naming the problem and a non-zero exit, never a traceback; and mutations
of the example sweep files (fuzzed from a fixed seed) each end in success or one line.
usage: test_sweep_hostile.py UET_FABRIC TMPDIR"""
import json
import os
import random
import shutil
import subprocess
import sys

SWEEP = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "scripts", "fabric", "sweep.py")
COLUMNS = ["messages", "completed", "fct_mean_us", "fct_p99_us", "fct_max_us", "data_packets", "retransmissions",
           "timeouts", "nacks", "drops_queue", "drops_failed_link", "drops_lossy_link", "trims", "ooo_events",
           "efd_fired", "ecmp_imbalance", "drops_control", "done_at_us", "efd_spurious"]
failures = []


def sweep(*args, **kw):
    return subprocess.run([sys.executable, SWEEP, *args], capture_output=True, text=True, timeout=60, **kw)


def expect_refusal(what, r, message):
    """Exit 1, one line on stderr naming `message`, no traceback."""
    err = r.stderr.strip()
    if r.returncode != 1 or message not in err or "Traceback" in err or len(err.splitlines()) != 1:
        failures.append(f"{what}: exit {r.returncode}, stderr {err!r} (want exit 1 and one line with {message!r})")


def sweep_dir(path, summary_text):
    """A gathered-ready sweep folder of one job whose summary.csv holds `summary_text`."""
    os.makedirs(os.path.join(path, "runs", "0001"))
    with open(os.path.join(path, "index.json"), "w") as f:
        json.dump([{"job": "0001", "Seed": "1"}], f)
    with open(os.path.join(path, "runs", "0001", "summary.csv"), "w") as f:
        f.write(summary_text)


def main():
    fabric, tmp = sys.argv[1], sys.argv[2]
    shutil.rmtree(tmp, ignore_errors=True)
    os.makedirs(tmp)
    sweep_file = os.path.join(tmp, "s.json")
    with open(sweep_file, "w") as f:
        json.dump({"base": {"Leaves": 2, "Spines": 2, "HostsPerLeaf": 2}, "axes": {"Seed": [1, 2]}}, f)
    good_summary = ",".join(COLUMNS) + "\n" + ",".join("1" for _ in COLUMNS) + "\n"

    # Command injection: a newline in DIR made jobs.txt lines that parallel and sweep.slurm ran as two
    # commands (the second here: touch a file).
    evil = os.path.join(tmp, "x\ntouch " + os.path.join(tmp, "INJECTED") + "\ny")
    expect_refusal("DIR with a newline", sweep("expand", sweep_file, evil, fabric), "holds a control character")
    if os.path.exists(evil):
        failures.append("a refused DIR with a newline was created")

    # gather: results.csv (and results.png) are never written through a link.
    d = os.path.join(tmp, "linked")
    sweep_dir(d, good_summary)
    victim = os.path.join(tmp, "victim")
    with open(victim, "w") as f:
        f.write("keep\n")
    os.symlink(victim, os.path.join(d, "results.csv"))
    expect_refusal("results.csv a link", sweep("gather", d), "is a link")
    with open(victim) as f:
        if f.read() != "keep\n":
            failures.append("gather wrote results.csv through a link")

    # A binary summary, a job index leading out of the folder: one line each.
    d = os.path.join(tmp, "binary")
    sweep_dir(d, "")
    with open(os.path.join(d, "runs", "0001", "summary.csv"), "wb") as f:
        f.write(b"\xff\xfe\x00garbage\x80\n")
    expect_refusal("binary summary", sweep("gather", d), "is not UTF-8 text")
    d = os.path.join(tmp, "escape")
    sweep_dir(d, good_summary)
    with open(os.path.join(d, "index.json"), "w") as f:
        json.dump([{"job": "../../../escape/runs/0001", "Seed": "1"}], f)
    expect_refusal("job index with ../", sweep("gather", d), "is not a job number written by expand")
    d = os.path.join(tmp, "folder-index")
    sweep_dir(d, good_summary)
    os.remove(os.path.join(d, "index.json"))
    os.mkdir(os.path.join(d, "index.json"))
    expect_refusal("index.json a folder", sweep("gather", d), "is a folder")

    # An earlier sweep's runs would be gathered as the new one's.
    d = os.path.join(tmp, "earlier")
    sweep_dir(d, good_summary)
    expect_refusal("expand over earlier runs", sweep("expand", sweep_file, d, fabric), "holds the runs of an earlier sweep")

    # A value refused only in a later job: only the first job was checked, so the sweep was written.
    later = os.path.join(tmp, "later.json")
    with open(later, "w") as f:
        json.dump({"base": {"Leaves": 2, "Spines": 2, "HostsPerLeaf": 2}, "axes": {"MessageBytes": [4096, 0]}}, f)
    d = os.path.join(tmp, "later")
    expect_refusal("a later job refused", sweep("expand", later, d, fabric), "job 0002 (MessageBytes=0) is refused")
    if os.path.exists(os.path.join(d, "jobs.txt")):
        failures.append("a sweep with a refused job wrote jobs.txt")

    # The sweep file where expand writes its index: it would be overwritten.
    d = os.path.join(tmp, "self")
    os.makedirs(d)
    shutil.copy(sweep_file, os.path.join(d, "index.json"))
    expect_refusal("sweep file is DIR/index.json", sweep("expand", os.path.join(d, "index.json"), d, fabric),
                   "the sweep file is inside the files expand writes")
    with open(os.path.join(d, "index.json")) as f:
        if "axes" not in f.read():
            failures.append("expand overwrote its own sweep file")

    # --max-jobs with a digit str.isdigit() takes and int() does not: a traceback before.
    r = sweep("expand", sweep_file, os.path.join(tmp, "sup"), fabric, "--max-jobs", "\u00b2")
    if r.returncode != 2 or "--max-jobs needs a whole number" not in r.stderr or "Traceback" in r.stderr:
        failures.append(f"--max-jobs '\u00b2': exit {r.returncode}, stderr {r.stderr.strip()[-300:]!r}")

    # A key given twice in the sweep file.
    dup = os.path.join(tmp, "dup.json")
    with open(dup, "w") as f:
        f.write('{"axes": {"Seed": [1]}, "axes": {"Seed": [2]}}')
    expect_refusal("duplicate key", sweep("expand", dup, os.path.join(tmp, "dup"), fabric), "is given twice")

    # A closed standard output: the summary line is lost, so the run is not a success.
    r = sweep("expand", sweep_file, os.path.join(tmp, "closed"), fabric, stdout=None,
              preexec_fn=lambda: os.close(1))
    expect_refusal("standard output closed", r, "standard output")

    # The sweep file fuzzed: mutations of the example sweeps each end in success or one line, never a
    # traceback (at most 16 jobs each, so every job's --check stays quick).
    rng = random.Random(69)
    examples = os.path.join(os.path.dirname(SWEEP), "..", "..", "examples", "sweeps")
    seeds = [open(os.path.join(examples, n), "rb").read() for n in sorted(os.listdir(examples))]
    for i in range(40):
        data = bytearray(rng.choice(seeds))
        kind = rng.randrange(5)
        pos = rng.randrange(len(data) + 1)
        if kind == 0:
            data = data[:pos]
        elif kind == 1:
            for _ in range(rng.randrange(1, 6)):
                data[rng.randrange(len(data))] = rng.randrange(256)
        elif kind == 2:
            data[pos:pos] = rng.choice([b"[" * 5000, b"NaN", b"1e999", b"-1", b'"\u0000"', b"\n\x1b[2J"])
        elif kind == 3:
            data[pos:pos] = data[:pos]
        else:
            data = bytearray(rng.randrange(256) for _ in range(rng.randrange(1, 500)))
        path = os.path.join(tmp, f"fuzz{i}.json")
        with open(path, "wb") as f:
            f.write(bytes(data))
        r = sweep("expand", path, os.path.join(tmp, f"fuzz{i}"), fabric, "--max-jobs", "16")
        err = r.stderr.strip()
        if r.returncode not in (0, 1) or "Traceback" in err or (r.returncode == 1 and len(err.splitlines()) != 1):
            failures.append(f"fuzzed sweep file {path} (kind {kind}): exit {r.returncode}, stderr {err[-400:]!r}")

    # And a good sweep still works, with job lines of quoted, printable paths.
    d = os.path.join(tmp, "good dir")
    r = sweep("expand", sweep_file, d, fabric)
    if r.returncode != 0:
        failures.append(f"a good sweep was refused: {r.stderr.strip()}")
    else:
        with open(os.path.join(d, "jobs.txt")) as f:
            lines = f.read().splitlines()
        if len(lines) != 2 or not all("'" in line for line in lines):
            failures.append(f"jobs.txt is not 2 quoted lines: {lines}")

    for f in failures:
        print("FAIL:", f)
    print(f"test_sweep_hostile: {len(failures)} failed" if failures else "test_sweep_hostile: all passed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
