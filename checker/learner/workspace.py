"""The learner's workspace: where the exercises are, the original stubs, and progress.

A workspace is a folder holding ``exercises/`` (a clone of the kit, or one made
by ``attn-kit init``). Beside it, ``.attn-kit/`` (ignored by git) holds:

- ``state.json``: hint levels and which exercises passed, and when; for an exercise
  that fails, its telling case and the likely cause the screen named (the next hint
  starts from that cause). It is only a convenience: safe to delete, and never read
  by the grader.
- ``backups/``: every file ``reset`` replaced, with the time in its name.

The original stubs are derived from the reference solutions the kit ships
(``checker.stubs``), so ``reset`` and ``init`` work whether the kit was cloned or
installed with pip, and cannot drift from the exercise text.
"""
from __future__ import annotations

import json
import shutil
import time
from pathlib import Path

from typing import TYPE_CHECKING

from checker import files, manifest, stubs
from checker.i18n import t

if TYPE_CHECKING:  # (a check imports this module before torch: checking.start_early)
    from checker.judge.results import Status

STATE_DIR = ".attn-kit"
STATE_FILE = "state.json"
BACKUPS = "backups"


class WorkspaceError(Exception):
    """A usage problem with a one-line explanation for the learner."""


def _has_exercises(folder: Path) -> bool:
    return folder.is_dir() and any((folder / e.file).is_file() for e in manifest.load())


def find_exercises(explicit: str | None = None, start: Path | None = None,
                   option: str = "--exercises DIR") -> Path:
    """The exercises folder: ``explicit`` if given, else ``exercises/`` here or above.

    ``option`` is how the caller names the way to point elsewhere (in a notebook,
    ``exercises="path"``), for the message when there is none.
    """
    if explicit is not None:
        folder = Path(explicit).expanduser()
        if not folder.exists():
            raise WorkspaceError(t("no such folder: {path}", path=explicit))
        if not folder.is_dir():
            raise WorkspaceError(t("not a folder: {path}", path=explicit))
        if not _has_exercises(folder):
            if _has_exercises(folder / "exercises"):
                return (folder / "exercises").resolve()
            names = ", ".join(e.file for e in manifest.load()[:2])
            raise WorkspaceError(t("{path} holds none of the exercise files ({names}, ...)",
                                   path=explicit, names=names))
        return folder.resolve()
    here = (start or Path.cwd()).resolve()
    for folder in (here, *here.parents):
        if folder.name == "exercises" and _has_exercises(folder):
            return folder
        if _has_exercises(folder / "exercises"):
            return folder / "exercises"
    raise WorkspaceError(t("no exercises/ folder here or above: run this from the kit's folder "
                           "or a workspace made by `attn-kit init DIR`, or pass {option}",
                           option=option))


def stub_text(exercise: manifest.Exercise) -> str:
    """The original stub of an exercise, derived from the solution the kit ships."""
    try:
        return stubs.stub_text(exercise)
    except (stubs.SourceError, OSError):
        raise WorkspaceError(t("the reference solutions are not installed with this kit, so "
                               "there is no original stub to write")) from None


def now() -> str:
    return time.strftime("%Y-%m-%d %H:%M:%S")


