#!/usr/bin/env python3
"""Plots of a uet-fabric comparison run: completion-time CDF per spraying type, per-member load of each
first-tier switch's ECMP set, the EVs one group used over time, and retransmissions over time by cause
(timeout, NACK, early failure) with the early failures fired and the link failures marked; with a Chakra
workload, each rank's timeline and the collectives against their bandwidth bound.
   plots.py OUT_DIR   (writes PNGs into OUT_DIR)
retx-over-time.png and chakra-timeline.png come with what they draw, as JSON beside them
(retx-over-time.json, chakra-timeline.json: each series' counts and colour, each legend entry's colour),
for a reader's own plot and for the tests.
"""
import csv
import json
import os
import re
import stat
import sys

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
from matplotlib.colors import to_hex  # noqa: E402
from matplotlib.patches import Patch  # noqa: E402

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "scripts", "lib"))
from whole_file import write_whole  # noqa: E402 (the project's one file writer)

TYPES = [("none", "None"), ("default", "Default Packet Spraying"), ("reps", "REPS")]


class PlotError(Exception):
    """A record that cannot be read or a plot that cannot be written: one line, exit 1."""


def rows(path):
    try:
        with open(path, encoding="utf-8", newline="") as f:
            return list(csv.DictReader(f))
    except OSError as e:
        raise PlotError(f"{path}: cannot read it: {e.strerror}") from None
    except (UnicodeDecodeError, csv.Error) as e:
        raise PlotError(f"{path}: not a uet-fabric record ({e})") from None


def save(fig, path):
    """A plot written as the records are: to a new temporary file beside it, renamed into place; a link,
    folder or device at `path` is refused, not written through or replaced."""
    try:
        if not stat.S_ISREG(os.lstat(path).st_mode):
            raise PlotError(f"{path}: exists and is not a regular file (a link, folder or device): not replaced")
    except FileNotFoundError:
        pass
    try:
        write_whole(path, lambda f: fig.savefig(f, format="png", dpi=110), binary=True)
    finally:
        plt.close(fig)


def save_data(path, data):
    """What a plot draws, as JSON beside it (the same rules as the plot itself)."""
    try:
        if not stat.S_ISREG(os.lstat(path).st_mode):
            raise PlotError(f"{path}: exists and is not a regular file (a link, folder or device): not replaced")
    except FileNotFoundError:
        pass
    write_whole(path, lambda f: f.write(json.dumps(data, indent=1, sort_keys=True) + "\n"))


def legend_colours(legend):
    """Each legend entry's label and the colour its handle shows (a patch's face, a line's colour)."""
    out = {}
    for text, handle in zip(legend.get_texts(), legend.legend_handles):
        colour = handle.get_facecolor() if hasattr(handle, "get_facecolor") else handle.get_color()
        out[text.get_text()] = to_hex(colour)
    return out


def natural(name):
    """Sort key: "leaf10" after "leaf9", "edge1.2" after "edge1.10"'s pod."""
    return [int(p) if p.isdigit() else p for p in re.split(r"(\d+)", name)]


