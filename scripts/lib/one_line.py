"""The entry of a script that reads uet-fabric's summaries: whatever goes wrong outside the script's own
checks ends in one line naming the program and the problem and a non-zero exit, never a traceback.
Shared by scripts/fabric/fabric_scale.py and scripts/fabric/htsim_compare.py."""
import csv
import os
import sys


def run(main, program):
    """sys.exit(main()), with a closed standard output, an OSError (a full disk, an unwritable folder) and a
    malformed summary each said in one line."""
    try:
        sys.exit(main())
    except BrokenPipeError:
        os.dup2(os.open(os.devnull, os.O_WRONLY), 1)  # (so Python's own flush at exit does not fail again)
        sys.exit(f"{program}: standard output: the pipe was closed")
    except OSError as e:
        sys.exit(f"{program}: {e.filename + ': ' if e.filename else ''}{e.strerror or e}")
    except (UnicodeDecodeError, csv.Error, KeyError, ValueError, StopIteration) as e:
        sys.exit(f"{program}: a uet-fabric summary is not what it should be ({type(e).__name__}: {e})")
