"""The gradebook: a roster that maps submissions to students, and the LMS exports.

``--roster roster.csv`` reads a CSV with a header row: ``submission`` and ``id`` (the
student's id) are required; ``name``, ``email``, ``section``, ``sis_user_id`` and
``sis_login_id`` are optional. Its separator is found from the header row (``,``, ``;``
or a tab, as spreadsheets save CSV in different locales).

**Matching by key.** A roster row names a submission by its key (the report name, the
``key`` column of grades.csv) or by the folder or zip exactly as handed in (``Bob.zip.zip``,
or ``Bob.zip`` without its last ``.zip``), case included: names are compared in Unicode's
composed form (NFC) and nothing else is folded, so ``BOB`` and ``bob`` are two students. A
row that names two submissions, or two rows that name one, stop the run with one line
(``RosterError``) before anything is graded: a grade never reaches the wrong student.

``--export`` writes the file an LMS gradebook imports:

- ``canvas``: Canvas's gradebook CSV (the columns of its own export, which its
  import reads back): ``Student, ID, SIS User ID, SIS Login ID, Section`` and one
  column named after the assignment, with the ``Points Possible`` row Canvas's export
  has under its header. Canvas matches a row by ``ID`` (its user id) or by
  ``SIS User ID`` / ``SIS Login ID``.
- ``moodle``: a CSV for Moodle's "Import grades from CSV": ``ID number, Email
  address, Full name`` and the assignment's column; map "ID number" to the user
  field ``useridnumber`` (or "Email address" to ``useremail``) when importing.
- ``csv``: ``student_id, name, submission, score, max_score, status, key``.

A student whose submission has no score (not graded: ambiguous, unreadable, no exercise
file; or a kit error) gets an empty cell, which both LMSs import as "no grade", never a 0,
and one warning line. Every cell is in NFC, and every cell that came from outside (roster,
names) is neutralised so that no spreadsheet runs it as a formula.
"""
from __future__ import annotations

import csv
import io
import unicodedata
from dataclasses import dataclass, field
from pathlib import Path

from checker.i18n import N_, t
from checker.text import spreadsheet_cell

REQUIRED = ("submission", "id")
OPTIONAL = ("name", "email", "section", "sis_user_id", "sis_login_id")
EXPORTS = {"canvas": "canvas.csv", "moodle": "moodle.csv", "csv": "gradebook.csv"}
MAX_ROSTER_BYTES = 10 * 1024 * 1024


class RosterError(Exception):
    """The roster cannot be used: one line saying why."""


@dataclass(frozen=True)
class Student:
    submission: str
    id: str
    name: str = ""
    email: str = ""
    section: str = ""
    sis_user_id: str = ""
    sis_login_id: str = ""
    line: int = 0           # its line in the roster file, for messages

    def to_dict(self) -> dict:
        return {"id": self.id, "name": self.name, "email": self.email,
                "section": self.section, "sis_user_id": self.sis_user_id,
                "sis_login_id": self.sis_login_id}


def nfc(text: str) -> str:
    """How a name is compared: Unicode's composed form, nothing else folded."""
    return unicodedata.normalize("NFC", text).strip()


SEPARATORS = {",": N_("comma"), ";": N_("semicolon"), "\t": N_("tab")}


def _separator(first_line: str) -> str:
    """The roster's separator: the one that makes its header name both required columns
    (else the one its header row holds most of)."""
    for sep in SEPARATORS:
        header = [h.strip().lower() for h in next(csv.reader([first_line], delimiter=sep))]
        if all(column in header for column in REQUIRED):
            return sep
    return max(SEPARATORS, key=first_line.count)


