"""What the commands share: the usage error, picking exercises, checking option values."""
from __future__ import annotations

from pathlib import Path

from checker import manifest
from checker.i18n import t

EXIT_OK, EXIT_NOT_PASSED, EXIT_USAGE, EXIT_INTERNAL = 0, 1, 2, 3


class UsageError(Exception):
    """A mistake in how a command was called; the message says what to do instead."""


def selected(ids: list[str]) -> list[manifest.Exercise]:
    """The exercises a learner named ("5", "05", "ex05", "softmax"), in the kit's order."""
    chosen = []
    for raw in ids:
        exercise = manifest.resolve(raw)
        if exercise is None:
            known = ", ".join(f"{e.id} {e.stem.split('_', 1)[1]}" for e in manifest.load())
            raise UsageError(t("unknown exercise {name}; give a number, a name or a function: "
                               "{known}", name=repr(raw), known=known))
        if exercise not in chosen:
            chosen.append(exercise)
    order = [e.id for e in manifest.load()]
    return sorted(chosen, key=lambda e: order.index(e.id))


WORK_SUFFIXES = (".py", ".ipynb", ".zip")  # what a report never overwrites


def output_file(raw: str | None, option: str = "--json", keep_off=()) -> Path | None:
    """A file to write: its folder must exist and it must not be a folder, nor a learner's
    work: an exercise file, a notebook, a zip, or anything in ``keep_off`` (the
    exercises or submissions being checked) or inside it."""
    if not raw:
        return None
    path = Path(raw).expanduser()
    if path.is_dir():
        raise UsageError(t("{option} wants a file name, and {path} is a folder",
                           option=option, path=raw))
    if not path.parent.resolve().is_dir():
        raise UsageError(t("cannot write {path}: the folder {folder} does not exist",
                           path=raw, folder=path.parent))
    exercise_files = {e.file for e in manifest.load()}
    for candidate in (path, path.resolve()):
        if candidate.name in exercise_files or candidate.suffix.lower() in WORK_SUFFIXES:
            raise UsageError(t("{option} {path} would overwrite a learner's work (an exercise "
                               "file, a notebook or a zip): give a report name ending in .json",
                               option=option, path=raw))
    keep_off_work(path, raw, option, keep_off)
    return path


def keep_off_work(path: Path, raw: str, option: str, keep_off) -> None:
    """Refuse ``path`` when it is, or lies inside, one of ``keep_off`` (after links)."""
    target = path.resolve()
    for work in keep_off:
        work = Path(work).resolve()
        if target == work or work in target.parents:
            raise UsageError(t("{option} {path} lies inside the work being checked ({work}): "
                               "write reports somewhere else", option=option, path=raw,
                               work=work))


def positive_timeout(seconds: float) -> None:
    if seconds <= 0:
        raise UsageError(t("--timeout must be a positive number of seconds"))
