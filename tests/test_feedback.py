"""Feedback that names the mistake: the telling case first, properties that wait for the
values, hints that follow the failing function, and the screen in both languages."""
import io
import json
import os
import re
import shutil

import pytest
from conftest import IMPLEMENTATIONS, ROOT, check, cli
from rich.console import Console

from checker import i18n, manifest
from checker.console import make_console
from checker.options import RunOptions
from checker.judge.results import Check, Status
from checker.learner import report, wrapping
from checker.learner.watch import Watch
from checker.usage import UsageError, selected

WRONG = IMPLEMENTATIONS / "wrong"


@pytest.fixture
def english():
    i18n.set_lang("en")
    yield
    i18n.set_lang("en")


@pytest.fixture
def chinese():
    i18n.set_lang("zh")
    yield
    i18n.set_lang("en")


def _with(solved, stem: str, name: str):
    exercise = next(e for e in manifest.load() if e.stem == stem)
    shutil.copy(WRONG / stem / f"{name}.py", solved / exercise.file)
    return exercise


def _render(renderable, width=100) -> str:
    buffer = io.StringIO()
    Console(file=buffer, width=width, no_color=True, force_terminal=False).print(renderable)
    return buffer.getvalue()


# ------------------------------------------------------------ the telling case
def test_a_wrong_shape_that_names_the_operand_is_shown_before_a_values_only_case(solved, english):
    exercise = _with(solved, "ex08_attention", "weights_at_k")
    run, _ = check(solved, [exercise.id])
    result = run.exercises[0]
    first_failing = next(c for c in result.cases if c.status != Status.PASSED)
    case = result.telling_case()
    assert case.failure.check == Check.SHAPE and case.failure.cause == "attn_weights_at_k"
    assert case is not first_failing or first_failing.failure.check == Check.SHAPE
    shown = _render(report.panel(result, str(solved), plain=True))
    assert "weights @ K" in shown and f"Case: {case.name}" in shown


def test_properties_that_hold_wait_for_the_values_on_screen_and_in_the_json(solved, english):
    exercise = _with(solved, "ex05_softmax", "sum_over_all")
    run, document = check(solved, [exercise.id], json_report=True)
    result = run.exercises[0]
    waiting = result.not_checked()
    assert {c.name for c in waiting} >= {"the input tensor is left unchanged",
                                         "float64 in, float64 out"}
    tests = {t["metadata"]["case"]: t["metadata"] for t in document["tests"]}
    assert tests["the input tensor is left unchanged"]["not_checked"] is True
    assert "not_checked" not in tests["random rows of 7 scores, softmax over the last dimension"]
    # the score is unchanged: a case waiting for the values earns nothing yet
    assert result.score() == round(10 * result.passed / result.total, 2)
    shown = _render(report.panel(result, str(solved), plain=True, all_cases=True))
    also = shown.split("Every other case that does not pass")[1].split("Checked once the")[0]
    assert "Checked once the values are right" in shown
    assert "the input tensor is left unchanged" not in also


# ------------------------------------------------------------------ hints
def test_the_first_hint_is_about_the_function_that_fails(tmp_path):
    work = tmp_path / "w"
    shutil.copytree(ROOT / "exercises", work / "exercises")
    shutil.copy(WRONG / "ex01_soft_lookup" / "no_softmax.py",
                work / "exercises" / "ex01_soft_lookup.py")
    cli("check", "01", "--lang", "en", cwd=work)
    cli("hint", "01", "--lang", "en", cwd=work)  # the hint about the likely cause comes first
    done = cli("hint", "01", "--lang", "en", cwd=work)
    soft = manifest.by_id()["01"].hints_for("soft_lookup", "en")[1]
    hard = manifest.by_id()["01"].hints_for("hard_lookup", "en")[1]
    text = " ".join(done.stdout.split())
    assert "About `soft_lookup`, which fails the case" in text
    assert soft[0][:40] in text and hard[0][:40] not in text
    state = json.loads((work / ".attn-kit" / "state.json").read_text())
    assert state["failing"]["01"]["function"] == "soft_lookup"
    assert state["hints"]["01"] == {"soft_lookup": 1}


def _watch(work, lang="en") -> tuple[Watch, io.StringIO]:
    i18n.set_lang(lang)
    buffer = io.StringIO()
    console = Console(file=buffer, width=100, no_color=True, force_terminal=False)
    console.plain = True
    return Watch(work / "exercises", console, RunOptions(seed=2017, timeout=3.0)), buffer


