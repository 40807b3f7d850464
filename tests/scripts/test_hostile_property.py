#!/usr/bin/env python3
"""A property over generated hostile inputs (issue 69): each program run on mutated copies of the
project's own input files (truncated, bytes flipped, numbers made huge, signed or spaced, lines made
long, nesting made deep, control bytes and NUL inserted) and on hostile output paths (a link to a file
outside its folder, a link to nothing, a folder, the input itself) must
  - end by itself (no signal, no timeout),
  - exit 0, 1 or 2, and with 1 or 2 print a non-empty reason naming the program, never a traceback or
    an uncaught exception,
  - with exit 0, leave the output it was asked for,
  - change no file outside its own output folder.
The same seed gives the same cases; a failure prints the case so it can be replayed.
usage: test_hostile_property.py UETLB_RUN UET_FABRIC SOURCE_DIR TMPDIR [CASES_PER_SEED]"""
import hashlib
import os
import random
import shutil
import subprocess
import sys

TIMEOUT_S = 20
MEMORY_KB = 4_000_000  # each run under a 4 GB address-space limit: a regression fails the test, not the machine


def mutations(data, rng):
    """One hostile variant of `data` (bytes)."""
    kind = rng.randrange(13)
    pos = rng.randrange(len(data) + 1)
    digits = [i for i, b in enumerate(data) if 0x30 <= b <= 0x39]
    if kind == 0:
        return data[:pos], "truncated"
    if kind == 1 and data:
        b = bytearray(data)
        for _ in range(rng.randrange(1, 8)):
            b[rng.randrange(len(b))] = rng.randrange(256)
        return bytes(b), "bytes flipped"
    if kind == 2 and digits:
        i = rng.choice(digits)
        huge = rng.choice([b"18446744073709551616", b"99999999999999999999999", b"4611686018427387905", b"9"])
        return data[:i] + huge + data[i + 1:], "a number made huge"
    if kind == 3 and digits:
        i = rng.choice(digits)
        return data[:i] + rng.choice([b"-", b"+", b" ", b"0x", b"1e", b"NaN"]) + data[i:], "a number signed or spaced"
    if kind == 4:
        return data[:pos] + b"A" * rng.choice([70_000, 1_000_000]) + data[pos:], "a long line"
    if kind == 5:
        depth = rng.choice([100, 10_000, 100_000])
        return data[:pos] + b"[" * depth + b"]" * depth + data[pos:], "deep nesting"
    if kind == 6:
        return data[:pos] + rng.choice([b"\x00", b"\x1b[2J", b"\r", b"\n\n\n", b"\xef\xbb\xbf", b"\xff\xfe"]) + data[pos:], \
            "a control byte"
    if kind == 7:
        lines = data.split(b"\n")
        i = rng.randrange(len(lines))
        return b"\n".join(lines[:i + 1] + [lines[i]] * rng.randrange(1, 4) + lines[i + 1:]), "a line repeated"
    if kind == 8:
        return b"", "empty"
    if kind == 12 and digits:
        i = rng.choice(digits)
        depth = 100_000
        return data[:i] + b"[" * depth + b"]" * depth + data[i + 1:], "a value nested deep"
    if kind == 9:
        return data + data, "doubled"
    if kind == 10:
        return data.replace(b",", b",,", 1) if b"," in data else data[:pos], "a field added"
    return bytes(rng.randrange(256) for _ in range(rng.randrange(1, 2000))), "random bytes"


def digest_tree(root, skip):
    """Checksums of every file under `root` except under `skip` (the case's own folder)."""
    sums = {}
    for folder, dirs, files in os.walk(root):
        if os.path.abspath(folder).startswith(os.path.abspath(skip)):
            dirs[:] = []
            continue
        for name in files:
            path = os.path.join(folder, name)
            if os.path.islink(path) or not os.path.isfile(path):
                continue
            with open(path, "rb") as f:
                sums[path] = hashlib.sha256(f.read()).hexdigest()
    return sums


def run(cmd, cwd, plant=None):
    """`cmd` in `cwd` under the memory limit; with `plant` (a path), a link to it is first planted at the
    name the trace's temporary file once had (out/t.csv.partial-PID: the shell's PID, which exec keeps)."""
    # (In the sanitizer build, where CTest sets UETLB_ASAN, an RSS limit: AddressSanitizer reserves terabytes
    # of shadow address space, so an address-space limit stops it at start.)
    if os.environ.get("UETLB_ASAN"):
        mem = f'export ASAN_OPTIONS=${{ASAN_OPTIONS:+$ASAN_OPTIONS:}}soft_rss_limit_mb={MEMORY_KB // 1024}:allocator_may_return_null=1;'
    else:
        mem = f"ulimit -v {MEMORY_KB};"
    limit = mem + ' exec "$0" "$@"'
    if plant:
        limit = f"ln -s '{plant}' out/t.csv.partial-$$; " + limit
    try:
        r = subprocess.run(["sh", "-c", limit, *cmd], cwd=cwd, capture_output=True, timeout=TIMEOUT_S)
    except subprocess.TimeoutExpired:
        return None
    return r


