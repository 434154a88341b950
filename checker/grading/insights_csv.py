"""The class view as CSV tables, for a spreadsheet: one file per table of the page.

Every cell that came from outside the kit (a student's name, a reason, a message) is made
safe for a spreadsheet, which would run a cell that starts with = + - @ as a formula.
"""
from __future__ import annotations

import csv
import io

from checker.grading import insights
from checker.text import spreadsheet_cell

TABLES = ("scores.csv", "exercises.csv", "cases.csv", "causes.csv", "unexplained.csv",
          "ungraded.csv")


def safe(value) -> str:
    """A cell a spreadsheet shows as text: never a formula."""
    return spreadsheet_cell(f"{value:g}" if isinstance(value, float) else value)


def _who(names: list[str]) -> str:
    return "; ".join(names)


def _table(header: list[str], rows) -> str:
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow(header)
    for row in rows:
        writer.writerow([safe(v) for v in row])
    return buffer.getvalue()


def tables(view: dict) -> dict[str, str]:
    """File name -> CSV text, for every table of the view."""
    ex = view["exercises"]
    return {
        "scores.csv": _table(["submission", "score", "max_score"], (
            (s["name"], s["score"], s["max_score"]) for s in view["scores"]["students"])),
        "exercises.csv": _table(["exercise", "title", "points", *insights.STATES, "mean_score"], (
            (e["id"], e["title"], e["points"], *(e["counts"].get(s, 0) for s in insights.STATES),
             e["mean_score"]) for e in ex)),
        "cases.csv": _table(["exercise", "case", "passed", "total", "pass_rate"], (
            (e["id"], c["case"], c["passed"], c["total"], c["rate"]) for e in ex
            for c in e["cases"])),
        "causes.csv": _table(["exercise", "cause", "text", "students", "who"], (
            (e["id"], c["cause"], c["text"], c["count"], _who(c["who"])) for e in ex
            for c in e["causes"])),
        "unexplained.csv": _table(["exercise", "case", "students", "total", "who"], (
            (e["id"], c["case"], c["count"], c["total"], _who(c["who"])) for e in ex
            for c in e["unexplained"])),
        "ungraded.csv": _table(["submission", "status", "reason"], (
            (u["name"], u["status"], u["reason"]) for u in view["ungraded"])),
    }
