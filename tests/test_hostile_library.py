"""A library of attacks written blind by a red team (tests/hostile_blind/), graded as a class.

Each folder holds one hostile exercise file and a first-line comment saying what
it tries. A submission is the reference solutions with that file in place of one
exercise. The whole class, with clean students beside the attacks, is graded in
one run. Every attack must cost only its own exercise, earn at most what the
table below allows, and leave nothing behind.
"""
from __future__ import annotations

import csv
from pathlib import Path

import pytest
from conftest import EXERCISES, SOLUTIONS, HostileRun, cli, copy_exercises

from checker import manifest

LIBRARY = Path(__file__).resolve().parent / "hostile_blind"
ATTACKS = sorted(p.name for p in LIBRARY.iterdir() if p.is_dir() and any(p.glob("ex*.py")))
FILES = {e.file: e.id for e in manifest.lesson()}  # what a default grade scores

# Attacks that also compute their exercise correctly may keep its points; the
# rest must not earn a single point for the attacked exercise, except where the
# attack is only a rule breach of one case (a forbidden call or an in-place edit).
MAY_EARN = {"daemon_rewrite": 10, "env_cwd": 10, "fork_bomb": 10, "huge_output": 10,
            "kill_everything": 10, "shm_fill": 10}
BELOW_FULL = {"forbidden_opoverload", "forbidden_patch_session", "forbidden_popmode",
              "forbidden_sdpa_math", "unchanged_bypass"}


@pytest.fixture(scope="module")
def graded(tmp_path_factory):
    base = tmp_path_factory.mktemp("hostile")
    base.chmod(0o755)
    classdir, out = base / "class", base / "out"
    run = HostileRun(base, classdir, out)
    for name in ("clean_a", "clean_b"):
        copy_exercises(SOLUTIONS, classdir / name)
    copy_exercises(EXERCISES, classdir / "clean_stubs")
    for attack in ATTACKS:
        student = copy_exercises(SOLUTIONS, classdir / f"x_{attack}")
        for file in (LIBRARY / attack).glob("ex*.py"):  # its placeholders filled in
            (student / file.name).write_text(run.fill(file.read_text()))
    done = cli("grade", str(classdir), "--out", str(out), "--jobs", "2", "--timeout", "1.5",
               "--memory", "512", cwd=base, timeout=1200, env=run.env(),
               fresh=True)  # a class of attacks: graded by a new Python, as an instructor would
    run.settle()  # what outlived its worker would strike (or be seen) meanwhile
    with open(out / "grades.csv", newline="", encoding="utf-8-sig") as f:
        rows = {r["submission"]: r for r in csv.DictReader(f)}
    return {"done": done, "rows": rows, "run": run}


def test_the_class_is_graded_and_clean_students_are_untouched(graded):
    assert graded["done"].returncode == 0, graded["done"].stderr[-2000:]
    rows = graded["rows"]
    assert len(rows) == 3 + len(ATTACKS)
    assert rows["clean_a"]["total"] == rows["clean_b"]["total"] == "100"
    assert rows["clean_stubs"]["total"] == "0"
    assert all(r["status"] == "ok" for k, r in rows.items() if k.startswith("clean"))


@pytest.mark.parametrize("attack", ATTACKS)
def test_attack(attack, graded):
    row = graded["rows"][f"x_{attack}"]
    attacked = {FILES[f.name] for f in (LIBRARY / attack).glob("ex*.py")}
    for eid in FILES.values():
        if eid not in attacked:
            assert row[f"ex{eid}"] == "10", (eid, row)
    for eid in attacked:
        earned = float(row[f"ex{eid}"])
        if attack in BELOW_FULL:
            assert earned < 10, row
        else:
            assert earned <= MAY_EARN.get(attack, 0), row
    assert "\x1b" not in row["reason"]


def test_no_worker_process_or_file_is_left_behind(graded):
    """This run's processes (the test process's new descendants) and files (the run's mark
    in the shared temporary folders, its private one), nothing else of the machine."""
    # A worker killed at the end of a run may take a moment to disappear from /proc
    # (its parent-death signal and its reaping are asynchronous); one left behind stays.
    run = graded["run"]
    run.settle(5)
    left = run.leftover_processes()
    assert not left, left
    assert not run.leftover_files(), run.leftover_files()
