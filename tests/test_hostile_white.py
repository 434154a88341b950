"""Breaches white-box red teams found (issues 9 and 17), each graded next to clean students.

Most routes are hostile exercise files (tests/hostile_white/, one folder each, with a
first-line comment saying what it tries); the placeholders KIT_ROOT, CLASS_DIR and
OUT_DIR stand for the kit's checkout, the class folder and the output folder (RUN_TMP and
RUN_MARK for the run's temporary folder and the mark of its files: conftest.HostileRun).
An attack with a control (``CONTROLS``) is also graded beside that honest wrong file and may earn
no more than it, except the region routes in UNSEEN_WRITES, which earn exactly what the
correct function earns and are on the review list (issue 36). Each is a
submission of the reference solutions with that file in place of one exercise. Three
more are about names and paths: a submission folder with a 240-character name, a broken
zip whose name holds terminal escapes and a bidirectional override, and report paths
that point at a learner's work. The class is graded once per sandbox (the default, and
bubblewrap where it can run). For each attack: the attacked exercise earns at most what
its honest part earns, every other exercise its full points, nothing is left behind
(this run's files and processes only), and every clean student's grade and
report are exact.
"""
from __future__ import annotations

import csv
import json
import os
import shutil
import zipfile
from pathlib import Path

import pytest
from conftest import EXERCISES, IMPLEMENTATIONS, SOLUTIONS, HostileRun, cli, copy_exercises

from checker import manifest
from checker.engine import sandbox

LIBRARY = Path(__file__).resolve().parent / "hostile_white"
ATTACKS = sorted(p.name for p in LIBRARY.iterdir() if p.is_dir() and any(p.glob("ex*.py")))
FILES = {e.file: e.id for e in manifest.lesson()}  # what a default grade counts
# what the attacked exercise may earn: what the same file earns without its trick
# env_stack and fork_spinners compute the right answers: what they are after is the grader's
# environment (no report may hold SECRET) and processes that outlive the worker (none may)
MAY_EARN = {"minus_inf_clone": 3.85, "env_stack": 10, "fork_spinners": 10}
SECRET = "attn-white-secret-8c1f"  # in the grader's environment: no report may show it
LONG_NAME = "student_" + "x" * 232
ESCAPED_NAME = "bad\x1b[2J\x1b[H\x1b]0;pwned\x07\u202eevil\u2066.zip"
MARKS = ("\x1b", "\u202e", "\u2066", "\u200f", "\x07")
SANDBOXES = ["basic", pytest.param("bwrap", marks=pytest.mark.skipif(
    bool(sandbox.bwrap_problem()), reason="bubblewrap is missing or cannot run here"))]


# Routes through the input region the grader reads back (engine/shared.py): the fourth
# red team's B2 and the fifth red team's attempts on the former write watch, all through
# the worker's objects, so every one is on the review list. Since issue 36 (no write
# watch) "inputs unchanged" is what the region holds at the answer, and a write that
# learner code outside the function undoes before the answer, or makes only after it,
# is not seen: such an attack earns what its correct function earns, exactly (its
# values are its own), and a human reviews it. The table "Attacks whose expected outcome
# changed" in docs/threat-model.md says why, folder by folder.
REGION_ATTACKS = {"answer_first", "close_region", "fault_flood", "guard_region",
                  "guard_region_04", "restore_after_encode", "restore_after_send",
                  "thread_blocked_write", "thread_joined_write"}
# what the attacked exercise earns, exactly: above its control (07's in-place
# masked_fill_, 9.29), the score of the correct function. The rest of REGION_ATTACKS are
# held to their control as before: close_region loses its region, the in-place `/=` of
# restore_after_send and guard_region_04 also fails 04's gradient case (which gates the
# property cases), and thread_joined_write's write stays in the region.
UNSEEN_WRITES = {attack: 10.0 for attack in (
    "answer_first", "fault_flood", "guard_region", "restore_after_encode",
    "thread_blocked_write")}
REVIEWED = REGION_ATTACKS | {"forge_moved_reply", "forge_moved_pickle", "args_forged_session"}

