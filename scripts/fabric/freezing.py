"""The REPS paper's failed-link experiment in uet-fabric and uet-htsim side by side (issue 68), run by
scripts/fabric/htsim_compare.py --freezing: a 16-host leaf-spine (4 leaves of 4 hosts, 4 spines, every
link 400 Gb/s and 1 us), a random permutation of 600 MiB messages, and the link between leaf 0 and spine 1
(htsim's LS0 and US1) dropping every packet from 1 ms to 11 ms, routing never moving off it. REPS runs with
freezing, its freeze ending FreezingTimeout after it began (htsim: its freeze exit time, -uetlb_freeze_exit_us),
and without (the fabric's VerificationFreezingOff, htsim's -uetlb_freezing off), with an ACK per data packet
and with ACKs coalesced per 16 KB (the fabric's AckCoalescingBytes 16384, htsim's default receiver; per
packet: -sack_threshold 4000). The fabric runs under its htsim profile, twice: its REPS as the product
has it (early failure detection, M = 3) and without early failure detection (FailureDetectionRTTMultiplier
0: it freezes on a retransmission timeout only, as htsim's reps, which has none); the second is the one
held to htsim's figures. htsim_uec must be the one scripts/fabric/htsim_build.sh builds (it carries the
project's patch with those options).

Per cell (ACKs x exit time x with/without), over the seeds: the data packets the failed link lost, the
retransmissions and the tail FCT, each the median with its range, and the ratio of lost packets without
freezing to with it, for both simulators.
"""
import csv
import json
import os
import re
import subprocess
import sys

MESSAGE_BYTES = 629145600  # 600 MiB a host
HOSTS = 16
FAIL_FROM_US, FAIL_UNTIL_US = 1000, 11000
ACKS = [("packet", "per packet"), ("16KB", "per 16 KB")]
PAPER = ("16KB", 10000.0)  # the paper's configuration: coalesced ACKs, a 10 ms freeze
# htsim's two-tier topology file: the fabric's default leaf-spine at 400 Gb/s with the profile's 1 us links.
TOPOLOGY = """Nodes 16
Tiers 2
Podsize 16

Tier 0
Downlink_speed_Gbps 400
Radix_Down 4
Radix_Up 4
Downlink_Latency_ns 1000
Switch_Latency_ns 0
Oversubscribed 1

Tier 1
Downlink_speed_Gbps 400
Radix_Down 4
Downlink_Latency_ns 1000
Switch_Latency_ns 0
"""


def parse_exits(text):
    """'100us,1ms,10ms' -> [100.0, 1000.0, 10000.0] (us); raises ValueError naming the bad item."""
    out = []
    for item in text.split(","):
        m = re.fullmatch(r"\s*([0-9]+(?:\.[0-9]+)?)\s*(us|ms)\s*", item)
        if not m or float(m.group(1)) <= 0:
            raise ValueError(f"'{item}' is not a time > 0 with a unit, us or ms (100us, 1ms)")
        out.append(float(m.group(1)) * (1000.0 if m.group(2) == "ms" else 1.0))
    return out


def label(exit_us):
    return "off" if exit_us is None else (f"{exit_us / 1000:g} ms" if exit_us >= 1000 else f"{exit_us:g} us")


def write_inputs(pairs, work):
    """htsim's connection matrix and topology, the fabric's message list: the same permutation."""
    cm, topo, lst = (os.path.join(work, n) for n in ("freezing.cm", "leaf_spine_16.topo", "freezing.csv"))
    with open(cm, "w") as f:
        f.write(f"Nodes {HOSTS}\nConnections {len(pairs)}\n")
        for i, (s, d) in enumerate(pairs, start=1):
            f.write(f"{s}->{d} id {i} start 0 size {MESSAGE_BYTES}\n")
    with open(topo, "w") as f:
        f.write(TOPOLOGY)
    with open(lst, "w") as f:
        f.write("start_ns,src,dst,bytes\n")
        for s, d in pairs:
            f.write(f"0,{s},{d},{MESSAGE_BYTES}\n")
    return cm, topo, lst


