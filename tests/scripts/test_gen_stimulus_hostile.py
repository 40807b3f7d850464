#!/usr/bin/env python3
"""scripts/gen/gen_stimulus.py against a closed pipe, a full disk, a closed standard output and numbers
written with a sign, a space, an underscore or as nan: one line naming the problem and a non-zero exit,
never a traceback and never 0 with the stimulus lost."""
import os
import subprocess
import sys

GEN = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "scripts", "gen", "gen_stimulus.py")
failures = []


def check(what, r, status, message):
    err = r.stderr.decode(errors="replace")
    if r.returncode != status or message not in err or "Traceback" in err:
        failures.append(f"{what}: exit {r.returncode}, stderr {err.strip()!r} (want {status} and {message!r})")


def main():
    # A closed pipe: the reader (head) stops after one line.
    p = subprocess.Popen([sys.executable, GEN, "--packets", "200000"], stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    p.stdout.readline()
    p.stdout.close()
    err = p.stderr.read()
    p.wait(timeout=60)
    check("closed pipe", subprocess.CompletedProcess([], p.returncode, b"", err), 1, "the pipe was closed")
    with open("/dev/full", "wb") as full:
        check("full disk", subprocess.run([sys.executable, GEN], stdout=full, stderr=subprocess.PIPE, timeout=60),
              1, "No space left on device")
    check("standard output closed",
          subprocess.run([sys.executable, GEN], stdout=None, stderr=subprocess.PIPE, timeout=60,
                         preexec_fn=lambda: os.close(1)), 1, "standard output is closed")
    for args, message in ((["--groups", "+4"], "'+4' is not an integer"), (["--packets", " 8"], "' 8' is not an integer"),
                          (["--seed", "1_000"], "'1_000' is not an integer"), (["--loss", "nan"], "'nan' is not a decimal"),
                          (["--loss", "0x0.8p0"], "is not a decimal")):
        check(" ".join(args), subprocess.run([sys.executable, GEN, *args], capture_output=True, timeout=60), 2, message)
    good = subprocess.run([sys.executable, GEN, "--loss", ".5", "--packets", "10"], capture_output=True, timeout=60)
    if good.returncode != 0 or not good.stdout.startswith(b"time_ns,group,event,value,psn\n"):
        failures.append(f"a good run failed: {good.returncode} {good.stderr!r}")
    for f in failures:
        print("FAIL:", f)
    print(f"test_gen_stimulus_hostile: {len(failures)} failed" if failures else "test_gen_stimulus_hostile: all passed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
