"""The gradebook: a roster that maps submission names to students, and the LMS exports.

``--roster roster.csv`` reads a CSV with a header row: ``submission`` (the folder or
zip name, as graded) and ``id`` (the student's id) are required; ``name``, ``email``,
``section``, ``sis_user_id`` and ``sis_login_id`` are optional. A submission is matched
by its name, ignoring case, accents written two ways (Unicode NFC) and a ``.zip``.

``--export`` writes the file an LMS gradebook imports:

- ``canvas``: Canvas's gradebook CSV (the columns of its own export, which its
  import reads back): ``Student, ID, SIS User ID, SIS Login ID, Section`` and one
  column named after the assignment. Canvas matches a row by ``ID`` (its user id)
  or by ``SIS User ID`` / ``SIS Login ID``.
- ``moodle``: a CSV for Moodle's "Import grades from CSV": ``ID number, Email
  address, Full name`` and the assignment's column; map "ID number" to the user
  field ``useridnumber`` (or "Email address" to ``useremail``) when importing.
- ``csv``: ``student_id, name, submission, score, max_score, status``.

Every cell that came from outside (roster, names) is neutralised so that no
spreadsheet runs it as a formula.
"""
from __future__ import annotations

import csv
import io
import unicodedata
from dataclasses import dataclass, field
from pathlib import Path

from checker.i18n import t
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

    def to_dict(self) -> dict:
        return {"id": self.id, "name": self.name, "email": self.email,
                "section": self.section, "sis_user_id": self.sis_user_id,
                "sis_login_id": self.sis_login_id}


def key(name: str) -> str:
    """How a submission name is compared: NFC, no case, no surrounding space, no .zip."""
    name = unicodedata.normalize("NFC", name).strip()
    if name.lower().endswith(".zip"):
        name = name[:-4]
    return name.casefold()


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
    rows = list(csv.reader(io.StringIO(text)))
    if not rows:
        raise RosterError(t("roster {path} is empty", path=path))
    header = [h.strip().lower() for h in rows[0]]
    for column in REQUIRED:
        if column not in header:
            raise RosterError(t("roster {path} has no column {column} (its header row must "
                                "name: submission, id; optional: {optional})", path=path,
                                column=column, optional=", ".join(OPTIONAL)))
    index = {h: i for i, h in enumerate(header) if h in (*REQUIRED, *OPTIONAL)}
    students, seen = [], {}
    for n, row in enumerate(rows[1:], 2):
        if not any(cell.strip() for cell in row):
            continue
        cells = {h: (row[i].strip() if i < len(row) else "") for h, i in index.items()}
        if not cells["submission"] or not cells["id"]:
            raise RosterError(t("roster {path} line {line}: submission and id must not be "
                                "empty", path=path, line=n))
        k = key(cells["submission"])
        if k in seen:
            raise RosterError(t("roster {path} line {line}: the submission {name} is also on "
                                "line {other}", path=path, line=n, name=cells["submission"],
                                other=seen[k]))
        seen[k] = n
        students.append(Student(**cells))
    return students


@dataclass
class Matching:
    """Who is who: each graded submission's student, and what did not match either way."""

    students: dict = field(default_factory=dict)      # submission name -> Student
    unmatched_submissions: list = field(default_factory=list)
    unmatched_students: list = field(default_factory=list)

    def to_dict(self) -> dict:
        return {"unmatched_submissions": list(self.unmatched_submissions),
                "unmatched_roster": [s.submission for s in self.unmatched_students]}


def match(roster: list[Student], graded: list) -> Matching:
    """Match each graded submission (by its report name, or the name of its file or
    folder) with a roster row."""
    by_key = {key(s.submission): s for s in roster}
    result, used = Matching(), set()
    for g in graded:
        candidates = [g.name, Path(str(g.origin)).name]
        found = next((by_key[key(c)] for c in candidates if key(c) in by_key), None)
        if found is None or key(found.submission) in used:
            result.unmatched_submissions.append(g.name)
            continue
        used.add(key(found.submission))
        result.students[g.name] = found
    result.unmatched_students = [s for s in roster if key(s.submission) not in used]
    return result


# ------------------------------------------------------------------- exports
def cell(text) -> str:
    """Spreadsheets run cells that start with = + - @ (or a tab, a CR) as formulas:
    such a text is written with a leading apostrophe."""
    return spreadsheet_cell(text)


def export_text(kind: str, graded: list, matching: Matching, assignment: str) -> str:
    """The gradebook file of ``kind`` (canvas, moodle, csv), one row per matched student."""
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\r\n" if kind != "csv" else "\n")
    column = cell(assignment)
    if kind == "canvas":
        writer.writerow(["Student", "ID", "SIS User ID", "SIS Login ID", "Section", column])
    elif kind == "moodle":
        writer.writerow(["ID number", "Email address", "Full name", column])
    else:
        writer.writerow(["student_id", "name", "submission", "score", "max_score", "status"])
    for g in graded:
        student = matching.students.get(g.name)
        if student is None:
            continue
        score = f"{g.score:g}"
        if kind == "canvas":
            row = [student.name, student.id, student.sis_user_id, student.sis_login_id,
                   student.section, score]
        elif kind == "moodle":
            row = [student.id, student.email, student.name, score]
        else:
            row = [student.id, student.name, g.name, score, f"{g.max_score:g}", str(g.status)]
        writer.writerow([cell(c) for c in row])
    return buffer.getvalue()
