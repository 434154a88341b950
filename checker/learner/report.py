"""Renders a RunResult for the learner with rich: a table, a progress bar, one panel.

Every piece of text that comes from learner code (messages, source lines, printed
output) is added as ``rich.text.Text``, never as markup, so "[/x]" in a learner's
string prints as itself.
"""
from __future__ import annotations

import os

from rich import box
from rich.console import Console, Group
from rich.panel import Panel
from rich.progress_bar import ProgressBar
from rich.table import Table
from rich.text import Text

from checker import manifest
from checker.i18n import get_lang, t
from checker.judge.results import ExerciseResult, RunResult, Status

MARKS = {Status.PASSED: ("✔", "green"), Status.FAILED: ("✘", "red"), Status.NOT_STARTED: ("·", "dim"),
         Status.ERROR: ("!", "magenta"), Status.TIMEOUT: ("⏱", "yellow")}
MAX_CODE_LINES = 6
MAX_TEXT = 1500


def _clip(text: str, limit: int = MAX_TEXT) -> str:
    text = text.rstrip()
    return text if len(text) <= limit else \
        text[:limit] + t(" ... ({n} more characters)", n=len(text) - limit)


def _status_text(status: str, plain: bool) -> Text:
    mark, style = MARKS[status]
    word = t(status.word)
    return Text(word if plain else f"{mark} {word}", style="" if plain else style)


def title_of(exercise_id: str) -> str:
    """The exercise's title in the run's language."""
    return manifest.by_id()[exercise_id].text("title", get_lang())


def table(run: RunResult, plain: bool) -> Table:
    grid = Table(box=box.ASCII2 if plain else box.SIMPLE_HEAVY, show_edge=not plain,
                 pad_edge=False, expand=False)
    grid.add_column("#", justify="right")
    grid.add_column(t("Exercise"))
    grid.add_column(t("Lesson §"))
    grid.add_column(t("Status"))
    grid.add_column(t("Cases"), justify="right")
    grid.add_column(t("Points"), justify="right")
    current = run.current()
    for e in run.exercises:
        marker = t(" <- next") if e is current else ""
        grid.add_row(e.id, Text(title_of(e.id) + marker), e.seed_section,
                     _status_text(e.status, plain), f"{e.passed}/{e.total}",
                     f"{e.score():g}/{e.points:g}")
    return grid


def progress(run: RunResult, plain: bool):
    done = sum(e.status == Status.PASSED for e in run.exercises)
    total = len(run.exercises)
    label = t("{done}/{total} exercises passed · {score}/{max_score} points", done=done,
              total=total, score=f"{run.score:g}", max_score=f"{run.max_score:g}")
    if plain:
        width = 30
        filled = round(width * done / total) if total else 0
        return Text(f"{t('Progress')} [{'#' * filled}{'.' * (width - filled)}] {label}")
    grid = Table.grid(padding=(0, 1))
    grid.add_row(Text(t("Progress")), ProgressBar(total=total or 1, completed=done, width=40),
                 Text(label))
    return grid


def listing(run: RunResult, state, plain: bool) -> Table:
    """``attn-kit list``: every exercise, its status, points, lesson section, and progress notes."""
    grid = Table(box=box.ASCII2 if plain else box.SIMPLE_HEAVY, show_edge=not plain,
                 pad_edge=False, expand=False)
    grid.add_column("#", justify="right")
    grid.add_column(t("Exercise"), no_wrap=True)
    grid.add_column(t("Lesson section"))
    grid.add_column(t("Status"))
    grid.add_column(t("Points"), justify="right")
    grid.add_column(t("Passed since"), no_wrap=True)
    grid.add_column(t("Hints"), justify="right")
    current = run.current()
    for e in run.exercises:
        exercise = manifest.by_id()[e.id]
        marker = t(" <- next") if e is current else ""
        hints = exercise.text("hints", get_lang())
        grid.add_row(e.id, Text(title_of(e.id) + marker),
                     Text(exercise.text("section", get_lang())), _status_text(e.status, plain),
                     f"{e.score():g}/{e.points:g}",
                     (state.passed_at(e.id) or "")[:16] if e.status == Status.PASSED else "",
                     f"{state.hint_level(e.id)}/{len(hints)}")
    return grid


def next_line(run: RunResult) -> Text:
    current = run.current()
    if current is None:
        return Text(t("Every exercise passes. Well done!"))
    return Text(t("Next: exercise {id} · {title} ({file}). `attn-kit watch` checks it each "
                  "time you save.", id=current.id, title=title_of(current.id),
                  file=current.file))


def _kv(label: str, value: str, style: str = "") -> Text:
    return Text.assemble((t("{label}: ", label=label), "bold"), (value, style))


