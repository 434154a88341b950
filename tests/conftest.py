"""Shared fixtures for the kit's own tests.

The checker runs in this process (as ``attn-kit check`` would), learner code in
workers forked from the fork server started here.
"""
from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import time
from pathlib import Path

import launcher
import pytest
import torch  # noqa: F401  (imported before the fork server starts)

from checker.engine import forkserver
from checker import manifest
from checker import judge
from checker.options import RunOptions

# The suite runs in two processes on two cores beside the workers they start: torch's
# default of a thread per core would only make the tests' own tensors spin against them
# (the kit's checks do the same during a run: judge.runner._one_thread).
torch.set_num_threads(1)

ROOT = Path(__file__).resolve().parent.parent
SOLUTIONS = ROOT / "solutions"
EXERCISES = ROOT / "exercises"
IMPLEMENTATIONS = Path(__file__).resolve().parent / "implementations"
EXERCISE_FILES = [e.file for e in manifest.load()]
# an exercise id no exercise has: the one after the last (`dev check` keeps the ids 01, 02,
# ... in order; a branch that adds a later exercise first leaves a gap until the merge),
# computed, so that adding an exercise never makes it a real one
UNKNOWN_ID = f"{max(int(e.id) for e in manifest.load()) + 1:02d}"


# The test files that take longest, run first: `./kit test` runs files in two processes
# (pytest-xdist, --dist loadfile), and a long file started last would run alone at the end.
LONG_FIRST = ("test_grading.py", "test_learner_loop.py", "test_implementations.py",
              "test_hostile_white.py", "test_models.py", "test_grading_identity.py",
              "test_shards.py", "test_course_feedback.py", "test_show.py", "test_notebooks.py",
              "test_packaging.py", "test_portable.py",
              "test_hostile_library.py", "test_cli.py", "test_golden.py", "test_insights.py",
              "test_sandbox.py")


def pytest_collection_modifyitems(session, config, items):
    rank = {name: i for i, name in enumerate(LONG_FIRST)}
    items.sort(key=lambda item: rank.get(item.path.name, len(LONG_FIRST)))  # stable


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


def make_zip(archive: Path, members: dict[str, bytes]) -> Path:
    """A zip at ``archive`` holding ``members`` (name -> bytes), as a student's would."""
    import zipfile

    with zipfile.ZipFile(archive, "w") as z:
        for name, data in members.items():
            z.writestr(name, data)
    return archive


def solution_bytes(file: str) -> bytes:
    return (SOLUTIONS / file).read_bytes()


@pytest.fixture
def solved(tmp_path) -> Path:
    """A folder with every exercise solved (copies of the reference solutions)."""
    return copy_exercises(SOLUTIONS, tmp_path / "exercises")


@pytest.fixture
def stubs(tmp_path) -> Path:
    return copy_exercises(EXERCISES, tmp_path / "exercises")


def made_zeros(dest: Path) -> Path:
    """A folder of every exercise's zeros file (the reference's results times 0), made
    from the solutions as `dev check` makes it: never stored in the repository."""
    from checker import dev

    dest.mkdir(parents=True, exist_ok=True)
    for exercise in manifest.load():
        (dest / exercise.file).write_text(dev.zeros_from_solution(exercise), encoding="utf-8")
    return dest


def check(folder: Path, ids=None, **options):
    """The results and the document (``json_report=True``) of checking ``folder``;
    ``options``: fields of ``RunOptions``."""
    selected = [manifest.by_id()[i] for i in ids] if ids else None
    done = judge.run(str(folder), selected, RunOptions(**options))
    return done.result, done.document


def comparable(document):
    """A run's document without what differs from one run to the next (times)."""
    if isinstance(document, dict):
        return {k: comparable(v) for k, v in document.items()
                if k not in ("created", "duration", "start", "stop", "seconds")}
    if isinstance(document, list):
        return [comparable(v) for v in document]
    return document


CJK = re.compile(r"[\u4e00-\u9fff]")


def assert_chinese(exercise) -> int:
    """Every case name and failure text of one exercise's result is in Chinese (the run
    was made in Chinese); returns how many cases failed."""
    from checker import i18n

    failures = 0
    for case in exercise.cases:
        assert CJK.search(case.name), case.name
        failure = case.failure
        if failure is None:
            continue
        failures += 1
        for text in (failure.summary, failure.detail, failure.likely):
            assert not text or CJK.search(text), (exercise.id, case.name, text)
        assert isinstance(failure.summary, i18n.Translated), failure.summary
    assert all(CJK.search(v) for v in exercise.forbidden), exercise.forbidden
    return failures


def statuses(run) -> dict:
    return {e.id: e.status for e in run.exercises}


LAUNCHER = launcher.Launcher()


def pytest_unconfigure(config):
    LAUNCHER.close()


def cli(*args, cwd=None, env=None, timeout=120, fresh=False):
    """Run ``python -m checker ARGS`` as a learner would; returns CompletedProcess.

    The command runs in a fork of the tests' launcher (``launcher``: torch already
    imported) unless ``fresh`` or its environment needs a new Python. Every report a
    ``grade`` writes is checked against its JSON Schema here, so every report the suites
    produce is (docs/instructors.md, "One report shape")."""
    if fresh or launcher.needs_fresh(env):
        done = subprocess.run([sys.executable, "-m", "checker", *args], cwd=cwd, env=env,
                              capture_output=True, text=True, timeout=timeout)
    else:
        done = LAUNCHER.run(list(args), cwd=cwd, env=env, timeout=timeout)
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
        with open(out / "grades.csv", newline="", encoding="utf-8-sig") as f:
            # joined by the key column, which names each report exactly
            reports += [out / f"{row['key']}.json" for row in csv.DictReader(f)]
    for path in reports:
        if path.is_file() or _option(args, "--out"):  # every row's report is there
            jsonschema.validate(json.loads(path.read_text(encoding="utf-8")), schema)
    return len(reports)


