"""The library of wrong and of differently-written correct implementations.

A wrong file is checked on its own exercise only (no other exercise's worker loads
it): that exercise must not pass, and the case the learner is shown first must give
the likely cause the file declares. A correct file must pass every case.

The files are checked in rounds: each round is one folder in which every exercise
holds a different library file, checked once (about 20 runs for the whole library
instead of one run per file); the tests then read their file's result.
"""
from __future__ import annotations

import importlib
import shutil
from pathlib import Path

import pytest
from conftest import (IMPLEMENTATIONS, SOLUTIONS, assert_chinese, check, copy_exercises,
                      made_zeros, statuses)

from checker import dev, i18n, manifest
from checker.judge.plugin import values_wrong

BY_STEM = {e.stem: e for e in manifest.load()}

# causes that no learner's mistake produces, only an attack on the worker (tested in the
# hostile suites)
ATTACK_ONLY = {"tampered"}
# caught, but told no cause yet (an open item, not a pass): one list, `dev check`'s
NO_CAUSE_YET = dev.NO_CAUSE_YET


# the blind sets: wrong files written by people who had not seen the cases (their first
# runs are the kit's blind figures, tests/blind_feedback/README.md); each now declares the
# cause the report gives it, like the kit's own library
BLIND = Path(__file__).resolve().parent / "blind_feedback"


def _files(kind: str) -> list[Path]:
    found = sorted((IMPLEMENTATIONS / kind).glob("*/*.py"))
    if kind == "wrong":
        found += sorted(BLIND.glob("set*/*/*.py"))
    return found


def _id(path: Path) -> str:
    if BLIND in path.parents:
        return f"{path.parent.parent.name}/{path.parent.name}/{path.stem}"
    return f"{path.parent.name}/{path.stem}"


def declared_cause(path: Path) -> str | None:
    return dev.declared_cause(path.read_text(encoding="utf-8"))


def _in_rounds(files: list[Path], folder: Path) -> dict[Path, object]:
    """Each file's exercise result, checked one round at a time (one file per exercise),
    each round one check."""
    by_exercise: dict[str, list[Path]] = {}
    for path in files:
        by_exercise.setdefault(path.parent.name, []).append(path)
    rounds = []
    for n in range(max(map(len, by_exercise.values()), default=0)):
        chosen = {BY_STEM[stem].id: paths[n] for stem, paths in by_exercise.items()
                  if n < len(paths)}
        exercises = copy_exercises(SOLUTIONS, folder / f"round{n}")
        for exercise_id, path in chosen.items():
            shutil.copy(path, exercises / manifest.by_id()[exercise_id].file)
        rounds.append((exercises, chosen))
    results: dict[Path, object] = {}
    runs = [check(exercises, sorted(chosen))[0] for exercises, chosen in rounds]
    for (_, chosen), run in zip(rounds, runs):
        for result in run.exercises:
            results[chosen[result.id]] = result
    return results


@pytest.fixture(scope="module")
def wrong_results(tmp_path_factory):
    """Checked in Chinese: the causes' ids are the same in both languages, and the same
    runs show that every text a learner reads about them is Chinese (English texts are
    rendered for every cause by test_cause_words.py)."""
    i18n.MISSES.clear()
    i18n.set_lang("zh")
    try:
        return _in_rounds(_files("wrong"), tmp_path_factory.mktemp("wrong"))
    finally:
        i18n.set_lang("en")


@pytest.fixture(scope="module")
def correct_results(tmp_path_factory):
    return _in_rounds(_files("correct"), tmp_path_factory.mktemp("correct"))


def test_every_library_folder_is_an_exercise():
    for library in (IMPLEMENTATIONS / "wrong", IMPLEMENTATIONS / "correct", *BLIND.glob("set*")):
        folders = {p.name for p in library.iterdir() if p.is_dir()}
        assert folders <= set(BY_STEM), (library.name, folders - set(BY_STEM))