def monitor_plots(out, present):
    """The EVs one group used over time, and retransmissions over time (from uet-monitor.csv)."""
    fig, axes = plt.subplots(len(present), 1, figsize=(7, 2.6 * len(present)), sharex=True, squeeze=False)
    for ax, (d, label) in zip(axes[:, 0], present):
        mon = rows(os.path.join(out, d, "uet-monitor.csv"))
        first = [r for r in mon if r["nic"] == mon[0]["nic"] and r["group"] == mon[0]["group"]] if mon else []
        colors = {"fixed": "gray", "round_robin": "tab:blue", "reuse": "tab:green", "replay": "tab:orange",
                  "explore": "tab:red"}
        for dec, c in colors.items():
            pts = [(int(r["time_ns"]) / 1000, int(r["entropy_value"])) for r in first if r["decision"] == dec]
            if pts:
                ax.scatter([p[0] for p in pts], [p[1] for p in pts], s=4, c=c, label=dec)
        ax.set_ylabel("EV")
        ax.set_title(f"{label}: NIC {mon[0]['nic'] if mon else '?'} group {mon[0]['group'] if mon else '?'}", fontsize=10)
        ax.legend(fontsize=7, markerscale=3, loc="upper right")
    axes[-1][0].set_xlabel("time (us)")
    fig.tight_layout()
    save(fig, os.path.join(out, "ev-over-time.png"))
    # Retransmissions over time by cause, per spraying type (100 bins over the run), with the early failures
    # the load balancers fired; the link failures marked.
    failures = rows(os.path.join(out, "failures.csv")) if os.path.exists(os.path.join(out, "failures.csv")) else []
    causes = [("rto", "sent again after a timeout", "tab:red", "-"), ("nack", "sent again after a NACK", "tab:blue", "-"),
              ("efd", "sent again at an early failure", "tab:purple", "-"),
              ("fired", "early failures fired (no resend)", "tab:green", "--")]
    end = 0.0
    times = []
    for d, label in present:
        mon = rows(os.path.join(out, d, "uet-monitor.csv"))
        by = {c[0]: [] for c in causes}
        for r in mon:
            if r["direction"] == "ReTx":
                by[r.get("cause") or "rto"].append(int(r["time_ns"]) / 1000)
        efd_path = os.path.join(out, d, "early-failures.csv")
        by["fired"] = [int(r["time_ns"]) / 1000 for r in rows(efd_path)] if os.path.exists(efd_path) else []
        end = max([end] + [int(r["time_ns"]) / 1000 for r in mon[-1:]] + by["fired"][-1:])
        times.append((label, by))
    bins = 100
    width = max(end, 1e-3) / bins
    fig, axes = plt.subplots(len(present), 1, figsize=(9, 2.4 + 2.2 * len(present)), sharex=True, squeeze=False)
    data = {"bin_us": width, "bins": bins, "failures_at_us": [int(f["at_ns"]) / 1000 for f in failures], "types": {}}
    for ax, (label, by) in zip(axes[:, 0], times):
        entry = {"series": {}, "totals": {}, "colours": {}}
        for key, name, colour, style in causes:
            counts = [0] * bins
            for x in by[key]:
                counts[min(bins - 1, int(x / width))] += 1
            entry["series"][key] = counts
            entry["totals"][key] = len(by[key])
            entry["colours"][key] = to_hex(colour)
            if by[key] or key != "efd":  # (resends at an early failure only with RetransmitOnEfd)
                ax.step([i * width for i in range(bins)], counts, where="post", color=colour, ls=style,
                        label=f"{name} ({len(by[key])})")
        for f in failures:
            ax.axvline(int(f["at_ns"]) / 1000, color="k", ls="--", lw=0.8)
            if int(f["until_ns"]) > 0:
                ax.axvline(int(f["until_ns"]) / 1000, color="k", ls=":", lw=0.8)
        ax.set_title(label, fontsize=10)
        ax.set_ylabel(f"per {width:.1f} us")
        ax.grid(alpha=0.3)
        leg = ax.legend(fontsize=7, loc="upper left", bbox_to_anchor=(1.01, 1.0), borderaxespad=0)
        entry["legend"] = legend_colours(leg)
        data["types"][label] = entry
    axes[-1][0].set_xlabel("time (us); black dashed: a link fails, dotted: it is whole again")
    fig.suptitle("Retransmissions by cause, and early failures, over time")
    fig.tight_layout()
    save(fig, os.path.join(out, "retx-over-time.png"))
    save_data(os.path.join(out, "retx-over-time.json"), data)
    return ["ev-over-time.png", "retx-over-time.png"]


def main():
    if len(sys.argv) != 2:
        print(__doc__, file=sys.stderr)
        return 2
    out = sys.argv[1]
    present = [(d, label) for d, label in TYPES if os.path.isdir(os.path.join(out, d))]
    if not present and os.path.exists(os.path.join(out, "messages.csv")):
        present = [(".", "this run")]  # a single run: the records are in OUT itself
    if not present:
        print(f"plots.py: no run directories in {out}", file=sys.stderr)
        return 1

    fig, ax = plt.subplots(figsize=(7, 4.5))
    for d, label in present:
        fct = sorted(int(r["fct_ns"]) / 1000 for r in rows(os.path.join(out, d, "messages.csv")) if r["completed"] == "1")
        if fct:
            ax.step(fct, [(i + 1) / len(fct) for i in range(len(fct))], where="post", label=label)
    ax.set_xlabel("message completion time (us)")
    ax.set_ylabel("fraction of messages")
    ax.set_title("Completion-time CDF")
    ax.grid(alpha=0.3)
    ax.legend()
    fig.tight_layout()
    save(fig, os.path.join(out, "fct-cdf.png"))

    fig, axes = plt.subplots(1, len(present), figsize=(4.2 * len(present), 4), sharey=True, squeeze=False)
    for ax, (d, label) in zip(axes[0], present):
        data = rows(os.path.join(out, d, "scala-switch-load-balancing-stats.csv"))
        tier = "leaf" if any(r["switch"].startswith("leaf") for r in data) else "edge"
        data = [r for r in data if r["switch"].startswith(tier)]
        switches = sorted({r["switch"] for r in data}, key=natural)
        members = sorted({r["member"] for r in data}, key=natural)
        width = 0.8 / max(1, len(members))
        for k, m in enumerate(members):
            vals = [sum(int(r["bytes"]) for r in data if r["switch"] == s and r["member"] == m) / 1e6 for s in switches]
            ax.bar([i + k * width for i in range(len(switches))], vals, width, label=m)
        ax.set_xticks([i + 0.4 - width / 2 for i in range(len(switches))], switches)
        ax.set_title(label, fontsize=10)
        ax.set_ylabel("MB sent per uplink member")
    axes[0][-1].legend(fontsize=8)
    fig.suptitle("Per-member load of each first-tier switch's ECMP set")
    fig.tight_layout()
    save(fig, os.path.join(out, "ecmp-load.png"))

    drawn = ["fct-cdf.png", "ecmp-load.png"]
    # (A run with --no-monitor kept no uet-monitor.csv: no EV or retransmission plots then.)
    if all(os.path.exists(os.path.join(out, d, "uet-monitor.csv")) for d, _ in present):
        drawn += monitor_plots(out, present)
    if all(os.path.exists(os.path.join(out, d, "chakra-nodes.csv")) for d, _ in present):
        drawn += chakra_plots(out, present)
    print("plots: " + ", ".join(f"{out}/{name}" for name in drawn))
    return 0


