"""Every failure, compactly, and a failing case replayed (issue 38, items 1 and 2).

The report shows one case in detail and one line for each other function that fails and
each other cause; `check NN --all-cases` (watch's a) lists every failing case; the
telling case follows a rule (``results._rank``, then ``results._simplest``) pinned here.
`check NN --repro` (watch's p, ``check(repro=True)``) writes a Python file that replays
the case: it exits 1 while the case fails, 0 once the file is fixed. A grade never keeps
a case's calls, and never writes one.
"""
from __future__ import annotations

import io
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import IMPLEMENTATIONS, SOLUTIONS, check, cli, copy_exercises
from rich.console import Console

from checker import i18n
from checker.judge.results import Check, CaseResult, ExerciseResult, Failure, Status
from checker.learner import report
from terminal import Terminal

EN = {"LANG": "en_US.UTF-8", "LC_ALL": "", "LC_MESSAGES": ""}
SOFT_LINE = "    weights = torch.softmax(scores, dim=-1)  # [n]\n"
HARD_LINE = "    scores = keys @ query  # [n]\n"  # hard_lookup's first line (soft_lookup's too)


def env(**more):
    return {**os.environ, **EN, "COLUMNS": "", "LINES": "", **more}


def ex01(hard_raises: bool, soft_wrong: bool) -> str:
    """Exercise 01: the reference, with hard_lookup raising and soft_lookup missing its
    softmax, as asked."""
    text = (SOLUTIONS / "ex01_soft_lookup.py").read_text()
    assert HARD_LINE in text and SOFT_LINE in text  # the reference still reads so
    if hard_raises:
        text = text.replace(HARD_LINE, '    raise RuntimeError("boom")\n', 1)
    if soft_wrong:
        text = text.replace(SOFT_LINE, "    weights = scores  # [n]\n", 1)
    return text


@pytest.fixture
def work(tmp_path) -> Path:
    """A workspace made by `attn-kit init`, with 01 wrong in both functions."""
    assert cli("init", str(tmp_path / "work"), env=env()).returncode == 0
    (tmp_path / "work" / "exercises" / "ex01_soft_lookup.py").write_text(ex01(True, True))
    return tmp_path / "work"


@pytest.fixture
def english():
    i18n.set_lang("en")
    yield
    i18n.set_lang("en")


def _render(renderable, width=100) -> str:
    buffer = io.StringIO()
    Console(file=buffer, width=width, no_color=True, force_terminal=False).print(renderable)
    return " ".join(buffer.getvalue().split())


# -------------------------------------------------------- every failing function shows
def test_both_failing_functions_of_01_show_one_in_detail_one_in_a_line(work, english):
    run, _ = check(work / "exercises", ["01"])
    result = run.exercises[0]
    shown = result.telling_cases()
    assert {c.function for c in shown} == {"hard_lookup", "soft_lookup"}
    first = shown[0]
    assert first is result.telling_case()
    other = next(c for c in shown if c.function != first.function)
    assert other is result.telling_case(other.function)
    panel = _render(report.panel(result, str(work / "exercises"), plain=True))
    assert f"Case: {first.name}" in panel
    also = panel.split("Also failing:")[1]
    assert f"- {other.name}" in also and "RuntimeError" in also  # hard_lookup's error, one line
    assert panel.count("RuntimeError") == 1 and panel.count(f"Case: {other.name}") == 0
    done = cli("check", "01", cwd=work, env=env())
    out = " ".join(done.stdout.split())
    assert done.returncode == 1
    assert f"Case: {first.name}" in out and f"- {other.name}" in out and "RuntimeError" in out
    assert "`attn-kit check 01 --all-cases` lists them" in out


def test_all_cases_lists_every_failing_case(work):
    run, _ = check(work / "exercises", ["01"])
    result = run.exercises[0]
    waiting = result.not_checked()
    failing = [c for c in result.failing() if c not in waiting]
    assert len(failing) > len(result.telling_cases()) + 1  # more than the short report shows
    done = cli("check", "01", "--all-cases", cwd=work, env=env())
    out = " ".join(done.stdout.split())
    listed = out.split("Every other case that does not pass")[1].split("Checked once")[0]
    for case in failing:
        assert case.name in out, case.name
    assert listed.count("- hard_lookup:") + listed.count("- soft_lookup:") == len(failing) - 1
    assert "--all-cases` lists them" not in out


