"""``attn-kit diff OLD NEW``: whose grades changed between two grading runs.

After a fix to a course file or to the kit, an instructor grades the class again and
must tell the students whose grade moved, and only them. This compares the two
``--out`` folders report by report and lists, per student, what changed: the total,
the maximum, the grade status, and each exercise's score and status.

Students are joined by their key and nothing else: the key is the report's file stem
(``OLD/<key>.json``), which is the report's ``submission.name``. Never a display name,
a case-folded name or a spreadsheet cell: two students named ``Kim`` and ``kim`` are
two keys, and a key in one run only is a student added or removed, not a guess at who
it might be. grades.csv is not read; the per-submission JSON reports are the source.

Exit status: 0 when both folders were read, whether or not anything changed (a script
reads ``--csv``); 2, with one line, when a folder is not a ``grade --out`` folder.
"""
from __future__ import annotations

import csv
import io
import json
import math
from dataclasses import dataclass, field
from pathlib import Path

from rich.text import Text

from checker.i18n import t
from checker.text import one_line, spreadsheet_cell

CSV_HEADER = ("key", "what", "old", "new")


class DiffError(Exception):
    """A folder cannot be compared (the message says why, in one line)."""


@dataclass(frozen=True)
class Report:
    """What of one report decides a grade."""
    score: float
    max_score: float
    status: str
    reason: str
    seed: int | None
    exercises: dict[str, tuple[float, str]]  # id -> (score, status)


@dataclass
class Change:
    """One student present in both runs whose grade changed."""
    key: str
    old: Report
    new: Report
    exercises: list[str] = field(default_factory=list)  # the ids whose score or status moved

    @property
    def total(self) -> bool:
        return not _same(self.old.score, self.new.score)

    @property
    def maximum(self) -> bool:
        return not _same(self.old.max_score, self.new.max_score)

    @property
    def status(self) -> bool:
        return self.old.status != self.new.status


@dataclass
class Comparison:
    compared: int
    changed: list[Change]
    added: dict[str, Report]
    removed: dict[str, Report]
    old_seeds: list[int]
    new_seeds: list[int]


def _same(a: float | None, b: float | None) -> bool:
    if a is None or b is None:
        return a is b
    return math.isclose(a, b, rel_tol=0.0, abs_tol=1e-9)


def _number(value) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise ValueError("not a number")
    return float(value)


def _report(document) -> Report:
    """The parts of a report that decide a grade; ValueError if it is not our report."""
    if not isinstance(document, dict):
        raise ValueError("not an object")
    grade = document["grade"]
    exercises = {}
    for exercise in document["exercises"]:
        if not isinstance(exercise["id"], str) or not isinstance(exercise["status"], str):
            raise ValueError("exercise id or status")
        exercises[exercise["id"]] = (_number(exercise["score"]), exercise["status"])
    seed = document.get("seed")
    if not isinstance(grade["status"], str):
        raise ValueError("grade status")
    return Report(score=_number(document["score"]), max_score=_number(document["max_score"]),
                  status=grade["status"], reason=str(grade.get("reason") or ""),
                  seed=seed if isinstance(seed, int) and not isinstance(seed, bool) else None,
                  exercises=exercises)


def _is_gradescope(document) -> bool:
    return isinstance(document, dict) and "exercises" not in document and \
        "tests" in document and ("extra_data" in document or "output" in document)


def read_run(folder: Path, shown: str) -> dict[str, Report]:
    """Every report of a ``grade --out`` folder, by key (its file stem)."""
    if not folder.is_dir():
        raise DiffError(t("{path} is not a folder: give two --out folders of `attn-kit grade`",
                          path=shown))
    reports: dict[str, Report] = {}
    for path in sorted(folder.glob("*.json")):
        if path.name.startswith(".") or path.is_symlink() or not path.is_file():
            continue
        try:
            document = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError) as exc:
            raise DiffError(t("{path} cannot be read as a report of `attn-kit grade`: {error}",
                              path=path, error=one_line(str(exc)))) from None
        if _is_gradescope(document):
            raise DiffError(t("{path} is Gradescope's results.json (grade --format gradescope), "
                              "which has no exercise statuses: compare two runs graded "
                              "without --format gradescope", path=path))
        try:
            reports[path.stem] = _report(document)
        except (KeyError, TypeError, ValueError):
            raise DiffError(t("{path} is not a report of `attn-kit grade` (no exercises, score "
                              "or grade status): give two --out folders of `attn-kit grade`",
                              path=path)) from None
    if not reports:
        raise DiffError(t("{path} holds no reports of `attn-kit grade --out`: give two --out "
                          "folders of `attn-kit grade`", path=shown))
    return reports


def compare(old: dict[str, Report], new: dict[str, Report]) -> Comparison:
    both = sorted(old.keys() & new.keys())
    changed = []
    for key in both:
        change = Change(key, old[key], new[key])
        for eid in sorted(old[key].exercises.keys() | new[key].exercises.keys()):
            before, after = old[key].exercises.get(eid), new[key].exercises.get(eid)
            if before is None or after is None or not _same(before[0], after[0]) \
                    or before[1] != after[1]:
                change.exercises.append(eid)
        if change.exercises or change.total or change.maximum or change.status:
            changed.append(change)
    return Comparison(
        compared=len(both), changed=changed,
        added={k: new[k] for k in sorted(new.keys() - old.keys())},
        removed={k: old[k] for k in sorted(old.keys() - new.keys())},
        old_seeds=sorted({r.seed for r in old.values() if r.seed is not None}),
        new_seeds=sorted({r.seed for r in new.values() if r.seed is not None}))


