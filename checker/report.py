"""Renders a RunResult for the learner with rich: a table, a progress bar, one panel.

Every piece of text that comes from learner code (messages, source lines, printed
output) is added as ``rich.text.Text``, never as markup, so "[/x]" in a learner's
string prints as itself.
"""
from __future__ import annotations

import contextlib
import os
import sys

from rich import box
from rich.console import Console, Group
from rich.panel import Panel
from rich.progress_bar import ProgressBar
from rich.table import Table
from rich.text import Text

from . import manifest
from .results import ERROR, FAILED, NOT_STARTED, PASSED, TIMEOUT, ExerciseResult, RunResult

MARKS = {PASSED: ("✔", "passed", "green"), FAILED: ("✘", "failed", "red"),
         NOT_STARTED: ("·", "not started", "dim"), ERROR: ("!", "error", "magenta"),
         TIMEOUT: ("⏱", "timeout", "yellow")}
MAX_CODE_LINES = 6
MAX_TEXT = 1500


def make_console(file=None) -> Console:
    """A console that is plain (no colour, ASCII boxes) off a terminal or with NO_COLOR."""
    file = file or sys.stdout
    plain = bool(os.environ.get("NO_COLOR")) or not getattr(file, "isatty", lambda: False)()
    console = Console(file=file, no_color=plain, highlight=False, emoji=False,
                      force_terminal=None if not plain else False, soft_wrap=False)
    console.plain = plain  # type: ignore[attr-defined]
    return console


def _clip(text: str, limit: int = MAX_TEXT) -> str:
    text = text.rstrip()
    return text if len(text) <= limit else text[:limit] + f" ... ({len(text) - limit} more)"


def _status_text(status: str, plain: bool) -> Text:
    mark, word, style = MARKS[status]
    return Text(word if plain else f"{mark} {word}", style="" if plain else style)


def table(run: RunResult, plain: bool) -> Table:
    t = Table(box=box.ASCII2 if plain else box.SIMPLE_HEAVY, show_edge=not plain,
              pad_edge=False, expand=False)
    t.add_column("#", justify="right")
    t.add_column("Exercise")
    t.add_column("Seed §")
    t.add_column("Status")
    t.add_column("Cases", justify="right")
    t.add_column("Points", justify="right")
    current = run.current()
    for e in run.exercises:
        marker = " <- next" if e is current else ""
        t.add_row(e.id, Text(e.title + marker), e.seed_section,
                  _status_text(e.status, plain), f"{e.passed}/{e.total}",
                  f"{e.score():g}/{e.points:g}")
    return t


def progress(run: RunResult, plain: bool):
    done = sum(e.status == PASSED for e in run.exercises)
    total = len(run.exercises)
    label = f"{done}/{total} exercises passed · {run.score:g}/{run.max_score:g} points"
    if plain:
        width = 30
        filled = round(width * done / total) if total else 0
        return Text(f"Progress [{'#' * filled}{'.' * (width - filled)}] {label}")
    t = Table.grid(padding=(0, 1))
    t.add_row(Text("Progress"), ProgressBar(total=total or 1, completed=done, width=40),
              Text(label))
    return t


def _kv(label: str, value: str, style: str = "") -> Text:
    return Text.assemble((f"{label}: ", "bold"), (value, style))


