#!/usr/bin/env python3
"""Every command block of README.md and docs/*.md runs as written (CTest docs_commands), so a document
that drifts from the programs fails.

  test_doc_commands.py SOURCE_ROOT BUILD_DIR WORK_DIR rtl|no-rtl

A command block is a fenced block marked ```sh or ```bash; other blocks (output, C++, CMake) are not run.
Each document's blocks run in order (two documents at a time), in a folder of their own (WORK_DIR/<document>) laid out as the
repository's root: `build` is BUILD_DIR, `examples/` a copy (scenario files name traces relative to
themselves, out/ beside the root), everything else a link to the source. A block runs under
`bash -e -o pipefail` with a time limit.

A line just before a block (an HTML comment, invisible on a rendered page) changes that:
  <!-- doc-test: skip: REASON -->   not run (a window, the FPGA tools, minutes of work); REASON is printed
  <!-- doc-test: rtl -->            run only when the build has the RTL engine (else skipped, said so)
Sizes a document writes as ${NAME:-default} are made small here (SMALL below); a document using a
variable SMALL does not set fails the test, so a block never runs at full size unnoticed.

It also checks that no document names a file outside the repository (a clone has nothing beside it) and
that every relative link reaches a file in it.

Prints what ran and what was skipped, with the reason for each skip; exits 1 naming each block that failed
(its document and line, the block and the end of its output)."""
import concurrent.futures
import os
import re
import shutil
import subprocess
import sys

SMALL = {"RANKS": "16", "BYTES": "65536", "PACKETS": "2000", "CYCLES": "20000",
         "SWEEP": "examples/sweeps/smoke.json"}
# A hang guard for one block, not a speed check: the slowest, the fabric's 64-host all-to-all through the
# RTL engine with a waveform, takes about 40 s alone and passed 100 s on a host loaded with place-and-route.
TIMEOUT_S = 900
MARK_RE = re.compile(r"^<!--\s*doc-test:\s*(skip:\s*(?P<reason>.+?)|(?P<rtl>rtl))\s*-->\s*$")
FENCE_RE = re.compile(r"^```(?P<lang>[A-Za-z]*)\s*$")
VAR_RE = re.compile(r"\$\{(?P<name>[A-Z_][A-Z0-9_]*):-")
OUTSIDE_RE = re.compile(r"\.\./shared|SPEC\.md|/work/")
LINK_RE = re.compile(r"\]\(([^)#\s]+)")
MD_NAME_RE = re.compile(r"`([\w./-]+\.md)`")


def blocks(path):
    """(first line number, language, text, mark) of each fenced block of `path`; mark is None, "rtl" or a
    skip reason."""
    with open(path, encoding="utf-8") as f:
        lines = f.read().split("\n")
    out = []
    i = 0
    while i < len(lines):
        m = FENCE_RE.match(lines[i])
        if not m:
            i += 1
            continue
        start = i
        j = i + 1
        while j < len(lines) and not lines[j].startswith("```"):
            j += 1
        if j == len(lines):
            raise SystemExit(f"test_doc_commands: {path}:{start + 1}: a fenced block is never closed")
        mark = None
        k = start - 1
        while k >= 0 and not lines[k].strip():
            k -= 1
        mm = MARK_RE.match(lines[k].strip()) if k >= 0 else None
        if mm:
            mark = "rtl" if mm.group("rtl") else "skip: " + mm.group("reason")
        elif k >= 0 and "doc-test" in lines[k]:
            raise SystemExit(f"test_doc_commands: {path}:{k + 1}: a doc-test mark that is neither "
                             "'<!-- doc-test: skip: REASON -->' nor '<!-- doc-test: rtl -->'")
        out.append((start + 1, m.group("lang"), "\n".join(lines[start + 1:j]), mark))
        i = j + 1
    return out


def outside_pointers(root, docs):
    """A clone of the repository is all a reader has: no document names a file outside it (the project's
    old contract beside it, ../shared/SPEC.md), and every relative link reaches a file or folder in it."""
    bad = []
    top = os.path.realpath(root)
    for doc in docs:
        in_code = False
        with open(os.path.join(root, doc), encoding="utf-8") as f:
            for n, line in enumerate(f, 1):
                for m in OUTSIDE_RE.finditer(line):
                    bad.append(f"{doc}:{n}: '{m.group(0)}' names a file outside the repository")
                for m in MD_NAME_RE.finditer(line):  # a document named in backquotes, as the docs do
                    name = m.group(1)
                    if not any(os.path.exists(os.path.join(root, d, name)) for d in (os.path.dirname(doc), "", "docs")):
                        bad.append(f"{doc}:{n}: '{name}' is no document of the repository")
                if line.startswith("```"):
                    in_code = not in_code
                if in_code:
                    continue
                for m in LINK_RE.finditer(re.sub(r"`[^`]*`", "", line)):
                    target = m.group(1)
                    if re.match(r"^[a-z]+:", target):
                        continue
                    path = os.path.realpath(os.path.join(root, os.path.dirname(doc), target))
                    if not (path == top or path.startswith(top + os.sep)) or not os.path.exists(path):
                        bad.append(f"{doc}:{n}: the link '{target}' reaches nothing in the repository")
    return bad


