"""A small class of submissions built in a test's own folder, for the class-level features
(insights, shards and merge, similarity): solved students, stubs, students with one or
two classic mistakes from tests/implementations/wrong, one whose file cannot be read,
and one zip that is not a zip."""
from __future__ import annotations

from pathlib import Path

from conftest import EXERCISES, IMPLEMENTATIONS, SOLUTIONS, copy_exercises

from checker import manifest

FILES = {e.id: e.file for e in manifest.load()}
WRONG = IMPLEMENTATIONS / "wrong"

# student -> {exercise id: file in tests/implementations/wrong/<stem>/} on top of the solutions
MISTAKES = {
    "ana": {},
    "ben": {"08": "no_scaling.py"},
    "chloe": {"08": "no_scaling.py", "07": "triu.py"},
    "dan": {"07": "triu.py", "05": "no_max_shift.py"},
    "eve": {"05": "torch_softmax.py"},
    # a hostile name: markup and a formula, in the folder's name
    "<b>x</b>=1+1": {"04": "divides_by_dk.py"},
}


def wrong_file(eid: str, name: str) -> str:
    return (WRONG / FILES[eid][:-3] / name).read_text(encoding="utf-8")


def build(base: Path) -> Path:
    """The class in ``base/subs``; returns that folder."""
    subs = base / "subs"
    subs.mkdir(parents=True)
    for student, mistakes in MISTAKES.items():
        folder = copy_exercises(SOLUTIONS, subs / student)
        for eid, name in mistakes.items():
            (folder / FILES[eid]).write_text(wrong_file(eid, name), encoding="utf-8")
    copy_exercises(EXERCISES, subs / "fay_stubs")
    partial = copy_exercises(SOLUTIONS, subs / "gus_partial")
    (partial / FILES["10"]).unlink()                 # no file: not started
    (partial / FILES["09"]).write_text("def broken(:\n", encoding="utf-8")  # a syntax error
    (subs / "hal_broken.zip").write_bytes(b"this is not a zip")  # cannot be graded
    return subs
