"""The layouts courses hand in (issue 35, item 7).

A file named like an exercise file but for case or a copy number (` (1)`, `-1`) is
taken, with a warning, unless the exact name is there too; one that cannot be taken is
named in the missing file's message. The tests read submissions as the grader does (no
learner code runs).
"""
from __future__ import annotations

import zipfile
from pathlib import Path

import pytest
from conftest import SOLUTIONS

from checker import manifest
from checker.engine import submission

FILES = [e.file for e in manifest.load()]
SOFTMAX = "ex05_softmax.py"


def _zip(archive: Path, members: dict[str, bytes]) -> Path:
    with zipfile.ZipFile(archive, "w") as z:
        for name, data in members.items():
            z.writestr(name, data)
    return archive


def _solution(file: str) -> bytes:
    return (SOLUTIONS / file).read_bytes()


# ------------------------------------------------------------ near names
@pytest.mark.parametrize("near", ["ex05_softmax (1).py", "Ex05_Softmax.py", "ex05_softmax-1.py",
                                  "EX05_SOFTMAX (2).PY"])
def test_a_near_name_is_taken_with_a_warning(tmp_path, near):
    folder = tmp_path / "kim"
    folder.mkdir()
    (folder / near).write_bytes(_solution(SOFTMAX))
    sub = submission.load(folder)
    assert sub.sources[SOFTMAX].text == _solution(SOFTMAX).decode()
    assert len(sub.notes) == 1 and near in sub.notes[0] and SOFTMAX in sub.notes[0]
    assert submission.find(folder) == [folder]  # a folder of near names is a submission


def test_the_exact_name_wins_and_the_near_one_is_mentioned(tmp_path):
    folder = tmp_path / "kim"
    folder.mkdir()
    (folder / SOFTMAX).write_text("exact = 1\n")
    (folder / "ex05_softmax (1).py").write_text("near = 1\n")
    sub = submission.load(folder)
    assert sub.sources[SOFTMAX].text == "exact = 1\n"
    assert len(sub.notes) == 1 and "ex05_softmax (1).py" in sub.notes[0]


@pytest.mark.parametrize("names, where", [
    (["ex05_softmax (1).py", "ex05_softmax (2).py"], "."),  # which one is the work?
    (["ex05_softmax.py.txt"], "."),                          # another extension
    (["old/Ex05_Softmax.py"], "."),                          # another folder
])
def test_a_near_name_that_cannot_be_taken_is_named_in_the_missing_message(tmp_path, names,
                                                                          where):
    folder = tmp_path / "kim"
    (folder / "old").mkdir(parents=True)
    (folder / "ex01_soft_lookup.py").write_bytes(_solution("ex01_soft_lookup.py"))
    for name in names:
        (folder / name).write_text("x = 1\n")
    sub = submission.load(folder)
    assert SOFTMAX not in sub.sources and not sub.notes
    exercise = next(e for e in manifest.load() if e.file == SOFTMAX)
    missing = sub.source(exercise)
    assert missing.kind == submission.Problem.MISSING_FILE
    assert all(name in missing.problem for name in names), missing.problem


def test_near_names_leave_an_exact_layout_alone(tmp_path):
    """A folder of exact names is chosen as before, whatever near names lie elsewhere."""
    folder = tmp_path / "kim"
    (folder / "v1").mkdir(parents=True)
    (folder / "backup").mkdir()
    (folder / "v1" / SOFTMAX).write_text("v1 = 1\n")
    (folder / "backup" / "Ex05_Softmax.py").write_text("backup = 1\n")
    sub = submission.load(folder)
    assert sub.sources[SOFTMAX].text == "v1 = 1\n" and not sub.notes


def test_a_near_name_in_a_zip_is_taken_too(tmp_path):
    archive = _zip(tmp_path / "kim.zip", {"kim/Ex05_Softmax (1).py": _solution(SOFTMAX),
                                          "kim/ex01_soft_lookup.py": b"x = 1\n"})
    sub = submission.load(archive)
    assert sub.sources[SOFTMAX].text == _solution(SOFTMAX).decode()
    assert sub.sources[SOFTMAX].display == f"{archive}/kim/Ex05_Softmax (1).py"
    assert len(sub.notes) == 1