def panel(e: ExerciseResult, exercises_dir: str, plain: bool):
    path = os.path.join(os.path.basename(os.path.normpath(exercises_dir)), e.file)
    lines: list = []
    if e.status == NOT_STARTED:
        first = e.cases[0] if e.cases else None
        missing = first is not None and first.failure is not None and \
            first.failure.kind == "missing_file"
        if missing:
            lines.append(Text(f"{path} is missing.", style="bold"))
            lines.append(Text(first.failure.likely))
        else:
            lines.append(Text(f"Exercise {e.id} is waiting for you: open {path}, read the "
                              "docstring, and replace `raise NotImplementedError` with your code."))
        lines.append(Text(""))
        lines.append(_next_steps(e, path))
        return _box(e, lines, plain)
    case = e.first_problem()
    failed = [c for c in e.cases if c.status != PASSED]
    lines.append(_kv("Case", case.name))
    f = case.failure
    if f is not None:
        lines.append(Text(_clip(f.summary), style="bold red" if not plain else ""))
        if f.expected:
            lines.append(_kv("Expected", _clip(f.expected, 600)))
        if f.got:
            lines.append(_kv("Got", _clip(f.got, 600)))
        if f.detail:
            lines.append(Text(_clip(f.detail)))
        if f.likely:
            lines.append(_kv("Likely cause", _clip(f.likely)))
        if f.frames:
            lines.append(Text("Your code:", style="bold"))
            for frame in f.frames[-MAX_CODE_LINES:]:
                lines.append(Text(f"  {path}, line {frame.get('line')}, in "
                                  f"{frame.get('function')}"))
                if frame.get("code"):
                    lines.append(Text(f"    {_clip(str(frame['code']), 300)}"))
    if case.output:
        lines.append(Text("Your code printed:", style="bold"))
        lines.append(Text(_clip(case.output, 800)))
    if e.forbidden:
        lines.append(_kv("Forbidden calls in the source", "; ".join(e.forbidden)))
    if len(failed) > 1:
        names = [c.name for c in failed[1:6]]
        more = f" (and {len(failed) - 6} more)" if len(failed) > 6 else ""
        lines.append(Text(f"Also not passing ({len(failed) - 1}):", style="bold"))
        lines.extend(Text(f"  - {n}") for n in names)
        if more:
            lines.append(Text(f"  {more.strip()}"))
    lines.append(Text(""))
    lines.append(_next_steps(e, path))
    return _box(e, lines, plain)


def _next_steps(e: ExerciseResult, path: str) -> Text:
    return Text(f"Next: edit {path}, then run `attn-kit check {e.id}`. "
                f"Stuck? `attn-kit hint {e.id}` shows one hint at a time.")


def _box(e: ExerciseResult, lines: list, plain: bool):
    title = Text(f"Exercise {e.id} · {e.title} · {MARKS[e.status][1]} "
                 f"({e.passed}/{e.total} cases)")
    if plain:
        rule = "-" * 72
        return Group(Text(rule), title, Text(rule), *lines)
    return Panel(Group(*lines), title=title, title_align="left",
                 border_style=MARKS[e.status][2], box=box.ROUNDED)


def render(run: RunResult, console: Console) -> None:
    plain = getattr(console, "plain", False)
    console.print(Text(f"attention-kit · {run.exercises_dir} · seed {run.seed}", style="bold"))
    console.print(table(run, plain))
    console.print(progress(run, plain))
    current = run.current()
    console.print()
    if current is None:
        console.print(Text("All selected exercises pass. Well done!",
                           style="" if plain else "bold green"))
        if len(run.exercises) < len(manifest.load()):
            console.print(Text("Run `attn-kit check` to see where you are in the whole kit."))
        return
    console.print(panel(current, run.exercises_dir, plain))


@contextlib.contextmanager
def grading_progress(console: Console, total: int):
    """A progress bar over submissions; yields the callback for each graded one.

    Off a terminal (a log, CI, Gradescope) it prints one line per submission instead.
    """
    done = 0
    if getattr(console, "plain", True):
        def advance(graded) -> None:
            nonlocal done
            done += 1
            line = f"[{done}/{total}] {graded.name}: {graded.score:g}/{graded.max_score:g} " \
                   f"{graded.status}" + (f" ({graded.reason})" if graded.reason else "")
            console.print(Text(line))
        yield advance
        return
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, \
        TimeElapsedColumn

    with Progress(TextColumn("Grading"), BarColumn(), MofNCompleteColumn(),
                  TimeElapsedColumn(), TextColumn("{task.description}"),
                  console=console, transient=False) as progress:
        task = progress.add_task("", total=total)

        def advance(graded) -> None:
            progress.update(task, advance=1,
                            description=f"last: {graded.name} {graded.score:g} {graded.status}")
        yield advance
