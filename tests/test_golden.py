"""Golden reports: what `attn-kit grade` writes for each kind of submission, compared whole.

Each folder of ``tests/golden/`` is one scenario: ``scenario.toml`` says how its
submission is built (from ``solutions/`` or the stubs in ``exercises/``, with 05's file
replaced by a file of the kit's library or by a few lines of source; or a zip that is not
one), and ``report.en.json`` / ``report.zh.json`` hold the report that `attn-kit grade
SUB --json FILE --seed 7` writes for it in each language. The report is compared whole,
key order included, once the fields that differ from run to run or machine to machine are
normalised (``normalise``, the one place that decides which). So any change to what a
report says is a diff of these files, read in review:

    ATTN_KIT_UPDATE_GOLDEN=1 python -m pytest tests/test_golden.py -n 0

rewrites them from the current code (then read ``git diff tests/golden``). Every scenario
also states, in its ``[expect]`` table, the verdict it exists to show (the grade's status,
exercise 05's status, the cause or the kind of problem); that is checked on the report
before it is compared, so a rewrite cannot turn a scenario into another.

Only exercise 05 is graded (a course file with ``graded = ["05"]``): every scenario's
verdict is about one exercise file, and a report of one exercise stays small.
"""
from __future__ import annotations

import difflib
import json
import os
from pathlib import Path

import pytest
from conftest import EXERCISES, ROOT, SOLUTIONS, cli, copy_exercises

from checker.compat import tomllib

GOLDEN = Path(__file__).resolve().parent / "golden"
TESTS = GOLDEN.parent
UPDATE = os.environ.get("ATTN_KIT_UPDATE_GOLDEN") == "1"
SEED = "7"
EXERCISE, FILE = "05", "ex05_softmax.py"
SCENARIOS = sorted(p.parent.name for p in GOLDEN.glob("*/scenario.toml"))
LANGS = ("en", "zh")


def scenario(name: str) -> dict:
    return tomllib.loads((GOLDEN / name / "scenario.toml").read_text(encoding="utf-8"))


# ------------------------------------------------------------------ what may differ
VOLATILE = "<volatile>"
# keys whose value is a time, a duration (Gradescope's ``execution_time`` too), or where the
# kit or a file sits on this machine
TIMES_AND_PATHS = {"created", "duration", "seconds", "execution_time", "root", "path"}
# what this machine's kernel and user give the sandbox, not what the submission did
SANDBOX_FACTS = {"own_uid", "why_not_own_uid", "reads_any_file", "layers"}


def normalise(report, tmp: str):
    """The report with exactly these values replaced by ``<volatile>`` (the key stays):
    times and durations (``created``, ``duration`` of the run and of each phase, a grade's
    ``seconds``, Gradescope's ``execution_time``), paths (``root``, ``submission.path``, ``course.path``, and the test's
    temporary folder wherever a text holds it), the machine (``environment``, the values
    of ``versions`` - the package names stay - and the sandbox's facts of this kernel and
    user: ``own_uid``, ``why_not_own_uid``, ``reads_any_file``, ``layers``, and
    ``limits.own_uid``). Everything else is compared as it is."""
    def walk(value, key=None, parent=None):
        if isinstance(value, dict):
            return {k: walk(v, k, key) for k, v in value.items()}
        if isinstance(value, list):
            return [walk(v, None, key) for v in value]
        if key in TIMES_AND_PATHS or key == "environment" or parent == "versions":
            return VOLATILE
        if parent in ("sandbox", "limits") and key in SANDBOX_FACTS:
            return VOLATILE
        if isinstance(value, str) and tmp in value:
            return value.replace(tmp, "<tmp>")
        return value

    return walk(report)


def _text(report) -> str:
    return json.dumps(report, ensure_ascii=False, indent=1) + "\n"


# ------------------------------------------------------------------ the runs
def _course(tmp: Path) -> Path:
    course = tmp / "course.toml"
    course.write_text(f'[exercises]\ngraded = ["{EXERCISE}"]\n', encoding="utf-8")
    return course


def grade(name: str, lang: str, tmp: Path, fmt: str = "json") -> dict:
    """The report `attn-kit grade` writes for scenario ``name`` in ``lang``."""
    spec = scenario(name)
    work = tmp / f"{name}-{lang}-{fmt}"
    work.mkdir()
    args = ["--seed", SEED, "--jobs", "1", "--lang", lang, "--course", str(_course(work)),
            "--format", fmt]
    if "timeout" in spec:
        args += ["--timeout", str(spec["timeout"])]
    if "zip" in spec:  # a class of one: a lone zip that cannot be read is a usage error
        (work / "class").mkdir()
        (work / "class" / "student.zip").write_bytes(spec["zip"].encode())
        done = cli("grade", "class", "--out", "out", *args, cwd=work)
        report = work / "out" / "student.json"
    else:
        base = {"solutions": SOLUTIONS, "exercises": EXERCISES}[spec["from"]]
        sub = copy_exercises(base, work / "student")
        if "file" in spec:
            (sub / FILE).write_bytes((TESTS / spec["file"]).read_bytes())
        if "source" in spec:
            (sub / FILE).write_text(spec["source"].lstrip("\n"), encoding="utf-8")
        done = cli("grade", "student", "--json", "report.json", *args, cwd=work)
        report = work / "report.json"
    assert done.returncode == 0, done.stderr
    return normalise(json.loads(report.read_text(encoding="utf-8")), str(work))


