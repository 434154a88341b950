"""Writing the kit's files atomically: a temporary file beside the target, then a rename.

A reader never sees half a file, and whatever stood at the path before (a file a
submission left there, even a symbolic link) is replaced, never written through.
"""
from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path


def write_atomic(path: Path, data: str | bytes) -> None:
    path = Path(path)
    fd, tmp = tempfile.mkstemp(dir=path.parent.resolve(), prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data.encode("utf-8") if isinstance(data, str) else data)
        os.replace(tmp, path)
    except BaseException:
        if os.path.exists(tmp):
            os.unlink(tmp)
        raise


def write_json(path: Path, document: dict, *, compact: bool = False) -> None:
    """``compact`` for a class's many files: a third of the time and size of indented JSON."""
    text = json.dumps(document, default=str, separators=(",", ":")) if compact else \
        json.dumps(document, indent=2, default=str)
    write_atomic(path, text + "\n")


BOM = "\ufeff"


def write_csv(path: Path, text: str, *, bom: bool = True) -> None:
    """A CSV for people and their spreadsheets: UTF-8 with a byte-order mark, so that
    Excel on Windows reads 张伟 and José as they are (without the mark it guesses the
    system's code page). ``bom=False`` (the commands' ``--no-bom``) leaves it out for
    tools that do not expect it; Python reads either with ``encoding="utf-8-sig"``."""
    write_atomic(path, (BOM if bom else "") + text)
