"""The learner's loop as a learner meets it: init, watch, list, hint, reset, solution.

``watch`` runs in a real pseudo-terminal and is driven by real file changes and
key presses, each step with a timeout.
"""
from __future__ import annotations

import json
import os
import re
import shutil
import time
from pathlib import Path

import pytest

from checker import check as notebook_check
from checker import manifest
from checker.learner import workspace
from checker.judge.results import RunResult
from conftest import EXERCISES, SOLUTIONS, UNKNOWN_ID, cli
from terminal import Terminal

EN = {"LANG": "en_US.UTF-8", "LC_ALL": "", "LC_MESSAGES": ""}
ZH = {"LANG": "zh_CN.UTF-8", "LC_ALL": "", "LC_MESSAGES": ""}


def env(lang=EN, **more):
    # the terminal's own size, not one a test runner put in the environment (xdist: 24 x 80)
    return {**os.environ, **lang, "COLUMNS": "", "LINES": "", **more}


@pytest.fixture
def work(tmp_path) -> Path:
    """A workspace made by `attn-kit init`, exercise 01 solved."""
    done = cli("init", str(tmp_path / "work"), env=env())
    assert done.returncode == 0, done.stderr
    shutil.copy(SOLUTIONS / "ex01_soft_lookup.py", tmp_path / "work" / "exercises")
    return tmp_path / "work"


def wrong_qkv() -> str:
    stub = (EXERCISES / "ex02_qkv_projection.py").read_text()
    return stub.replace("raise NotImplementedError", "return X @ W_Q, X @ W_V, X @ W_K", 1)


# ----------------------------------------------------------------------- init
def test_init_makes_a_workspace_that_check_finds_and_never_overwrites(tmp_path):
    done = cli("init", str(tmp_path / "w"), env=env())
    assert done.returncode == 0, done.stderr
    assert "attn-kit watch" in " ".join(done.stdout.split())  # however the path wraps
    for e in manifest.load():
        assert (tmp_path / "w" / "exercises" / e.file).read_text() == \
            (EXERCISES / e.file).read_text()
    (tmp_path / "w" / "exercises" / "ex01_soft_lookup.py").write_text("# mine\n")
    again = cli("init", str(tmp_path / "w"), env=env())
    assert again.returncode == 2 and "nothing was changed" in again.stderr
    assert (tmp_path / "w" / "exercises" / "ex01_soft_lookup.py").read_text() == "# mine\n"
    sub = tmp_path / "w" / "notes"
    sub.mkdir()
    checked = cli("check", "02", cwd=sub, env=env())  # found from a folder below
    assert checked.returncode == 1 and "not started" in checked.stdout


def test_reset_and_init_restore_the_stub_derived_from_the_solution():
    """What reset and init write is made from the solution, the one source; the repo's
    exercises/ holds exactly that (python -m checker.dev sync writes it)."""
    for e in manifest.load():
        assert workspace.stub_text(e) == (EXERCISES / e.file).read_text(), (
            f"exercises/{e.file} is stale: run `python -m checker.dev sync`")


def test_commands_outside_a_workspace_say_where_to_go(tmp_path):
    for command in (["check"], ["list"], ["watch"], ["reset", "01"], ["solution", "01"]):
        done = cli(*command, cwd=tmp_path, env=env())
        assert done.returncode == 2, command
        assert "attn-kit init" in done.stderr and "Traceback" not in done.stderr