@pytest.mark.parametrize("path", _files("wrong"), ids=_id)
def test_wrong_implementation_is_caught_with_its_declared_cause(path, wrong_results):
    result = wrong_results[path]
    assert result.status != "passed", f"{_id(path)} was not caught"
    problem = result.telling_case()
    assert problem.failure is not None and problem.failure.summary
    declared = declared_cause(path)
    assert declared, f"{_id(path)} declares no `Cause: <id>` line"
    if _id(path) in NO_CAUSE_YET:
        assert not problem.failure.cause, "it has a cause now: take it off NO_CAUSE_YET"
        return
    assert problem.failure.cause == declared, (
        f"{_id(path)}: the report names {problem.failure.cause or 'no cause'} "
        f"({problem.failure.likely!r}) on {problem.name!r}, the file declares {declared}")
    # issue 19: a file whose values are wrong anywhere earns nothing from property cases
    ours, exercise = result, BY_STEM[path.parent.name]
    if any(values_wrong(c) for c in ours.cases):
        earned = [c.name for c in ours.cases if c.property and c.status == "passed"]
        assert earned == [], f"{_id(path)} earns property cases with wrong values: {earned}"
        assert ours.score() == round(
            exercise.points * sum(not c.property and c.status == "passed" for c in ours.cases)
            / ours.total, 2)


def test_every_cause_the_kit_can_print_is_proven_by_a_wrong_implementation():
    from checker.judge import causes

    for e in manifest.load():  # the case files define their exercises' own causes
        importlib.import_module(f"checker.judge.cases.{e.case_module}")
    # a file whose result fits several candidates declares them joined by "|"
    declared = {c for p in _files("wrong") if declared_cause(p) != "none"  # NO_CAUSE_YET's
                for c in declared_cause(p).split("|")}
    assert declared <= set(causes.REGISTRY), declared - set(causes.REGISTRY)
    assert set(causes.REGISTRY) - declared - ATTACK_ONLY == set()


def test_every_wrong_implementation_is_explained_in_chinese(wrong_results):
    """Every case name and failure text of the whole library's runs is Chinese, and no
    text the runs used lacks its entry in the catalog."""
    failures = sum(assert_chinese(result) for result in wrong_results.values())
    assert failures >= len(wrong_results)  # each wrong file fails a case at least
    assert i18n.MISSES == set()


@pytest.mark.parametrize("path", _files("correct"), ids=_id)
def test_correct_implementation_written_differently_passes(path, correct_results):
    result = correct_results[path]
    failing = [(c.name, c.failure) for c in result.cases if c.status != "passed"]
    assert failing == []


def test_zeros_earn_nothing(tmp_path):
    """Results of the right shape, dtype and graph, but all zeros, pass no case at all.

    Cases about a property (dtype kept, inputs untouched, no peeking, no forbidden
    call) check the values too; otherwise such a file would earn a third of the points.
    """
    run, _ = check(made_zeros(tmp_path / "zeros"))
    passed = {e.id: [c.name for c in e.cases if c.status == "passed"] for e in run.exercises}
    assert run.score == 0, {k: v for k, v in passed.items() if v}
    assert set(statuses(run).values()) == {"failed"}


def test_a_property_case_that_holds_for_a_wrong_file_earns_nothing(solved):
    """Issue 19: 08 without the scaling passes "large inputs stay finite" (a saturated
    softmax is finite and one-hot with or without the scaling): it waits for the values,
    in the results and in the JSON document alike."""
    shutil.copy(IMPLEMENTATIONS / "wrong" / "ex08_attention" / "no_scaling.py",
                solved / "ex08_attention.py")
    run, document = check(solved, ["08"], json_report=True)
    cases = {c.name: c for c in run.exercises[0].cases}
    large = cases["large inputs (scores in the thousands, float64) stay finite"]
    assert large.property and large.status == "failed" and large.failure.not_checked
    assert not any(c.property and c.status == "passed" for c in cases.values())
    meta = {t["metadata"]["case"]: t["metadata"] for t in document["tests"]}
    assert meta[large.name]["status"] == "failed" and meta[large.name]["not_checked"]
    assert sum(m["status"] == "passed" for m in meta.values()) == run.exercises[0].passed
    assert document["summary"]["passed"] == run.exercises[0].passed