def panel(e: ExerciseResult, exercises_dir: str, plain: bool, where: str = "cli"):
    """The current exercise: what went wrong in its first failing case, and what to do.

    ``where`` the learner reads it ("cli", "watch" or "notebook") decides the next step.
    """
    path = os.path.join(os.path.basename(os.path.normpath(exercises_dir)), e.file)
    lines: list = []
    if e.status == Status.NOT_STARTED:
        first = e.cases[0] if e.cases else None
        missing = first is not None and first.failure is not None and \
            first.failure.kind == "missing_file"
        if missing:
            lines.append(Text(t("{path} is missing.", path=path), style="bold"))
            lines.append(Text(t("`attn-kit reset {id}` puts the original stub back.", id=e.id)))
        else:
            lines.append(Text(t("Exercise {id} is waiting for you: open {path}, read the "
                                "docstring, and replace `raise NotImplementedError` with your "
                                "code.", id=e.id, path=path)))
        lines.append(Text(""))
        lines.append(_next_steps(e, path, where))
        return _box(e, lines, plain)
    case = e.telling_case()
    failed = [c for c in e.cases if c.status != Status.PASSED]
    lines.append(_kv(t("Case"), case.name))
    f = case.failure
    if f is not None:
        lines.append(Text(_clip(f.summary), style="bold red" if not plain else ""))
        if f.expected:
            lines.append(_kv(t("Expected"), _clip(f.expected, 600)))
        if f.got:
            lines.append(_kv(t("Got"), _clip(f.got, 600)))
        if f.detail:
            lines.append(Text(_clip(f.detail)))
        if f.likely:
            lines.append(_kv(t("Likely cause"), _clip(f.likely)))
        if f.frames:
            lines.append(Text(t("Your code:"), style="bold"))
            for frame in f.frames[-MAX_CODE_LINES:]:
                lines.append(Text("  " + t("{path}, line {line}, in {function}", path=path,
                                           line=frame.get("line"),
                                           function=frame.get("function"))))
                if frame.get("code"):
                    lines.append(Text(f"    {_clip(str(frame['code']), 300)}"))
    if case.output:
        lines.append(Text(t("Your code printed:"), style="bold"))
        lines.append(Text(_clip(case.output, 800)))
    if e.forbidden:
        lines.append(_kv(t("Forbidden calls in the source"), "; ".join(e.forbidden)))
    if len(failed) > 1:
        lines.append(Text(t("Also not passing ({n}):", n=len(failed) - 1), style="bold"))
        lines.extend(Text(f"  - {c.name}") for c in failed[1:6])
        if len(failed) > 6:
            lines.append(Text("  " + t("(and {n} more)", n=len(failed) - 6)))
    lines.append(Text(""))
    lines.append(_next_steps(e, path, where))
    return _box(e, lines, plain)


def _next_steps(e: ExerciseResult, path: str, where: str = "cli") -> Text:
    if where == "notebook":
        return Text(t("Next: edit {path} and save it, then run `check(\"{id}\")` again. "
                      "Stuck? `hint(\"{id}\")` gives one hint at a time (`from checker "
                      "import hint`).", path=path, id=e.id))
    if where == "watch":
        return Text(t("Next: edit {path} and save; it is checked again at once. "
                      "Stuck? Press h for a hint.", path=path))
    return Text(t("Next: edit {path}, then run `attn-kit check {id}`. "
                  "Stuck? `attn-kit hint {id}` shows one hint at a time.", path=path, id=e.id))


def _box(e: ExerciseResult, lines: list, plain: bool):
    title = Text(t("Exercise {id} · {title} · {status} ({passed}/{total} cases)", id=e.id,
                   title=title_of(e.id), status=t(e.status.word), passed=e.passed,
                   total=e.total))
    if plain:
        rule = "-" * 72
        return Group(Text(rule), title, Text(rule), *lines)
    return Panel(Group(*lines), title=title, title_align="left",
                 border_style=MARKS[e.status][1], box=box.ROUNDED)


def header(run: RunResult) -> Text:
    return Text(t("attention-kit · {folder} · seed {seed}", folder=run.exercises_dir,
                  seed=run.seed), style="bold")


def render(run: RunResult, console: Console, where: str = "cli") -> None:
    plain = getattr(console, "plain", False)
    console.print(header(run))
    console.print(table(run, plain))
    console.print(progress(run, plain))
    current = run.current()
    console.print()
    if current is None:
        console.print(Text(t("All selected exercises pass. Well done!"),
                           style="" if plain else "bold green"))
        if len(run.exercises) < len(manifest.load()):
            console.print(Text(t("Run `attn-kit check` to see where you are in the whole kit.")))
        return
    console.print(panel(current, run.exercises_dir, plain, where))
