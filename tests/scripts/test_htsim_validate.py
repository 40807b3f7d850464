#!/usr/bin/env python3
"""scripts/fabric/htsim_validate.py (htsim_compare.py --validate) on made-up validation files and connection
matrices, no simulator run: the parser reads uet-htsim's validate.py format, each htsim option maps to the
scenario keys htsim_compare.py's own cases use (htsim_common.py), an experiment without a counterpart says
why, a bad file or matrix is refused naming its file and line, the table flags a ratio outside 5 % (on the
medians when seeds disagree), and --dry-run prints the mapping without a simulator."""
import io
import os
import re
import subprocess
import sys
import tempfile

FABRIC = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "scripts", "fabric")
sys.path.insert(0, FABRIC)
import htsim_common  # noqa: E402
import htsim_validate as hv  # noqa: E402

# A 16-host permutation (k = 4), as uet-htsim's matrices are written.
MATRIX = "Nodes 16\nConnections 16\n" + "".join(f"{s}->{(s + 5) % 16} id {s + 1} start 0 size 2000000\n"
                                                for s in range(16))
PLAN = """# made up, in the format of uet-htsim's validate_load_balancing_snd.txt
cm/perm16.cm
!Experiment Oblivious, large queues, 2 slow links
!Binary ./htsim_uec
!Param -sender_cc_only
!Param -end 3000
!Param -q 500
!Param -load_balancing_algo oblivious
!Param -paths 128
!Param -failed 2
!tailFCT 220
cm/perm16.cm
!Experiment REPS, 1SACK/packet
!Binary ./htsim_uec
!Param -load_balancing_algo reps
!Param -sack_threshold 4000
!Param -paths 128
!tailFCT 220
!FCT Uec_1_0 215

cm/perm16.cm
!Experiment REPS, 4SACK/packet
!Binary ./htsim_uec
!Param -load_balancing_algo reps
!continue
cm/perm16.cm
!Experiment bitmap
!Binary ./htsim_uec
!Param -load_balancing_algo bitmap
cm/perm16.cm
!Experiment REPS with SLEEK and receiver CC
!Binary ./htsim_uec
!Param -load_balancing_algo reps
!Param -sleek
!Param -receiver_cc_only
cm/perm16.cm
!Experiment EQDS
!Param -load_balancing_algo reps
"""


def write(folder, name, text):
    path = os.path.join(folder, name)
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w") as f:
        f.write(text)
    return path


def refused(folder, text, *expect, matrix=MATRIX):
    """The plan `text` is refused before any run, the error naming each of `expect`."""
    write(folder, "cm/perm16.cm", matrix)
    path = write(folder, "bad.txt", text)
    try:
        hv.load(path)
    except hv.ValidateError as e:
        for x in expect:
            assert x in str(e), (x, str(e))
        return str(e)
    raise AssertionError(f"taken: {text!r}")


def runs(tails, retx=0, done=True):
    return [{"max": t, "retx": retx, "timeouts": 0, "drops": 0, "drops_control": 0, "done": done} for t in tails]


