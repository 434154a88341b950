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
