"""What scripts/fabric/htsim_compare.py's comparisons share: htsim_uec's options as the fabric's scenario
keys under its htsim profile, and a run of htsim_uec read the same way. Its 128- and 1,024-host cases and
its --validate (uet-htsim's own validation experiments, htsim_validate.py) both build their scenarios
here, so one htsim option maps one way.
"""
import re
import subprocess
import time

# htsim's load balancer beside ours: its oblivious spraying against our Default, its reps against our REPS.
HTSIM_LB = {"default": "oblivious", "reps": "reps"}
# The fabric's PacketSprayingType for each (a run of one type, without --compare).
SPRAYING = {"default": "Default Packet Spraying", "reps": "Recycled Entropy Packet Spraying"}
HTSIM_PACKET_BYTES = 4150  # htsim_uec's data packet (-mtu), the unit of its -q and -ecn


def profile_scenario(k, link_rate, hash_method, ack_per_packet=False, constant_window=False):
    """A k-ary fat tree at link_rate ("100Gbps") under "Profile": "htsim", as htsim_uec runs with -tiers 3:
    the profile has htsim's defaults; htsim's -sack_threshold 4000 (an ACK per packet) is AckCoalescingBytes
    0, its -sender_cc_only -sender_cc_algo constant is CongestionControl "fixed" (the profile's 1.5 BDP)."""
    sc = {"Topology": "fat-tree", "K": k, "LinkRate": link_rate, "Workload": "list", "EcmpHashMethod": hash_method,
          "Profile": "htsim"}
    if ack_per_packet:  # (the profile coalesces ACKs per 16 KB, as htsim does by default)
        sc["AckCoalescingBytes"] = 0
    if constant_window:
        sc["CongestionControl"] = "fixed"
    return sc


def slowed(agg, core, one_way):
    """A link at 25 % (htsim's failed_link_ratio). htsim's -failed slows the core-to-aggregation direction
    only (one_way, as under the htsim profile); else both directions."""
    if one_way:
        return {"From": core, "To": agg, "At": 0, "RateFactor": 0.25, "OneWay": True}
    return {"From": agg, "To": core, "At": 0, "RateFactor": 0.25}


def htsim_failed(n, k, one_way=True):
    """The links htsim's -failed n slows: aggregation switch a (numbered across pods) and its l-th core
    link for a * k/2 + l < n (fat_tree_topology.cpp): for n <= k/2, n links of pod 0's first
    aggregation switch. Here aggregation switch j of a pod reaches cores j * k/2 to j * k/2 + k/2 - 1."""
    half = k // 2
    return [slowed(f"agg{a // half}.{a % half}", f"core{(a % half) * half + l}", one_way)
            for a in range(-(-n // half)) for l in range(half) if a * half + l < n]


def run_htsim(args, workdir, tag, hosts):
    """Runs htsim_uec with `args` (its path first) in workdir, its output kept in TAG.htsim.log: tail FCT
    (us, the last flow's "finished at"), retransmissions, whether every flow finished, wall time and data
    packets sent per wall second. Stops with one line when it fails or prints no finished flow."""
    t0 = time.monotonic()
    r = subprocess.run(args, capture_output=True, text=True, cwd=workdir)
    wall = time.monotonic() - t0
    with open(f"{workdir}/{tag}.htsim.log", "w") as f:
        f.write(" ".join(args) + "\n" + r.stdout + r.stderr)
    if r.returncode != 0:
        raise SystemExit(f"htsim_compare.py: htsim_uec failed on {tag} (exit {r.returncode}): "
                         f"{r.stderr.strip()[-300:]}")
    fct = [float(m.group(1)) for m in re.finditer(r"finished at ([0-9.]+)", r.stdout)]
    rtx = re.search(r"\bNew: (\d+) Rtx: (\d+)", r.stdout)
    if not fct or not rtx:
        raise SystemExit(f"htsim_compare.py: htsim_uec's output on {tag} has no finished flows or no Rtx count "
                         f"(see {tag}.htsim.log)")
    # Data packets sent (new and retransmitted) per second of htsim's whole run, its set-up included.
    data = int(rtx.group(1)) + int(rtx.group(2))
    return {"max": max(fct), "retx": int(rtx.group(2)), "done": len(fct) == hosts, "finished": len(fct),
            "wall": wall, "pps": data / max(wall, 1e-9)}
