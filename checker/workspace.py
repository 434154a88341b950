"""Where the learner's exercises are, and the small progress file beside them.

The progress file (``.attn-kit/state.json`` in the workspace, ignored by git)
remembers hint levels. It is safe to delete and is never trusted for grading.
"""
from __future__ import annotations

import json
from pathlib import Path

from . import files, manifest

STATE_DIR = ".attn-kit"
STATE_FILE = "state.json"


class WorkspaceError(Exception):
    """A usage problem with a one-line explanation for the learner."""


def _has_exercises(folder: Path) -> bool:
    return folder.is_dir() and any((folder / e.file).is_file() for e in manifest.load())


def find_exercises(explicit: str | None = None, start: Path | None = None) -> Path:
    """The exercises folder: ``explicit`` if given, else ``exercises/`` here or above."""
    if explicit is not None:
        folder = Path(explicit).expanduser()
        if not folder.exists():
            raise WorkspaceError(f"no such folder: {explicit}")
        if not folder.is_dir():
            raise WorkspaceError(f"not a folder: {explicit}")
        if not _has_exercises(folder):
            if _has_exercises(folder / "exercises"):
                return (folder / "exercises").resolve()
            names = ", ".join(e.file for e in manifest.load()[:2])
            raise WorkspaceError(f"{explicit} holds none of the exercise files ({names}, ...)")
        return folder.resolve()
    here = (start or Path.cwd()).resolve()
    for folder in (here, *here.parents):
        if folder.name == "exercises" and _has_exercises(folder):
            return folder
        if _has_exercises(folder / "exercises"):
            return folder / "exercises"
    raise WorkspaceError("no exercises/ folder here or above: run this from the kit's folder, "
                         "or pass --exercises DIR")


class State:
    """The progress file of one workspace (the folder that holds exercises/)."""

    def __init__(self, exercises_dir: Path):
        self.path = Path(exercises_dir).resolve().parent / STATE_DIR / STATE_FILE
        self.data = self._read()

    def _read(self) -> dict:
        try:
            data = json.loads(self.path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return {}
        return data if isinstance(data, dict) else {}

    def hint_level(self, exercise_id: str) -> int:
        level = self.data.get("hints", {}).get(exercise_id, 0)
        return level if isinstance(level, int) and level >= 0 else 0

    def set_hint_level(self, exercise_id: str, level: int) -> None:
        hints = self.data.get("hints")
        if not isinstance(hints, dict):
            hints = self.data["hints"] = {}
        hints[exercise_id] = level

    def save(self) -> bool:
        """Write atomically; returns False when the folder is not writable."""
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            gitignore = self.path.parent / ".gitignore"
            if not gitignore.exists():
                gitignore.write_text("*\n", encoding="utf-8")
            files.write_atomic(self.path, json.dumps(self.data, indent=2, sort_keys=True))
            return True
        except OSError:
            return False
