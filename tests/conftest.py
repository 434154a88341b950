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
    """A folder with every exercise solved (copies of the reference solutions)."""
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
    """Run ``python -m checker ARGS`` as a learner would; returns CompletedProcess."""
    return subprocess.run([sys.executable, "-m", "checker", *args], cwd=cwd, env=env,
                          capture_output=True, text=True, timeout=timeout)