def chakra_plots(out, present):
    """A Chakra workload: each rank's timeline (compute, communication) under the last type run, and each
    collective's completion time (first rank in to last rank out) against its algorithm's bandwidth bound."""
    d, label = present[-1]
    nodes = rows(os.path.join(out, d, "chakra-nodes.csv"))
    ranks = sorted({int(r["rank"]) for r in nodes})
    fig, ax = plt.subplots(figsize=(8, 1.2 + 0.35 * len(ranks)))
    colors = {"COMP_NODE": "tab:blue", "COMM_COLL_NODE": "tab:orange", "COMM_SEND_NODE": "tab:green",
              "COMM_RECV_NODE": "tab:olive"}
    bars = {}  # kind: the colours its bars were drawn in
    for r in nodes:
        start, end = int(r["start_ns"]) / 1000, int(r["end_ns"]) / 1000
        if r["kind"] in colors and r["completed"] == "1" and end > start:
            drawn = ax.barh(int(r["rank"]), end - start, left=start, height=0.6, color=colors[r["kind"]])
            bars.setdefault(r["kind"], set()).update(to_hex(p.get_facecolor()) for p in drawn.patches)
    # The legend's entries are patches in the bars' own colours (an empty barh gives a handle in the
    # default colour, whatever colour it was asked for), above the axes so that they hide no bar.
    names = {kind: kind.replace("_NODE", "").replace("COMM_", "").lower() for kind in colors}
    handles = [Patch(facecolor=c, label=names[kind]) for kind, c in colors.items() if kind in bars]
    ax.set_xlabel("time (us)")
    ax.set_ylabel("rank")
    ax.set_title(f"Chakra timeline per rank ({label})", pad=24)
    leg = ax.legend(handles=handles, fontsize=8, ncol=4, loc="lower left", bbox_to_anchor=(0, 1.0), borderaxespad=0.2)
    fig.tight_layout()
    save(fig, os.path.join(out, "chakra-timeline.png"))
    save_data(os.path.join(out, "chakra-timeline.json"),
              {"bars": {names[k]: sorted(v) for k, v in bars.items()}, "legend": legend_colours(leg)})

    fig, ax = plt.subplots(figsize=(7, 4.5))
    for d, label in present:
        colls = {}  # the k-th collective node of each rank: one collective
        seen = {}
        for r in rows(os.path.join(out, d, "collectives.csv")):
            if r["algorithm"] == "point-to-point" or r["completed"] != "1":
                continue
            k = seen.get(r["rank"], 0)
            seen[r["rank"]] = k + 1
            c = colls.setdefault(k, {"start": None, "end": 0, "bound": int(r["bound_ns"]), "kind": r["kind"]})
            c["start"] = int(r["start_ns"]) if c["start"] is None else min(c["start"], int(r["start_ns"]))
            c["end"] = max(c["end"], int(r["end_ns"]))
        ks = sorted(colls)
        ax.plot(ks, [(colls[k]["end"] - colls[k]["start"]) / max(colls[k]["bound"], 1) for k in ks], "o-", label=label)
    ax.axhline(1.0, color="k", ls="--", lw=0.8)
    ax.set_xlabel("collective (in trace order)")
    ax.set_ylabel("completion time / bandwidth bound")
    ax.set_title("Collectives against their bandwidth bound (dashed: the bound)")
    ax.grid(alpha=0.3)
    ax.legend()
    fig.tight_layout()
    save(fig, os.path.join(out, "collectives-vs-bound.png"))
    return ["chakra-timeline.png", "collectives-vs-bound.png"]


if __name__ == "__main__":
    try:
        sys.exit(main())
    except PlotError as e:
        sys.exit(f"plots.py: {e}")
    except (KeyError, ValueError) as e:
        sys.exit(f"plots.py: {sys.argv[1]}: a record lacks a column or holds a value that is not a number ({e})")
    except OSError as e:
        sys.exit(f"plots.py: {e.filename or sys.argv[1]}: {e.strerror or e}")