def main():
    with tempfile.TemporaryDirectory() as t:
        write(t, "cm/perm16.cm", MATRIX)
        plan = write(t, "validate_made_up.txt", PLAN)
        ms = hv.load(plan)
        assert [m["name"] for m in ms] == ["Oblivious, large queues, 2 slow links", "REPS, 1SACK/packet",
                                           "REPS, 4SACK/packet", "bitmap", "REPS with SLEEK and receiver CC",
                                           "EQDS"], ms
        obl, reps1, reps4, bitmap, sleek, eqds = ms
        # The mapping: the profile's k = 4 fat tree (htsim_common.profile_scenario, as htsim_compare.py's own
        # cases), -q in 4,150-byte packets, -paths as Default's mask bits or REPS's value set, -failed as the
        # links htsim slows, -end as MaxTime, -sack_threshold 4000 as an ACK per packet.
        base = htsim_common.profile_scenario(4, "100Gbps", "crc32WithSalt")
        assert all(obl["scenario"][k] == v for k, v in base.items()), obl["scenario"]
        assert obl["type"] == "default" and obl["hosts"] == 16 and len(obl["messages"]) == 16
        assert obl["scenario"]["QueueBytes"] == 500 * 4150 and obl["scenario"]["MaxTime"] == "3000us"
        assert obl["scenario"]["Nic"] == {"PacketSprayingType": "Default Packet Spraying", "EntropyMaskBits": 7}
        assert obl["scenario"]["LinkFailures"] == htsim_common.htsim_failed(2, 4, one_way=True)
        assert obl["scenario"]["LinkFailures"][0] == {"From": "core0", "To": "agg0.0", "At": 0, "RateFactor": 0.25,
                                                      "OneWay": True}
        assert obl["target"] == 220.0 and obl["line"] == 2
        assert obl["htsim_args"][:2] == ["-tm", os.path.abspath(os.path.join(t, "cm", "perm16.cm"))]
        assert obl["htsim_args"][2:] == ["-sender_cc_only", "-end", "3000", "-q", "500", "-load_balancing_algo",
                                         "oblivious", "-paths", "128", "-failed", "2"]
        assert obl["messages"][0] == (0, 0, 5, 2000000)
        assert reps1["type"] == "reps" and reps1["scenario"]["AckCoalescingBytes"] == 0
        assert reps1["scenario"]["Nic"]["EntropyValueSetSize"] == 128 and reps1["scenario"]["MaxTime"] == "1000us"
        assert "AckCoalescingBytes" not in reps4["scenario"] and "QueueBytes" not in reps4["scenario"]
        assert "LinkFailures" not in reps4["scenario"] and "EntropyValueSetSize" not in reps4["scenario"]["Nic"]
        # Without a counterpart: said why.
        assert "bitmap" in bitmap["why"] and "scenario" not in bitmap
        assert "SLEEK" in sleek["why"] and "receiver-driven" in sleek["why"], sleek["why"]
        assert "htsim_eqds" in eqds["why"], eqds["why"]
        # --only picks by name; none matched is refused.
        only = hv.load(plan, only=re.compile("REPS, [14]SACK"))
        assert [m["name"] for m in only] == ["REPS, 1SACK/packet", "REPS, 4SACK/packet"]
        try:
            hv.load(plan, only=re.compile("nothing"))
        except hv.ValidateError as e:
            assert "matches none of its 6" in str(e), e
        else:
            raise AssertionError("--only matching nothing was taken")
        # Sizes the fabric's fat tree has no counterpart for, and -paths Default cannot cover.
        write(t, "cm/perm20.cm", "Nodes 20\nConnections 1\n0->1 id 1 start 0 size 100\n")
        odd = write(t, "odd.txt", "cm/perm20.cm\n!Experiment odd\n!Binary ./htsim_uec\n"
                                  "!Param -load_balancing_algo reps\n"
                                  "cm/perm16.cm\n!Experiment paths\n!Binary ./htsim_uec\n"
                                  "!Param -load_balancing_algo oblivious\n!Param -paths 100\n"
                                  "cm/perm16.cm\n!Experiment mtu\n!Binary ./htsim_uec\n"
                                  "!Param -load_balancing_algo reps -mtu 9000 -sender_cc\n")
        a, b, c = hv.load(odd)
        assert "k^3/4" in a["why"] and "power of two" in b["why"], (a, b)
        assert c["why"] == "htsim's -mtu is not mapped", c["why"]

        # Refused before any run, naming the file, the line and what was expected.
        refused(t, "!Param -q 5\ncm/perm16.cm\n", "bad.txt:1", "before any experiment")
        refused(t, "cm/perm16.cm\n!Experiment x\n!Parameter -q 5\n", "bad.txt:3", "expected one of")
        refused(t, "cm/perm16.cm\n!Experiment x\n!tailFCT soon\n", "bad.txt:3", "!tailFCT US")
        refused(t, "cm/perm16.cm\n!Experiment x\n!Param q 5\n", "bad.txt:3", "!Param -OPTION")
        refused(t, "cm/perm16.cm\n!Experiment x\n!Binary ./htsim_uec\n!Param -q\n", "bad.txt:4", "-q expects 1 value")
        refused(t, "cm/perm16.cm\n!Experiment x\n!Binary ./htsim_uec\n!Param -q many\n", "bad.txt:4",
                "a whole number")
        refused(t, "cm/perm16.cm\n!Experiment x\n!Param -ecn 10\n", "bad.txt:3", "-ecn expects 2 values")
        refused(t, "two words\n", "bad.txt:1", "connection matrix")
        refused(t, "# only a comment\n", "bad.txt", "no experiment")
        refused(t, "cm/missing.cm\n!Experiment x\n", "bad.txt:1", "missing.cm", "cannot read")
        refused(t, "cm/perm16.cm\n!Experiment x\n", "perm16.cm:3", "SRC->DST",
                matrix="Nodes 16\nConnections 1\n0-1 id 1 start 0 size 10\n")
        refused(t, "cm/perm16.cm\n!Experiment x\n", "perm16.cm:3", "unknown word 'bytes'",
                matrix="Nodes 16\nConnections 1\n0->1 id 1 start 0 bytes 10\n")
        write(t, "cm/perm16.cm", MATRIX)
        try:
            hv.load(os.path.join(t, "nowhere.txt"))
        except hv.ValidateError as e:
            assert "nowhere.txt: cannot read it" in str(e), e
        else:
            raise AssertionError("a missing file was taken")

        # The table: htsim's tail, the target, ours, the ratio; a single seed outside 5 % misses, three seeds
        # with one outside are held to their medians; the experiments not mapped get a line each.
        res = {0: {"fabric": runs([230.0]), "htsim": runs([200.0])},
               1: {"fabric": runs([201.0]), "htsim": runs([200.0])},
               2: {"fabric": runs([209.0]), "htsim": runs([200.0])}}
        out = io.StringIO()
        misses = hv.print_table(plan, ms, res, [1], out)
        text = out.getvalue()
        assert misses == 1, text
        rows = [line for line in text.split("\n") if line.startswith("| ") and not line.startswith("| experiment")]
        assert len(rows) == 3, text
        assert rows[0].startswith("| Oblivious, large queues, 2 slow links | 200.0 | 220 | 230.0 | "
                                  "1.15 **(outside 5 %)**"), rows[0]
        assert "| 1.00 |" in rows[1] and "outside" not in rows[1] and "outside" not in rows[2], rows
        assert text.count("\n- ") == 3 and f"- bitmap (line {bitmap['line']}): htsim's bitmap" in text, text
        three = {0: {"fabric": runs([200.0, 212.0, 202.0]), "htsim": runs([200.0, 200.0, 200.0])},
                 1: {"fabric": runs([240.0, 230.0, 250.0]), "htsim": runs([200.0, 200.0, 200.0])},
                 2: {"fabric": runs([200.0, 200.0, 200.0]), "htsim": runs([200.0, 200.0, 200.0], done=False)}}
        out = io.StringIO()
        assert hv.print_table(plan, ms, three, [1, 2, 3], out) == 1, out.getvalue()
        rows = [line for line in out.getvalue().split("\n") if line.startswith("| ") and "experiment" not in line]
        assert "| 202.0 (200.0-212.0) |" in rows[0] and "| 1.01 | 1.00, 1.06, 1.01 |" in rows[0], rows[0]
        assert "1.20 **(outside 5 %)**" in rows[1] and "(not all done)" in rows[2], rows

        # The script: --dry-run prints the mapping and needs no simulator; a bad file stops it in one line.
        script = os.path.join(FABRIC, "htsim_compare.py")
        r = subprocess.run([sys.executable, script, "--validate", plan, "--dry-run", "--fabric", "/nonexistent"],
                           capture_output=True, text=True)
        assert r.returncode == 0, r.stderr
        assert r.stdout.count("  fabric: {") == 3 and r.stdout.count("  not mapped: ") == 3, r.stdout
        assert "-seed S" in r.stdout and '"QueueBytes": 2075000' in r.stdout, r.stdout
        bad = write(t, "bad.txt", "cm/perm16.cm\n!Experiment x\n!Bogus\n")
        r = subprocess.run([sys.executable, script, "--validate", bad, "--fabric", "/nonexistent"],
                           capture_output=True, text=True)
        assert r.returncode == 1 and r.stdout == "" and "bad.txt:3" in r.stderr, r
        assert len(r.stderr.strip().split("\n")) == 1, r.stderr
        r = subprocess.run([sys.executable, script, "--validate", plan, "--big"], capture_output=True, text=True)
        assert r.returncode == 2 and "--big does not apply" in r.stderr, r.stderr
        r = subprocess.run([sys.executable, script, "--dry-run"], capture_output=True, text=True)
        assert r.returncode == 2 and "--validate" in r.stderr, r.stderr
    print("test_htsim_validate: ok")


if __name__ == "__main__":
    main()
