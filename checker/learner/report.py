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

from rich.cells import cell_len

from checker import manifest
from checker.engine.problems import Problem
from checker.i18n import N_, get_lang, t
from checker.judge.results import CaseResult, ExerciseResult, RunResult, Status
from checker.learner.wrapping import Paragraph

MARKS = {Status.PASSED: ("✔", "green"), Status.FAILED: ("✘", "red"), Status.NOT_STARTED: ("·", "dim"),
         Status.ERROR: ("!", "magenta"), Status.TIMEOUT: ("⏱", "yellow")}
MAX_CODE_LINES = 6
MAX_TEXT = 1500
MAX_PRINTED_LINES = 6       # of what the learner's code printed, shown after the diagnosis
MAX_PRINTED_CHARS = 600


def _clip(text: str, limit: int = MAX_TEXT) -> str:
    text = text.rstrip()
    return text if len(text) <= limit else \
        text[:limit] + t(" ... ({n} more characters)", n=len(text) - limit)


def _clip_lines(text: str, limit: int, fold: int) -> str:
    """``_clip``, and from fold 2 on at most 4 lines, from fold 4 on 2 (a long tensor is
    cut)."""
    text = _clip(text, limit)
    lines = text.split("\n")
    kept = 4 if fold < 4 else 2
    if fold < 2 or len(lines) <= kept:
        return text
    return "\n".join(lines[:kept]) + t(" ... ({n} more lines)", n=len(lines) - kept)


def _status_text(status: Status, plain: bool) -> Text:
    mark, style = MARKS[status]
    word = t(status.word)
    return Text(word if plain else f"{mark} {word}", style="" if plain else style)


def title_of(exercise_id: str) -> str:
    """The exercise's title in the run's language."""
    return manifest.by_id()[exercise_id].text("title", get_lang())


def _part_of(e: ExerciseResult) -> manifest.Part:
    return manifest.by_id()[e.id].part


def _grid(plain: bool) -> Table:
    return Table(box=box.ASCII2 if plain else box.SIMPLE_HEAVY, show_edge=not plain,
                 pad_edge=False, expand=False)


def _status_width(plain: bool) -> int:
    """The widest status word (with its mark), so that the column never gets cut."""
    return max(cell_len(_status_text(s, plain).plain) for s in Status)


def _title_room(width: int, plain: bool, others: int, hints: bool = False) -> int:
    """How wide the title column may be on a narrow screen, beside #, Status and Points
    (and Hints): the title is cut with an ellipsis rather than any of those."""
    used = 2 + _status_width(plain) + 6 + (5 if hints else 0) + 3 * others + 2
    return max(8, width - used)


# the heading each part after the lesson gets in the table, and its progress line
PART_TITLES = {manifest.Part.BEYOND: N_("Beyond the lesson"),
               manifest.Part.MODERN: N_("Modern attention")}
PART_PROGRESS = {
    manifest.Part.LESSON: N_("{done}/{total} exercises passed · {score}/{max_score} points"),
    manifest.Part.BEYOND: N_("beyond the lesson: {done}/{total} · {score}/{max_score} points"),
    manifest.Part.MODERN: N_("modern attention: {done}/{total} · {score}/{max_score} points"),
}


def _rows_by_part(run: RunResult, grid: Table, add_row) -> None:
    """The lesson's exercises, then each later part under a heading of its own."""
    current = run.current()
    shown = {manifest.Part.LESSON}
    for e in run.exercises:
        part = _part_of(e)
        if part not in shown:
            grid.add_section()
            grid.add_row("", Text(t(PART_TITLES.get(part, part)), style="bold"))
            shown.add(part)
        add_row(e, t(" <- next") if e is current else "")


def table(run: RunResult, plain: bool, width: int = 100) -> Table:
    """``attn-kit check``'s table; narrow screens keep #, the title, Status and Points."""
    wide = width >= 72
    grid = _grid(plain)
    grid.add_column("#", justify="right", no_wrap=True, min_width=2)
    grid.add_column(t("Exercise"), no_wrap=True, overflow="ellipsis",
                    max_width=None if wide else _title_room(width, plain, 3))
    if wide:
        grid.add_column(t("Lesson §"))
    grid.add_column(t("Status"), no_wrap=True, min_width=_status_width(plain))
    if wide:
        grid.add_column(t("Cases"), justify="right", no_wrap=True)
    grid.add_column(t("Points"), justify="right", no_wrap=True, min_width=5)

    def add(e: ExerciseResult, marker: str) -> None:
        cells = [e.id, Text(title_of(e.id) + marker)]
        cells += [e.seed_section] if wide else []
        cells += [_status_text(e.status, plain)]
        cells += [f"{e.passed}/{e.total}"] if wide else []
        grid.add_row(*cells, f"{e.score():g}/{e.points:g}")

    _rows_by_part(run, grid, add)
    return grid


