"""The layouts courses hand in (issue 35, item 7).

A Canvas "Download Submissions" folder or zip and a Moodle "Download all submissions"
zip are one submission per student. A file named like an exercise file but for case or
a copy number (` (1)`, `-1`) is taken, with a warning, unless the exact name is there
too; one that cannot be taken is named in the missing file's message. Most tests read
submissions as the grader does (no learner code runs); one grades a Canvas folder end to
end.
"""
from __future__ import annotations

import csv
import json
from pathlib import Path

import pytest
from conftest import EXERCISES, SOLUTIONS, cli, make_zip, solution_bytes

from checker import manifest
from checker.engine import submission

FILES = [e.file for e in manifest.load()]
SOFTMAX = "ex05_softmax.py"


def _canvas(folder: Path) -> Path:
    """A Canvas download: doejane's work on time (one file resubmitted: Canvas's `-1`),
    smithbob's late, and a text entry Canvas adds."""
    folder.mkdir(parents=True)
    for file in FILES:
        name = file.replace(".py", "-1.py") if file == SOFTMAX else file
        (folder / f"doejane_12345_67890_{name}").write_bytes((SOLUTIONS / file).read_bytes())
        (folder / f"smithbob_LATE_222_333_{file}").write_bytes((EXERCISES / file).read_bytes())
    (folder / "smithbob_LATE_222_333_notes.txt").write_text("late, sorry\n")
    return folder


# ----------------------------------------------------------------- Canvas
def test_a_canvas_folder_is_one_submission_per_student(tmp_path):
    folder = _canvas(tmp_path / "canvas")
    found = submission.find(folder)
    assert [p.name for p in found] == ["doejane_12345", "smithbob_222"]
    doe = submission.load(found[0])
    assert doe.layout == "canvas" and sorted(doe.sources) == sorted(FILES)
    assert doe.sources[SOFTMAX].text == solution_bytes(SOFTMAX).decode()
    assert doe.sources[SOFTMAX].display.endswith("doejane_12345_67890_ex05_softmax-1.py")
    assert any("ex05_softmax-1.py" in note for note in doe.notes), doe.notes
    late = submission.load(found[1])
    assert sorted(late.sources) == sorted(FILES) and not late.notes


def test_canvas_s_zip_is_read_in_place(tmp_path):
    folder = _canvas(tmp_path / "canvas")
    archive = make_zip(tmp_path / "submissions.zip",
                   {p.name: p.read_bytes() for p in sorted(folder.iterdir())})
    before = sorted(tmp_path.rglob("*"))
    found = submission.find(archive)
    assert found == [archive / "doejane_12345", archive / "smithbob_222"]
    doe = submission.load(found[0], "doejane_12345")
    assert sorted(doe.sources) == sorted(FILES) and doe.layout == "canvas"
    assert doe.sources["ex01_soft_lookup.py"].display == \
        f"{archive}/doejane_12345_67890_ex01_soft_lookup.py"
    assert sorted(tmp_path.rglob("*")) == before  # nothing was extracted


def test_a_student_who_uploaded_a_zip_to_canvas_is_graded_from_it(tmp_path):
    folder = _canvas(tmp_path / "canvas")
    make_zip(folder / "leeann_777_888_work.zip", {f"work/{f}": solution_bytes(f) for f in FILES})
    found = {p.name: p for p in submission.find(folder)}
    assert sorted(found) == ["doejane_12345", "leeann_777", "smithbob_222"]
    lee = submission.load(found["leeann_777"])
    assert sorted(lee.sources) == sorted(FILES) and lee.layout == "canvas"


def test_a_canvas_group_that_is_gone_is_a_one_line_error(tmp_path):
    folder = _canvas(tmp_path / "canvas")
    with pytest.raises(submission.SubmissionError, match="no such file"):
        submission.load(folder / "nobody_999")


