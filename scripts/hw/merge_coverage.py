#!/usr/bin/env python3
"""Sums the functional-coverage JSON files of several uetlb-tb runs and checks the regression goals:
every attribute extreme (attr.* bins) used by at least one run, and every per-run goal met in the sum.

  merge_coverage.py cov1.json cov2.json ...      exit 1 when a goal is missed
"""
import json
import sys


def main() -> int:
    if len(sys.argv) < 2:
        print("usage: merge_coverage.py FILE.json ...", file=sys.stderr)
        return 2
    total = {}
    for path in sys.argv[1:]:
        try:
            with open(path) as f:
                bins = json.load(f)
        except (OSError, json.JSONDecodeError) as e:
            print(f"merge_coverage.py: {path}: {e}", file=sys.stderr)
            return 2
        for name, b in bins.items():
            t = total.setdefault(name, {"count": 0, "goal": 0})
            t["count"] += b["count"]
            t["goal"] = max(t["goal"], b["goal"])
    short = []
    print(f"merged functional coverage of {len(sys.argv) - 1} runs")
    for name in sorted(total):
        goal = 1 if name.startswith("attr.") else total[name]["goal"]
        ok = total[name]["count"] >= goal
        if not ok:
            short.append(name)
        print(f"  {name:36} {total[name]['count']:>10} / {goal if goal else '-'}{'' if ok else '  SHORT'}")
    print(f"{len(short)} bins short")
    return 1 if short else 0


if __name__ == "__main__":
    sys.exit(main())