def assert_expected(name: str, report: dict) -> None:
    """The verdict the scenario exists to show, read from the report."""
    expect = scenario(name)["expect"]
    assert report["grade"]["status"] == expect["grade"], report["grade"]
    [exercise] = report["exercises"]
    assert exercise["id"] == EXERCISE and exercise["status"] == expect["status"], exercise
    cases = [t["metadata"] for t in report["tests"]]
    failures = [m["failure"] for m in cases if m.get("failure")]
    if expect["status"] == "passed":
        assert cases and not failures and exercise["score"] == exercise["max_score"]
    else:
        assert exercise["score"] == 0 or expect["status"] == "failed", exercise
    if "cause" in expect:
        assert any(f.get("cause") == expect["cause"] for f in failures), failures
    if "kind" in expect:
        assert failures and all(f.get("kind") == expect["kind"] for f in failures), failures
    if name == "unreadable_zip":
        assert cases == [] and "student.zip" in report["grade"]["reason"]


def compare(got: dict, path: Path) -> None:
    if UPDATE:
        path.write_text(_text(got), encoding="utf-8")
        return
    assert path.is_file(), f"{path} is missing: ATTN_KIT_UPDATE_GOLDEN=1 writes it"
    expected = path.read_text(encoding="utf-8")
    if _text(got) != expected:
        diff = "".join(difflib.unified_diff(expected.splitlines(True), _text(got).splitlines(True),
                                            str(path.relative_to(ROOT)), "this run", n=2))
        pytest.fail(f"the report differs from {path.name} (a reviewed change: rewrite it with "
                    f"ATTN_KIT_UPDATE_GOLDEN=1)\n{diff}", pytrace=False)


def test_every_scenario_the_issue_names_is_here():
    assert set(SCENARIOS) == {"correct", "wrong_cause", "syntax_error", "timeout",
                              "forbidden_call", "unreadable_zip", "not_started"}


def golden_path(name: str, lang: str, got: dict) -> Path:
    """``report.<lang>.json``; a scenario whose Chinese report says nothing the English
    one does not (nothing in it is translated: the correct submission) has the English
    file only, and its Chinese run is compared with that."""
    own, english = GOLDEN / name / f"report.{lang}.json", GOLDEN / name / "report.en.json"
    if lang == "en" or own.is_file():
        return own
    if UPDATE and (not english.is_file() or english.read_text(encoding="utf-8") != _text(got)):
        return own
    return english


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("name", SCENARIOS)
def test_golden_report(name, lang, tmp_path):
    report = grade(name, lang, tmp_path)
    assert_expected(name, report)
    compare(report, golden_path(name, lang, report))


def test_golden_gradescope_results(tmp_path):
    """Gradescope's results.json of the wrong answer with a cause: the text students read
    there (their score, each case's output) is made from our report."""
    compare(grade("wrong_cause", "en", tmp_path, fmt="gradescope"),
            GOLDEN / "wrong_cause" / "gradescope.en.json")


def test_the_normalisation_keeps_what_a_submission_decides():
    """A deviation in any field that is not volatile shows: a case's message, a cause, a
    score; and the volatile ones are replaced, not dropped."""
    report = {"created": 1.0, "root": "/kit", "versions": {"torch": "2"},
              "grade": {"status": "ok", "seconds": 0.3, "reason": "in /tmp/x/a.py"},
              "sandbox": {"own_uid": True, "timeout": 3.0, "limits": {"own_uid": True,
                                                                    "memory_mb": 1024}},
              "tests": [{"metadata": {"message": "NaN", "failure": {"cause": "c"}},
                         "call": {"duration": 0.1}}]}
    got = normalise(report, "/tmp/x")
    assert got == {"created": VOLATILE, "root": VOLATILE, "versions": {"torch": VOLATILE},
                   "grade": {"status": "ok", "seconds": VOLATILE, "reason": "in <tmp>/a.py"},
                   "sandbox": {"own_uid": VOLATILE, "timeout": 3.0,
                               "limits": {"own_uid": VOLATILE, "memory_mb": 1024}},
                   "tests": [{"metadata": {"message": "NaN", "failure": {"cause": "c"}},
                              "call": {"duration": VOLATILE}}]}