def read_roster(path: str | Path) -> list[Student]:
    path = Path(path).expanduser()
    try:
        data = path.read_bytes()
    except FileNotFoundError:
        raise RosterError(t("roster {path} not found", path=path)) from None
    except OSError as exc:
        raise RosterError(t("roster {path} cannot be read: {error}", path=path,
                            error=exc.strerror or exc)) from None
    if len(data) > MAX_ROSTER_BYTES:
        raise RosterError(t("roster {path} is larger than 10 MB", path=path))
    try:
        text = data.decode("utf-8-sig")  # a spreadsheet's BOM is fine
    except UnicodeDecodeError:
        raise RosterError(t("roster {path} is not UTF-8 text: save it as \"CSV UTF-8\"",
                            path=path)) from None
    if not text.strip():
        raise RosterError(t("roster {path} is empty", path=path))
    sep = _separator(text.splitlines()[0])
    try:
        rows = list(csv.reader(io.StringIO(text), delimiter=sep))
    except csv.Error as exc:
        raise RosterError(t("roster {path} is not a CSV file: {error}", path=path,
                            error=exc)) from None
    header = [h.strip().lower() for h in rows[0]]
    for column in REQUIRED:
        if column not in header:
            raise RosterError(t("roster {path} has no column {column} (its header row, read "
                                "with the separator {separator}, must name: submission, id; "
                                "optional: {optional})", path=path, column=column,
                                separator=t(SEPARATORS[sep]), optional=", ".join(OPTIONAL)))
    index = {h: i for i, h in enumerate(header) if h in (*REQUIRED, *OPTIONAL)}
    students, seen = [], {}
    for n, row in enumerate(rows[1:], 2):
        if not any(cell.strip() for cell in row):
            continue
        cells = {h: nfc(row[i]) if i < len(row) else "" for h, i in index.items()}
        if not cells["submission"] or not cells["id"]:
            raise RosterError(t("roster {path} line {line}: submission and id must not be "
                                "empty", path=path, line=n))
        k = cells["submission"]
        if k in seen:
            raise RosterError(t("roster {path} line {line}: the submission {name} is also on "
                                "line {other}", path=path, line=n, name=cells["submission"],
                                other=seen[k]))
        seen[k] = n
        students.append(Student(**cells, line=n))
    return students


@dataclass
class Matching:
    """Who is who: each graded submission's student (by key), and what did not match."""

    students: dict = field(default_factory=dict)      # key -> Student
    unmatched_submissions: list = field(default_factory=list)  # keys
    unmatched_students: list = field(default_factory=list)
    near: dict = field(default_factory=dict)          # key -> a roster name equal but for case

    def to_dict(self) -> dict:
        return {"unmatched_submissions": list(self.unmatched_submissions),
                "unmatched_roster": [s.submission for s in self.unmatched_students]}


def names_of(key: str, relpath: str) -> set[str]:
    """What a roster may call a submission: its key, or its folder or zip as handed in
    (with or without its last ``.zip``), exactly (NFC)."""
    last = (relpath or key).rstrip("/").rsplit("/", 1)[-1]
    found = {nfc(key), nfc(last)}
    if last.lower().endswith(".zip") and len(last) > 4:
        found.add(nfc(last[:-4]))
    return found


def match(roster: list[Student], submissions: list[tuple[str, str]]) -> Matching:
    """Match each submission, given as ``(key, original path)``, with its roster row.

    ``RosterError`` when a row names two submissions or two rows name one: the run stops
    before grading rather than give a grade to the wrong student."""
    by_name: dict[str, list[str]] = {}
    for key, relpath in submissions:
        for name in names_of(key, relpath):
            by_name.setdefault(name, []).append(key)
    result = Matching()
    taken: dict[str, Student] = {}
    for student in roster:
        keys = sorted(set(by_name.get(student.submission, [])))
        if len(keys) > 1:
            raise RosterError(t("roster line {line}: {name} names {n} submissions ({keys}): "
                                "write the key of one (grades.csv's key column) instead",
                                line=student.line, name=student.submission, n=len(keys),
                                keys=", ".join(keys)))
        if not keys:
            result.unmatched_students.append(student)
            continue
        if keys[0] in taken:
            raise RosterError(t("roster lines {first} and {line} both name the submission "
                                "{key}: keep one", first=taken[keys[0]].line, line=student.line,
                                key=keys[0]))
        taken[keys[0]] = student
    result.students = taken
    result.unmatched_submissions = [key for key, _ in submissions if key not in taken]
    folded = {s.submission.casefold(): s.submission for s in result.unmatched_students}
    for key, relpath in submissions:
        if key not in taken:
            near = next((folded[n.casefold()] for n in sorted(names_of(key, relpath))
                         if n.casefold() in folded), None)
            if near is not None:
                result.near[key] = near
    return result