# ----------------------------------------------------------------- Moodle
@pytest.mark.parametrize("in_folders", [True, False])
def test_moodle_s_zip_is_one_submission_per_student(tmp_path, in_folders):
    """3.1 and later: a folder per student and plugin; earlier: flat prefixed files."""
    members: dict[str, bytes] = {}
    for who, source in (("Jane Doe_4021", SOLUTIONS), ("Participant_77", EXERCISES)):
        for file in FILES:
            sub = "attention/" if who.startswith("Jane") else ""
            name = (f"{who}_assignsubmission_file_/{sub}{file}" if in_folders
                    else f"{who}_assignsubmission_file_{file}")
            members[name] = (source / file).read_bytes()
        members[f"{who}_assignsubmission_onlinetext_" + ("/" if in_folders else "")
                + "onlinetext.html"] = b"<p>done</p>"
    archive = make_zip(tmp_path / "moodle.zip", members)
    found = submission.find(archive)
    assert [p.name for p in found] == ["Jane Doe_4021", "Participant_77"]
    jane = submission.load(found[0])
    assert jane.layout == "moodle" and sorted(jane.sources) == sorted(FILES)
    assert jane.sources[SOFTMAX].text == solution_bytes(SOFTMAX).decode()


def test_an_ordinary_zip_stays_one_submission(tmp_path):
    archive = make_zip(tmp_path / "alice.zip", {f"alice/{f}": solution_bytes(f) for f in FILES})
    assert submission.find(archive) == [archive]
    assert submission.load(archive).layout == ""


# ------------------------------------------------------------ near names
@pytest.mark.parametrize("near", ["ex05_softmax (1).py", "Ex05_Softmax.py", "ex05_softmax-1.py",
                                  "EX05_SOFTMAX (2).PY"])
def test_a_near_name_is_taken_with_a_warning(tmp_path, near):
    folder = tmp_path / "kim"
    folder.mkdir()
    (folder / near).write_bytes(solution_bytes(SOFTMAX))
    sub = submission.load(folder)
    assert sub.sources[SOFTMAX].text == solution_bytes(SOFTMAX).decode()
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
    (folder / "ex01_soft_lookup.py").write_bytes(solution_bytes("ex01_soft_lookup.py"))
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
    archive = make_zip(tmp_path / "kim.zip", {"kim/Ex05_Softmax (1).py": solution_bytes(SOFTMAX),
                                          "kim/ex01_soft_lookup.py": b"x = 1\n"})
    sub = submission.load(archive)
    assert sub.sources[SOFTMAX].text == solution_bytes(SOFTMAX).decode()
    assert sub.sources[SOFTMAX].display == f"{archive}/kim/Ex05_Softmax (1).py"
    assert len(sub.notes) == 1


# ------------------------------------------------------------- end to end
def test_grading_a_canvas_folder_gives_a_row_per_student(tmp_path):
    folder = _canvas(tmp_path / "canvas")
    out = tmp_path / "out"
    done = cli("grade", str(folder), "--out", str(out), "--jobs", "2", "--timeout", "1.5",
               cwd=tmp_path, timeout=600)
    assert done.returncode == 0, done.stderr[-2000:]
    with open(out / "grades.csv", newline="", encoding="utf-8-sig") as f:
        rows = {r["key"]: r for r in csv.DictReader(f)}
    assert sorted(rows) == ["doejane_12345", "smithbob_222"]
    assert (rows["doejane_12345"]["total"], rows["doejane_12345"]["status"]) == ("100", "ok")
    assert rows["smithbob_222"]["total"] == "0" and rows["smithbob_222"]["path"] == "smithbob_222"
    report = json.loads((out / "doejane_12345.json").read_text(encoding="utf-8"))
    facts = report["submission"]
    assert facts["layout"] == "canvas" and facts["original"] == "doejane_12345"
    assert facts["files"][SOFTMAX].endswith("doejane_12345_67890_ex05_softmax-1.py")
    assert any("ex05_softmax-1.py" in w for w in facts["warnings"])
    assert "warning: doejane_12345: ex05_softmax-1.py" in done.stdout
