"""Shared by the Python tests of the netlist tools (scripts/hw/logic_levels.py, scripts/hw/ecp5_outreg.py):
a cell of a hand-built Yosys JSON netlist, and the list of checks that failed."""


def cell(kind, inputs, outputs, params=None):
    """A cell of type kind; inputs and outputs map a port to its one bit (a net number or "0"/"1")."""
    conns, dirs = {}, {}
    for port, bit in inputs.items():
        conns[port], dirs[port] = [bit], "input"
    for port, bit in outputs.items():
        conns[port], dirs[port] = [bit], "output"
    return {"type": kind, "parameters": dict(params or {}), "connections": conns, "port_directions": dirs}


class Checks:
    """Collects the checks that fail; finish() prints them and a summary line and gives the exit status."""

    def __init__(self, tool):
        self.tool = tool
        self.failures = []

    def expect(self, what, cond):
        if not cond:
            self.failures.append(what)

    def fail(self, what):
        self.failures.append(what)

    def finish(self):
        for f in self.failures:
            print("FAIL:", f)
        print(f"{self.tool}: {len(self.failures)} checks failed" if self.failures else f"{self.tool}: all checks pass")
        return 1 if self.failures else 0
