"""What an instructor gets from a grading run: per-submission files, grades.csv, a summary.

Only the grader's parent process writes here, after every worker of the run
has been stopped, and every file is written to a temporary name first and then
moved into place: a file that a submission managed to leave in the output
folder is replaced, never trusted or appended to.
"""
from __future__ import annotations

import contextlib
import csv
import io
from pathlib import Path

from rich import box
from rich.console import Console
from rich.table import Table
from rich.text import Text

from checker.i18n import t
from checker import files, manifest
from checker.grading import gradescope
from checker.grading.records import GradeStatus, Graded
from checker.judge import document
from checker.judge.results import Status
from checker.text import one_line, spreadsheet_cell

CSV_NAME = "grades.csv"


def document_for(graded: Graded, fmt: str, visibility: str, disclose: str = "full") -> dict:
    """The per-submission file: our JSON document, or Gradescope's results.json
    (``disclose`` says how much Gradescope's tests tell the student; our JSON, the
    instructor's, is always complete)."""
    if fmt == "gradescope":
        return gradescope.results_for(graded, visibility, disclose)
    return document.in_order(graded.document or {}, {
        "status": graded.status, "reason": graded.reason, "score": graded.score,
        "max_score": graded.max_score, "seconds": graded.seconds})


KEY_COLUMN = "key"


def csv_text(graded: list[Graded], course: str | None = None) -> str:
    """grades.csv; ``course`` (the course file's name and digest) adds a column.

    The last column, ``key``, is the student's key exactly as it is (the report's file
    name without ``.json``): the one column to join on. A key never starts with a formula
    character (``names``), so no guard changes it; the display columns beside it
    (``submission``, ``reason``, ``path``) keep the formula guard."""
    graded_ids = {i for g in graded for i in g.scores}
    ids = [e.id for e in manifest.load() if e.id in graded_ids]
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    # new columns go at the end: a sheet or a script that reads the first ones still works
    extra = ["course"] if course is not None else []
    writer.writerow(["submission", *[f"ex{i}" for i in ids], "total", "max_score", "status",
                     "reason", "path", "seed", *extra, KEY_COLUMN])
    for g in graded:
        writer.writerow([_cell(g.name), *[f"{g.scores.get(i, 0.0):g}" for i in ids],
                         f"{g.score:g}", f"{g.max_score:g}", g.status, _cell(g.reason),
                         _cell(g.relpath), _seed_of(g), *[_cell(course) for _ in extra],
                         g.key])
    return buffer.getvalue()


def _seed_of(graded: Graded) -> str:
    seed = (graded.document or {}).get("seed")
    return "" if seed is None else str(seed)


def status_counts(graded: list[Graded]) -> str:
    """One line: how many submissions ended with each status (no silent zeros)."""
    counts = {s: sum(g.status == s for g in graded) for s in GradeStatus}
    parts = ", ".join(f"{n} {s}" for s, n in counts.items() if n)
    return t("{n} graded: {counts}", n=len(graded), counts=parts)


def collision_line(collision) -> str:
    """What the run says when names that are the same name had to be renamed."""
    renamed = "; ".join(t("{path} is {name}", path=one_line(path, 200), name=name)
                        for path, name in collision.renamed)
    return t("{n} submissions share the name {name} (ignoring case and Unicode forms), so "
             "each is renamed: {renamed}", n=len(collision.renamed), name=collision.name,
             renamed=renamed)


def _cell(text: str) -> str:
    """Spreadsheets run cells that start with = + - @ as formulas: not from student text."""
    return spreadsheet_cell(text)


def write_out(out: Path, graded: list[Graded], fmt: str, visibility: str,
              on_failure=None, *, disclose: str = "full", course: str | None = None,
              bom: bool = True) -> list[Path]:
    """``--out DIR``: one JSON per submission and grades.csv; returns what was written.

    A report that cannot be written costs that report alone: ``on_failure(name, error)``
    is told, and the others and grades.csv are written all the same."""
    out.mkdir(parents=True, exist_ok=True)
    written = []
    for g in graded:
        path = out / f"{g.name}.json"
        try:
            files.write_json(path, document_for(g, fmt, visibility, disclose),
                             compact=len(graded) > 1)
        except (OSError, ValueError) as exc:
            if on_failure is not None:
                on_failure(g.name, exc)
            continue
        written.append(path)
    files.write_csv(out / CSV_NAME, csv_text(graded, course), bom=bom)
    written.append(out / CSV_NAME)
    return written


def summary_table(graded: list[Graded], plain: bool = False) -> Table:
    table = Table(title=t("Grades"), title_justify="left",
                  box=box.ASCII2 if plain else box.SIMPLE_HEAVY)
    table.add_column(t("Submission"))
    table.add_column(t("Points"), justify="right")
    table.add_column(t("Passed"), justify="right")
    table.add_column(t("Status"))
    table.add_column(t("Reason"), overflow="fold")
    colours = {GradeStatus.OK: "green", GradeStatus.ERROR: "red", GradeStatus.TIMEOUT: "yellow",
               GradeStatus.KIT_ERROR: "magenta",
               GradeStatus.NO_FILES: "magenta", GradeStatus.AMBIGUOUS: "magenta"}
    for g in graded:
        count = len(g.scores)
        passed = sum(1 for e in (g.document or {}).get("exercises", []) if e["status"] == Status.PASSED)
        table.add_row(Text(g.name), f"{g.score:g}/{g.max_score:g}", f"{passed}/{count}",
                      Text(g.status, style=colours.get(g.status, "")), Text(g.reason))
    return table


def submission_warnings(graded: list[Graded]) -> list[str]:
    """One line per file taken under a near name (``submission.warnings`` of a report)."""
    lines = []
    for g in graded:
        facts = (g.document or {}).get("submission") or {}
        for warning in facts.get("warnings") or []:
            lines.append(t("warning: {name}: {warning}", name=g.name, warning=warning))
    return lines


@contextlib.contextmanager
def grading_progress(console: Console, total: int):
    """A progress bar over submissions; yields the callback for each graded one.

    Off a terminal (a log, CI, Gradescope) it prints one line per submission instead.
    A student's name or reason is text, never rich markup: ``[link=...]`` or ``[/x]`` in
    a folder's name is shown as typed (a ``Text``, or a column with ``markup=False``),
    never drawn as a link, hidden, or raised on.
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

    # the description holds the student's name: shown as text, not read as markup
    with Progress(TextColumn(t("Grading"), markup=False), BarColumn(), MofNCompleteColumn(),
                  TimeElapsedColumn(), TextColumn("{task.description}", markup=False),
                  console=console, transient=False) as progress:
        task = progress.add_task("", total=total)

        def advance(graded) -> None:
            progress.update(task, advance=1,
                            description=t("last: {name} {score} {status}", name=graded.name,
                                          score=f"{graded.score:g}", status=graded.status))
        yield advance