# the honest library file each attack was built from (tests/implementations/...): the attack
# is graded beside it and may earn no more than it (or, for an attack with a control/
# folder of its own, beside that file)
CONTROLS = {
    "args_forged_frames": "wrong/ex04_scaling/in_place.py",
    "guard_region_04": "wrong/ex04_scaling/in_place.py",
    "restore_after_send": "wrong/ex04_scaling/in_place.py",
    "blocked_events": "wrong/ex05_softmax/torch_softmax.py",
    "categorical": "wrong/ex05_softmax/torch_softmax.py",
    "mkldnn_softmax": "wrong/ex05_softmax/torch_softmax.py",
    "numpy_rawptr": "wrong/ex05_softmax/torch_softmax.py",
    "answer_first": "wrong/ex07_masking/masked_fill_in_place.py",
    "args_forged_session": "wrong/ex07_masking/masked_fill_in_place.py",
    "close_region": "wrong/ex07_masking/masked_fill_in_place.py",
    "fault_flood": "wrong/ex07_masking/masked_fill_in_place.py",
    "guard_region": "wrong/ex07_masking/masked_fill_in_place.py",
    "restore_after_encode": "wrong/ex07_masking/masked_fill_in_place.py",
    "thread_blocked_write": "wrong/ex07_masking/masked_fill_in_place.py",
    "thread_joined_write": "wrong/ex07_masking/masked_fill_in_place.py",
    "quantizable_mha": "wrong/ex08_attention/uses_F_sdpa.py",
    "unrefuse_sdpa": "wrong/ex08_attention/uses_F_sdpa.py",
    "quantizable_mha_causal": "wrong/ex10_causal_self_attention/uses_F_sdpa_is_causal.py",
}


def test_every_control_names_an_attack_and_a_library_file():
    assert set(CONTROLS) <= set(ATTACKS)
    assert all((IMPLEMENTATIONS / path).is_file() for path in CONTROLS.values())


def _control_row(attack: str) -> str | None:
    """The row of an attack's control: one per control file (attacks built from the same
    honest file share it, graded once)."""
    control = _control(attack)
    if control is None:
        return None
    where = control.relative_to(LIBRARY if LIBRARY in control.parents else IMPLEMENTATIONS)
    return "c_" + "_".join(where.with_suffix("").parts)


def _control(attack: str) -> Path | None:
    """The honest wrong file an attack was built from: the library file ``CONTROLS``
    names, or the one file in its ``control/`` folder."""
    if attack in CONTROLS:
        return IMPLEMENTATIONS / CONTROLS[attack]
    own = sorted((LIBRARY / attack / "control").glob("ex*.py"))
    return own[0] if own else None


@pytest.fixture(scope="module", params=SANDBOXES)
def graded(request, tmp_path_factory):
    base = tmp_path_factory.mktemp(f"white-{request.param}")
    base.chmod(0o755)
    classdir, out = base / "class", base / "out"
    run = HostileRun(base, classdir, out)
    for name in ("clean_a", "clean_b", LONG_NAME):
        copy_exercises(SOLUTIONS, classdir / name)
    copy_exercises(EXERCISES, classdir / "clean_stubs")
    copy_exercises(EXERCISES, classdir / "clean a")  # cleaned to clean_a: must not take it
    os.mkfifo(classdir / "fifo.zip")  # a read would wait for a writer forever
    partial = copy_exercises(SOLUTIONS, classdir / "clean_partial")
    shutil.copy(IMPLEMENTATIONS / "wrong" / "ex05_softmax" / "no_max_shift.py",
                partial / "ex05_softmax.py")
    (classdir / ESCAPED_NAME).write_bytes(b"PK\x03\x04 not really a zip")
    for attack in ATTACKS:
        student = copy_exercises(SOLUTIONS, classdir / f"x_{attack}")
        for file in (LIBRARY / attack).glob("ex*.py"):
            (student / file.name).write_text(run.fill(file.read_text()))
            control, row = _control(attack), _control_row(attack)
            if control is not None and not (classdir / row).exists():
                # graded beside the honest file it was built from
                shutil.copy(control, copy_exercises(SOLUTIONS, classdir / row) / file.name)
    out.mkdir()
    (out / "earlier-run.json").write_text('{"score": 100}')  # what a reader would look for
    done = cli("grade", str(classdir), "--out", str(out), "--jobs", "2", "--timeout", "1.5",
               "--memory", "512", "--sandbox", request.param, cwd=base, timeout=1200,
               env=run.env(GRADER_TOKEN=SECRET), fresh=True)  # as an instructor would
    run.settle()  # what outlived its worker would strike (or be seen) meanwhile
    rows = {}
    if (out / "grades.csv").exists():
        with open(out / "grades.csv", newline="", encoding="utf-8-sig") as f:
            rows = {r["submission"]: r for r in csv.DictReader(f)}
    return {"done": done, "rows": rows, "out": out, "left": run.leftover_files(),
            "processes": run.leftover_processes()}