def _progress_label(run: RunResult) -> str:
    parts = []
    for part, template in PART_PROGRESS.items():
        group = [e for e in run.exercises if _part_of(e) == part]
        if group:
            parts.append(t(template, done=sum(e.status == Status.PASSED for e in group),
                           total=len(group),
                           score=f"{round(sum(e.score(run.all_or_nothing) for e in group), 2):g}",
                           max_score=f"{sum(e.points for e in group):g}"))
    return " · ".join(parts)


def progress(run: RunResult, plain: bool, width: int = 100):
    done = sum(e.status == Status.PASSED for e in run.exercises)
    total = len(run.exercises)
    label = _progress_label(run)
    name = t("Progress")
    # the bar shrinks to leave the words whole on a narrow screen
    bar = max(8, min(40, width - cell_len(name) - cell_len(label) - 4))
    if plain:
        filled = round(bar * done / total) if total else 0
        return Paragraph(f"{name} [{'#' * filled}{'.' * (bar - filled)}] {label}")
    grid = Table.grid(padding=(0, 1))
    grid.add_column(no_wrap=True)
    grid.add_column(no_wrap=True)
    grid.add_column()
    grid.add_row(Text(name), ProgressBar(total=total or 1, completed=done, width=bar),
                 Paragraph(label))
    return grid


def listing(run: RunResult, state, plain: bool, width: int = 100) -> Table:
    """``attn-kit list``: every exercise, its status, points, lesson section, and progress
    notes; narrow screens keep #, the title, Status and Points."""
    wide = width >= 90
    grid = _grid(plain)
    grid.add_column("#", justify="right", no_wrap=True, min_width=2)
    grid.add_column(t("Exercise"), no_wrap=True, overflow="ellipsis",
                    max_width=None if wide else _title_room(width, plain, 4, hints=True))
    full = width >= 140  # the lesson section in words; below that its number (§3.2, 4)
    if full:
        grid.add_column(t("Lesson section"))
    elif wide:
        grid.add_column(t("Lesson §"), no_wrap=True)
    grid.add_column(t("Status"), no_wrap=True, min_width=_status_width(plain))
    grid.add_column(t("Points"), justify="right", no_wrap=True, min_width=5)
    if wide:
        grid.add_column(t("Passed since"), no_wrap=True)
    grid.add_column(t("Hints"), justify="right", no_wrap=True, min_width=3)

    def add(e: ExerciseResult, marker: str) -> None:
        exercise = manifest.by_id()[e.id]
        cells = [e.id, Text(title_of(e.id) + marker)]
        if full:
            cells += [Text(exercise.text("section", get_lang()))]
        elif wide:
            cells += [Text(e.seed_section)]
        cells += [_status_text(e.status, plain), f"{e.score():g}/{e.points:g}"]
        if wide:
            cells += [(state.passed_at(e.id) or "")[:16] if e.status == Status.PASSED else ""]
        seen, total = state.hints_seen(exercise)
        grid.add_row(*cells, f"{seen}/{total}")

    _rows_by_part(run, grid, add)
    return grid


def next_line(run: RunResult) -> Text:
    current = run.current()
    if current is None:
        return Paragraph(t("Every exercise passes. Well done!"))
    return Paragraph(t("Next: exercise {id} · {title} ({file}). `attn-kit watch` checks it each "
                  "time you save.", id=current.id, title=title_of(current.id),
                  file=current.file))


def _kv(label: str, value: str, style: str = "") -> Paragraph:
    return Paragraph(Text.assemble((t("{label}: ", label=label), "bold"), (value, style)))


