#!/usr/bin/env python3
"""scripts/fabric/htsim_patch.py on a stand-in for a uet-htsim copy (only the lines the patch anchors on,
written here): the patch lands after or before each anchor, a second run is refused, and a copy missing an
anchor is refused naming the file and the anchor, with nothing written."""
import os
import subprocess
import sys
import tempfile

PATCH = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "scripts", "fabric", "htsim_patch.py")
PIPE = '#include "pipe.h"\nvoid\nPipe::receivePacket(Packet& pkt)\n{\n    _count++;\n}\n'
MAIN = ('#include "uec_mp.h"\nint main() {\n    if (a) {\n        i++;\n'
        '        } else if (!strcmp(argv[i],"-seed")){\n            seed = 1;\n        }\n'
        '    cout << "New: " << new_pkts << " Rtx: "\n         << rtx << endl;\n    return 0;\n}\n')


def stand_in(root, main=MAIN):
    os.makedirs(os.path.join(root, "htsim", "sim", "datacenter"))
    with open(os.path.join(root, "htsim", "sim", "pipe.cpp"), "w") as f:
        f.write(PIPE)
    with open(os.path.join(root, "htsim", "sim", "datacenter", "main_uec.cpp"), "w") as f:
        f.write(main)


def run(copy):
    return subprocess.run([sys.executable, PATCH, copy], capture_output=True, text=True)


def main():
    with tempfile.TemporaryDirectory() as t:
        good = os.path.join(t, "good")
        stand_in(good)
        r = run(good)
        assert r.returncode == 0, r.stderr
        pipe = open(os.path.join(good, "htsim", "sim", "pipe.cpp")).read().split("\n")
        assert pipe[1].startswith('#include "uetlb_patch.h"'), pipe
        assert pipe[4] == "{" and "uetlb_patch::drops(this, str(), pkt)" in pipe[5], pipe
        main_lines = open(os.path.join(good, "htsim", "sim", "datacenter", "main_uec.cpp")).read().split("\n")
        at = next(i for i, x in enumerate(main_lines) if '"-uetlb_blackhole"' in x)
        seed = next(i for i, x in enumerate(main_lines) if '"-seed"' in x)
        assert at < seed and '"-uetlb_freeze_exit_us"' in "\n".join(main_lines[at:seed]), main_lines
        report = next(i for i, x in enumerate(main_lines) if "uetlb_patch::report()" in x)
        assert main_lines[report - 1].strip() == "<< rtx << endl;", main_lines  # after the whole statement
        assert os.path.isfile(os.path.join(good, "htsim", "sim", "uetlb_patch.h"))
        again = run(good)
        assert again.returncode == 1 and "patched already" in again.stderr, again.stderr
        bad = os.path.join(t, "bad")
        stand_in(bad, MAIN.replace('"-seed"', '"-sd"'))
        r = run(bad)
        assert r.returncode == 1, r.stderr
        assert "main_uec.cpp" in r.stderr and "-seed" in r.stderr and "found 0 times" in r.stderr, r.stderr
        assert not os.path.exists(os.path.join(bad, "htsim", "sim", "uetlb_patch.h"))
        assert "uetlb" not in open(os.path.join(bad, "htsim", "sim", "pipe.cpp")).read()
        assert run(os.path.join(t, "none")).returncode == 1
    print("test_htsim_patch: ok")


if __name__ == "__main__":
    main()
