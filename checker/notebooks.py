"""The starter notebooks: one per part of the manifest (the lesson, beyond it, modern
attention) and language, made from the manifest, never kept by hand.

A notebook says how to work from a cell (``check``, ``hint``, ``show``, and the commands
a cell runs after ``!``) and holds, for each exercise of its part, a heading and a cell
that checks it. Its first code cell installs the kit where it is missing (a hosted
notebook such as Colab: ``%pip install`` from ``KIT_URL``, the kit's repository, a
placeholder a course replaces: docs/notebooks.md) and moves to the learner's workspace
(``checker.workspace()``). What it buys: a notebook that cannot drift from the exercises,
in both languages, for every part a new exercise adds to the manifest.

``attn-kit init --notebook`` writes them into a new workspace in the run's language;
``python -m checker.dev sync`` writes the repo's ``notebooks/<lang>/`` (where a hosted
notebook opens them from), and ``dev check`` says when those are stale.
"""
from __future__ import annotations

import json
from pathlib import Path

from checker import files, i18n, manifest
from checker.i18n import N_, t

# the kit's repository, as the first cell installs it: a placeholder, replaced by the
# address a course publishes the kit at (docs/notebooks.md)
KIT_URL = "git+https://github.com/OWNER/attention-kit"
EXTRA = "plot"   # a hosted notebook has its own Jupyter: the kit and matplotlib only
PART_TITLES = {manifest.Part.LESSON: N_("The lesson: attention, one function at a time"),
               manifest.Part.BEYOND: N_("Beyond the lesson"),
               manifest.Part.MODERN: N_("Modern attention")}
KERNEL = {"kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"},
          "language_info": {"name": "python"}}


def parts() -> list[manifest.Part]:
    """The parts in the manifest's order (the order of their first exercises)."""
    return list(dict.fromkeys(e.part for e in manifest.load()))


def name(part: manifest.Part) -> str:
    """A part's notebook file: ``1-lesson.ipynb``, ``2-beyond.ipynb``, ..."""
    return f"{parts().index(part) + 1}-{part.value}.ipynb"


def _drawn() -> set[str]:
    """The exercises ``show`` draws (its own list: pictures.session)."""
    from checker.pictures import session

    return {e.id for e in session.drawable()}


def _call(function: str, exercise_id: str | None, lang: str, *more: str) -> str:
    """A call as a cell of this language's notebook makes it."""
    args = ([f'"{exercise_id}"'] if exercise_id else []) + list(more) + \
        (['lang="zh"'] if lang == "zh" else [])
    return f"{function}({', '.join(args)})"


def _cell(kind: str, source: str, cell_id: str) -> dict:
    cell = {"cell_type": kind, "id": cell_id, "metadata": {},
            "source": source.rstrip("\n").splitlines(keepends=True)}
    if kind == "code":
        cell.update(execution_count=None, outputs=[])
    return cell


def _intro(part: manifest.Part, exercises: list, drawn: set[str], lang: str) -> str:
    first, last = exercises[0], exercises[-1]
    shown = [e for e in exercises if e.id in drawn]
    rows = [(_call("check", first.id, lang),
             t("the report of exercise {id}, as `attn-kit check {id}` (`{every}`: every "
               "exercise)", id=first.id, every=_call("check", None, lang))),
            (_call("hint", first.id, lang),
             t("the next hint, one level more each time (`{every}`: every level)",
               every=_call("hint", first.id, lang, "all=True")))]
    if shown:
        rows.append((_call("show", shown[0].id, lang),
                     t("your attention next to the reference's, as a figure (exercises "
                       "{ids})", ids=", ".join(e.id for e in shown))))
    table = "\n".join([t("| call | does |"), "|---|---|",
                       *[f"| `{call}` | {does} |" for call, does in rows]])
    listed = "\n".join(f"- {e.id} · {e.text('title', lang)} (`exercises/{e.file}`)"
                       for e in exercises)
    return "\n\n".join([
        f"# attention-kit · {t(PART_TITLES[part])}",
        t("{n} exercises, {first} to {last}: each is a file in `exercises/` of your "
          "workspace, and its docstring explains the idea, the formula, the shapes and the "
          "rules.", n=len(exercises), first=first.id, last=last.id) if len(exercises) > 1
        else t("One exercise, {first}: a file in `exercises/` of your workspace, whose "
               "docstring explains the idea, the formula, the shapes and the rules.",
               first=first.id),
        listed,
        t("**Start** with the first code cell below: it finds your workspace (in a hosted "
          "notebook such as Colab it first installs the kit and makes one)."),
        t("**Then, for each exercise:** open its file in an editor (Jupyter's file browser, "
          "or the Files panel in Colab), replace `raise NotImplementedError` with your code, "
          "save, and run the exercise's cell here. Each check reads your file afresh: "
          "nothing needs restarting."),
        table,
        t("In a terminal, or in a cell after a `!`: `attn-kit solution {id}` shows the "
          "reference solution once {id} passes, and `attn-kit reset {id}` puts the stub back "
          "(your file is backed up first).", id=first.id),
    ])