def scenario(lst, ack, exit_us, seed, efd=True):
    """The fabric's scenario of one cell (exit_us None: freezing off; efd False: FailureDetectionRTTMultiplier
    0, no early failure detection, as htsim's reps)."""
    nic = {"PacketSprayingType": "Recycled Entropy Packet Spraying"}
    if not efd:
        nic["FailureDetectionRTTMultiplier"] = 0
    if exit_us is not None:
        nic["FreezingTimeout"] = int(round(exit_us * 1000))
    return {"Name": f"freezing {ack} {label(exit_us)} seed {seed}", "Profile": "htsim", "LinkRate": "400Gbps",
            "Workload": "list", "MessageList": lst, "Reconvergence": "1s",
            "LinkFailures": [{"Leaf": 0, "Spine": 1, "At": f"{FAIL_FROM_US}us", "Until": f"{FAIL_UNTIL_US}us"}],
            "Nic": nic, "VerificationFreezingOff": exit_us is None,
            "AckCoalescingBytes": 0 if ack == "packet" else 16384, "Seed": seed, "MaxTime": "200ms"}


def write_scenarios(folder, pairs, exits, seeds):
    """The fabric's scenario file of every cell (the product's REPS, and `-noefd` without early failure
    detection) and their message list, into `folder` (made if missing), for runs by hand with the monitor
    (uet-fabric FILE --out DIR, then lost_by_decision.py DIR). Refuses to replace any file."""
    os.makedirs(folder, exist_ok=True)
    lst = os.path.join(os.path.abspath(folder), "freezing.csv")
    files = {lst: None}
    for ack, _ in ACKS:
        for exit_us in [None] + exits:
            for seed in seeds:
                for efd in (True, False):
                    name = f"fabric-{ack}-{label(exit_us).replace(' ', '')}{'' if efd else '-noefd'}-s{seed}.json"
                    files[os.path.join(folder, name)] = scenario(lst, ack, exit_us, seed, efd)
    taken = [f for f in files if os.path.lexists(f)]
    if taken:
        sys.exit(f"htsim_compare.py: --write-scenarios: {taken[0]} exists: not replaced (choose an empty folder)")
    with open(lst, "x") as f:
        f.write("start_ns,src,dst,bytes\n")
        for s, d in pairs:
            f.write(f"0,{s},{d},{MESSAGE_BYTES}\n")
    for path, sc in files.items():
        if sc is not None:
            with open(path, "x") as f:
                json.dump(sc, f, indent=1)
    return len(files) - 1


def fabric_cell(fabric, work, lst, ack, exit_us, seed, efd=True):
    tag = f"fabric-{ack}-{label(exit_us).replace(' ', '')}-s{seed}"
    path = os.path.join(work, tag + ".json")
    with open(path, "w") as f:
        json.dump(scenario(lst, ack, exit_us, seed, efd), f, indent=1)
    out = os.path.join(work, tag)
    r = subprocess.run([fabric, path, "--quiet", "--no-plots", "--no-monitor", "--out", out],
                       capture_output=True, text=True)
    if r.returncode != 0:
        sys.exit(f"htsim_compare.py: uet-fabric failed on {path}:\n{r.stdout}{r.stderr}")
    with open(os.path.join(out, "summary.csv")) as f:
        x = next(csv.DictReader(f))
    return {"lost": int(x["drops_failed_link_data"]), "retx": int(x["retransmissions"]),
            "tail": float(x["fct_max_us"]), "done": x["completed"] == x["messages"]}


def htsim_cell(htsim, work, cm, topo, ack, exit_us, seed):
    tag = f"htsim-{ack}-{label(exit_us).replace(' ', '')}-s{seed}"
    args = [htsim, "-tm", cm, "-nodes", str(HOSTS), "-topo", topo, "-linkspeed", "400000",
            "-load_balancing_algo", "reps", "-end", "200000", "-seed", str(seed),
            "-uetlb_blackhole", "LS0", "US1", str(FAIL_FROM_US), str(FAIL_UNTIL_US)]
    args += ["-sack_threshold", "4000"] if ack == "packet" else []
    args += ["-uetlb_freezing", "off"] if exit_us is None else ["-uetlb_freeze_exit_us", f"{exit_us:g}"]
    r = subprocess.run(args, capture_output=True, text=True, cwd=work)
    lost = re.search(r"uetlb_blackhole: .* dropped (\d+) data", r.stdout)
    rtx = re.search(r"\bNew: (\d+) Rtx: (\d+)", r.stdout)
    fct = [float(m.group(1)) for m in re.finditer(r"finished at ([0-9.]+)", r.stdout)]
    if r.returncode != 0 or not lost or not rtx or not fct:
        tail = " | ".join((r.stdout + r.stderr).strip().split("\n")[-3:])
        sys.exit(f"htsim_compare.py: htsim_uec failed or printed no drop count, Rtx count or finished flow on "
                 f"{tag} (exit {r.returncode}; its last lines: {tail or '(none)'})")
    return {"lost": int(lost.group(1)), "retx": int(rtx.group(2)), "tail": max(fct), "done": len(fct) == HOSTS}