def test_watch_asks_before_the_last_hint_and_shows_it_on_a_second_h(tmp_path, english):
    """The hints are shown inside the exercise's panel (watch.inside), one level a key."""
    shutil.copytree(ROOT / "exercises", tmp_path / "exercises")
    watch, _ = _watch(tmp_path)
    watch.focus = "05"
    levels = manifest.by_id()["05"].hints_for(None, "en")[1]
    for level in levels[:-1]:
        watch.key("h")
        assert level[:30] in " ".join(_render(item) for item in watch.inside)
    watch.key("h")
    asked = " ".join(_render(item) for item in watch.inside)
    assert "nearly gives the answer" in asked and "Press h again" in asked
    assert levels[-1][:30] not in asked
    watch.key("h")
    assert levels[-1][:30] in " ".join(" ".join(_render(i).split()) for i in watch.inside)


def test_watch_after_every_exercise_passes_says_so_for_n_and_h(tmp_path, english):
    shutil.copytree(ROOT / "exercises", tmp_path / "exercises")
    watch, _ = _watch(tmp_path)
    watch.focus = None
    watch.key("n")
    assert "nothing to skip to" in _render(watch.banner[0])
    watch.key("h")
    assert "no hint to give" in _render(watch.banner[0])


def test_s_before_a_pass_names_the_real_exercise(tmp_path, english):
    shutil.copytree(ROOT / "exercises", tmp_path / "exercises")
    watch, _ = _watch(tmp_path)
    watch.focus = "07"
    watch.results = {}
    watch.key("s")
    assert "attn-kit solution 07 --force" in " ".join(_render(watch.banner[0]).split())


def test_the_solution_view_folds_the_docstring_and_hides_the_markers(english):
    from checker.learner.commands import solution_view

    shown = _render(solution_view(manifest.by_id()["05"], plain=True))
    assert "(the explanation is in your exercise file)" in shown
    assert "WHAT / 概念" not in shown and "BEGIN SOLUTION" not in shown
    assert "def softmax(" in shown and "# TODO" in shown


# ----------------------------------------------------------------- the screen
def test_printed_output_comes_capped_after_the_diagnosis_with_its_true_size(solved, english):
    (solved / "ex04_scaling.py").write_text(
        "import math\n\ndef scale_scores(scores, d_k):\n"
        "    for i in range(2000):\n        print('x' * 10)\n"
        "    return scores * math.sqrt(d_k)\n", encoding="utf-8")
    run, _ = check(solved, ["04"])
    result = run.exercises[0]
    case = result.telling_case()
    assert case.output_lines == 2000 and case.output_chars == 2000 * 11
    shown = _render(report.panel(result, str(solved), plain=True))
    assert shown.index("Likely cause") < shown.index("Your code printed:")
    printed = shown.split("Your code printed:")[1]
    assert printed.count("xxxxxxxxxx") == report.MAX_PRINTED_LINES
    assert f"... {2000 - report.MAX_PRINTED_LINES:,} more lines" in printed
    assert f"({2000 * 11 - report.MAX_PRINTED_LINES * 11 + 1:,} characters)" in printed


def test_chinese_wraps_between_characters_and_never_inside_a_code_span():
    text = ("可能的原因：你的结果与 `X @ W_Q.T` 相符：权重已经是 [d_model, d_out]，按原样使用即可"
            "（nn.Linear 存储的方向正好相反），再用 `attn-kit hint 02` 看提示。")
    for width in (24, 30, 44):
        lines = wrapping.wrap(text, width)
        assert "".join(lines).replace(" ", "") == text.replace(" ", "")
        assert all(line.count("`") % 2 == 0 for line in lines), lines
        assert all(wrapping.cell_len(line) <= width for line in lines)
        assert not any(line[:1] in "，。：；）" for line in lines)
        # lines are filled: only the last may end well short of the width
        assert all(wrapping.cell_len(line) >= width - 12 for line in lines[:-1]), lines


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_at_60_columns_the_tables_keep_number_status_and_points(solved, lang, tmp_path):
    from checker.learner.workspace import State

    run, _ = check(solved)
    i18n.set_lang(lang)
    try:
        for grid in (report.table(run, True, 60), report.listing(run, State(solved), True, 60)):
            shown = _render(grid, width=60)
            header = shown.splitlines()[0]
            for column in ("#", i18n.t("Status"), i18n.t("Points")):
                assert column in header, (lang, column, header)
            assert all(wrapping.cell_len(line) <= 60 for line in shown.splitlines())
        progress = _render(report.progress(run, True, 60), width=60)
        assert "…" not in progress and "100/100" in progress.replace(" ", "")
    finally:
        i18n.set_lang("en")