# issue 35: a forbidden call and an in-place write are both rule breaches, with different
# costs. A forbidden call means values computed by a ready-made function, so it fails
# every case of its exercise; an input changed in place leaves the values the student's
# own, so it fails its own case only.
FORBIDDEN_FILES = {  # library file -> what the failures must name
    ("ex05_softmax", "torch_softmax"): "softmax",
    ("ex05_softmax", "float16_only_torch_softmax"): "softmax",  # one path only
    ("ex08_attention", "uses_F_sdpa"): "scaled_dot_product_attention",
}


@pytest.mark.parametrize("stem, name", list(FORBIDDEN_FILES), ids="/".join)
def test_a_forbidden_call_costs_every_case_of_its_exercise(stem, name, solved):
    exercise = BY_STEM[stem]
    shutil.copy(IMPLEMENTATIONS / "wrong" / stem / f"{name}.py", solved / exercise.file)
    run, document = check(solved, [exercise.id], json_report=True)
    result, call = run.exercises[0], FORBIDDEN_FILES[(stem, name)]
    assert result.total > 10 and result.passed == 0 and result.score() == 0
    for c in result.cases:
        assert c.status == "failed" and c.failure.check == "forbidden", c.name
        assert c.failure.cause == "forbidden_call" and call in c.failure.summary, c.name
    # the JSON document (what a course file and Gradescope re-score from) says the same
    tests = [t["metadata"] for t in document["tests"]]
    assert len(tests) == result.total
    assert all(m["status"] == "failed" and call in m["message"] for m in tests), tests
    assert document["exercises"][0]["score"] == 0 and document["summary"].get("passed", 0) == 0


def test_an_input_changed_in_place_costs_only_its_own_case(solved):
    exercise = BY_STEM["ex07_masking"]
    shutil.copy(IMPLEMENTATIONS / "wrong" / "ex07_masking" / "masked_fill_in_place.py",
                solved / exercise.file)
    run, document = check(solved, [exercise.id], json_report=True)
    result = run.exercises[0]
    failing = [c for c in result.cases if c.status != "passed"]
    assert [c.name for c in failing] == ["the scores and the mask are left unchanged"]
    assert failing[0].failure.check == "property" and not failing[0].failure.not_checked
    assert result.passed == result.total - 1 > 10
    assert result.score() == round(exercise.points * (result.total - 1) / result.total, 2)
    assert document["exercises"][0]["score"] == result.score()


def test_a_way_around_the_guard_that_names_no_forbidden_call_costs_only_its_own_case(solved):
    """A computed getattr proves no forbidden call (the values may be the file's own):
    it fails the scan's case, and the grader's review list shows it to a person, but it
    does not strike the exercise as a named forbidden call does."""
    exercise = BY_STEM["ex05_softmax"]
    source = (SOLUTIONS / exercise.file).read_text(encoding="utf-8")
    # amax reached by a built name: allowed by the rules, but the scan cannot tell
    (solved / exercise.file).write_text(
        source + '\n\ndef _row_max(x):\n    return getattr(x, "am" + "ax")(dim=-1)\n',
        encoding="utf-8")
    run, _document = check(solved, [exercise.id], json_report=True)
    result = run.exercises[0]
    failing = [c for c in result.cases if c.status != "passed"]
    assert len(failing) == 1 and failing[0].failure.check == "property", failing
    assert "computed name" in failing[0].failure.summary
    assert result.passed == result.total - 1 > 10