def medians(runs):
    """Each figure's median over the seeds (the lower middle for an even count) and its range."""
    out = {"done": all(r["done"] for r in runs)}
    for key in ("lost", "retx", "tail"):
        v = sorted(r[key] for r in runs)
        out[key] = v[(len(v) - 1) // 2]
        out[key + "_range"] = (v[0], v[-1])
    return out


# The fabric's two REPS beside htsim's reps: the product's (early failure detection, M = 3: a path failure
# three base RTTs after a send) and the same without early failure detection (FailureDetectionRTTMultiplier
# 0), which freezes on a retransmission timeout only, as htsim's reps does: the like-for-like one.
SIDES = [("fabric", "fabric (product REPS)"), ("fabric-noefd", "fabric without EFD"), ("htsim", "htsim")]
LIKE = "fabric-noefd"


def check_patched(htsim):
    """Stops, before any run, unless `htsim` is an htsim_uec with the project's patch (it answers a bad
    -uetlb_freezing with its own message)."""
    r = subprocess.run([htsim, "-uetlb_freezing", "probe"], capture_output=True, text=True)
    if "expected on or off" not in r.stdout + r.stderr:
        sys.exit(f"htsim_compare.py: {htsim} does not take -uetlb_freezing: build it with "
                 "scripts/fabric/htsim_build.sh, which applies the project's patch")


def run_grid(fabric, htsim, work, pairs, exits, seeds, progress=sys.stderr):
    """{(side, ack, exit_us or None): medians} for each side of SIDES (htsim only when given)."""
    if htsim:
        check_patched(htsim)
    cm, topo, lst = write_inputs(pairs, work)
    grid = {}
    for ack, _ in ACKS:
        for exit_us in [None] + exits:
            print(f"freezing: ACK {ack}, freeze {label(exit_us)}, seeds {seeds[0]}..{seeds[-1]}", file=progress)
            for side, efd in (("fabric", True), ("fabric-noefd", False)):
                grid[(side, ack, exit_us)] = medians([fabric_cell(fabric, work, lst, ack, exit_us, s, efd)
                                                      for s in seeds])
            if htsim:
                grid[("htsim", ack, exit_us)] = medians([htsim_cell(htsim, work, cm, topo, ack, exit_us, s)
                                                         for s in seeds])
    return grid


def ratio(grid, side, ack, exit_us):
    """Lost packets without freezing over lost with it (the paper's 'times fewer')."""
    return grid[(side, ack, None)]["lost"] / max(grid[(side, ack, exit_us)]["lost"], 1)


def sides_of(grid):
    return [(s, name) for s, name in SIDES if (s, ACKS[0][0], None) in grid]


def print_tables(grid, exits, seeds, out=sys.stdout):
    n = len(seeds)
    sides = sides_of(grid)
    have_htsim = ("htsim", ACKS[0][0], None) in grid

    def rng(c, k, fmt="{:.0f}"):
        v = fmt.format(c[k])
        return v if n == 1 else f"{v} ({fmt.format(c[k + '_range'][0])}-{fmt.format(c[k + '_range'][1])})"
    print(f"Data packets the failed link lost, with freezing / without, and the ratio without / with (the median "
          f"over seeds {seeds[0]} to {seeds[-1]}" + (", the range in brackets" if n > 1 else "") + "):\n", file=out)
    def table(columns, cells):
        """A Markdown table: a row per (ACKs, exit time), `cells(ack, e)` its cells after those two."""
        head = "| ACKs | freeze ends after |" + "".join(f" {c} |" for c in columns)
        print(head, file=out)
        print("|" + "---|" * (head.count("|") - 1), file=out)
        for ack, ack_label in ACKS:
            for e in exits:
                print(f"| {ack_label} | {label(e)} |" + "".join(f" {c} |" for c in cells(ack, e)), file=out)

    def lost(ack, e):
        cells = [f"{rng(grid[(s, ack, e)], 'lost')} / {rng(grid[(s, ack, None)], 'lost')}: "
               f"**{ratio(grid, s, ack, e):.1f}x**" for s, _ in sides]
        if have_htsim:
            h = max(ratio(grid, "htsim", ack, e), 1e-9)
            cells += [f"{ratio(grid, LIKE, ack, e) / h:.2f}", f"{ratio(grid, 'fabric', ack, e) / h:.2f}"]
        return cells
    table([name for _, name in sides] +
          (["ratio: fabric without EFD / htsim", "ratio: product / htsim"] if have_htsim else []), lost)

    def retx_tail(ack, e):
        cells = []
        for s, _ in sides:
            w, wo = grid[(s, ack, e)], grid[(s, ack, None)]
            done = "" if w["done"] and wo["done"] else " (not all done)"
            cells += [f"{w['retx']} / {wo['retx']}", f"{w['tail']:.0f} / {wo['tail']:.0f}{done}"]
        return cells
    print("\nRetransmissions and tail FCT (us), with freezing / without (medians):\n", file=out)
    table([f"{name}: {what}" for _, name in sides for what in ("retx", "tail")], retx_tail)


def checks(grid, exits, check):
    """The goals of issue 68: each cell's ratio within 1.5x of htsim's and on the same side of 1 (the fabric
    without early failure detection, as htsim's reps); the paper's configuration at >= 50x in the fabric
    (the product's REPS and the like-for-like one)."""
    def side(r):
        return (r > 1) - (r < 1)
    if ("htsim", ACKS[0][0], None) in grid:
        for ack, ack_label in ACKS:
            for e in exits:
                f, h = ratio(grid, LIKE, ack, e), ratio(grid, "htsim", ack, e)
                check(f"freezing, ACK {ack_label}, freeze {label(e)}: without/with {f:.1f}x (fabric without EFD) "
                      f"against htsim's {h:.1f}x (within 1.5x, the same side of 1)",
                      max(f / max(h, 1e-9), h / max(f, 1e-9)) <= 1.5 and side(f) == side(h))
    ack, e = PAPER
    if e in exits:
        for s, name in (("fabric", "the product's REPS"), (LIKE, "without EFD")):
            f = ratio(grid, s, ack, e)
            check(f"freezing, the paper's configuration (ACK per 16 KB, 10 ms), fabric, {name}: {f:.1f}x fewer "
                  "packets lost with freezing (goal >= 50x)", f >= 50)


def plot(grid, exits, path):
    """Lost packets with freezing against the exit time (log-log), one line per simulator and ACK mode,
    each without-freezing figure as a dashed line of its colour. Written whole, beside the target first;
    a target that exists and is not a regular file is refused."""
    import stat
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))
    from whole_file import write_whole
    try:
        if not stat.S_ISREG(os.lstat(path).st_mode):
            sys.exit(f"htsim_compare.py: --plot {path}: exists and is not a regular file: not replaced")
    except FileNotFoundError:
        pass
    fig, ax = plt.subplots(figsize=(7, 4.2))
    colours = {"fabric": "tab:blue", "fabric-noefd": "tab:green", "htsim": "tab:red"}
    marks = {"packet": "o", "16KB": "s"}
    for side, name in sides_of(grid):
        for ack, ack_label in ACKS:
            c = colours[side]
            ys = [max(grid[(side, ack, e)]["lost"], 0.8) for e in exits]
            ax.plot([e / 1000 for e in exits], ys, marker=marks[ack], color=c, linestyle="-" if ack == "16KB" else ":",
                    label=f"{name}, ACK {ack_label}")
            ax.axhline(max(grid[(side, ack, None)]["lost"], 0.8), color=c, linestyle="--", linewidth=0.6)
    ax.set_xscale("log")
    ax.set_yscale("log")
    ax.set_xlabel("FreezingTimeout / htsim's freeze exit time (ms)")
    ax.set_ylabel("data packets lost (median)")
    ax.set_title("A leaf-spine link dropping everything for 10 ms: REPS with freezing (dashed: without)",
                 fontsize=10)
    ax.grid(True, which="both", alpha=0.3)
    ax.legend(fontsize=8)
    fig.tight_layout()
    try:
        write_whole(path, lambda f: fig.savefig(f, format="png", dpi=110), binary=True)
    finally:
        plt.close(fig)
