"""The command line as a learner and an instructor use it: exit codes, JSON, hints."""
import json
import os
import re
import shutil

import pytest
from conftest import ROOT, SOLUTIONS, UNKNOWN_ID, check, cli, copy_exercises

from checker import manifest


@pytest.fixture
def kit(tmp_path):
    """A workspace laid out like the cloned kit: exercises/ with the stubs."""
    shutil.copytree(ROOT / "exercises", tmp_path / "exercises")
    return tmp_path


def test_check_all_stubs_is_not_started_exit_1(kit):
    done = cli("check", cwd=kit)
    assert done.returncode == 1, done.stderr
    assert done.stdout.count("not started") >= len(manifest.load())
    assert "Traceback" not in done.stdout + done.stderr
    assert "attn-kit hint 01" in done.stdout
    assert done.stderr == ""


def test_check_one_solved_exercise_exit_0_and_from_a_subfolder(kit):
    shutil.copy(SOLUTIONS / "ex05_softmax.py", kit / "exercises" / "ex05_softmax.py")
    done = cli("check", "05", cwd=kit / "exercises")
    assert done.returncode == 0, done.stdout + done.stderr
    cases = check(SOLUTIONS, ["05"])[0].exercises[0].total  # what the cases hold now
    assert "passed" in done.stdout and f"{cases}/{cases}" in done.stdout


def test_usage_errors_exit_2_with_one_line(kit, tmp_path_factory, monkeypatch, capsys):
    """In this process: the parser and the commands' checks, as `attn-kit` runs them."""
    from checker import cli as command_line

    tmp_path = tmp_path_factory.mktemp("elsewhere")
    monkeypatch.chdir(kit)
    for args in (["check", UNKNOWN_ID], ["check", "--exercises", str(tmp_path / "nope")],
                 ["check", "--bogus"], ["hint", UNKNOWN_ID], ["check", "--timeout", "0"],
                 ["grade"], ["show", "02"], ["model", "bert"]):
        code = command_line.main(args)
        out = capsys.readouterr()
        assert code == 2, (args, out.out, out.err)
        assert out.err.startswith("attn-kit: ") and out.err.count("\n") == 1, (args, out.err)
    empty = tmp_path / "empty"
    empty.mkdir()
    monkeypatch.chdir(empty)
    assert command_line.main(["check"]) == 2
    assert "no exercises/ folder" in capsys.readouterr().err


def test_a_check_starts_its_engine_first_only_when_it_will_run_cases(kit, tmp_path,
                                                                      monkeypatch):
    """learner/early.py: torch and the fork server before the command line's own imports
    for a check that will run cases; a typo is told at once, without torch's second."""
    from checker import engine
    from checker.learner import early

    started = []
    monkeypatch.setattr(engine, "start", lambda: started.append(True))
    monkeypatch.chdir(kit)
    for argv, starts in ((["check"], True), (["--lang", "zh", "check", "05", "--seed", "3"], True),
                         (["check", "softmax", "--exercises", str(kit)], True),
                         (["check", UNKNOWN_ID], False), (["check", "--help"], False),
                         (["check", "--exercises", str(tmp_path / "nope")], False),
                         (["list"], False), ([], False)):
        started.clear()
        early.start(argv)
        assert started == ([True] if starts else []), argv


def test_a_usage_error_from_a_fresh_process_is_one_line(kit):
    done = cli("check", UNKNOWN_ID, cwd=kit)
    assert done.returncode == 2 and done.stderr.startswith("attn-kit: ")
    assert done.stderr.count("\n") == 1 and done.stdout == ""


def test_json_report_for_instructors(tmp_path):
    submission = copy_exercises(SOLUTIONS, tmp_path / "alice")
    shutil.copy(ROOT / "exercises" / "ex10_causal_self_attention.py",
                submission / "ex10_causal_self_attention.py")
    out = tmp_path / "alice.json"
    done = cli("check", "--exercises", str(submission), "--json", str(out), "--seed", "7",
               cwd=tmp_path)
    assert done.returncode == 1, done.stderr
    doc = json.loads(out.read_text())
    # pytest-json-report's own document ...
    for key in ("created", "duration", "exitcode", "root", "summary", "tests"):
        assert key in doc
    # ... with per-test metadata ...
    for test in doc["tests"]:
        assert {"exercise", "case", "points", "status"} <= set(test["metadata"])
    # ... and the kit's top-level keys
    ids = [e.id for e in manifest.load()]
    assert [e["id"] for e in doc["exercises"]] == ids
    for e in doc["exercises"]:
        assert set(e) == {"id", "title", "status", "passed", "total", "score", "max_score"}
        assert e["status"] in {"passed", "failed", "not_started", "error", "timeout"}
    assert {e["id"]: e["status"] for e in doc["exercises"]}["10"] == "not_started"
    # every exercise checked counts, the beyond part too (a grade counts the lesson only)
    points = {e.id: e.points for e in manifest.load()}
    assert doc["max_score"] == sum(points.values())
    assert doc["score"] == sum(points.values()) - points["10"]
    assert doc["seed"] == 7 and doc["versions"]["torch"] and doc["versions"]["attention-kit"]
    earned = sum(t["metadata"]["points"] for t in doc["tests"]
                 if t["metadata"]["status"] == "passed")
    assert abs(earned - doc["score"]) < 0.05


