#!/usr/bin/env python3
"""docs/configuration.md's attribute table says what the programs do (CTest docs_configuration), so that the
reference cannot drift from the model:
- every attribute of the model (model/include/uetlb/config.hpp, the `///< Name` comments) has a row, and
  no row names anything else;
- each row's default is the struct's default (times and rates converted to ns and bit/s);
- uetlb-run accepts each integer range's ends and refuses one past each, naming the attribute, and takes
  each named value ("None", true, ...) while refusing another.
usage: test_configuration_doc.py SOURCE_ROOT UETLB_RUN TMPDIR"""
import json
import os
import re
import shutil
import subprocess
import sys

root, run, tmp = sys.argv[1:4]
failures = []
UNITS = {"ns": 1, "us": 1000, "ms": 10**6, "s": 10**9, "bps": 1, "Kbps": 10**3, "Mbps": 10**6, "Gbps": 10**9,
         "Tbps": 10**12}
TYPES = {"Default Packet Spraying": "SprayingType::Default", "None": "SprayingType::None",
         "Recycled Entropy Packet Spraying": "SprayingType::Reps"}


def table():
    """The attribute table's rows: name -> (values, default)."""
    rows = {}
    with open(os.path.join(root, "docs", "configuration.md"), encoding="utf-8") as f:
        text = f.read()
    body = text.split("| attribute | values | default |", 1)[1].split("\n\n", 1)[0]
    for line in body.splitlines()[2:]:
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        rows[cells[0].strip("`")] = (cells[1], cells[2].strip("`"))
    return rows


def struct_defaults():
    """The model's attributes and defaults: name -> the C++ initializer."""
    out = {}
    with open(os.path.join(root, "model", "include", "uetlb", "config.hpp"), encoding="utf-8") as f:
        for line in f:
            m = re.match(r"\s+[\w:]+\s+\w+\s*=\s*([^;]+);\s*///<\s*(\w+)", line)
            if m:
                out[m.group(2)] = m.group(1).strip()
    return out


def number(text):
    """A default as the struct holds it: "100 us" -> 100000, "400 Gbps" -> 400e9, "4096" -> 4096."""
    m = re.fullmatch(r"([0-9.]+)\s*([A-Za-z]*)", text)
    return int(float(m.group(1)) * UNITS.get(m.group(2), 1)) if m else None


def uetlb_run(config):
    path = os.path.join(tmp, "c.json")
    with open(path, "w", encoding="utf-8") as f:
        json.dump(config, f)
    r = subprocess.run([run, "--config", path, "--stimulus", os.path.join(root, "examples", "default_stimulus.csv"),
                        "--trace", os.devnull, "--quiet"], capture_output=True, text=True, timeout=60)
    return r.returncode, r.stderr.strip()


shutil.rmtree(tmp, ignore_errors=True)
os.makedirs(tmp)
rows, defaults = table(), struct_defaults()
if set(rows) != set(defaults):
    failures.append(f"the table's attributes {sorted(rows)} are not the model's {sorted(defaults)}")
for name, (values, default) in rows.items():
    want = defaults.get(name)
    if want is None:
        continue
    if default.strip('"') in TYPES:
        got = TYPES[default.strip('"')]
    elif default in ("true", "false"):
        got = default
    else:
        got = number(default)
        want = int(want.replace("'", "").rstrip("ULul")) if re.fullmatch(r"[0-9']+[ULul]*", want) else want
    if got != want:
        failures.append(f"{name}: the table's default {default!r}, the model's {want!r}")
    m = re.fullmatch(r"(\d+)\.\.(\d+)", values)
    if m:
        lo, hi = int(m.group(1)), int(m.group(2))
        for v in (lo, hi):
            rc, err = uetlb_run({name: v})
            if rc != 0:
                failures.append(f"{name}: {v} (an end of the table's {values}) refused: {err}")
        for v in ([lo - 1] if lo > 0 else []) + [hi + 1]:
            rc, err = uetlb_run({name: v})
            if rc == 0 or f"'{name}'" not in err:
                failures.append(f"{name}: {v} (outside the table's {values}) exit {rc}: {err!r}")
    named = re.findall(r'`("[^"]+"|true|false)`', values)
    for v in named:
        rc, err = uetlb_run({name: json.loads(v)})
        if rc != 0:
            failures.append(f"{name}: {v} (a value the table names) refused: {err}")
    if named:
        rc, err = uetlb_run({name: "Something Else"})
        if rc == 0 or f"'{name}'" not in err:
            failures.append(f"{name}: a value the table does not name was taken (exit {rc})")

if failures:
    for f in failures:
        print(f"test_configuration_doc: FAIL: {f}", file=sys.stderr)
    sys.exit(1)
print(f"test_configuration_doc: {len(rows)} attributes: defaults, ranges and values as the model has them")