# ---------------------------------------------------------------------- reset
def test_reset_backs_up_the_learners_file_and_restores_the_stub(work):
    mine = work / "exercises" / "ex01_soft_lookup.py"
    text = mine.read_text()
    done = cli("reset", "01", cwd=work, env=env())
    assert done.returncode == 0, done.stderr
    backups = list((work / ".attn-kit" / "backups").glob("ex01_soft_lookup.*.py"))
    assert len(backups) == 1 and backups[0].read_text() == text
    assert str(backups[0].relative_to(work)) in done.stdout.replace("\n", "")
    assert mine.read_text() == (EXERCISES / "ex01_soft_lookup.py").read_text()
    # twice in a row: nothing of the learner's to keep, so no second backup
    again = cli("reset", "1", cwd=work, env=env())
    assert again.returncode == 0 and "nothing of yours" in again.stdout
    assert len(list((work / ".attn-kit" / "backups").iterdir())) == 1
    # a second edit and reset keeps both backups
    mine.write_text(text + "\n# second try\n")
    cli("reset", "01", cwd=work, env=env())
    kept = sorted(p.read_text() for p in (work / ".attn-kit" / "backups").iterdir())
    assert kept == sorted([text, text + "\n# second try\n"])


def test_reset_brings_back_a_deleted_file(work):
    (work / "exercises" / "ex03_attention_scores.py").unlink()
    done = cli("reset", "03", cwd=work, env=env())
    assert done.returncode == 0
    assert (work / "exercises" / "ex03_attention_scores.py").read_text() == \
        (EXERCISES / "ex03_attention_scores.py").read_text()


def test_reset_refuses_what_it_cannot_back_up(work):
    target = work / "exercises" / "ex04_scaling.py"
    target.unlink()
    target.mkdir()
    done = cli("reset", "04", cwd=work, env=env())
    assert done.returncode == 2 and "not a regular file" in done.stderr
    assert target.is_dir()
    unknown = cli("reset", UNKNOWN_ID, cwd=work, env=env())
    assert unknown.returncode == 2 and "unknown exercise" in unknown.stderr


# ------------------------------------------------------------------- solution
def test_solution_only_once_passing_or_forced(work):
    marker = "x_max = x.amax(dim=dim, keepdim=True).detach()"  # a line of the reference 05
    hidden = cli("solution", "05", cwd=work, env=env())
    assert hidden.returncode == 1 and marker not in hidden.stdout
    assert "--force" in hidden.stdout
    needs_yes = cli("solution", "05", "--force", cwd=work, env=env())
    assert needs_yes.returncode == 2 and "--yes" in needs_yes.stderr
    forced = cli("solution", "05", "--force", "--yes", cwd=work, env=env())
    assert forced.returncode == 0 and marker in forced.stdout
    shutil.copy(SOLUTIONS / "ex05_softmax.py", work / "exercises")
    shown = cli("solution", "softmax", cwd=work, env=env())
    assert shown.returncode == 0 and marker in shown.stdout
    assert "# 1) find the largest score" in shown.stdout  # with its comments


# ----------------------------------------------------------------- list, state
def test_list_shows_status_points_section_and_next_and_remembers_passes(work):
    done = cli("list", cwd=work, env=env())
    assert done.returncode == 0, done.stderr
    out = done.stdout
    rows = {line.split("|")[0].strip(): line for line in out.splitlines() if "|" in line}
    assert "passed" in rows["01"] and "10/10" in rows["01"]
    assert "not started" in rows["02"] and "<- next" in rows["02"] and "0/10" in rows["02"]
    assert rows["01"].split("|")[2].strip() == "1"  # the lesson's section, by number
    assert all(len(line) <= 100 for line in out.splitlines()), out
    # one heading row per part after the lesson, and no other row without an id
    headings = len({e.part for e in manifest.load()} - {manifest.Part.LESSON})
    assert len([line for line in out.splitlines() if line.startswith("   |")]) <= headings, out
    assert "Next: exercise 02" in out.replace("\n", " ")
    wide = cli("list", cwd=work, env=env(COLUMNS="160")).stdout
    assert "§1 soft lookup" in wide  # a wide screen has room for the section in words
    state = json.loads((work / ".attn-kit" / "state.json").read_text())
    assert set(state["passed"]) == {"01"} and state["passed"]["01"][:4].isdigit()
    # the progress file is only a convenience: broken or gone, everything still works
    (work / ".attn-kit" / "state.json").write_text("{not json")
    assert cli("list", cwd=work, env=env()).returncode == 0
    shutil.rmtree(work / ".attn-kit")
    assert cli("hint", "02", cwd=work, env=env()).returncode == 0
    assert (work / ".attn-kit" / ".gitignore").read_text() == "*\n"


