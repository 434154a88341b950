"""Shared fixtures for the kit's own tests.

The checker runs in this process (as ``attn-kit check`` would), learner code in
workers forked from the fork server started here.
"""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import torch  # noqa: F401  (imported before the fork server starts)

from checker.engine import forkserver
from checker import manifest
from checker.judge import runner

ROOT = Path(__file__).resolve().parent.parent
SOLUTIONS = ROOT / "solutions"
EXERCISES = ROOT / "exercises"
IMPLEMENTATIONS = Path(__file__).resolve().parent / "implementations"
EXERCISE_FILES = [e.file for e in manifest.load()]


def pytest_sessionstart(session):
    # The kit's screens follow the locale; the tests expect English unless they ask for
    # Chinese, whatever the machine's locale is.
    for name in ("LC_ALL", "LC_MESSAGES"):
        os.environ.pop(name, None)
    os.environ["LANG"] = "C.UTF-8"
    forkserver.get()


def copy_exercises(source: Path, dest: Path) -> Path:
    dest.mkdir(parents=True, exist_ok=True)
    for name in EXERCISE_FILES:
        shutil.copy(source / name, dest / name)
    return dest


@pytest.fixture
def solved(tmp_path) -> Path:
    """A folder with all ten exercises solved (copies of the reference solutions)."""
    return copy_exercises(SOLUTIONS, tmp_path / "exercises")


@pytest.fixture
def stubs(tmp_path) -> Path:
    return copy_exercises(EXERCISES, tmp_path / "exercises")


def check(folder: Path, ids=None, **kwargs):
    selected = [manifest.by_id()[i] for i in ids] if ids else None
    return runner.run(str(folder), selected, **kwargs)


def statuses(run) -> dict:
    return {e.id: e.status for e in run.exercises}


def cli(*args, cwd=None, env=None, timeout=120):
    """Run ``python -m checker ARGS`` as a learner would; returns CompletedProcess.

    Every report a ``grade`` writes is checked against its JSON Schema here, so every
    report the suites produce is (docs/instructors.md, "One report shape")."""
    done = subprocess.run([sys.executable, "-m", "checker", *args], cwd=cwd, env=env,
                          capture_output=True, text=True, timeout=timeout)
    if args and args[0] == "grade" and done.returncode == 0:
        validate_grade_reports([str(a) for a in args], cwd)
    return done


def _option(args: list[str], name: str) -> str | None:
    return args[args.index(name) + 1] if name in args[:-1] else None


def validate_grade_reports(args: list[str], cwd=None) -> int:
    """Validate what ``attn-kit grade ARGS`` wrote; returns how many reports it checked."""
    import json

    import jsonschema

    fmt = _option(args, "--format") or "json"
    schema = json.loads((ROOT / "checker" / "grading" / "schemas" /
                         ("gradescope.schema.json" if fmt == "gradescope"
                          else "report.schema.json")).read_text(encoding="utf-8"))
    base = Path(cwd) if cwd else Path.cwd()
    reports = []
    if _option(args, "--json"):
        reports.append(base / _option(args, "--json"))
    if _option(args, "--out"):  # the reports grades.csv names (not what else is in the folder)
        import csv

        out = base / _option(args, "--out")
        with open(out / "grades.csv", newline="", encoding="utf-8") as f:
            reports += [out / f"{row['submission']}.json" for row in csv.DictReader(f)]
    for path in reports:
        if path.is_file():
            jsonschema.validate(json.loads(path.read_text(encoding="utf-8")), schema)
    return len(reports)