def _output_lines(case: CaseResult) -> list:
    """What the learner's code printed: the first lines only, and how much more there was."""
    text = case.output.rstrip("\n")
    kept = text.split("\n")[:MAX_PRINTED_LINES]
    shown = "\n".join(line[:200] for line in kept)[:MAX_PRINTED_CHARS]
    lines = [Text(t("Your code printed:"), style="bold"), Text(shown, no_wrap=True,
                                                                overflow="ellipsis")]
    more_lines = max(0, case.output_lines - len(kept))
    more_chars = max(0, case.output_chars - len(shown))
    if more_lines or more_chars > len(kept):
        lines.append(Text(t("... {lines} more lines ({chars} characters) not shown",
                            lines=f"{more_lines:,}", chars=f"{more_chars:,}"), style="dim"))
    return lines


def _pictures(matrices: tuple, plain: bool) -> list:
    """Expected and got, side by side, as small heatmaps (a picture that cannot be drawn
    is left out: it never costs the report)."""
    try:
        from checker.learner.heatmap import heatmap, side_by_side

        expected, got = matrices
        return [side_by_side(heatmap(expected, t("Expected"), plain=plain, low=0.0, high=1.0),
                             heatmap(got, t("Got"), plain=plain, low=0.0, high=1.0))]
    except Exception:
        return []


FOLDS = 5  # how many ways ``panel`` has to fold itself shorter


def fitted_panel(e: ExerciseResult, exercises_dir: str, plain: bool, where: str,
                 console, height: int, inside: list | None = None):
    """``panel`` folded until it is at most ``height`` lines at the console's width: the
    title and the case always show; then the pictures and the lists of other cases go
    (counted instead), then the long values are cut, then all but the case, what went
    wrong, what was expected and what came back, its cause and what to do, then those
    values are cut shorter still. ``inside``: lines (a hint) shown in the panel."""
    made = None
    for level in range(FOLDS):
        made = panel(e, exercises_dir, plain, where, fold=level, inside=inside)
        if len(console.render_lines(made, console.options, pad=False)) <= height:
            return made
    return made


def panel(e: ExerciseResult, exercises_dir: str, plain: bool, where: str = "cli",
          fold: int = 0, inside: list | None = None, all_cases: bool = False):
    """The current exercise: what went wrong in the case that tells the most, and what to do.

    ``where`` the learner reads it ("cli", "watch" or "notebook") decides the next step.
    ``fold`` (0 to FOLDS - 1) leaves out more and more for a short terminal (``fitted_panel``);
    ``inside``: lines shown in the panel after the case (a hint); ``all_cases``: every
    failing case listed (``check --all-cases``), not only one for each function and cause.
    """
    path = os.path.join(os.path.basename(os.path.normpath(exercises_dir)), e.file)
    lines: list = []
    if e.status == Status.NOT_STARTED:
        first = e.cases[0] if e.cases else None
        missing = first is not None and first.failure is not None and \
            first.failure.kind == Problem.MISSING_FILE
        if missing:
            lines.append(Paragraph(Text(t("{path} is missing.", path=path), style="bold")))
            lines.append(Paragraph(t("`attn-kit reset {id}` puts the original stub back.", id=e.id)))
        else:
            lines.append(Paragraph(t("Exercise {id} is waiting for you: open {path}, read the "
                                "docstring, and replace `raise NotImplementedError` with your "
                                "code.", id=e.id, path=path)))
        if inside:  # a hint asked for before the first try
            lines.append(Text(""))
            lines.extend(inside)
        lines.append(Text(""))
        lines.append(_next_steps(e, path, where))
        return _box(e, lines, plain)
    case = e.telling_case()
    waiting = e.not_checked()
    failed = [c for c in e.failing() if c not in waiting]
    lines.append(_kv(t("Case"), case.name))
    f = case.failure
    value_limit = 600 if fold < 2 else 160
    if f is not None:
        lines.append(Paragraph(Text(_clip(f.summary), style="bold red" if not plain else "")))
        if f.expected:  # what was expected and what came back always show
            lines.append(_kv(t("Expected"), _clip_lines(f.expected, value_limit, fold)))
        if f.got:
            lines.append(_kv(t("Got"), _clip_lines(f.got, value_limit, fold)))
        if f.detail and fold < 2:
            lines.append(Paragraph(_clip(f.detail)))
        if f.likely:
            lines.append(_kv(t("Likely cause"), _clip(f.likely)))
        if f.fix:
            lines.append(_kv(t("What to do"), _clip(f.fix)))
        if f.matrices and fold < 1:
            lines.extend(_pictures(f.matrices, plain))
        if f.frames:
            lines.append(Text(t("Your code:"), style="bold"))
            for frame in f.frames[-(MAX_CODE_LINES if fold < 3 else 1):]:
                lines.append(Text("  " + t("{path}, line {line}, in {function}", path=path,
                                           line=frame.get("line"),
                                           function=frame.get("function"))))
                if frame.get("code"):
                    lines.append(Text(f"    {_clip(str(frame['code']), 300)}", no_wrap=True,
                                      overflow="ellipsis"))
    if e.forbidden and fold < 3:
        lines.append(_kv(t("Forbidden calls in the source"), "; ".join(e.forbidden)))
    lines.extend(_also_failing(e, case, failed, where, fold, all_cases))
    if waiting and fold < 1:
        lines.append(Paragraph(Text(t("Checked once the values are right ({n}):",
                                 n=len(waiting)), style="bold")))
        lines.extend(Paragraph(f"- {c.name}", indent=2) for c in waiting[:5])
        if len(waiting) > 5:
            lines.append(Text("  " + t("(and {n} more)", n=len(waiting) - 5)))
    elif waiting and fold < 3:
        lines.append(Paragraph(t("{n} cases are checked once the values are right.",
                            n=len(waiting))))
    if case.output and fold < 1:
        lines.extend(_output_lines(case))
    if inside:
        lines.extend([Text("")] if fold < 4 else [])
        lines.extend(inside)
    if fold < 3:  # (watch's keys' line says how to get a hint too)
        lines.append(Text(""))
        lines.append(_next_steps(e, path, where))
    return _box(e, lines, plain)


