"""Writes a file whole, by the rules the C++ programs follow (model/src/output.cpp): to a new temporary
file beside it, created exclusively under a name no one can guess, renamed over the target only once
written; on any failure the temporary is removed and the target is left as it was. Shared by
scripts/fabric/sweep.py, scripts/fabric/fabric_scale.py and sim/plots.py, which each refuse a target that
exists and is not a regular file (a link, a folder, a device) before calling it, in their own words.
"""
import os
import tempfile


class NoRoomBeside(OSError):
    """The temporary file beside the target could not be created (the folder missing, unwritable or full)."""


def write_whole(path, write, binary=False):
    """Writes `path` through write(f), f a new file beside it opened for text (no newline translation) or,
    with `binary`, bytes; renames it over `path` when write(f) returns. Raises NoRoomBeside when the
    temporary cannot be created, else what the writing raised."""
    folder, name = os.path.split(path)
    try:
        fd, temp = tempfile.mkstemp(prefix=name + ".partial-", dir=folder or ".")
    except OSError as e:
        raise NoRoomBeside(e.errno, e.strerror, e.filename) from None
    try:
        mask = os.umask(0)  # (mkstemp makes the file 0600: give it the mode a plain open would)
        os.umask(mask)
        os.fchmod(fd, 0o666 & ~mask)
        with os.fdopen(fd, "wb" if binary else "w", **({} if binary else {"newline": ""})) as f:
            write(f)
        os.replace(temp, path)
    except BaseException:
        try:
            os.unlink(temp)
        except OSError:
            pass
        raise
