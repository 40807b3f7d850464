#!/usr/bin/env python3
"""Checks that a committed GTKWave save file names only signals a waveform has (so it opens complete).

  check_gtkw.py WAVE.fst|WAVE.vcd SAVE.gtkw
Exit 0 when every signal of SAVE.gtkw is in the waveform; else prints the missing ones and exits 1.
Needs fst2vcd (GTKWave) for FST; a VCD (a formal counterexample) is read as it is.
"""
import os
import sys

from vcd_header import variables


def wave_signals(path: str) -> set:
    return {".".join(scopes + (name,)) + (rng if width > 1 else "") for scopes, name, width, rng in variables(path)}


def main() -> int:
    if len(sys.argv) != 3:
        print(__doc__, file=sys.stderr)
        return 2
    have = wave_signals(sys.argv[1])
    lines = [line.strip() for line in open(sys.argv[2]) if line.strip()]
    wanted = [line for line in lines if line[0] not in "[@-*^"]
    missing = [w for w in wanted if w not in have]
    for m in missing:
        print(f"check_gtkw.py: {sys.argv[2]} names {m}, which {sys.argv[1]} does not have", file=sys.stderr)
    # Translate filter files ("^N path", N > 0) are found relative to the save file, as GTKWave finds them.
    filters = [line.split(None, 1)[1] for line in lines if line.startswith("^") and line[1:2] != "0" and " " in line]
    lost = [f for f in filters if not os.path.isfile(os.path.join(os.path.dirname(os.path.abspath(sys.argv[2])), f))]
    for f in lost:
        print(f"check_gtkw.py: {sys.argv[2]} names the translate filter {f}, which does not exist", file=sys.stderr)
    if not wanted:
        print(f"check_gtkw.py: {sys.argv[2]} names no signals", file=sys.stderr)
        return 1
    if missing or lost:
        return 1
    print(f"check_gtkw.py: {len(wanted)} signals of {sys.argv[2]} all in {sys.argv[1]}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