def test_no_color_removes_colour_and_nothing_else(monkeypatch):
    class Tty(io.StringIO):
        def isatty(self):
            return True

    monkeypatch.setenv("NO_COLOR", "1")
    console = make_console(Tty())
    assert console.plain is False and console.no_color
    monkeypatch.delenv("NO_COLOR")
    assert make_console(Tty()).no_color is False


@pytest.mark.parametrize("typed,expected", [
    ("5", "05"), ("05", "05"), ("ex5", "05"), ("ex05", "05"), ("softmax", "05"),
    ("exercises/ex05_softmax.py", "05"), ("ex05_softmax.py", "05"), ("causal_mask", "07"),
    ("apply_mask", "07"), ("soft_lookup", "01"), ("EX10", "10")])
def test_exercise_ids_come_in_every_form_a_learner_types(typed, expected):
    assert manifest.resolve(typed).id == expected


def test_an_unknown_exercise_lists_names_too(english):
    with pytest.raises(UsageError) as refused:
        selected(["sofmax"])
    assert "05 softmax" in str(refused.value) and "07 masking" in str(refused.value)


def test_a_notebook_error_speaks_of_the_exercises_argument(tmp_path, monkeypatch):
    from checker import check as notebook_check

    monkeypatch.chdir(tmp_path)
    with pytest.raises(ValueError) as refused:
        notebook_check("05", show=False, lang="en")
    assert 'exercises="path"' in str(refused.value) and "--exercises" not in str(refused.value)


def test_the_readme_documents_the_yes_options():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "attn-kit solution 05 --force --yes" in readme and "attn-kit hint 05 --yes" in readme


def test_chinese_wording(solved, chinese):
    exercise = _with(solved, "ex02_qkv_projection", "wq_for_all")
    run, _ = check(solved, [exercise.id])
    shown = _render(report.panel(run.exercises[0], str(solved), plain=True), width=80)
    assert "：：" not in shown and "可能的原因：" in shown
    assert i18n.t("checked all in {seconds} s at {clock}", seconds="1", clock="x") \
        == "x 检查了全部练习，用时 1 秒"
    i18n.set_lang("en")
    assert "where you left off" in i18n.t("Bye! Your progress is saved; `attn-kit watch` "
                                          "picks up where you left off.")


def test_every_message_names_the_real_exercise():
    """No message keeps a placeholder exercise number (NN) where the exercise is known."""
    from checker.judge import plugin

    missing = plugin.fixes(manifest.by_id()["07"])
    assert all("NN" not in text for text in missing.values())
    assert "attn-kit reset 07" in " ".join(missing.values())
    for path in (ROOT / "checker").rglob("*.py"):
        for line in path.read_text(encoding="utf-8").splitlines():
            if "NN" in line and "attn-kit" in line and "t(" in line:
                assert re.search(r"NN --all|NN \[NN|metavar", line), (path.name, line)


def test_the_watch_screen_keeps_redrawing_under_no_color(monkeypatch):
    """NO_COLOR on a terminal: the same screen (boxes, redraw), only without colours."""
    monkeypatch.setenv("NO_COLOR", "1")

    class Tty(io.StringIO):
        def isatty(self):
            return True

    console = make_console(Tty())
    assert not console.plain
    os.environ.pop("NO_COLOR", None)



@pytest.mark.parametrize("plain", [True, False])
def test_a_wrong_mask_says_true_and_false_and_its_rows_stay_aligned(solved, english, plain):
    """A bool tensor's first difference reads True/False (not 1/0), and each row of a
    tensor keeps the space it starts with, so that its columns line up."""
    exercise = _with(solved, "ex07_masking", "triu")
    run, _ = check(solved, [exercise.id])
    failure = run.exercises[0].telling_case().failure
    assert "expected False, got True" in failure.detail, failure.detail
    shown = _render(report.panel(run.exercises[0], str(solved), plain=plain)).splitlines()
    rows = [line for line in shown if re.match(r"^[│ ]*\[", line) and "True" in line]
    firsts = [line.index("[") for line in rows if "[[" in line]
    inner = [line.index("[") for line in rows if "[[" not in line]
    assert len(firsts) == 2 and len(inner) == 6, shown  # Expected and Got, 4 rows each
    assert set(inner) == {firsts[0] + 1}, "\n".join(shown)