# ------------------------------------------------------------- the telling case's rule
def _case(name, *, check=Check.VALUES, cause="", specific=False, rank=2, dtype="float32",
          prop=False, function="f", status=Status.FAILED) -> CaseResult:
    failure = Failure("wrong", cause=cause, specific=specific, check=check)
    return CaseResult("05", name, f"x::{name}", status, failure=failure, function=function,
                      property=prop, rank=rank, dtype=dtype)


def _telling(*cases) -> str:
    return ExerciseResult("05", "1", "ex05_softmax.py", 10, list(cases)).telling_case().name


def test_the_telling_case_is_the_simplest_case_that_shows_the_named_cause():
    # the same cause: plain shapes before batched, float32 before float16 and float64,
    # a value case before a property case, whatever the cases' order
    assert _telling(_case("batched", rank=4), _case("plain", rank=2)) == "plain"
    assert _telling(_case("half", dtype="float16"), _case("double", dtype="float64"),
                    _case("single", dtype="float32", rank=3)) == "single"
    assert _telling(_case("property", prop=True), _case("value", rank=4)) == "value"
    # the cause comes first: a batched case that names the mistake before a plain one
    # that only differs, and a wrong value before a wrong dtype or gradient
    assert _telling(_case("plain, no cause", rank=1),
                    _case("batched, named", rank=4, cause="c", specific=True)) == \
        "batched, named"
    assert _telling(_case("dtype", check=Check.DTYPE, rank=1),
                    _case("values", rank=3)) == "values"
    # a file that cannot run outranks everything; a case not started comes last
    assert _telling(_case("named", cause="c", specific=True),
                    _case("crash", status=Status.ERROR, rank=4)) == "crash"
    assert _telling(_case("stub", status=Status.NOT_STARTED, rank=1),
                    _case("generic", rank=4)) == "generic"
    # simplicity never changes the cause named: the fewest dimensions pick the cause (a),
    # then the simplest case that shows it (a value case, though batched)
    assert _telling(_case("a, property, plain", cause="a", specific=True, prop=True),
                    _case("b, value, batched", cause="b", specific=True, rank=3),
                    _case("a, value, batched", cause="a", specific=True, rank=4)) == \
        "a, value, batched"
    # ties keep the order
    assert _telling(_case("first"), _case("second")) == "first"


def test_the_first_case_shows_the_mistake_a_title_does_not_point_elsewhere(tmp_path):
    """A value mistake of 04 is shown on a plain case ("d_k = 16 divides the scores by 4"),
    never on the one about shapes (a 1-D row and a batched input: its batched call comes
    first, so it counts as batched whichever call fails); 08's unshifted softmax is shown on
    a case whose title claims only what it checks (no blocked key is given weight there)."""
    folder = copy_exercises(SOLUTIONS, tmp_path / "exercises")
    wrong = IMPLEMENTATIONS / "wrong"
    shutil.copy(wrong / "ex04_scaling" / "divides_by_dk.py", folder / "ex04_scaling.py")
    shutil.copy(wrong / "ex08_attention" / "manual_exp_softmax.py", folder / "ex08_attention.py")
    run, _ = check(folder, ["04", "08"])
    scaling, attention = (e.telling_case() for e in run.exercises)
    assert scaling.name == "d_k = 16 divides the scores by 4"
    assert scaling.failure.cause == "scale_by_d_k"
    assert attention.failure.cause == "softmax_no_shift"
    assert attention.name == ("a key scoring hundreds above the others: weight 0 where it is "
                              "blocked, nearly all the weight where it is not")


def test_one_line_for_each_other_function_and_each_other_cause():
    cases = [_case("f wrong", cause="a", specific=True, function="f"),
             _case("f wrong again", cause="a", specific=True, function="f", rank=3),
             _case("f other cause", cause="b", specific=True, function="f", rank=3),
             _case("g raised", check=Check.RAISED, function="g"),
             _case("g raised batched", check=Check.RAISED, function="g", rank=4)]
    result = ExerciseResult("05", "1", "ex05_softmax.py", 10, cases)
    assert [c.name for c in result.telling_cases()] == ["f wrong", "g raised", "f other cause"]
    assert result.telling_case("g").name == "g raised"


