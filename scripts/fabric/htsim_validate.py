"""uet-htsim's own validation experiments in uet-fabric and htsim_uec side by side (issue 72), run by
scripts/fabric/htsim_compare.py --validate FILE. FILE is one of uet-htsim's validate_*.txt (read by its
htsim/sim/datacenter/validate.py): per experiment a connection matrix's path (relative to FILE's folder),
then `!Experiment NAME`, `!Binary PATH`, `!Param OPTIONS` lines and a `!tailFCT US` target (`!FCT FLOW US`
and `!continue` are read and not used; `#` starts a comment).

Each experiment whose options all have a counterpart here becomes a fabric scenario under the htsim profile
(htsim_common.py: the mapping htsim_compare.py's own cases use): oblivious -> Default Packet Spraying, reps
-> REPS; -q N (packets) -> QueueBytes; -failed N -> the links htsim slows; -paths N -> Default's
EntropyMaskBits or REPS's EntropyValueSetSize; -sack_threshold -> AckCoalescingBytes (0 for an ACK per
packet); -end -> MaxTime; -linkspeed, -ecn, -sender_cc_algo nscc|constant, -sender_cc(_only) (the fabric's
congestion control is the sender's). The rest (bitmap, mixed, SLEEK, receiver-driven congestion control,
...) is named as not mapped, with why. The matrix becomes the fabric's message list.

Errors in FILE or a matrix (a file missing, a line that is not what validate.py reads, an option without
its values) raise ValidateError naming the file, the line and what was expected, before any run.
"""
import csv
import json
import math
import os
import re
import subprocess
import sys

import htsim_common
from htsim_common import HTSIM_PACKET_BYTES, SPRAYING

DIRECTIVES = ("Experiment", "Binary", "Param", "tailFCT", "FCT", "continue")
VALIDATE_DEFAULT_BINARY = "./htsim_eqds"  # validate.py's binary when an experiment names none
LB = {"oblivious": "default", "reps": "reps"}  # htsim's -load_balancing_algo -> the fabric's type key
NO_LB = {
    "bitmap": "htsim's bitmap (a penalty per entropy value, skipped while it lasts) has no counterpart: SPEC's "
              "spraying is None, Default or REPS",
    "mixed": "htsim's mixed (bitmap, with REPS's recycled values first; its default) has no counterpart",
    "reps_legacy": "htsim's reps_legacy (its first REPS) is not mapped: REPS maps to its reps",
}
# Options that take values, and how many; each either maps (map_experiment) or is named in NO_OPTION.
ARITY = {"-end": 1, "-nodes": 1, "-tiers": 1, "-q": 1, "-paths": 1, "-failed": 1, "-linkspeed": 1,
         "-sack_threshold": 1, "-load_balancing_algo": 1, "-sender_cc_only": 0, "-sender_cc": 0,
         "-sender_cc_algo": 1, "-ecn": 2, "-seed": 1,
         "-receiver_cc_only": 0, "-receiver_cc": 0, "-recv_oversub_cc": 0, "-oversubscribed_cc": 0, "-sleek": 0,
         "-disable_trim": 0, "-conn_reuse": 0, "-cwnd": 1, "-topo": 1, "-mtu": 1, "-hop_latency": 1,
         "-switch_latency": 1, "-target_q_delay": 1, "-queue_type": 1, "-planes": 1, "-trimsize": 1}
RECEIVER_CC = ("receiver-driven congestion control (htsim's credits) has no counterpart: the fabric's NSCC is the "
               "sender's")
NO_OPTION = {
    "-receiver_cc_only": RECEIVER_CC, "-receiver_cc": RECEIVER_CC, "-recv_oversub_cc": RECEIVER_CC,
    "-oversubscribed_cc": RECEIVER_CC,
    "-sleek": "SLEEK (htsim's sender-side fast loss recovery) has no counterpart in the fabric's NIC",
    "-disable_trim": "switches that drop instead of trimming are not mapped (the htsim profile's switches trim)",
    "-conn_reuse": "connection reuse (several messages on one PDC) is not mapped",
    "-cwnd": "a window set in packets (-cwnd) is not mapped (the profile's is 1.5 BDP)",
    "-topo": "a topology file is not mapped: only htsim's k-ary fat tree",
    "-seed": "the file sets -seed: the script's --seeds sets both sides' seeds",
}


