#!/usr/bin/env python3
"""Checks scripts/hw/assert_labels.py on hand-written sources: a clean file passes; an unlabelled
assertion, a label used twice, and a labelled assertion in a procedural loop (on one line, or in a
begin-end body with a nested block before it) are each reported at their line; assertions in a generate
loop, in comments, and after a loop has closed are not. Prints every wrong answer; exits non-zero if any."""
import os
import subprocess
import sys
import tempfile

SCRIPT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "scripts", "hw", "assert_labels.py")

CLEAN = """module c (input logic clk_i, input logic [1:0] v);
  logic [1:0] ok;
  always_comb for (int i = 0; i < 2; i++) ok[i] = v[i];
  // assert (v); is a comment
  always_ff @(posedge clk_i) begin
    for (int i = 0; i < 2; i++) begin
      if (v[i]) begin end
    end
    a_ok: assert (&ok);
    if (v[0]) a_v: assert (v[1] ||
                          v[0]);
  end
  for (genvar g = 0; g < 2; g++) begin : g_x
    always_comb a_gen: assert (v[g] || !v[g]);
  end
endmodule
"""

BAD = """module b (input logic clk_i, input logic [1:0] v);
  always_ff @(posedge clk_i) begin
    assert (v != 0);
    a_one: assert (v[0]);
    a_one: assert (v[1]);
    for (int i = 0; i < 2; i++) a_loop1: assert (v[i]);
    for (int i = 0; i < 2; i++) begin
      if (i == 0) begin end
      a_loop2: assert (v[i]);
    end
    a_after: assert (1'b1);
  end
endmodule
"""


def run(text):
    with tempfile.NamedTemporaryFile("w", suffix=".sv", delete=False) as f:
        f.write(text)
    try:
        r = subprocess.run([sys.executable, SCRIPT, f.name], capture_output=True, text=True)
        return r.returncode, [line.split(":", 2)[1:] for line in r.stdout.splitlines()]
    finally:
        os.unlink(f.name)


def main():
    wrong = []
    rc, out = run(CLEAN)
    if rc != 0 or out:
        wrong.append(f"clean file: exit {rc}, reports {out}")
    rc, out = run(BAD)
    got = sorted((int(n), msg.split("(")[0].strip()) for n, msg in out)
    want = [(3, "an assertion without a label"), (5, "label 'a_one' already used at line 4"),
            (6, "'a_loop1' is inside a for loop"), (9, "'a_loop2' is inside a for loop")]
    if rc != 1 or got != want:
        wrong.append(f"bad file: exit {rc}, reports {got}, expected {want}")
    for w in wrong:
        print(w)
    return 1 if wrong else 0


if __name__ == "__main__":
    sys.exit(main())