def _n(value: float | None) -> str:
    return "-" if value is None else f"{value:g}"


def _total(report: Report, with_max: bool) -> str:
    return f"{report.score:g}/{report.max_score:g}" if with_max else f"{report.score:g}"


def _exercise(change: Change, eid: str) -> tuple[tuple, tuple]:
    missing = (None, None)
    return change.old.exercises.get(eid, missing), change.new.exercises.get(eid, missing)


def lines(result: Comparison) -> list[Text]:
    """What the terminal shows; every name is plain text (a key may hold ``[/x]``)."""
    out: list[Text] = []
    for change in result.changed:
        out.append(Text(t("{key}: {old} -> {new}", key=one_line(change.key, 200),
                          old=_total(change.old, change.maximum),
                          new=_total(change.new, change.maximum))))
        if change.status:
            out.append(Text("  " + t("status: {old} -> {new}", old=change.old.status,
                                     new=change.new.status)
                            + (f" ({one_line(change.new.reason)})" if change.new.reason else "")))
        for eid in change.exercises:
            (old_score, old_status), (new_score, new_status) = _exercise(change, eid)
            statuses = f"{old_status or '-'} -> {new_status or '-'}" \
                if old_status != new_status else new_status
            out.append(Text(f"  {eid}: {_n(old_score)} -> {_n(new_score)} ({statuses})"))
    for key, report in result.removed.items():
        out.append(Text(t("removed: {key} (was {total})", key=one_line(key, 200),
                          total=_total(report, True))))
    for key, report in result.added.items():
        out.append(Text(t("added: {key} ({total})", key=one_line(key, 200),
                          total=_total(report, True))))
    out.append(Text(t("{compared} compared, {changed} changed, {added} added, {removed} removed",
                      compared=result.compared, changed=len(result.changed),
                      added=len(result.added), removed=len(result.removed))))
    seeds = seed_line(result)
    if seeds:
        out.append(Text(seeds))
    return out


def seed_line(result: Comparison) -> str:
    """One line when the runs' seeds differ (a different seed draws other hidden inputs)."""
    if result.old_seeds == result.new_seeds:
        return ""
    return t("Different seeds (old {old}, new {new}): other hidden inputs, so a score can "
             "change with the code unchanged", old=", ".join(map(str, result.old_seeds)) or "-",
             new=", ".join(map(str, result.new_seeds)) or "-")


def rows(result: Comparison) -> list[tuple[str, str, str, str]]:
    """One row per changed (key, what): ``total``, ``max_score``, ``status``, ``exNN`` (its
    score), ``exNN status``; a student in one run only is one ``added`` or ``removed`` row
    with the total on its side."""
    found: list[tuple[str, str, str, str]] = []
    for change in result.changed:
        key = change.key
        if change.total:
            found.append((key, "total", _num(change.old.score), _num(change.new.score)))
        if change.maximum:
            found.append((key, "max_score", _num(change.old.max_score),
                          _num(change.new.max_score)))
        if change.status:
            found.append((key, "status", change.old.status, change.new.status))
        for eid in change.exercises:
            (old_score, old_status), (new_score, new_status) = _exercise(change, eid)
            if not _same(old_score, new_score):
                found.append((key, f"ex{eid}", _num(old_score), _num(new_score)))
            if old_status != new_status:
                found.append((key, f"ex{eid} status", old_status or "", new_status or ""))
    for key, report in result.removed.items():
        found.append((key, "removed", _num(report.score), ""))
    for key, report in result.added.items():
        found.append((key, "added", "", _num(report.score)))
    return found


def _num(value: float | None) -> str:
    return "" if value is None else f"{value:g}"


def csv_text(result: Comparison) -> str:
    """The rows as CSV. The key is written as it is, so that it joins the reports' names
    (a report's name never starts with a formula character); every other cell goes
    through the kit's one formula guard."""
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow(CSV_HEADER)
    for key, what, old, new in rows(result):
        writer.writerow([key, spreadsheet_cell(what), spreadsheet_cell(old),
                         spreadsheet_cell(new)])
    return buffer.getvalue()


def cmd_diff(args) -> int:
    from checker import files
    from checker.console import make_console
    from checker.usage import EXIT_OK, UsageError, output_file

    old_dir, new_dir = Path(args.old).expanduser(), Path(args.new).expanduser()
    try:
        old, new = read_run(old_dir, args.old), read_run(new_dir, args.new)
    except DiffError as exc:
        raise UsageError(str(exc)) from None
    target = output_file(args.csv, "--csv", keep_off=[old_dir, new_dir]) if args.csv else None
    result = compare(old, new)
    console = make_console()
    for line in lines(result):
        console.print(line)
    if target is not None:
        try:
            files.write_csv(target, csv_text(result), bom=not getattr(args, "no_bom", False))
        except OSError as exc:
            raise UsageError(t("cannot write {path}: {error}", path=args.csv,
                               error=one_line(str(exc)))) from None
        console.print(Text(t("Changes written to {path}", path=target)))
    return EXIT_OK