def test_the_grader_never_reads_the_progress_file(work, tmp_path):
    (work / ".attn-kit").mkdir(exist_ok=True)
    (work / ".attn-kit" / "state.json").write_text(json.dumps(
        {"passed": {e.id: "2026-01-01 00:00:00" for e in manifest.load()}}))
    out = tmp_path / "grade.json"
    done = cli("grade", str(work), "--json", str(out), env=env())
    assert done.returncode == 0, done.stderr
    assert json.loads(out.read_text())["score"] == 10  # only 01 is solved


# -------------------------------------------------------------- languages
def test_every_screen_in_chinese(work):
    checked = cli("check", "02", "--lang", "zh", cwd=work, env=env())
    assert "未开始" in checked.stdout and "练习 02" in checked.stdout
    listed = cli("list", cwd=work, env=env(ZH))  # from LANG
    assert "已通过" in listed.stdout and "下一个" in listed.stdout
    hint = cli("hint", "02", "--lang", "zh", cwd=work, env=env())
    assert "提示 1/3" in hint.stdout
    (work / "exercises" / "ex02_qkv_projection.py").write_text(wrong_qkv())
    failed = cli("check", "02", "--lang", "zh", cwd=work, env=env())
    assert "未通过" in failed.stdout and "期望" in failed.stdout
    reset = cli("reset", "02", "--lang", "zh", cwd=work, env=env())
    assert "已备份到" in reset.stdout
    usage = cli("check", UNKNOWN_ID, cwd=work, env=env(ZH))
    assert usage.returncode == 2 and "没有练习" in usage.stderr
    helped = cli("--help", env=env(ZH))
    assert "从 `attn-kit watch` 开始" in helped.stdout.replace("\n", "")
    english = cli("check", "02", "--lang", "en", cwd=work, env=env(ZH))  # --lang wins
    assert "not started" in english.stdout
    bad = cli("check", "--lang", "fr", cwd=work, env=env())
    assert bad.returncode == 2 and "invalid choice" in bad.stderr


def test_gradescope_feedback_in_chinese(work, tmp_path):
    out = tmp_path / "results.json"
    done = cli("grade", str(work), "--json", str(out), "--format", "gradescope", "--lang", "zh",
               env=env())
    assert done.returncode == 0, done.stderr
    results = json.loads(out.read_text())
    assert results["output"].startswith("attention-kit：10 / 100 分")
    assert "02 Q、K、V 投影：未开始" in results["output"]
    failing = [test for test in results["tests"] if test["status"] == "failed"]
    assert failing and all(re.search(r"[\u4e00-\u9fff]", test["name"].split(": ", 1)[1])
                           for test in failing)  # the case names, in Chinese
    bundle = tmp_path / "autograder.zip"
    assert cli("gradescope-bundle", str(bundle), "--lang", "zh", env=env()).returncode == 0
    import zipfile

    script = zipfile.ZipFile(bundle).read("run_autograder").decode()
    assert "--lang zh" in script


def test_the_ui_catalog_has_every_message_in_chinese():
    from checker import i18n

    report = i18n.audit("zh")
    assert not report["missing"], report["missing"][:10]
    assert not report["placeholders"], report["placeholders"]
    assert not report["untranslatable"], report["untranslatable"]
    assert not report["unused"], report["unused"][:10]