def layout(root, build, work):
    """`work` laid out as the repository's root: build -> BUILD_DIR, examples/ copied, the rest linked."""
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(work)
    os.symlink(os.path.abspath(build), os.path.join(work, "build"))
    for name in sorted(os.listdir(root)):
        if name.startswith(("build", ".")) or name in ("out", "traces"):
            continue
        src = os.path.join(root, name)
        if name == "examples":
            shutil.copytree(src, os.path.join(work, name), symlinks=True)
        else:
            os.symlink(src, os.path.join(work, name))


def main():
    if len(sys.argv) != 5 or sys.argv[4] not in ("rtl", "no-rtl"):
        print(__doc__.split("\n\n")[1], file=sys.stderr)
        return 2
    root, build, work_root, rtl = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4] == "rtl"
    docs = ["README.md"] + sorted(os.path.join("docs", f) for f in os.listdir(os.path.join(root, "docs"))
                                  if f.endswith(".md"))
    env = dict(os.environ, SYSTEMC_DISABLE_COPYRIGHT_MESSAGE="1", **SMALL)
    ran, skipped, failed = [], [], []
    failed += outside_pointers(root, docs)

    def run_document(doc):
        """A document's blocks in order, in its own folder: (ran, skipped, failed)."""
        d_ran, d_skipped, d_failed = [], [], []
        command_blocks = [b for b in blocks(os.path.join(root, doc)) if b[1] in ("sh", "bash")]
        if not command_blocks:
            return d_ran, d_skipped, d_failed
        work = os.path.join(work_root, doc.replace("/", "_"))
        layout(root, build, work)
        for line, _, text, mark in command_blocks:
            where = f"{doc}:{line}"
            unknown = sorted(set(VAR_RE.findall(text)) - set(SMALL))
            if unknown:
                d_failed.append(f"{where}: sizes in variables this test does not make small: {', '.join(unknown)} "
                                "(add them to SMALL in tests/scripts/test_doc_commands.py)")
                continue
            if mark and mark.startswith("skip: "):
                d_skipped.append(f"{where}: {mark[6:]}")
                continue
            if mark == "rtl" and not rtl:
                d_skipped.append(f"{where}: needs the RTL engine, which this build lacks")
                continue
            try:
                r = subprocess.run(["bash", "-e", "-o", "pipefail", "-c", text], cwd=work, env=env,
                                   stdin=subprocess.DEVNULL, capture_output=True, text=True, timeout=TIMEOUT_S)
                ok, output = r.returncode == 0, r.stdout + r.stderr
                why = f"exit {r.returncode}"
            except subprocess.TimeoutExpired as e:
                ok, why = False, f"still running after {TIMEOUT_S} s"
                output = (e.stdout or b"").decode(errors="replace") + (e.stderr or b"").decode(errors="replace")
            if ok:
                d_ran.append(where)
            else:
                tail = "\n".join("    | " + l for l in output.strip().split("\n")[-15:])
                block = "\n".join("    > " + l for l in text.split("\n"))
                d_failed.append(f"{where}: {why}\n{block}\n{tail}")
        return d_ran, d_skipped, d_failed

    # The documents side by side (each in its own folder), two at a time; reported in document order.
    with concurrent.futures.ThreadPoolExecutor(max_workers=2) as pool:
        for d_ran, d_skipped, d_failed in pool.map(run_document, docs):
            ran += d_ran
            skipped += d_skipped
            failed += d_failed
    print(f"test_doc_commands: ran {len(ran)} command blocks: {', '.join(ran)}")
    print(f"test_doc_commands: skipped {len(skipped)}:")
    for s in skipped:
        print(f"  {s}")
    if failed:
        for f in failed:
            print(f"test_doc_commands: FAIL: {f}", file=sys.stderr)
        return 1
    if not ran:
        print("test_doc_commands: FAIL: no command block ran", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