def test_the_class_is_graded_and_clean_students_are_exact(graded):
    done, rows = graded["done"], graded["rows"]
    assert done.returncode == 0, done.stderr[-2000:]
    controls = len({_control_row(a) for a in ATTACKS} - {None})
    assert len(rows) == 8 + len(ATTACKS) + controls
    assert rows["fifo"]["status"] == "error" and rows["fifo"]["total"] == "0"
    for name in ("clean_a", "clean_b"):
        assert rows[name]["total"] == "100" and rows[name]["status"] == "ok", rows[name]
        assert all(rows[name][f"ex{e}"] == "10" for e in FILES.values())
    assert rows["clean_stubs"]["total"] == "0" and rows["clean_stubs"]["status"] == "ok"
    partial = float(rows["clean_partial"]["ex05"])
    assert 0 < partial < 10 and float(rows["clean_partial"]["total"]) == pytest.approx(90 + partial)
    a = json.loads((graded["out"] / "clean_a.json").read_text())
    b = json.loads((graded["out"] / "clean_b.json").read_text())
    for document in (a, b):  # every case of a clean student passed, in every exercise
        assert all(t["outcome"] == "passed" for t in document["tests"])
    assert [t["nodeid"] for t in a["tests"]] == [t["nodeid"] for t in b["tests"]]


@pytest.mark.parametrize("attack", ATTACKS)
def test_attack_earns_nothing_it_did_not_earn(attack, graded):
    row = graded["rows"][f"x_{attack}"]
    attacked = {FILES[f.name] for f in (LIBRARY / attack).glob("ex*.py")}
    for eid in FILES.values():
        if eid not in attacked:
            assert row[f"ex{eid}"] == "10", (eid, row)
    control = graded["rows"][_control_row(attack)] if _control(attack) is not None else None
    if attack in REVIEWED:  # the grader's scan of the text flags it for a human
        report = json.loads((graded["out"] / f"x_{attack}.json").read_text())
        assert {r["exercise"] for r in report["review"]} == attacked, report["review"]
    if attack in UNSEEN_WRITES:  # one outcome: the correct function's score
        assert [float(row[f"ex{eid}"]) for eid in attacked] == [UNSEEN_WRITES[attack]], row
        return
    for eid in attacked:
        # no more than the honest file it was built from (its control), graded beside it
        limit = float(control[f"ex{eid}"]) if control else MAY_EARN.get(attack, 0)
        assert float(row[f"ex{eid}"]) <= limit, (row, control)


def test_a_returned_objects_text_cannot_write_lines_into_a_report(graded):
    """Fourth red team, B4: a returned object's text and a subclass's name hold newlines
    and kit-like lines; each is one line in every report, so no fake total shows."""
    for attack in ("got_other_repr", "got_subclass_name"):
        report = json.loads((graded["out"] / f"x_{attack}.json").read_text())
        texts = [json.dumps(t["metadata"].get("failure", {}), ensure_ascii=False)
                 for t in report["tests"]]
        shown = [t for t in texts if "100 / 100 points" in t]
        assert shown, attack  # the attack ran and its text came through ...
        assert all("\\n" not in t for t in shown), shown  # ... on one line


def test_a_look_alike_name_cannot_take_a_real_students_row(graded):
    """Blind red team: a folder 'clean a' beside clean_a. Names keep their spelling now
    (issue 19), so each keeps its own name, row and report, and the path column leads
    back to each folder."""
    rows, out = graded["rows"], graded["out"]
    assert rows["clean_a"]["total"] == "100" and rows["clean a"]["total"] == "0"
    assert rows["clean_a"]["path"] == "clean_a" and rows["clean a"]["path"] == "clean a"
    assert json.loads((out / "clean_a.json").read_text())["score"] == 100