# ------------------------------------------------------------------- notebook
def test_notebook_check_renders_and_returns_a_result(work, monkeypatch, capsys):
    monkeypatch.chdir(work)
    result = notebook_check("01", "02", lang="en")
    assert isinstance(result, RunResult)
    assert [e.status for e in result.exercises] == ["passed", "not_started"]
    assert "<RunResult: 1/2 exercises passed" in repr(result)
    out = capsys.readouterr().out
    assert "Exercise 02" in out and "not started" in out
    assert notebook_check(UNKNOWN_ID) is None  # one line, no traceback
    said = capsys.readouterr()
    assert "unknown exercise" in said.err and len(said.err.strip().splitlines()) == 1
    assert "Traceback" not in said.err
    with pytest.raises(ValueError, match="unknown exercise"):
        notebook_check(UNKNOWN_ID, show=False)
    notebook_check("02", lang="en")  # the next step as it is typed in a notebook
    out = capsys.readouterr().out.replace("\n", " ")
    assert 'check("02")' in out and "attn-kit check" not in out
    quiet = notebook_check("01", show=False, lang="zh")
    assert quiet.all_passed and capsys.readouterr().out == ""
    from checker import i18n

    i18n.set_lang("en")


# ---------------------------------------------------------------------- watch
def save(path: Path, text: str) -> None:
    path.write_text(text)


KEYS = {"en": "keys: h hint", "zh": "按键：h 提示"}  # the last line of every watch screen


def screen_with(term: Terminal, text: str, lang: str = "en") -> str:
    """Wait for ``text``, then for the rest of that screen; returns it, flattened.

    Each step waits for text only its own screen has, so a late redraw of an
    earlier screen (an editor's save can send several events) cannot stand in.
    """
    term.expect(text)
    deadline = time.monotonic() + 30
    while True:  # the keys line of this screen: after the text (a redraw of the previous
        # screen may have left its own keys line before it)
        screen = term.flat(term.seen)
        if KEYS[lang] in screen[screen.index(text):] or time.monotonic() > deadline:
            break
        term.read(0.2)
    term.advance()
    return screen


def test_watch_checks_on_save_moves_on_and_answers_keys(work):
    with Terminal(["watch", "--lang", "en"], work, env()) as term:
        screen_with(term, "Exercise 02 · Q, K, V projections · not started")
        save(work / "exercises" / "ex02_qkv_projection.py", wrong_qkv())  # a wrong attempt
        screen = screen_with(term, "Likely cause")
        assert "Exercise 02 · Q, K, V projections · failed" in screen and "checked 02" in screen
        shutil.copy(SOLUTIONS / "ex02_qkv_projection.py", work / "exercises")  # right
        screen = screen_with(term, "passes!")
        assert "Exercise 02 · Q, K, V projections passes!" in screen
        assert "Press s to compare" in screen
        assert "Exercise 03 · Attention scores · not started" in screen  # moved on
        term.send("s")
        assert "X @ W_Q" in screen_with(term, "Reference solution of exercise 02")
        term.send("h")
        screen_with(term, manifest.by_id()["03"].hints_for(None, "en")[1][0].split(",")[0])
        term.send("l")
        assert "Passed since" in screen_with(term, "Lesson §")
        term.send("n")
        screen_with(term, "Skipped to exercise 04")
        term.send("q")
        term.expect("Bye!")
        assert term.close() == 0
    state = json.loads((work / ".attn-kit" / "state.json").read_text())
    assert set(state["passed"]) == {"01", "02"}
    assert state["hints"]["03"] == {"attention_scores": 1}


def test_watch_in_chinese_and_recheck_by_hand(work):
    with Terminal(["watch"], work, env(ZH)) as term:  # the language from LANG
        screen_with(term, "练习 02", "zh")
        save(work / "exercises" / "ex02_qkv_projection.py", wrong_qkv())
        screen = screen_with(term, "可能的原因", "zh")
        assert "练习 02 · Q、K、V 投影 · 未通过" in screen, screen
        shutil.copy(SOLUTIONS / "ex02_qkv_projection.py", work / "exercises")
        screen = screen_with(term, "通过了", "zh")
        assert "练习 02 · Q、K、V 投影 通过了" in screen and "练习 03" in screen, screen
        term.send("r")  # re-check all by hand (for file systems that send no change events)
        screen_with(term, "检查了全部", "zh")
        (work / "exercises" / "ex04_scaling.py").unlink()  # a deleted file is noticed too
        screen = screen_with(term, "ex04_scaling.py 不见了", "zh")
        assert "attn-kit reset 04" in screen, screen
        term.send("q")
        term.expect("再见")
        assert term.close() == 0


