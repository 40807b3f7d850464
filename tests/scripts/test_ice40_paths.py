#!/usr/bin/env python3
"""Checks scripts/hw/ice40_paths.py on a hand-built nextpnr report: endpoints of three registers, two of
them (four endpoints) later than the period; the tool must count them, group them by the RTL name in
their cell names, list the worse register first, count the endpoints and registers later than each
step of --histogram, and refuse a report without net timings, a bad period and a bad --top with exit
2. Prints every wrong result and exits non-zero if there is one."""
import json
import os
import subprocess
import sys
import tempfile

SCRIPT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "scripts", "hw", "ice40_paths.py")


def endpoint(cell, port, delay):
    return {"cell": cell, "port": port, "delay": delay, "event": "posedge clk"}


REPORT = {
    "fmax": {},
    "critical_paths": [],
    "detailed_net_timings": [
        {"net": "n1", "driver": "x", "port": "O",
         "endpoints": [endpoint("core.u_a.acc_q_SB_DFFE_Q_3_DFFLC", "I0", 7.5),
                       endpoint("core.u_a.acc_q_SB_DFFE_Q_2_DFFLC", "I1", 7.1),
                       endpoint("core.u_b.mem_q.0.1_RAM", "WDATA_3", 6.0)]},
        {"net": "n2", "driver": "y", "port": "O",
         "endpoints": [endpoint("core.pick_q_SB_LUT4_O_LC", "I2", 8.2),
                       endpoint("core.pick_q$nextpnr_ICESTORM_LC_4", "CEN", 6.9),
                       endpoint("core.idle_q_SB_DFF_Q_DFFLC", "I3", 3.0)]},
    ],
}


def run(*args):
    return subprocess.run([sys.executable, SCRIPT, *args], capture_output=True, text=True)


def main() -> int:
    errors = []
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "report.json")
        with open(path, "w") as f:
            json.dump(REPORT, f)
        r = run(path, "6.58")
        lines = r.stdout.splitlines()
        if r.returncode != 0 or not lines:
            errors.append(f"run failed: {r.returncode} {r.stderr}")
        else:
            if "worst endpoint 8.20 ns" not in lines[0] or "4 of 6 endpoints miss 6.58 ns" not in lines[0] \
                    or "in 2 registers" not in lines[0]:
                errors.append(f"summary line wrong: {lines[0]}")
            groups = [line.split() for line in lines[1:]]
            if [g[-1] for g in groups] != ["core.pick_q", "core.u_a.acc_q"]:
                errors.append(f"groups or order wrong: {lines[1:]}")
            elif [g[2] for g in groups] != ["2", "2"]:
                errors.append(f"endpoint counts wrong: {lines[1:]}")
        r = run(path, "6.58", "--histogram")
        rows = {}
        if "arrival later than" in r.stdout:
            for line in r.stdout.split("arrival later than", 1)[1].splitlines()[1:]:
                f = line.split()
                rows[f[0]] = (int(f[-2]), int(f[-1]))
        want = {"5.58": (5, 3), "6.08": (4, 2), "7.08": (3, 2), "7.58": (1, 1), "8.08": (1, 1)}
        if r.returncode != 0 or len(rows) != 11 or any(rows.get(k) != v for k, v in want.items()):
            errors.append(f"--histogram rows wrong: {rows} (want 11 rows, among them {want})")
        r = run(path, "9")
        if r.returncode != 0 or "0 of 6 endpoints miss" not in r.stdout:
            errors.append(f"a period no endpoint misses: {r.stdout}")
        r = run(path, "6.58", "--top", "1")
        if len(r.stdout.splitlines()) != 2:
            errors.append(f"--top 1 lists {len(r.stdout.splitlines()) - 1} registers")
        bare = os.path.join(tmp, "bare.json")
        with open(bare, "w") as f:
            json.dump({"fmax": {}}, f)
        for args, what in (([bare, "6.58"], "net timings"), ([path, "0"], "period"), ([path, "x"], "x"),
                           ([path, "6.58", "--top"], "--top"), ([os.path.join(tmp, "none.json"), "6"], "none.json")):
            r = run(*args)
            if r.returncode != 2 or what not in r.stderr:
                errors.append(f"{args}: exit {r.returncode}, stderr {r.stderr!r} (expected 2 naming {what!r})")
    for e in errors:
        print("test_ice40_paths:", e)
    print("test_ice40_paths:", "OK" if not errors else f"{len(errors)} wrong")
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
