"""The variables a waveform declares, read from its header (one parser for the GTKWave save-file tools).

  variables(PATH) -> [(scopes, name, width, range)]   scopes: tuple of scope names from the top; range:
                                                       "[msb:lsb]" as declared, or "" for a single bit
A VCD is read as it is (a formal counterexample); an FST through GTKWave's fst2vcd.
"""
import subprocess
import sys


def header_text(path):
    """The text of a waveform's header, or exits naming the file and what is wrong."""
    try:
        if path.endswith(".vcd"):
            with open(path, encoding="utf-8", errors="replace") as f:
                text = f.read()
        else:
            text = subprocess.run(["fst2vcd", path], capture_output=True, text=True, check=True).stdout
    except (OSError, subprocess.CalledProcessError) as e:
        sys.exit(f"{path}: cannot read the waveform ({e})")
    return text.split("$enddefinitions", 1)[0]


def variables(path):
    out, scopes = [], []
    for line in header_text(path).splitlines():
        if line.startswith("$scope"):
            scopes.append(line.split()[2])
        elif line.startswith("$upscope"):
            scopes.pop()
        elif line.startswith("$var"):
            parts = line.split()
            width, name = int(parts[2]), parts[4]
            rng = parts[5] if len(parts) > 6 and parts[5].startswith("[") else ""
            out.append((tuple(scopes), name, width, rng))
    return out
