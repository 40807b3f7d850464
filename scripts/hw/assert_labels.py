#!/usr/bin/env python3
"""Checks the RTL's assertion rule: every assertion is labelled, and no label is written twice in a file,
nor inside a loop (docs/verification.md, "Assertions").

  assert_labels.py FILE.sv ...   prints each offending assertion with its file and line; exits 1 if any

A label names the property in every report (Verilator's message, Yosys's cell, smtbmc's failing-assertion
line). Yosys 0.23 names a procedural assertion after its label, so one written inside a for loop, or the
same label twice, makes two cells of one name: such checks are written as a vector of per-item flags and
one assertion of their AND. The check reads the source with regular expressions, not a parser; comments
are left out.
"""
import re
import sys

ASSERT = re.compile(r"(?:\b([A-Za-z_]\w*)\s*:\s*)?\bassert\s*\(")
# The tokens that open and close the scopes a procedural loop makes (a generate loop, for (genvar ...),
# makes a named scope per pass, so its assertions are distinct and it does not count).
TOKEN = re.compile(r"\bfor\s*\((?!\s*genvar\b)|\bbegin\b|\bend\b|;|" + ASSERT.pattern)


def strip_comments(text: str) -> str:
    """The source with comments blanked (newlines kept, for line numbers)."""
    blank = lambda m: re.sub(r"[^\n]", " ", m.group(0))  # noqa: E731
    text = re.sub(r"/\*.*?\*/", blank, text, flags=re.S)
    return re.sub(r"//[^\n]*", blank, text)


def header_end(text: str, i: int) -> int:
    """The index just past the parenthesis that closes the one opened before i."""
    depth = 1
    while depth and i < len(text):
        depth += {"(": 1, ")": -1}.get(text[i], 0)
        i += 1
    return i


def check(path: str) -> list:
    """The problems of one file, as 'file:line: message' strings."""
    with open(path, encoding="utf-8") as f:
        text = strip_comments(f.read())
    problems, seen = [], {}
    stack = []          # per open begin: whether a procedural loop opened it
    pending = False     # a loop header was read; its body (a begin, or one statement) comes next
    i = 0
    while True:
        m = TOKEN.search(text, i)
        if not m:
            break
        tok, i = m.group(0), m.end()
        if tok.startswith("for"):
            i = header_end(text, i)
            pending = True
        elif tok == "begin":
            stack.append(pending)
            pending = False
        elif tok == "end":
            if stack:
                stack.pop()
        elif tok == ";":
            pending = False
        else:
            n = text.count("\n", 0, m.start()) + 1
            label = m.group(1)
            if label is None:
                problems.append(f"{path}:{n}: an assertion without a label (write 'a_what: assert (...)')")
                continue
            if label in seen:
                problems.append(f"{path}:{n}: label '{label}' already used at line {seen[label]}")
            seen[label] = n
            if pending or any(stack):
                problems.append(f"{path}:{n}: '{label}' is inside a for loop (assert the AND of per-item flags)")
            i = header_end(text, i)
    return problems


def main(argv: list) -> int:
    if len(argv) < 2:
        print(__doc__.strip().split("\n\n")[1], file=sys.stderr)
        return 2
    problems = [p for path in argv[1:] for p in check(path)]
    for p in problems:
        print(p)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
