"""The starter notebooks (checker/notebooks.py): one per part of the manifest and language,
the repo's copies the ones the manifest makes, and each run to its end through a real
Jupyter kernel (nbclient) in a workspace that ``attn-kit init --notebook`` made: the
English ones on the untouched stubs ("not started"), the Chinese ones with every solution
copied in ("已通过"), so every part runs in both states and both languages."""
from __future__ import annotations

import re

import pytest
from conftest import ROOT, SOLUTIONS, cli, copy_exercises

from checker import i18n, manifest, notebooks


def test_the_repos_notebooks_are_the_ones_the_manifest_makes():
    assert notebooks.stale(ROOT) == []  # else: python -m checker.dev sync


def test_a_notebook_per_part_with_a_check_cell_per_exercise():
    parts = notebooks.parts()
    assert parts == list(dict.fromkeys(e.part for e in manifest.load()))
    assert [notebooks.name(p) for p in parts] == [f"{i}-{p.value}.ipynb"
                                                  for i, p in enumerate(parts, 1)]
    for lang in i18n.LANGS:
        for part in parts:
            cells = notebooks.notebook(part, lang)["cells"]
            assert [c["cell_type"] for c in cells[:2]] == ["markdown", "code"]
            checks = [c for c in cells if c["id"].endswith("-check")]
            assert [c["id"] for c in checks] == [f"ex{e.id}-check" for e in manifest.load()
                                                 if e.part == part]
            for cell, exercise in zip(checks, [e for e in manifest.load() if e.part == part]):
                call = f'check("{exercise.id}"' + (', lang="zh")' if lang == "zh" else ")")
                assert "".join(cell["source"]).startswith(f"result = {call}\n# hint(")
            assert len({c["id"] for c in cells}) == len(cells)  # nbformat 4.5: unique ids


def test_the_first_cell_installs_the_kit_from_git_only_where_it_is_missing():
    """A hosted notebook (Colab) has no kit: the first cell pip-installs it from KIT. Here,
    IPython's own transformation of the cell shows the install under that condition."""
    transform = pytest.importorskip("IPython.core.inputtransformer2").TransformerManager()
    setup = "".join(notebooks.notebook(manifest.Part.LESSON, "en")["cells"][1]["source"])
    python = transform.transform_cell(setup)
    assert f'KIT = "{notebooks.KIT_URL}"' in python and notebooks.KIT_URL.startswith("git+https://")
    assert ('if importlib.util.find_spec("checker") is None:\n'
            "    get_ipython().run_line_magic('pip', "
            "'install -q \"attention-kit[plot] @ $KIT\"')\n") in python
    compile(python, "setup", "exec")  # the whole cell is Python once IPython has read it


def test_workspace_finds_the_exercises_or_makes_a_workspace_once(tmp_path, monkeypatch, capsys):
    from checker import workspace

    monkeypatch.chdir(tmp_path)
    made = workspace()  # nothing here or above: a hosted notebook's first run
    assert made == str(tmp_path / "attention-work") and (tmp_path / "attention-work").samefile(".")
    assert "Workspace ready" in capsys.readouterr().out
    monkeypatch.chdir(tmp_path)
    (tmp_path / "attention-work" / "exercises" / "ex05_softmax.py").write_text("# mine\n")
    assert workspace(lang="zh") == made  # the next run keeps it, and the learner's file
    assert "你的工作区" in capsys.readouterr().out
    assert (tmp_path / "attention-work" / "exercises" / "ex05_softmax.py").read_text() == "# mine\n"
    monkeypatch.chdir(tmp_path / "attention-work" / "exercises")
    assert workspace() == made  # from inside it: found, as check() finds it
    assert i18n.get_lang() == "en"


def test_init_notebook_writes_them_in_the_runs_language(tmp_path):
    done = cli("init", "--notebook", "--lang", "zh", "work", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    folder = tmp_path / "work" / "notebooks"
    assert sorted(p.name for p in folder.iterdir()) == sorted(
        notebooks.name(p) for p in notebooks.parts())
    for part in notebooks.parts():
        assert (folder / notebooks.name(part)).read_text(encoding="utf-8") == \
            notebooks.text(part, "zh")
    assert "jupyter lab" in done.stdout and "笔记本" in done.stdout
    refused = cli("init", "--notebook", "work", cwd=tmp_path)  # nothing is overwritten
    assert refused.returncode == 2 and "nothing was changed" in refused.stderr


def _says(state: str, exercise: manifest.Exercise, text: str) -> bool:
    """Whether a check cell's report (tags stripped) gives the exercise's status in this state."""
    if state == "stubs":
        return f"Exercise {exercise.id} · {exercise.text('title', 'en')} · not started (0/" in text
    return exercise.text("title", "zh") in text and "已通过" in text and "未开始" not in text


@pytest.mark.parametrize("state, lang", [("stubs", "en"), ("solved", "zh")])
def test_the_starter_notebooks_run_to_the_end_in_a_real_kernel(tmp_path, state, lang):
    nbformat = pytest.importorskip("nbformat")
    nbclient = pytest.importorskip("nbclient")
    assert cli("init", "--notebook", "--lang", lang, "work", cwd=tmp_path).returncode == 0
    work = tmp_path / "work"
    if state == "solved":
        copy_exercises(SOLUTIONS, work / "exercises")
    for part in notebooks.parts():
        path = work / "notebooks" / notebooks.name(part)
        notebook = nbformat.read(path, as_version=4)
        client = nbclient.NotebookClient(notebook, timeout=300, kernel_name="python3",
                                         resources={"metadata": {"path": str(path.parent)}})
        client.execute()
        outputs = [o for cell in notebook.cells for o in cell.get("outputs", [])]
        assert not [o for o in outputs if o.output_type == "error"], (part, outputs)
        setup = "".join(o.get("text", "") for o in notebook.cells[1].outputs)
        assert str(work) in setup, setup
        checked = [cell for cell in notebook.cells if cell.id.endswith("-check")]
        assert len(checked) == len([e for e in manifest.load() if e.part == part])
        for cell in checked:
            html = "".join(o.get("data", {}).get("text/html", "") for o in cell.outputs)
            text = re.sub(r"<[^>]+>", "", html)
            assert _says(state, manifest.by_id()[cell.id[2:4]], text), (cell.id, text)