# ------------------------------------------------------------------------- replay
def _replay(path: Path) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, str(path)], capture_output=True, text=True,
                          timeout=120, env=env())


def _written(out: str, work: Path) -> Path:
    found = re.search(r"Replay file written: (\S+\.py)", out)
    assert found, out
    return work / found.group(1)


def test_repro_exits_1_while_the_case_fails_and_0_once_the_file_is_fixed(work):
    mine = work / "exercises" / "ex01_soft_lookup.py"
    done = cli("check", "01", "--repro", cwd=work, env=env())
    assert done.returncode == 1 and "Traceback" not in done.stderr, done.stderr
    script = _written(done.stdout, work)
    assert script.parent == work / ".attn-kit" / "repro"
    assert script.with_suffix(".pt").is_file()
    assert "soft_lookup" in script.name  # the telling case: the missing softmax
    failing = _replay(script)
    assert failing.returncode == 1, failing.stdout + failing.stderr
    assert "values differ" in failing.stdout and "still fails" in failing.stdout
    mine.write_text(ex01(True, False))  # soft_lookup fixed; hard_lookup still raises
    fixed = _replay(script)
    assert fixed.returncode == 0, fixed.stdout + fixed.stderr
    assert "passes" in fixed.stdout
    # now hard_lookup's error is the case shown: its replay raises it, in the learner's code
    again = cli("check", "01", "--repro", cwd=work, env=env())
    raised = _replay(_written(again.stdout, work))
    assert raised.returncode == 1 and "RuntimeError: boom" in raised.stderr
    assert "ex01_soft_lookup.py" in raised.stderr  # the traceback names the learner's file
    shutil.copy(SOLUTIONS / "ex01_soft_lookup.py", mine)
    assert _replay(_written(again.stdout, work)).returncode == 0


def test_repro_in_the_notebook_and_without_a_failing_case(work, monkeypatch, capsys):
    from checker import check as notebook_check

    monkeypatch.chdir(work)
    notebook_check("01", lang="en", show=False, repro=True)
    out = " ".join(capsys.readouterr().out.split())
    assert _replay(_written(out, work)).returncode == 1
    notebook_check("02", lang="en", show=False, repro=True)  # a stub: nothing to replay
    said = capsys.readouterr()
    assert "Exercise 02 is not started yet" in said.out and "Traceback" not in said.err
    i18n.set_lang("en")


def test_calls_are_kept_only_when_asked_and_a_grade_writes_no_replay(work, tmp_path):
    plain, _ = check(work / "exercises", ["01"])
    assert all(not c.calls for c in plain.exercises[0].cases)  # a grade's way: nothing kept
    kept, _ = check(work / "exercises", ["01"], replay=True)
    failing = kept.exercises[0].failing()
    assert any(c.calls for c in failing)
    assert all(not c.calls for c in kept.exercises[0].cases if c.status == Status.PASSED)
    out = tmp_path / "grades"
    done = cli("grade", str(work), "--out", str(out), env=env())
    assert done.returncode == 0, done.stderr
    written = [p for p in (*out.rglob("*"), *work.rglob("*")) if "repro" in p.name
               or p.suffix in (".pt",)]
    assert not written and not (work / ".attn-kit" / "repro").exists()


# -------------------------------------------------------------------------- watch
def test_watch_lists_every_failing_case_and_writes_a_replay(work):
    with Terminal(["watch", "--lang", "en"], work, env()) as term:
        term.expect("Exercise 01 · Soft lookup · failed")
        term.expect("press a to list them")
        term.advance()
        term.send("a")
        term.expect("every case that does not pass")
        term.expect("hard_lookup: two keys nearly tie")  # a case the short report leaves out
        term.advance()
        term.send("p")
        term.expect("Replay file written")
        term.send("q")
        term.expect("Bye!")
        assert term.close() == 0
    assert list((work / ".attn-kit" / "repro").glob("ex01_*.py"))