def unmatched_lines(matching: Matching) -> list[str]:
    """One warning a name that did not match, either way."""
    lines = []
    for key in matching.unmatched_submissions:
        if key in matching.near:
            lines.append(t("no roster row for the submission {name} (the roster's "
                           "{near} differs from it only in case or a .zip: names must match "
                           "exactly)", name=key, near=matching.near[key]))
        else:
            lines.append(t("no roster row for the submission {name}", name=key))
    lines += [t("no submission for the roster row {name} (id {id})", name=s.submission,
                id=s.id) for s in matching.unmatched_students]
    return lines


# ------------------------------------------------------------------- exports
def cell(text) -> str:
    """Spreadsheets run cells that start with = + - @ (or a tab, a CR) as formulas:
    such a text is written with a leading apostrophe. Text is written in NFC."""
    return spreadsheet_cell(unicodedata.normalize("NFC", str(text)))


# Canvas's gradebook export puts this row under its header (the label indented, the
# assignment's points in its column); its import skips it
POINTS_POSSIBLE = "    Points Possible"
# Moodle refuses a grade above this in a CSV import unless the site allows unlimited grades
MOODLE_PLAIN_MAXIMUM = 100.0


def export_text(kind: str, graded: list, matching: Matching, assignment: str) -> str:
    """The gradebook file of ``kind`` (canvas, moodle, csv), one row per matched student;
    a student with no score has an empty cell (``export_warnings`` says who)."""
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\r\n" if kind != "csv" else "\n")
    column = cell(assignment)
    points = max((g.max_score for g in graded), default=0.0)
    if kind == "canvas":
        writer.writerow(["Student", "ID", "SIS User ID", "SIS Login ID", "Section", column])
        writer.writerow([POINTS_POSSIBLE, "", "", "", "", f"{points:g}"])
    elif kind == "moodle":
        writer.writerow(["ID number", "Email address", "Full name", column])
    else:
        writer.writerow(["student_id", "name", "submission", "score", "max_score", "status",
                         "key"])
    for g in graded:
        student = matching.students.get(g.key)
        if student is None:
            continue
        score = f"{g.score:g}" if g.has_score else ""
        if kind == "canvas":
            row = [student.name, student.id, student.sis_user_id, student.sis_login_id,
                   student.section, score]
        elif kind == "moodle":
            row = [student.id, student.email, student.name, score]
        else:
            row = [student.id, student.name, g.name, score, f"{g.max_score:g}",
                   str(g.status)]
        writer.writerow([cell(c) for c in row] + ([g.key] if kind == "csv" else []))
    return buffer.getvalue()


def export_warnings(kind: str, graded: list, matching: Matching) -> list[str]:
    """What the instructor must know about an export: each student whose cell is empty
    (no score), and for Moodle, scores above what its import takes by default."""
    lines = []
    for g in graded:
        student = matching.students.get(g.key)
        if student is None:
            continue
        if not g.has_score:
            lines.append(t("{lms}: {name} (id {id}) has no grade, the cell is left empty: "
                           "the submission {key} was not graded ({status}: {reason})",
                           lms=kind, name=student.name or student.submission, id=student.id,
                           key=g.key, status=g.status, reason=g.reason or "-"))
    if kind == "moodle":
        high = [g for g in graded if g.key in matching.students and g.has_score
                and g.score > MOODLE_PLAIN_MAXIMUM]
        if high:
            lines.append(t("moodle: {n} scores are above 100 ({names}); Moodle's import "
                           "refuses them unless an administrator turns on unlimitedgrades "
                           "(and sets gradepointmax) in its grade settings",
                           n=len(high), names=", ".join(g.key for g in high[:5])))
    return lines