class ValidateError(Exception):
    """A validation file or connection matrix that cannot be read as validate.py and htsim_uec read it."""


def parse(path):
    """FILE's experiments in order: dicts with name, line (of the matrix line), cm (its path as written),
    binary, params [(line, [tokens])], target (!tailFCT, us, or None). Raises ValidateError."""
    try:
        with open(path) as f:
            lines = f.read().split("\n")
    except OSError as e:
        raise ValidateError(f"{path}: cannot read it ({e.strerror or e})")
    except UnicodeDecodeError as e:
        raise ValidateError(f"{path}: not a text file ({e.reason} at byte {e.start})")
    out, cur = [], None
    for n, raw in enumerate(lines, start=1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        where = f"{path}:{n}"
        if not line.startswith("!"):
            if len(line.split()) != 1:
                raise ValidateError(f"{where}: '{line}': expected a connection matrix's path (one word) or a "
                                    f"'!' line ({', '.join('!' + d for d in DIRECTIVES)})")
            cur = {"name": None, "line": n, "cm": line, "binary": VALIDATE_DEFAULT_BINARY, "params": [],
                   "target": None}
            out.append(cur)
            continue
        head, _, rest = line[1:].partition(" ")
        rest = rest.strip()
        if head not in DIRECTIVES:
            raise ValidateError(f"{where}: '{line}': expected one of {', '.join('!' + d for d in DIRECTIVES)}")
        if cur is None:
            raise ValidateError(f"{where}: '!{head}' before any experiment: expected a connection matrix's path "
                                f"first, then its '!' lines")
        if head == "Experiment":
            if not rest:
                raise ValidateError(f"{where}: '!Experiment' without a name: expected '!Experiment NAME'")
            cur["name"] = rest
        elif head == "Binary":
            if len(rest.split()) != 1:
                raise ValidateError(f"{where}: '{line}': expected '!Binary PATH' (one word)")
            cur["binary"] = rest
        elif head == "Param":
            tokens = rest.split()
            if not tokens or not tokens[0].startswith("-"):
                raise ValidateError(f"{where}: '{line}': expected '!Param -OPTION [VALUES]' (an htsim_uec option)")
            cur["params"].append((n, tokens))
        elif head == "tailFCT":
            if not re.fullmatch(r"[0-9]+(\.[0-9]+)?", rest):
                raise ValidateError(f"{where}: '{line}': expected '!tailFCT US' (a number of microseconds)")
            cur["target"] = float(rest)
        elif head == "FCT":
            if not re.fullmatch(r"\S+\s+[0-9]+(\.[0-9]+)?", rest):
                raise ValidateError(f"{where}: '{line}': expected '!FCT FLOW US'")
    if not out:
        raise ValidateError(f"{path}: no experiment: expected a connection matrix's path, then !Experiment, "
                            f"!Binary, !Param and !tailFCT lines (uet-htsim's validate.py format)")
    for e in out:
        e["name"] = e["name"] or f"(unnamed, line {e['line']})"
    return out


def read_matrix(path, where):
    """An htsim connection matrix: (nodes, [(start_ns, src, dst, bytes)], why not mapped or None). A missing
    or malformed file raises ValidateError naming `where` (FILE:LINE of the experiment) or its own line."""
    try:
        with open(path) as f:
            lines = f.read().split("\n")
    except OSError as e:
        raise ValidateError(f"{where}: the connection matrix {path}: cannot read it ({e.strerror or e})")
    nodes, conns, why = None, [], None
    for n, raw in enumerate(lines, start=1):
        t = raw.split()
        if not t or t[0].startswith("#"):
            continue
        bad = f"{path}:{n}: '{raw.strip()}'"
        if t[0] in ("Nodes", "Connections", "Triggers", "Failures"):
            if len(t) < 2 or not t[1].isdigit():
                raise ValidateError(f"{bad}: expected '{t[0]} COUNT'")
            if t[0] == "Nodes":
                nodes = int(t[1])
            continue
        if t[0] in ("trigger", "failure"):
            why = why or f"the matrix has {t[0]}s ({path}:{n}): the fabric's message list has none"
            continue
        m = re.fullmatch(r"([0-9]+)->([0-9]+)", t[0])
        if not m:
            raise ValidateError(f"{bad}: expected 'SRC->DST id N start US size BYTES' or a header line "
                                f"(Nodes, Connections)")
        conn = {"start": None, "size": None}
        i = 1
        while i < len(t):
            key, value = t[i], t[i + 1] if i + 1 < len(t) else None
            if key in ("id", "start", "size", "trigger", "send_done_trigger", "recv_done_trigger", "prio", "msg"):
                if value is None or not re.fullmatch(r"[0-9]+(\.[0-9]+)?", value):
                    raise ValidateError(f"{bad}: '{key}' without a number after it")
                if key in conn:
                    conn[key] = float(value)
                elif key != "id":
                    why = why or f"'{key}' ({path}:{n}) has no counterpart in the fabric's message list"
                i += 2
            else:
                raise ValidateError(f"{bad}: unknown word '{key}': expected id, start, size (or htsim's "
                                    f"trigger, send_done_trigger, recv_done_trigger, prio, msg)")
        if conn["size"] is None or conn["start"] is None:
            why = why or f"a connection without start or size ({path}:{n})"
            continue
        # htsim takes the start in whole microseconds (timeFromUs((uint32_t)start)).
        conns.append((int(conn["start"]) * 1000, int(m.group(1)), int(m.group(2)), int(conn["size"])))
    if nodes is None:
        raise ValidateError(f"{path}: no 'Nodes COUNT' line: expected the matrix's header (Nodes, Connections)")
    for start, s, d, _ in conns:
        if s >= nodes or d >= nodes or s == d:
            raise ValidateError(f"{path}: connection {s}->{d}: expected distinct hosts below Nodes {nodes}")
    return nodes, conns, why


def _int(tokens, i, where, what):
    v = tokens[i]
    if not re.fullmatch(r"[0-9]+", v):
        raise ValidateError(f"{where}: {tokens[0]} '{v}': expected {what} (a whole number)")
    return int(v)


def map_experiment(exp, folder, hash_method="crc32WithSalt", matrices=None):
    """The fabric's side of one experiment: a dict with name, line, target, cm (absolute), hosts, messages,
    htsim_args (after the binary), and either type (the fabric's type key) and scenario (its keys, without
    MessageList and Seed), or why (it cannot be mapped). Raises ValidateError on an option it cannot read."""
    m = {"name": exp["name"], "line": exp["line"], "target": exp["target"]}
    cm = os.path.join(folder, exp["cm"])
    m["cm"] = os.path.abspath(cm)
    m["htsim_args"] = ["-tm", m["cm"]] + [t for _, tokens in exp["params"] for t in tokens]
    matrices = {} if matrices is None else matrices
    if m["cm"] not in matrices:
        matrices[m["cm"]] = read_matrix(cm, f"{exp.get('file', '?')}:{exp['line']}")
    nodes, conns, why = matrices[m["cm"]]
    m["hosts"], m["messages"] = nodes, conns
    reasons = [why] if why else []
    if os.path.basename(exp["binary"]) != "htsim_uec":
        reasons.append(f"it runs {exp['binary']}, not htsim_uec (the UEC transport --htsim runs)")
    o = {"lb": "mixed", "tiers": 3}
    for line, tokens in exp["params"]:
        where = f"{exp.get('file', '?')}:{line}"
        i = 0
        while i < len(tokens):
            flag = tokens[i]
            if not flag.startswith("-"):
                raise ValidateError(f"{where}: '{flag}': expected an htsim_uec option (-name) here")
            if flag not in ARITY:
                reasons.append(f"htsim's {flag} is not mapped (its values unknown here)")
                break
            n = ARITY[flag]
            if len(tokens) - i - 1 < n:
                raise ValidateError(f"{where}: {flag} expects {n} value{'s' if n > 1 else ''}, got "
                                    f"{len(tokens) - i - 1}")
            args = tokens[i:i + n + 1]
            i += n + 1
            if flag in NO_OPTION:
                reasons.append(NO_OPTION[flag])
            elif flag == "-end":
                o["end"] = _int(args, 1, where, "an end time in us")
            elif flag == "-nodes":
                if _int(args, 1, where, "a node count") != nodes:
                    reasons.append(f"-nodes {args[1]} against the matrix's {nodes} (htsim stops)")
            elif flag == "-tiers":
                o["tiers"] = _int(args, 1, where, "2 or 3 tiers")
            elif flag == "-q":
                o["q"] = _int(args, 1, where, "a queue size in packets")
            elif flag == "-paths":
                o["paths"] = _int(args, 1, where, "a count of entropy values")
            elif flag == "-failed":
                o["failed"] = _int(args, 1, where, "a count of links")
            elif flag == "-linkspeed":
                o["mbps"] = _int(args, 1, where, "a link speed in Mb/s")
            elif flag == "-sack_threshold":
                o["sack"] = _int(args, 1, where, "a byte count")
            elif flag == "-load_balancing_algo":
                o["lb"] = args[1]
            elif flag == "-sender_cc_algo":
                if args[1] == "constant":
                    o["constant"] = True
                elif args[1] != "nscc":
                    reasons.append(f"htsim's sender algorithm {args[1]} is not mapped (nscc and constant are)")
            elif flag == "-ecn":
                o["ecn"] = (_int(args, 1, where, "packets"), _int(args, 2, where, "packets"))
            elif flag not in ("-sender_cc_only", "-sender_cc"):  # (the sender's NSCC: the fabric's only kind)
                reasons.append(f"htsim's {flag} is not mapped")
    if o["lb"] in NO_LB:
        reasons.append(NO_LB[o["lb"]])
    elif o["lb"] not in LB:
        reasons.append(f"htsim's load balancer '{o['lb']}' is not mapped")
    k = round((4 * nodes) ** (1 / 3))
    if o["tiers"] != 3:
        reasons.append(f"-tiers {o['tiers']}: only htsim's three-tier fat tree is mapped")
    elif k ** 3 // 4 != nodes or k % 2 or not 2 <= k <= 64:
        reasons.append(f"{nodes} hosts: the fabric's fat tree has k^3/4 hosts for an even k up to 64")
    if reasons:
        m["why"] = "; ".join(dict.fromkeys(reasons))
        return m
    lb = LB[o["lb"]]
    mbps = o.get("mbps", 100000)  # HOST_NIC in htsim's main.h
    rate = f"{mbps // 1000}Gbps" if mbps % 1000 == 0 else mbps * 1000000
    sc = htsim_common.profile_scenario(k, rate, hash_method, ack_per_packet=o.get("sack", 16384) <= HTSIM_PACKET_BYTES,
                                       constant_window=o.get("constant", False))
    if o.get("sack", 16384) > HTSIM_PACKET_BYTES and o.get("sack", 16384) != 16384:
        sc["AckCoalescingBytes"] = o["sack"]  # (htsim's sink counts whole packets' bytes)
    sc["Nic"] = {"PacketSprayingType": SPRAYING[lb]}
    if "paths" in o:
        p = o["paths"]
        if lb == "default":
            if p < 1 or p & (p - 1) or p > 256:
                m["why"] = f"-paths {p}: Default's round robin covers a power of two up to 256 values"
                return m
            sc["Nic"]["EntropyMaskBits"] = int(math.log2(p))
        else:
            if not 1 <= p <= 65536:
                m["why"] = f"-paths {p}: REPS explores among 1 to 65,536 values"
                return m
            sc["Nic"]["EntropyValueSetSize"] = p
    if "q" in o:
        sc["QueueBytes"] = o["q"] * HTSIM_PACKET_BYTES  # (ECN and the RTO follow the profile's rules)
    if "ecn" in o:
        sc["EcnBytes"], sc["EcnMaxBytes"] = (x * HTSIM_PACKET_BYTES for x in o["ecn"])
    if o.get("failed"):
        if o["failed"] > k ** 3 // 4:
            m["why"] = f"-failed {o['failed']}: more than the tree's {k ** 3 // 4} aggregation-core links"
            return m
        sc["LinkFailures"] = htsim_common.htsim_failed(o["failed"], k, one_way=True)
    sc["MaxTime"] = f"{o.get('end', 1000)}us"  # htsim's -end (1,000 us unless set)
    m["type"], m["scenario"] = lb, sc
    return m


def load(path, hash_method="crc32WithSalt", only=None):
    """parse() and map_experiment() for every experiment of FILE (those whose name `only`, a compiled
    regex, finds): every error before any run."""
    exps = parse(path)
    for e in exps:
        e["file"] = path
    if only is not None:
        picked = [e for e in exps if only.search(e["name"])]
        if not picked:
            raise ValidateError(f"{path}: --only '{only.pattern}' matches none of its {len(exps)} experiments' names")
        exps = picked
    matrices = {}
    return [map_experiment(e, os.path.dirname(os.path.abspath(path)), hash_method, matrices) for e in exps]


def write_messages(m, workdir, tag):
    """The matrix as the fabric's message list (start_ns,src,dst,bytes)."""
    path = os.path.join(workdir, tag + ".csv")
    with open(path, "w") as f:
        f.write("start_ns,src,dst,bytes\n")
        for start, s, d, size in m["messages"]:
            f.write(f"{start},{s},{d},{size}\n")
    return path


def fabric_run(fabric, m, messages, seed, workdir, tag):
    """One fabric run of a mapped experiment: its summary's figures."""
    sc = dict(m["scenario"], Name=m["name"], MessageList=messages, Seed=seed)
    path = os.path.join(workdir, tag + ".json")
    with open(path, "w") as f:
        json.dump(sc, f, indent=1)
    out = os.path.join(workdir, tag)
    r = subprocess.run([fabric, path, "--quiet", "--no-plots", "--no-monitor", "--out", out],
                       capture_output=True, text=True)
    if r.returncode != 0:
        raise SystemExit(f"htsim_compare.py: uet-fabric failed on {m['name']} (seed {seed}):\n{r.stdout}{r.stderr}")
    with open(os.path.join(out, "summary.csv")) as f:
        x = next(csv.DictReader(f))
    return {"max": float(x["fct_max_us"]), "done": x["completed"] == x["messages"],
            "finished": int(x["completed"]), "retx": int(x["retransmissions"]), "timeouts": int(x["timeouts"]),
            "nacks": int(x["nacks"]), "trims": int(x["trims"]), "drops": int(x["drops_queue"]),
            "drops_control": int(x["drops_control"])}


def htsim_command(htsim, m, seed):
    return [htsim or "htsim_uec"] + m["htsim_args"] + ["-seed", str(seed)]


def run(experiments, fabric, htsim, seeds, workdir, progress=sys.stderr):
    """Runs each mapped experiment on both sides (htsim only when given), one run at a time: for each, the
    per-seed results {"fabric": [...], "htsim": [...] or None}."""
    results = {}
    for i, m in enumerate(experiments):
        if "why" in m:
            continue
        messages = write_messages(m, workdir, f"v{i}")
        r = {"fabric": [], "htsim": [] if htsim else None}
        for s in seeds:
            tag = f"v{i}_s{s}"
            if htsim:
                print(f"validate: {m['name']}: htsim_uec, seed {s}", file=progress)
                r["htsim"].append(htsim_common.run_htsim(htsim_command(htsim, m, s), workdir, tag, m["hosts"]))
            print(f"validate: {m['name']}: uet-fabric, seed {s}", file=progress)
            r["fabric"].append(fabric_run(fabric, m, messages, s, workdir, tag))
        results[i] = r
    return results


def median(runs, key="max"):
    """The median of runs' `key` (the lower middle for an even count) and its range."""
    v = sorted(r[key] for r in runs)
    return v[(len(v) - 1) // 2], v[0], v[-1]


def ratio_of(fab, ht):
    """(ratio of the medians, [per-seed ratios]): ours / htsim's tail."""
    per_seed = [f["max"] / h["max"] for f, h in zip(fab, ht)]
    return median(fab)[0] / median(ht)[0], per_seed


def print_table(path, experiments, results, seeds, out=sys.stdout):
    """The table, a line per experiment not mapped, and the verdicts against the 5 % goal; returns the
    number of mapped experiments whose ratio misses it."""
    def tail(runs, key="max", fmt="{:.1f}"):
        mid, lo, hi = median(runs, key)
        cell = fmt.format(mid)
        if len(seeds) > 1:
            cell += f" ({fmt.format(lo)}-{fmt.format(hi)})"
        if not all(r["done"] for r in runs):
            cell += " (not all done)"
        return cell

    print(f"uet-htsim's {os.path.basename(path)} in uet-fabric (profile htsim) and htsim_uec, seeds "
          f"{seeds[0]} to {seeds[-1]} (scripts/fabric/htsim_compare.py --validate)\n", file=out)
    print("| experiment | htsim tail (us) | target (us) | ours (us) | ours / htsim | per seed | htsim retx | our retx "
          "| our timeouts | our drops: data / control |", file=out)
    print("|---|---|---|---|---|---|---|---|---|---|", file=out)
    misses, skipped = 0, []
    for i, m in enumerate(experiments):
        if "why" in m:
            skipped.append(m)
            continue
        fab, ht = results[i]["fabric"], results[i]["htsim"]
        target = f"{m['target']:g}" if m["target"] is not None else ""
        cells = ["", "", "", ""]
        if ht:
            r, per_seed = ratio_of(fab, ht)
            verdict = abs(r - 1) <= 0.05 if any(abs(x - 1) > 0.05 for x in per_seed) else True
            if not verdict:
                misses += 1
            cells = [tail(ht), f"{r:.2f}" + ("" if verdict else " **(outside 5 %)**"),
                     ", ".join(f"{x:.2f}" for x in per_seed), tail(ht, "retx", "{:d}")]
        name = m["name"].replace("|", "/")
        print(f"| {name} | {cells[0]} | {target} | {tail(fab)} | {cells[1]} | {cells[2]} | {cells[3]} "
              f"| {tail(fab, 'retx', '{:d}')} | {tail(fab, 'timeouts', '{:d}')} "
              f"| {median(fab, 'drops')[0]} / {median(fab, 'drops_control')[0]} |", file=out)
    if len(seeds) > 1:
        print("\n(Each cell: the median over the seeds, the range in brackets; ours / htsim is the ratio of the "
              "medians, held to the 5 % goal only where one seed's ratio is outside it.)", file=out)
    if skipped:
        print("\nNot mapped:", file=out)
        for m in skipped:
            print(f"- {m['name']} (line {m['line']}): {m['why']}", file=out)
    return misses


def print_mapping(path, experiments, htsim, seeds, out=sys.stdout):
    """--dry-run: per experiment the fabric's scenario keys and htsim's command line, or why not mapped."""
    print(f"uet-htsim's {path}: {len(experiments)} experiment(s), seeds {seeds[0]} to {seeds[-1]} on both sides "
          f"(the fabric's Seed, htsim's -seed); nothing run\n", file=out)
    for m in experiments:
        print(f"{m['name']} (line {m['line']}, {m['hosts']} hosts, {len(m['messages'])} messages)", file=out)
        if "why" in m:
            print(f"  not mapped: {m['why']}", file=out)
        else:
            print(f"  fabric: {json.dumps(m['scenario'])}, MessageList: the matrix, Seed: S", file=out)
        print(f"  htsim:  {' '.join(htsim_command(htsim, m, 'S'))}", file=out)