def check_gradescope_points(results: dict, document: dict, *, solved: bool = False) -> None:
    """The arithmetic of a Gradescope ``results`` made from the grade's JSON ``document``:
    valid against its schema, no test above its max_score, each exercise's tests adding
    up exactly (at the tests' 4 decimals) to its score and its points, every test to the
    top-level score; ``solved``: every test scores exactly its max_score."""
    import json

    import jsonschema

    schema = json.loads((ROOT / "checker" / "grading" / "schemas" /
                         "gradescope.schema.json").read_text(encoding="utf-8"))
    jsonschema.validate(results, schema)
    tests, units = results["tests"], lambda x: round(x * 10_000)
    assert tests and all(units(t["score"]) <= units(t["max_score"]) for t in tests), tests
    assert all(t["score"] == round(t["score"], 4) and t["max_score"] == round(t["max_score"], 4)
               for t in tests)
    assert sum(units(t["score"]) for t in tests) == units(results["score"]) \
        == units(document["score"])
    for e in document["exercises"]:
        mine = [t for t in tests if t["name"].startswith(f"{e['id']} ")]
        assert sum(units(t["score"]) for t in mine) == units(e["score"]), e["id"]
        assert sum(units(t["max_score"]) for t in mine) == units(e["max_score"]), e["id"]
        if e["score"] > 0:  # a passing test earns all of its maximum
            assert all(t["score"] == t["max_score"] for t in mine if t["status"] == "passed")
    bonus = sum(e["max_score"] for e in document["exercises"] if e.get("bonus"))
    assert sum(units(t["max_score"]) for t in tests) == units(document["max_score"] + bonus)
    if solved:
        assert all(t["score"] == t["max_score"] and t["status"] == "passed" for t in tests)


# ------------------------------------------------- hostile libraries: their own run only
SHARED_TMP = ("/tmp", "/var/tmp", "/dev/shm")  # where an attack may try to leave files
PLACEHOLDERS = ("KIT_ROOT", "CLASS_DIR", "OUT_DIR", "RUN_TMP", "RUN_MARK")


class HostileRun:
    """What one graded class of attacks may touch, filled into the attack files at test
    time (never a fixed folder of one machine): the kit's checkout (KIT_ROOT), the class
    (CLASS_DIR), the output (OUT_DIR), a private temporary folder (RUN_TMP, also the
    grader's TMPDIR) and a mark (RUN_MARK) that every file an attack leaves in a shared
    temporary folder carries. Leftovers are looked for only there: this run's mark, this
    run's folder, this process's descendants (the test process is a subreaper, so what a
    run orphaned becomes its child), never the rest of the machine."""

    def __init__(self, base: Path, classdir: Path, out: Path):
        import secrets

        from checker.engine import process

        process.become_subreaper()
        self.values = {"KIT_ROOT": ROOT, "CLASS_DIR": classdir, "OUT_DIR": out,
                       "RUN_TMP": base / "tmp", "RUN_MARK": f"attn-run-{secrets.token_hex(6)}"}
        self.tmp = self.values["RUN_TMP"]
        self.tmp.mkdir(mode=0o777, parents=True, exist_ok=True)
        self.tmp.chmod(0o777)
        self.mark = self.values["RUN_MARK"]
        self.before = set(self._descendants())  # the test process's own (its fork server)

    def fill(self, text: str) -> str:
        for name in PLACEHOLDERS:
            text = text.replace(name, repr(str(self.values[name])))
        return text

    def env(self, **extra) -> dict:
        return {**os.environ, "TMPDIR": str(self.tmp), **extra}

    def leftover_files(self) -> set[str]:
        found = {str(p) for p in self.tmp.rglob("*")}
        for folder in SHARED_TMP:
            try:
                names = os.listdir(folder)
            except OSError:
                continue
            found |= {os.path.join(folder, n) for n in names if self.mark in n}
        return found

    def settle(self, seconds: float = 8) -> None:
        """Wait until none of the run's processes is left (at most ``seconds``): what an
        attack left running strikes, or is seen, within that time; a run that left nothing
        costs no wait."""
        deadline = time.monotonic() + seconds
        while self.leftover_processes() and time.monotonic() < deadline:
            time.sleep(0.1)

    def leftover_processes(self) -> dict[int, str]:
        """This process's descendants that were not there before the run (the run's
        workers and whatever they started, once the run is over): pid -> command line."""
        return {p: c for p, c in self._descendants().items() if p not in self.before}

    @staticmethod
    def _descendants() -> dict[int, str]:
        from checker.engine import process

        found, todo = {}, [os.getpid()]
        while todo:
            for pid in process.children_of(todo.pop()):
                if pid == LAUNCHER.pid:  # the tests' own, not the run's
                    continue
                try:
                    with open(f"/proc/{pid}/cmdline", "rb") as f:
                        found[pid] = f.read().replace(b"\0", b" ")[:200].decode(errors="replace")
                except OSError:
                    continue
                todo.append(pid)
        try:  # zombies of what was reaped to us are no leftovers
            while os.waitpid(-1, os.WNOHANG)[0]:
                pass
        except ChildProcessError:
            pass
        return {p: c for p, c in found.items() if os.path.exists(f"/proc/{p}/cmdline")
                and open(f"/proc/{p}/cmdline", "rb").read()}