def main():
    run_bin, fabric, src, tmp = (os.path.abspath(a) for a in sys.argv[1:5])
    per_seed = int(sys.argv[5]) if len(sys.argv) > 5 else 12
    shutil.rmtree(tmp, ignore_errors=True)
    os.makedirs(tmp)
    guard = os.path.join(tmp, "guard")  # files outside every case's folder: none may change
    os.makedirs(guard)
    with open(os.path.join(guard, "victim.csv"), "w") as f:
        f.write("keep\n")
    seeds = {
        "stimulus": os.path.join(src, "examples", "default_stimulus.csv"),
        "config": os.path.join(src, "examples", "reps_default.json"),
        "scenario": os.path.join(src, "tests", "fuzz", "seeds", "scenario_leafspine.json"),
        "list": os.path.join(src, "tests", "fuzz", "seeds", "list_small.csv"),
        "chakra": os.path.join(src, "tests", "fuzz", "seeds", "chakra_comp_send.et"),
    }
    rng = random.Random(69)
    failures = []
    n = 0
    for what, seed_path in seeds.items():
        with open(seed_path, "rb") as f:
            seed = f.read()
        for i in range(per_seed):
            data, how = mutations(seed, rng)
            case = os.path.join(tmp, f"{what}-{i}")
            os.makedirs(case)
            out = os.path.join(case, "out")
            os.makedirs(out)
            # A hostile output path, now and then: a link leaving the folder, a link to nothing, a folder.
            trace = rng.choice(["out/t.csv"] * 4 + ["link", "dangling", "out", "in"])
            if trace == "link":
                os.symlink(os.path.join(guard, "victim.csv"), os.path.join(out, "t.csv"))
                trace = "out/t.csv"
            elif trace == "dangling":
                os.symlink(os.path.join(guard, "made-by-a-link.csv"), os.path.join(out, "t.csv"))
                trace = "out/t.csv"
            stim = os.path.join(src, "examples", "default_stimulus.csv")
            device = rng.random() < 0.1  # the input is /dev/zero (it was read without end)
            if what == "stimulus":
                name = "in.csv"
                cmd = [run_bin, "--stimulus", name, "--trace", "in.csv" if trace == "in" else trace, "--quiet"]
                wants = [] if trace in ("in", "out") else ["out/t.csv"]
            elif what == "config":
                name = "in.json"
                cmd = [run_bin, "--config", name, "--stimulus", stim, "--trace", "in.json" if trace == "in" else trace,
                       "--quiet"]
                wants = [] if trace in ("in", "out") else ["out/t.csv"]
            elif what == "scenario":
                name = "in.json"
                cmd = [fabric, name, "--check", "--out", "out"]
                wants = []
            elif what == "list":
                name = "in.csv"
                with open(os.path.join(case, "s.json"), "w") as f:
                    f.write('{"Workload":"list","MessageList":"in.csv","Leaves":2,"Spines":2,"HostsPerLeaf":2,'
                            '"Nic":{"PacketSprayingType":"Recycled Entropy Packet Spraying"}}')
                cmd = [fabric, "s.json", "--quiet", "--no-plots", "--out", "out"]
                wants = ["out/summary.csv", "out/messages.csv"]
            else:
                name = "tr.0.et"
                shutil.copy(seeds["chakra"], os.path.join(case, "tr.1.et"))
                with open(os.path.join(case, "s.json"), "w") as f:
                    f.write('{"Workload":"chakra","ChakraTraces":"tr","Leaves":2,"Spines":2,"HostsPerLeaf":2}')
                cmd = [fabric, "s.json", "--check"]
                wants = []
            if device:
                os.symlink("/dev/zero", os.path.join(case, name))
                how = "/dev/zero as the input"
            else:
                with open(os.path.join(case, name), "wb") as f:
                    f.write(data)
            before = digest_tree(tmp, case)
            plant = os.path.join(guard, "victim.csv") if cmd[0] == run_bin and rng.random() < 0.3 else None
            r = run(cmd, case, plant)
            n += 1
            label = f"{what} case {i} ({how}; output {trace}{'; a link planted' if plant else ''}): {' '.join(cmd)}"
            if r is None:
                failures.append(f"{label}: no end within {TIMEOUT_S} s")
                continue
            err = r.stderr.decode(errors="replace")
            if r.returncode < 0:
                failures.append(f"{label}: killed by signal {-r.returncode}")
            elif r.returncode not in (0, 1, 2):
                failures.append(f"{label}: exit {r.returncode}; stderr {err[-300:]!r}")
            elif r.returncode != 0 and (not err.strip() or any(m in err for m in ("Traceback", "terminate called", "bad_alloc", "out of memory"))):
                failures.append(f"{label}: exit {r.returncode} without a clear reason: {err[-300:]!r}")
            elif r.returncode == 0:
                missing = [w for w in wants if not os.path.isfile(os.path.join(case, w))]
                if missing:
                    failures.append(f"{label}: exit 0 without {', '.join(missing)}")
            if digest_tree(tmp, case) != before:
                failures.append(f"{label}: changed a file outside its folder")
            if os.path.exists(os.path.join(guard, "made-by-a-link.csv")):
                failures.append(f"{label}: created a dangling link's target")
                os.remove(os.path.join(guard, "made-by-a-link.csv"))
    for f in failures:
        print("FAIL:", f)
    print(f"test_hostile_property: {n} cases, {len(failures)} failed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