def _solved_up_to(work: Path, last: int) -> None:
    for e in manifest.load()[:last]:
        shutil.copy(SOLUTIONS / e.file, work / "exercises")


def _last_screen(term: Terminal, lang: str) -> list[str]:
    """The lines of the last full screen: from watch's header line to the keys' line."""
    text = term.seen.replace("\r", "")
    header = {"en": "attention-kit watch ·", "zh": "attention-kit watch ·"}[lang]
    start = text.rfind(header)
    end = text.find(KEYS[lang], start)
    end = text.find("\n", end)
    return text[start:end if end != -1 else None].split("\n")


@pytest.mark.parametrize("columns,lang", [(60, "en"), (100, "en"), (60, "zh"), (100, "zh")])
def test_a_watch_panel_never_grows_taller_than_the_terminal(work, columns, lang):
    """07 with a triu mask at 40 rows: the title and the case always show, the rest folds
    to fit, and a hint is shown inside the panel, which still fits."""
    _solved_up_to(work, 6)
    wrong = Path(__file__).parent / "implementations" / "wrong" / "ex07_masking"
    shutil.copy(sorted(wrong.glob("*triu*.py"))[0], work / "exercises" / "ex07_masking.py")
    title = {"en": "Exercise 07", "zh": "练习 07"}[lang]
    case = {"en": "Case:", "zh": "用例："}[lang]
    with Terminal(["watch", "--lang", lang], work, env(ZH if lang == "zh" else EN),
                  columns=columns, rows=40) as term:
        term.expect(title)
        term.expect(KEYS[lang])
        time.sleep(0.5)  # the whole screen
        term.expect(KEYS[lang])
        lines = _last_screen(term, lang)
        assert len(lines) <= 40, "\n".join(lines)
        flat = term.flat("\n".join(lines))
        assert title in flat and case.rstrip(":：") in flat, flat
        term.send("h")
        first_hint = manifest.by_id()["07"].hints_for(None, lang)[1][0]
        term.expect(term.flat(first_hint)[:12])
        term.expect(KEYS[lang])
        lines = _last_screen(term, lang)
        assert len(lines) <= 40, "\n".join(lines)
        assert title in term.flat("\n".join(lines))
        term.send("q")


def test_at_80x24_a_hint_or_the_list_keeps_the_header_and_expected_got(work):
    """The smallest usual terminal: with a hint open the screen still starts with watch's
    title and shows what was expected and what came back; the list fits too. A screen
    of 24 lines has 23 for text: the cursor rests on the last one."""
    _solved_up_to(work, 6)
    wrong = Path(__file__).parent / "implementations" / "wrong" / "ex07_masking"
    shutil.copy(wrong / "triu.py", work / "exercises" / "ex07_masking.py")
    with Terminal(["watch", "--lang", "en"], work, env(), columns=80, rows=24) as term:
        screen_with(term, "Exercise 07")
        term.send("h")
        first_hint = manifest.by_id()["07"].hints_for(None, "en")[1][0]
        term.expect(term.flat(first_hint)[:12])
        term.expect(KEYS["en"])
        lines = _last_screen(term, "en")
        flat = term.flat("\n".join(lines))
        assert len(lines) <= 23, "\n".join(lines)
        assert lines[0].startswith("attention-kit watch ·"), "\n".join(lines)
        assert "Exercise 07 · Causal mask" in flat and term.flat(first_hint)[:12] in flat
        assert "Expected: tensor of shape [4, 4], bool" in flat, flat
        assert "Got: tensor of shape [4, 4], bool" in flat, flat
        term.advance()
        term.send("l")
        term.expect("Hints")
        term.expect(KEYS["en"])
        lines = _last_screen(term, "en")
        assert len(lines) <= 23 and lines[0].startswith("attention-kit watch ·"), \
            "\n".join(lines)
        term.send("q")