def _setup(lang: str) -> str:
    extra = 'lang="zh"' if lang == "zh" else ""
    comment = t("Run this cell first. Where the kit is missing (a hosted notebook such as\n"
                "Colab), it installs it from KIT, the kit's repository: your course gives\n"
                "its address (docs/notebooks.md).")
    return "\n".join([
        *[f"# {line}" for line in comment.splitlines()],
        "import importlib.util",
        "",
        f'KIT = "{KIT_URL}"',
        'if importlib.util.find_spec("checker") is None:',
        f'    %pip install -q "attention-kit[{EXTRA}] @ $KIT"',
        "from checker import check, hint, show, workspace",
        "",
        f"folder = workspace({extra})  # " + t("your exercises/ here or above, else a new "
                                               "workspace"),
    ])


def _exercise(exercise: manifest.Exercise, drawn: bool, lang: str) -> tuple[str, str]:
    functions = ", ".join(f"`{f}`" for f in exercise.functions)
    heading = "\n\n".join([
        f"## {exercise.id} · {exercise.text('title', lang)}",
        t("`exercises/{file}` · you write {functions} · {section}",
          file=exercise.file, functions=functions, section=exercise.text("section", lang)),
    ])
    lines = ["result = " + _call("check", exercise.id, lang),
             f"# {_call('hint', exercise.id, lang)}  # " + t("the next hint, when you are stuck")]
    if drawn:
        lines.append(f"# {_call('show', exercise.id, lang)}  # "
                     + t("your attention next to the reference's"))
    return heading, "\n".join(lines)


def _closing(part: manifest.Part) -> str:
    later = parts()[parts().index(part) + 1:]
    if not later:
        return t("When every exercise here passes, you have built every exercise of the kit.")
    return t("When every exercise here passes, go on with the next notebook, `{name}`: "
             "{title}.", name=name(later[0]), title=t(PART_TITLES[later[0]]))


def notebook(part: manifest.Part, lang: str) -> dict:
    """The starter notebook of one part, in one language (nbformat 4.5, as a dict)."""
    exercises = [e for e in manifest.load() if e.part == part]
    drawn = _drawn()
    with i18n.speaking(lang), i18n.command_style("attn-kit"):  # the same on every machine
        cells = [_cell("markdown", _intro(part, exercises, drawn, lang), "intro"),
                 _cell("code", _setup(lang), "setup")]
        for exercise in exercises:
            heading, code = _exercise(exercise, exercise.id in drawn, lang)
            cells += [_cell("markdown", heading, f"ex{exercise.id}-about"),
                      _cell("code", code, f"ex{exercise.id}-check")]
        cells.append(_cell("markdown", _closing(part), "next"))
    return {"cells": cells, "metadata": KERNEL, "nbformat": 4, "nbformat_minor": 5}


def text(part: manifest.Part, lang: str) -> str:
    """The notebook as its file holds it (as Jupyter writes one: indent 1, keys sorted)."""
    return json.dumps(notebook(part, lang), indent=1, sort_keys=True, ensure_ascii=False) + "\n"


def write(folder: Path, lang: str) -> list[Path]:
    """Every part's notebook in ``lang`` into ``folder`` (made if need be); the paths."""
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    for part in parts():
        files.write_atomic(folder / name(part), text(part, lang).encode("utf-8"))
        written.append(folder / name(part))
    return written


def stale(root: Path) -> list[str]:
    """What differs between ``root/notebooks/<lang>/`` (the repo's copies) and the
    notebooks made now: one line each (``dev check``)."""
    found = []
    for lang in i18n.LANGS:
        folder = root / "notebooks" / lang
        made = {name(part): text(part, lang) for part in parts()}
        for file, content in made.items():
            path = folder / file
            if not path.is_file() or path.read_text(encoding="utf-8") != content:
                found.append(f"notebooks/{lang}/{file} is not the notebook the manifest makes "
                              "(run `python -m checker.dev sync`)")
        found += [f"notebooks/{lang}/{p.name}: no part of the manifest makes it"
                  for p in sorted(folder.glob("*.ipynb")) if p.name not in made]
    return found
