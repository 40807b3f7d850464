#!/usr/bin/env python3
"""scripts/fabric/freezing.py's goal checks and tables on made-up grids (no simulator runs): a ratio within
1.5x of htsim's and on its side of 1 passes, one outside or across 1 fails, the paper's configuration must
reach 50x; --freeze-exits' parser takes us and ms and refuses the rest."""
import io
import json
import os
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "scripts", "fabric"))
import freezing  # noqa: E402


def grid(lost_with, lost_without):
    """Every side, ACK mode and exit: lost_with[side] with freezing, lost_without[side] without."""
    g = {}
    for side, _ in freezing.SIDES:
        for ack, _ in freezing.ACKS:
            for e in (None, 100.0, 10000.0):
                lost = lost_without[side] if e is None else lost_with[side]
                g[(side, ack, e)] = {"lost": lost, "lost_range": (lost, lost), "retx": 1, "retx_range": (1, 1),
                                     "tail": 10.0, "tail_range": (10.0, 10.0), "done": True}
    return g


def verdicts(g):
    seen = []
    freezing.checks(g, [100.0, 10000.0], lambda text, ok: seen.append((text, ok)))
    return seen


def main():
    # 100x in the fabric without EFD and in htsim, 200x in the product: every check passes.
    ok = grid({"fabric": 10, "fabric-noefd": 20, "htsim": 20}, {"fabric": 2000, "fabric-noefd": 2000, "htsim": 2000})
    assert all(good for _, good in verdicts(ok)), verdicts(ok)
    # 1.6x apart: the like-for-like checks fail, the 50x ones still pass.
    apart = grid({"fabric": 10, "fabric-noefd": 20, "htsim": 32}, {"fabric": 2000, "fabric-noefd": 2000, "htsim": 2000})
    v = verdicts(apart)
    assert not any(good for text, good in v if "against htsim" in text) and all(good for text, good in v if "50x" in text)
    # Within 1.5x but on the other side of 1 (0.8x against 1.1x): fails.
    side = grid({"fabric": 100, "fabric-noefd": 100, "htsim": 100}, {"fabric": 80, "fabric-noefd": 80, "htsim": 110})
    v = verdicts(side)
    assert not any(good for text, good in v if "against htsim" in text) and not any(good for text, good in v if "50x" in text)
    # Without htsim only the 50x checks run; the tables print a row per ACK mode and exit time.
    fabric_only = {k: x for k, x in ok.items() if k[0] != "htsim"}
    assert all("50x" in text for text, _ in verdicts(fabric_only)) and len(verdicts(fabric_only)) == 2
    out = io.StringIO()
    freezing.print_tables(ok, [100.0, 10000.0], [1, 2, 3], out)
    rows = [line for line in out.getvalue().split("\n") if line.startswith("| per ")]
    assert len(rows) == 8 and "**100.0x**" in rows[0] and "**200.0x**" in rows[0], rows
    assert freezing.parse_exits("100us,1ms, 2.5ms") == [100.0, 1000.0, 2500.0]
    for bad in ("0us", "1s", "5", "1ms,"):
        try:
            freezing.parse_exits(bad)
        except ValueError as e:
            assert "us or ms" in str(e), e
        else:
            raise AssertionError(f"--freeze-exits {bad} was taken")
    # --write-scenarios: a file per cell, seed and REPS, the same message list; never a file replaced.
    with tempfile.TemporaryDirectory() as t:
        n = freezing.write_scenarios(t, [(0, 1), (1, 0)], [100.0], [1, 2])
        assert n == 2 * 2 * 2 * 2 and len(os.listdir(t)) == n + 1, os.listdir(t)
        sc = json.load(open(os.path.join(t, "fabric-16KB-100us-noefd-s2.json")))
        assert sc["AckCoalescingBytes"] == 16384 and sc["Nic"]["FailureDetectionRTTMultiplier"] == 0
        assert sc["Nic"]["FreezingTimeout"] == 100000 and sc["Seed"] == 2 and not sc["VerificationFreezingOff"]
        assert json.load(open(os.path.join(t, "fabric-packet-off-s1.json")))["VerificationFreezingOff"]
        try:
            freezing.write_scenarios(t, [(0, 1), (1, 0)], [100.0], [1])
        except SystemExit as e:
            assert "exists: not replaced" in str(e), e
        else:
            raise AssertionError("--write-scenarios replaced a file")
    print("test_freezing_checks: ok")


if __name__ == "__main__":
    main()