ALSO_SHOWN = 6  # lines for the other functions and causes, at most


def _headline(case: CaseResult) -> str:
    """A failing case in one line: what went wrong, and its cause when one is named."""
    f = case.failure
    if f is None:
        return t(case.status.word)
    said = f.summary.strip().split("\n")[0]
    if f.specific and f.likely:
        said = t("{summary} ({cause})", summary=said, cause=f.likely.strip().split("\n")[0])
    return _clip(said, 200)


def _case_line(case: CaseResult) -> Paragraph:
    return Paragraph(t("- {case}: {what}", case=case.name, what=_headline(case)), indent=2)


def _also_failing(e: ExerciseResult, case: CaseResult, failed: list, where: str, fold: int,
                  all_cases: bool) -> list:
    """After the telling case: one line for each other function that fails and each other
    distinct cause (``ExerciseResult.telling_cases``), then how many more cases fail and how
    to list them; with ``all_cases``, every failing case in one line each."""
    others = [c for c in failed if c is not case]
    if not others or fold >= 3:
        return []
    if all_cases:
        lines = [Text(t("Every other case that does not pass ({n}):", n=len(others)),
                      style="bold")]
        lines += [_case_line(c) for c in others]
        return lines
    shown = [c for c in e.telling_cases() if c is not case and c in others]
    if fold >= 1:  # short: the other functions only, by name
        functions = list(dict.fromkeys(c.function for c in shown if c.function
                                       and c.function != case.function))
        lines = [Paragraph(t("Also failing: {functions}.", functions=", ".join(
            f"`{name}`" for name in functions)))] if functions else []
        return lines + [Paragraph(t("{n} more cases do not pass yet.", n=len(others)))]
    lines = []
    if shown:
        lines.append(Text(t("Also failing:"), style="bold"))
        lines += [_case_line(c) for c in shown[:ALSO_SHOWN]]
    rest = len(others) - len(shown[:ALSO_SHOWN])
    if rest:
        lines.append(Paragraph(_list_them(e, rest, where)))
    return lines


def _list_them(e: ExerciseResult, n: int, where: str) -> str:
    if where == "watch":
        return t("{n} more cases do not pass yet; press a to list them.", n=n)
    if where == "notebook":
        return t("{n} more cases do not pass yet; `check(\"{id}\", all_cases=True)` lists "
                 "them.", n=n, id=e.id)
    return t("{n} more cases do not pass yet; `attn-kit check {id} --all-cases` lists them.",
             n=n, id=e.id)