def test_python_dash_m_checker_is_the_same_command(kit):
    done = cli("--version", cwd=kit)
    assert done.returncode == 0 and "attention-kit" in done.stdout
    console = shutil.which("attn-kit")
    if console:  # the installed console script gives the same report
        import subprocess
        a = subprocess.run([console, "check", "02"], cwd=kit, capture_output=True, text=True)
        b = cli("check", "02", cwd=kit)
        assert (a.returncode, a.stdout) == (b.returncode, b.stdout)


def test_plain_output_when_not_a_terminal_or_no_color(kit):
    env = dict(os.environ, NO_COLOR="1")
    done = cli("check", "03", cwd=kit, env=env)
    assert "\x1b[" not in done.stdout
    assert "Progress [" in done.stdout


def test_hint_goes_one_level_at_a_time_and_remembers(kit):
    hints = manifest.by_id()["05"].hints_for(None, "en")[1]
    first = cli("hint", "05", "--lang", "en", cwd=kit)
    second = cli("hint", "5", "--lang", "en", cwd=kit)
    assert first.returncode == second.returncode == 0
    assert f"hint 1 of {len(hints)}" in first.stdout and f"hint 2 of {len(hints)}" in second.stdout
    assert hints[0].split()[0] in first.stdout
    state = json.loads((kit / ".attn-kit" / "state.json").read_text())
    assert state["hints"]["05"] == {"softmax": 2}
    asked = cli("hint", "softmax", "--lang", "en", cwd=kit)  # not a terminal: it says how
    assert "nearly gives the answer" in asked.stdout and "--yes" in asked.stdout
    assert hints[-1][:20] not in asked.stdout
    last = cli("hint", "softmax", "--yes", "--lang", "en", cwd=kit)
    assert f"hint {len(hints)} of {len(hints)}" in last.stdout and "last hint" in last.stdout
    assert hints[-1][:20] in last.stdout.replace("\n", " ")
    everything = cli("hint", "05", "--all", "--lang", "zh", cwd=kit)
    for hint in manifest.by_id()["05"].hints_for(None, "zh")[1]:
        assert hint[:10] in everything.stdout.replace("\n", "")


def test_hint_language_follows_the_environment(kit):
    env = dict(os.environ, LANG="zh_CN.UTF-8", LC_ALL="")
    done = cli("hint", "01", cwd=kit, env=env)
    assert manifest.by_id()["01"].hints_for(None, "zh")[1][0][:8] in done.stdout.replace("\n", "")


def test_pytest_addopts_in_the_environment_changes_nothing(kit):
    env = dict(os.environ, PYTEST_ADDOPTS="-x --maxfail=1")
    done = cli("check", "02", cwd=kit, env=env)
    cases = len(manifest.case_names(manifest.by_id()["02"]))
    assert done.returncode == 1 and f"0/{cases}" in done.stdout


def _runs_on_meta(exercise) -> bool:
    cases = ROOT / "checker" / "judge" / "cases" / f"{exercise.case_module}.py"
    return bool(re.search(r"""device\s*=\s*["']meta["']""", cases.read_text(encoding="utf-8")))


@pytest.mark.parametrize("exercise", [e.id for e in manifest.load() if _runs_on_meta(e)])
def test_a_first_check_of_an_exercise_with_meta_cases_passes_its_solution(solved, exercise):
    """`attn-kit check 10` as the first command of a session: the meta device needs what
    a confined worker cannot set up itself (sympy), which the fork server sets up before
    it forks its first worker (the solution once failed half its cases there)."""
    done = cli("check", exercise, "--exercises", str(solved))
    assert done.returncode == 0, done.stdout + done.stderr


def test_a_command_through_the_tests_launcher_is_the_command_in_a_new_python(kit):
    """The tests run their commands as forks of one launcher (tests/launcher.py): what a
    command prints, its exit status and the files it writes are those of a new Python;
    a command that overruns its time is stopped and raises as subprocess.run would."""
    import subprocess

    shutil.copy(SOLUTIONS / "ex01_soft_lookup.py", kit / "exercises" / "ex01_soft_lookup.py")
    env = {**os.environ, "NO_COLOR": "1", "COLUMNS": "90"}
    for args in (["check", "01", "02"], ["check", UNKNOWN_ID], ["check", "01", "--lang", "zh"],
                 ["check", "01", "--json", "r.json"]):
        forked = cli(*args, cwd=kit, env=env)
        report = (kit / "r.json").read_text() if args[-1] == "r.json" else None
        fresh = cli(*args, cwd=kit, env=env, fresh=True)
        assert (forked.returncode, forked.stdout, forked.stderr) == \
            (fresh.returncode, fresh.stdout, fresh.stderr), args
        if report is not None:  # the same document but for its times
            keep = ("exitcode", "summary", "exercises", "seed")
            a, b = json.loads(report), json.loads((kit / "r.json").read_text())
            assert {k: a.get(k) for k in keep} == {k: b.get(k) for k in keep}
    assert cli("check", UNKNOWN_ID, cwd=kit).returncode == 2
    with pytest.raises(subprocess.TimeoutExpired):
        cli("watch", cwd=kit, timeout=1)  # watch never ends by itself
    assert cli("check", "01", cwd=kit).returncode == 0  # the launcher goes on
