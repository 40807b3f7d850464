#!/usr/bin/env python3
"""Checks the RTL's register naming rule: whatever a nonblocking assignment (<=) writes ends in _q, or in
_o for an output driven straight from a register (docs/architecture.md, "Files").

  reg_names.py FILE.sv ...     prints each offending name with its file and line; exits 1 if any

Simulation-only code (`ifndef SYNTHESIS ... `endif) is left out. The check reads assignment statements
with regular expressions, not a parser: a name it cannot read as a plain, indexed, field-selected or
concatenated target is reported, so that nothing is silently let through.
"""
import re
import sys

TARGET = re.compile(r"^[A-Za-z_]\w*")


def strip(text: str) -> str:
    """The source with comments and simulation-only blocks blanked (newlines kept, for line numbers)."""
    blank = lambda m: re.sub(r"[^\n]", " ", m.group(0))  # noqa: E731
    text = re.sub(r"/\*.*?\*/", blank, text, flags=re.S)
    text = re.sub(r"//[^\n]*", blank, text)
    text = re.sub(r"`ifndef SYNTHESIS.*?`endif", blank, text, flags=re.S)
    return re.sub(r"\bfor\s*\([^;]*;[^;]*;[^)]*\)", blank, text)  # (a loop's condition may hold a <=)


def split_top(s: str) -> list:
    """Comma-separated parts of s at bracket depth 0."""
    parts, depth, cur = [], 0, ""
    for ch in s:
        if ch in "[({":
            depth += 1
        elif ch in "])}":
            depth -= 1
        if ch == "," and depth == 0:
            parts.append(cur)
            cur = ""
        else:
            cur += ch
    return parts + [cur]


def targets(lhs: str) -> list:
    """The base names an assignment's left side writes."""
    lhs = lhs.strip()
    if lhs.startswith("{") and lhs.endswith("}"):
        return [n for part in split_top(lhs[1:-1]) for n in targets(part)]
    m = TARGET.match(lhs)
    return [m.group(0)] if m else [lhs]


def check(path: str) -> list:
    text = strip(open(path).read())
    found = []
    # A statement: from the previous ';', 'begin', 'end', 'else', ':' (a case label or statement label) or
    # ')' closing an if/for condition, up to a nonblocking assignment's '<='.
    for m in re.finditer(r"(?:;|\bbegin\b|\bend\b|\belse\b|:(?!:)|\)\s)\s*(\{[^;{}]*\}|[A-Za-z_][\w.]*(?:\[[^;]*?\])*(?:\.\w+)?)\s*<=(?!=)", text):
        line = text.count("\n", 0, m.start(1)) + 1
        for name in targets(m.group(1)):
            if not (name.endswith("_q") or name.endswith("_o")):
                found.append(f"{path}:{line}: '{name}' is written by <= (a register): its name must end in _q (or _o)")
    return found


def main() -> int:
    if len(sys.argv) < 2:
        print("usage: reg_names.py FILE.sv ...", file=sys.stderr)
        return 2
    problems = [p for path in sys.argv[1:] for p in check(path)]
    for p in problems:
        print(p)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
