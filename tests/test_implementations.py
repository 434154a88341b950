"""The library of wrong and of differently-written correct implementations.

A wrong file is dropped into an otherwise solved folder: its own exercise must not
pass, and every other exercise must still pass. A correct file must pass.
"""
import importlib
import re
import shutil
from pathlib import Path

import pytest
from conftest import IMPLEMENTATIONS, check, statuses

from checker import manifest

BY_STEM = {e.stem: e for e in manifest.load()}


def _files(kind: str):
    return sorted((IMPLEMENTATIONS / kind).glob("*/*.py"))


def _id(path: Path) -> str:
    return f"{path.parent.name}/{path.stem}"


# causes that no learner's mistake produces, only an attack on the worker (tested in the
# hostile suites)
ATTACK_ONLY = {"tampered"}


def declared_cause(path: Path) -> str | None:
    found = re.search(r"^Cause: (\S+)$", path.read_text(encoding="utf-8"), re.M)
    return found.group(1) if found else None


def test_library_has_at_least_three_wrong_and_two_correct_per_exercise():
    for e in manifest.load():
        assert len(list((IMPLEMENTATIONS / "wrong" / e.stem).glob("*.py"))) >= 3, e.stem
        assert len(list((IMPLEMENTATIONS / "correct" / e.stem).glob("*.py"))) >= 2, e.stem


@pytest.mark.parametrize("path", _files("wrong"), ids=_id)
def test_wrong_implementation_is_caught_by_its_own_exercise_only(path, solved):
    exercise = BY_STEM[path.parent.name]
    shutil.copy(path, solved / exercise.file)
    run, _ = check(solved)
    found = statuses(run)
    assert found.pop(exercise.id) != "passed", f"{_id(path)} was not caught"
    assert set(found.values()) == {"passed"}, found
    # and the learner is told the cause the file declares: not another one, not none
    problem = {e.id: e for e in run.exercises}[exercise.id].telling_case()
    assert problem.failure is not None and problem.failure.summary
    declared = declared_cause(path)
    assert declared, f"{_id(path)} declares no `Cause: <id>` line"
    assert problem.failure.cause == declared, (
        f"{_id(path)}: the report names {problem.failure.cause or 'no cause'} "
        f"({problem.failure.likely!r}) on {problem.name!r}, the file declares {declared}")


def test_every_cause_the_kit_can_print_is_proven_by_a_wrong_implementation():
    from checker.judge import causes

    for e in manifest.load():  # the case files define their exercises' own causes
        importlib.import_module(f"checker.judge.cases.{e.case_module}")
    # a file whose result fits several candidates declares them joined by "|"
    declared = {c for p in _files("wrong") for c in declared_cause(p).split("|")}
    assert declared <= set(causes.REGISTRY), declared - set(causes.REGISTRY)
    assert set(causes.REGISTRY) - declared - ATTACK_ONLY == set()


@pytest.mark.parametrize("path", _files("correct"), ids=_id)
def test_correct_implementation_written_differently_passes(path, solved):
    exercise = BY_STEM[path.parent.name]
    shutil.copy(path, solved / exercise.file)
    run, _ = check(solved, [exercise.id])
    failing = [(c.name, c.failure) for c in run.exercises[0].cases if c.status != "passed"]
    assert failing == []


def test_zeros_earn_nothing():
    """Results of the right shape, dtype and graph, but all zeros, pass no case at all.

    Cases about a property (dtype kept, inputs untouched, no peeking, no forbidden
    call) check the values too; otherwise such a file would earn a third of the points.
    """
    run, _ = check(IMPLEMENTATIONS / "zeros")
    passed = {e.id: [c.name for c in e.cases if c.status == "passed"] for e in run.exercises}
    assert run.score == 0, {k: v for k, v in passed.items() if v}
    assert set(statuses(run).values()) == {"failed"}