class State:
    """The progress file of one workspace (the folder that holds exercises/)."""

    def __init__(self, exercises_dir: Path):
        self.root = Path(exercises_dir).resolve().parent / STATE_DIR
        self.path = self.root / STATE_FILE
        self.data = self._read()

    def _read(self) -> dict:
        try:
            data = json.loads(self.path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return {}
        return data if isinstance(data, dict) else {}

    def _table(self, name: str) -> dict:
        table = self.data.get(name)
        if not isinstance(table, dict):
            table = self.data[name] = {}
        return table

    def _levels(self, exercise: manifest.Exercise) -> dict[str, int]:
        """The hint level reached per topic (function) of an exercise."""
        raw = self._table("hints").get(exercise.id, {})
        if isinstance(raw, int):  # an earlier kit kept one level per exercise
            raw = {exercise.hint_topics()[0]: raw}
        if not isinstance(raw, dict):
            return {}
        return {k: v for k, v in raw.items() if isinstance(v, int) and v >= 0}

    def hint_level(self, exercise: manifest.Exercise, topic: str) -> int:
        return self._levels(exercise).get(topic, 0)

    def set_hint_level(self, exercise: manifest.Exercise, topic: str, level: int) -> None:
        levels = self._levels(exercise)
        levels[topic] = level
        self._table("hints")[exercise.id] = levels

    def reset_hints(self, exercise: manifest.Exercise) -> bool:
        """Forget the hints seen for an exercise (a reset starts it afresh); True if any."""
        cause = self._table("cause_hints").pop(exercise.id, None) is not None
        return self._table("hints").pop(exercise.id, None) is not None or cause

    def hints_seen(self, exercise: manifest.Exercise) -> tuple[int, int]:
        """(hints seen, hints there are) over every topic of the exercise."""
        levels = self._levels(exercise)
        topics = exercise.hint_topics()
        total = sum(len(exercise.hints_for(topic, "en")[1]) for topic in topics)
        return sum(min(levels.get(topic, 0), len(exercise.hints_for(topic, "en")[1]))
                   for topic in topics), total

    def failing(self, exercise_id: str) -> tuple[str | None, str | None]:
        """(function, case) of the exercise's telling failure at the last check, if any."""
        found = self._table("failing").get(exercise_id)
        if not isinstance(found, dict):
            return None, None
        function, case = found.get("function"), found.get("case")
        return (function if isinstance(function, str) else None,
                case if isinstance(case, str) else None)

    def failing_cause(self, exercise_id: str) -> str | None:
        """The id of the likely cause the last check named for the exercise, if any."""
        found = self._table("failing").get(exercise_id)
        cause = found.get("cause") if isinstance(found, dict) else None
        return cause if isinstance(cause, str) and cause else None

    def cause_hint_seen(self, exercise_id: str) -> str | None:
        """The cause whose hint was shown last for the exercise (it is not shown twice)."""
        seen = self._table("cause_hints").get(exercise_id)
        return seen if isinstance(seen, str) else None

    def set_cause_hint_seen(self, exercise_id: str, cause: str) -> None:
        self._table("cause_hints")[exercise_id] = cause

    def passed_at(self, exercise_id: str) -> str | None:
        """When the exercise first passed (local time), if it has."""
        when = self._table("passed").get(exercise_id)
        return when if isinstance(when, str) else None

    def record(self, statuses: dict[str, Status],
               failing: dict[str, tuple] | None = None) -> bool:
        """Note exercises that pass now (keeping the first time) and forget those that don't;
        and for those that fail, which function and case fail, and the id of the likely
        cause the screen named ("" for none): the hints follow them.

        Returns whether anything changed (so callers save only then).
        """
        passed, failed = self._table("passed"), self._table("failing")
        before = (dict(passed), dict(failed))
        for exercise_id, status in statuses.items():
            if status == "passed":  # Status.PASSED (a str enum)
                passed.setdefault(exercise_id, now())
            else:
                passed.pop(exercise_id, None)
            if failing and exercise_id in failing:
                function, case, *cause = failing[exercise_id]
                failed[exercise_id] = {"function": function, "case": case}
                if cause and cause[0]:
                    failed[exercise_id]["cause"] = cause[0]
            else:
                failed.pop(exercise_id, None)
        return (passed, failed) != before

    def save(self) -> bool:
        """Write atomically; returns False when the folder is not writable."""
        try:
            self.root.mkdir(parents=True, exist_ok=True)
            ignored_by_git(self.root)
            files.write_atomic(self.path, json.dumps(self.data, indent=2, sort_keys=True))
            return True
        except OSError:
            return False


def ignored_by_git(state_dir: Path) -> None:
    """``.attn-kit/`` holds only local things: tell git to leave all of it alone."""
    gitignore = state_dir / ".gitignore"
    if not gitignore.exists():
        gitignore.write_text("*\n", encoding="utf-8")


def reset(exercises_dir: Path, exercise: manifest.Exercise) -> Path | None:
    """Put the original stub back; returns where the learner's file was saved (None: nothing to keep).

    The learner's file is copied to ``.attn-kit/backups/`` before anything is
    written; if that copy fails, the file is left alone.
    """
    target = Path(exercises_dir) / exercise.file
    stub = stub_text(exercise)
    backup = None
    if target.is_symlink() or target.exists():
        if not target.is_symlink() and target.is_file() and \
                target.read_text(encoding="utf-8", errors="replace") == stub:
            return None
        if not target.is_file():
            raise WorkspaceError(t("{path} is not a regular file; move it away and try again",
                                   path=target))
        folder = Path(exercises_dir).resolve().parent / STATE_DIR / BACKUPS
        try:
            folder.mkdir(parents=True, exist_ok=True)
            ignored_by_git(folder.parent)
            backup = _free_name(folder, exercise)
            shutil.copy2(target, backup)
        except OSError as exc:
            raise WorkspaceError(t("could not save a backup of {path} ({error}); "
                                   "nothing was changed", path=target, error=exc)) from None
    try:
        files.write_atomic(target, stub)
    except OSError as exc:
        raise WorkspaceError(t("could not write {path}: {error}", path=target, error=exc)) from None
    return backup


def _free_name(folder: Path, exercise: manifest.Exercise) -> Path:
    stamp = time.strftime("%Y%m%d-%H%M%S")
    candidate = folder / f"{exercise.stem}.{stamp}.py"
    n = 2
    while candidate.exists():
        candidate = folder / f"{exercise.stem}.{stamp}-{n}.py"
        n += 1
    return candidate


def init(folder: Path) -> Path:
    """Make a workspace: ``folder/exercises/`` with fresh stubs. Refuses to overwrite anything."""
    folder = Path(folder).expanduser()
    if folder.exists() and not folder.is_dir():
        raise WorkspaceError(t("{path} is a file; give a folder name", path=folder))
    exercises_dir = folder / "exercises"
    existing = [e.file for e in manifest.load() if (exercises_dir / e.file).exists()]
    if existing:
        raise WorkspaceError(t("{path} already holds exercises ({names}); nothing was changed. "
                               "Work there, or choose another folder",
                               path=exercises_dir, names=", ".join(existing[:3])))
    try:
        exercises_dir.mkdir(parents=True, exist_ok=True)
        for exercise in manifest.load():
            files.write_atomic(exercises_dir / exercise.file, stub_text(exercise))
    except OSError as exc:
        raise WorkspaceError(t("could not create the workspace in {path}: {error}",
                               path=folder, error=exc)) from None
    return exercises_dir.resolve()


def found_or_made(folder: Path) -> tuple[Path, bool]:
    """Where a notebook works (``checker.workspace()``): the folder that holds
    ``exercises/`` here or above, else ``folder``, made a workspace as ``init`` makes one
    unless it holds one already. (its path, whether it was made now)."""
    try:
        return find_exercises().parent, False
    except WorkspaceError:
        pass
    folder = Path(folder).expanduser()
    if _has_exercises(folder / "exercises"):
        return folder.resolve(), False
    return init(folder).parent, True