def test_watch_says_a_check_is_running_before_its_result(work):
    """A save first redraws the screen saying the file is being checked (a check can take
    seconds: a case that runs into the time limit), then the result."""
    with Terminal(["watch", "--lang", "en"], work, env()) as term:
        screen_with(term, "Exercise 02 · Q, K, V projections · not started")
        save(work / "exercises" / "ex02_qkv_projection.py", wrong_qkv())
        screen_with(term, "Likely cause")
        # the screens in the order they came: the busy one, then the result
        save(work / "exercises" / "ex02_qkv_projection.py", wrong_qkv() + "\n# again\n")
        term.expect("checked 02 in")
        seen = term.flat(term.seen)
        assert "checking 02 ..." in seen, seen
        busy = seen.index("checking 02 ...")
        assert busy < seen.index("checked 02 in"), seen
        assert KEYS["en"] in seen[busy:], seen  # a whole screen, with the keys' line
        term.send("q")


def test_a_key_typed_while_watch_starts_is_kept(work):
    with Terminal(["watch", "--lang", "en"], work, env()) as term:
        term.send("l")  # before the first screen, likely before the kit has even started
        screen_with(term, "Passed since")
        term.send("q")
        term.expect("Bye!")


def test_reset_starts_the_hints_afresh(work):
    cli("hint", "02", cwd=work, env=env())
    cli("hint", "02", cwd=work, env=env())
    state = work / ".attn-kit" / "state.json"
    assert json.loads(state.read_text())["hints"]["02"]
    assert cli("reset", "02", cwd=work, env=env()).returncode == 0
    assert "02" not in json.loads(state.read_text()).get("hints", {})


def test_options_before_the_command_and_commands_as_typed_through_kit(work):
    done = cli("--exercises", str(work / "exercises"), "check", "02", cwd=work.parent,
               env=env(ATTN_KIT_COMMAND="./kit"))
    assert done.returncode == 1, done.stderr
    out = done.stdout.replace("\n", " ")
    assert "`./kit check 02`" in out and "`attn-kit check" not in out


def test_check_in_a_real_jupyter_notebook(work):
    """`from checker import check; check("02")` in a Jupyter kernel: rich's HTML, and a result."""
    nbformat = pytest.importorskip("nbformat")
    nbclient = pytest.importorskip("nbclient")
    notebook = nbformat.v4.new_notebook()
    notebook.cells = [
        nbformat.v4.new_code_cell('from checker import check, hint\n'
                                  'result = check("01", "02", lang="en")\nresult'),
        nbformat.v4.new_code_cell("result.all_passed, result.score"),
        nbformat.v4.new_code_cell('hint("02", lang="en")'),
    ]
    client = nbclient.NotebookClient(notebook, timeout=120, kernel_name="python3",
                                     resources={"metadata": {"path": str(work)}})
    client.execute()
    outputs = [o for cell in notebook.cells for o in cell.outputs]
    assert not [o for o in outputs if o.output_type == "error"], outputs
    html = "".join(o.get("data", {}).get("text/html", "") for o in outputs)
    assert "Exercise 02" in html and "not started" in html and "<span" in html  # rich's HTML
    assert 'run `check("02")` again' in html
    results = [o["data"]["text/plain"] for o in outputs if o.output_type == "execute_result"]
    assert results[0].startswith("<RunResult: 1/2 exercises passed")
    assert results[1] == "(False, 10.0)"
    hint = manifest.by_id()["02"].hints_for(None, "en")[1][0]
    assert hint[:30] in html.replace("\n", " ")