def test_the_graders_environment_reaches_no_report(graded):
    """Blind red team: a worker's environment is emptied before learner code runs."""
    assert graded["rows"]["x_env_leak"]["ex04"] == "0"
    report = (graded["out"] / "x_env_leak.json").read_text()
    assert "ENV PATH=" in report  # the attack ran and its message was kept ...
    for name in graded["out"].rglob("*"):  # ... but no report holds the grader's variables
        if name.is_file():
            assert SECRET not in name.read_text(errors="replace"), name
    assert "HOME=" not in report


def test_a_class_name_with_escapes_reaches_no_report(graded):
    """Blind red team: a tensor subclass's name is cleaned like every learner text."""
    report = json.loads((graded["out"] / "x_subclass_escape.json").read_text())
    assert float(graded["rows"]["x_subclass_escape"]["ex03"]) < 10
    shown = json.dumps(report, ensure_ascii=False)  # what a reader of the values sees
    assert "PWNED" in shown  # the name came through, cleaned
    for mark in MARKS:
        assert mark not in shown, mark


def test_nothing_is_left_behind(graded):
    """This run's files (its mark, its temporary folder) and processes (this test process's
    descendants), nothing else of the machine."""
    assert not graded["left"], graded["left"]
    assert not graded["processes"], graded["processes"]


def test_a_240_character_name_costs_nobody_a_report(graded):
    """Breach 7: the name is cut to a safe length (still unique), every report is written."""
    rows, out = graded["rows"], graded["out"]
    long_rows = [name for name in rows if name.startswith("student_x")]
    assert len(long_rows) == 1 and len(long_rows[0]) <= 64, long_rows
    assert rows[long_rows[0]]["total"] == "100"
    assert {f"{name}.json" for name in rows} <= {p.name for p in out.iterdir()}


def test_escapes_in_a_file_name_reach_neither_the_csv_nor_the_terminal(graded):
    """Breach 8: control characters and bidirectional overrides are cleaned everywhere."""
    rows, done = graded["rows"], graded["done"]
    broken = [r for name, r in rows.items() if name.startswith("bad")]
    assert len(broken) == 1 and broken[0]["status"] == "error", broken
    text = (graded["out"] / "grades.csv").read_text(encoding="utf-8-sig")
    for mark in MARKS:
        assert mark not in text and mark not in done.stdout and mark not in done.stderr, mark


def test_the_earlier_report_in_the_output_folder_was_not_read(graded):
    row = graded["rows"]["x_dir_fd_read"]
    assert row["ex04"] == "0", row


# ------------------------------------------------------- breach 10: report paths
def test_check_json_refuses_to_overwrite_an_exercise_file(tmp_path):
    exercises = copy_exercises(SOLUTIONS, tmp_path / "exercises")
    target = exercises / "ex05_softmax.py"
    before = target.read_bytes()
    done = cli("check", "05", "--json", str(target), cwd=tmp_path)
    assert done.returncode == 2, (done.stdout, done.stderr)
    assert len(done.stderr.strip().splitlines()) == 1 and "Traceback" not in done.stderr
    assert target.read_bytes() == before
    inside = cli("check", "05", "--json", str(exercises / "report.json"), cwd=tmp_path)
    assert inside.returncode == 2 and not (exercises / "report.json").exists()


@pytest.mark.parametrize("how", ["zip over itself", "inside a folder", "out inside"])
def test_grade_refuses_a_report_path_in_the_students_work(how, tmp_path):
    student = copy_exercises(SOLUTIONS, tmp_path / "student")
    archive = tmp_path / "student.zip"
    with zipfile.ZipFile(archive, "w") as z:
        for file in FILES:
            z.write(student / file, file)
    before = archive.read_bytes()
    args = {"zip over itself": [str(archive), "--json", str(archive)],
            "inside a folder": [str(student), "--json", str(student / "report.json")],
            "out inside": [str(student), "--out", str(student / "reports")]}[how]
    done = cli("grade", *args, "--timeout", "1.5", cwd=tmp_path)
    assert done.returncode == 2, (done.stdout, done.stderr)
    assert len(done.stderr.strip().splitlines()) == 1 and "Traceback" not in done.stderr
    assert archive.read_bytes() == before
    assert sorted(p.name for p in student.iterdir()) == sorted(e.file for e in manifest.load())