def all_cases_view(e: ExerciseResult, plain: bool):
    """Every case of an exercise that does not pass, one line each (watch's key a)."""
    failed = e.failing()
    head = Text(t("Exercise {id} · {title}: every case that does not pass ({n} of {total})",
                  id=e.id, title=title_of(e.id), n=len(failed), total=e.total), style="bold")
    lines = [_case_line(c) for c in failed]
    return Group(head, *(lines or [Text(t("Every case passes."))]))


def _next_steps(e: ExerciseResult, path: str, where: str = "cli") -> Paragraph:
    if where == "notebook":
        return Paragraph(t("Next: edit {path} and save it, then run `check(\"{id}\")` again. "
                      "Stuck? `hint(\"{id}\")` gives one hint at a time (`from checker "
                      "import hint`).", path=path, id=e.id))
    if where == "watch":
        return Paragraph(t("Next: edit {path} and save; it is checked again at once. "
                      "Stuck? Press h for a hint.", path=path))
    return Paragraph(t("Next: edit {path}, then run `attn-kit check {id}`. "
                  "Stuck? `attn-kit hint {id}` shows one hint at a time.", path=path, id=e.id))


def _box(e: ExerciseResult, lines: list, plain: bool):
    title = Text(t("Exercise {id} · {title} · {status} ({passed}/{total} cases)", id=e.id,
                   title=title_of(e.id), status=t(e.status.word), passed=e.passed,
                   total=e.total))
    if plain:
        rule = "-" * 72
        return Group(Text(rule), Paragraph(title), Text(rule), *lines)
    return Panel(Group(*lines), title=title, title_align="left",
                 border_style=MARKS[e.status][1], box=box.ROUNDED)


def header(run: RunResult) -> Text:
    return Text(t("attention-kit · {folder} · seed {seed}", folder=run.exercises_dir,
                  seed=run.seed), style="bold")


# what each layer a worker may run without is called on screen (``RunResult.engine``)
LAYER_NAMES = {"landlock": N_("Landlock"), "seccomp": N_("seccomp"),
               "memory": N_("the memory limit"), "processes": N_("the process limit")}


def engine_line(engine: dict | None, plain: bool = False) -> Paragraph | None:
    """One line under the header when a layer was left out (``RunResult.engine``): which
    ran and which did not; None when every layer ran."""
    if not engine:
        return None
    off = t(", ").join(str(t(LAYER_NAMES.get(name, name)))  # (Chinese lists with 、)
                       for name, state in engine["layers"].items() if not state.get("on"))
    if engine.get("engine") == "portable":
        said = t("Portable engine: your code ran in a process of its own, with a time limit, "
                 "limits on CPU time, file size and open files, and the audit hook; left out "
                 "on this system: {off}.", off=off)
    elif off:
        said = t("Left out on this system: {off} (your code still ran in a process of its "
                 "own, with a time limit).", off=off)
    else:
        return None
    return Paragraph(Text(said, style="" if plain else "dim"))


def render(run: RunResult, console: Console, where: str = "cli", all_cases: bool = False) -> None:
    plain = getattr(console, "plain", False)
    console.print(header(run))
    said = engine_line(run.engine, plain)
    if said is not None:
        console.print(said)
    for e in run.exercises:  # cases this system could not measure count neither way
        if e.unmeasured():
            console.print(Paragraph(Text(t(
                "Exercise {id}: {n} cases could not be measured on this system (no figures "
                "of the worker's memory here) and count neither way.", id=e.id,
                n=len(e.unmeasured())), style="" if plain else "dim")))
    console.print(table(run, plain, console.width))
    console.print(progress(run, plain, console.width))
    current = run.current()
    console.print()
    if current is None:
        console.print(Paragraph(Text(t("All selected exercises pass. Well done!"),
                                style="" if plain else "bold green")))
        if len(run.exercises) < len(manifest.load()):
            console.print(Paragraph(t("Run `attn-kit check` to see where you are in the whole kit.")))
        else:
            console.print(Paragraph(t("See your attention at work: `attn-kit show 08` draws the weights your code gives, "
                 "next to the reference's; `attn-kit model gpt` trains a tiny GPT with it.")))
        return
    console.print(panel(current, run.exercises_dir, plain, where, all_cases=all_cases))
