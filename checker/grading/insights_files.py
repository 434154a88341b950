"""The class view's files: ``DIR/insights/`` beside the reports of ``grade --out DIR``.

``insights.json`` (the view, schema ``schemas/insights.schema.json``), ``insights.html``
(the page) and one CSV per table. The folder's name cannot be a report's (a report is a
``.json`` file), so a student called "insights" keeps their report. Like every output
file, each is written to a temporary name and moved into place; a link or a file a
submission left where the folder goes is removed first, never written through.

``from_folder(DIR)`` rebuilds the view from the reports of an earlier run (our JSON
format); a run written with ``--format gradescope`` keeps no causes in its reports, so
there the view is read back from its ``insights.json``.
"""
from __future__ import annotations

import json
import os
from pathlib import Path

from checker import files
from checker.grading import insights, insights_csv, insights_page
from checker.i18n import get_lang

FOLDER = "insights"
JSON_NAME = "insights.json"
HTML_NAME = "insights.html"
SCHEMA = Path(__file__).with_name("schemas") / "insights.schema.json"


class InsightsError(Exception):
    """The folder holds nothing to build a class view from (the message says what to do)."""


def view_of(graded: list) -> dict:
    """The view of a grading run's results (``Graded`` objects, as the parent keeps them)."""
    from checker.grading import reports

    tally = insights.Tally()
    tally.lang = get_lang()
    for g in graded:
        tally.add(g.name, reports.document_for(g, "json", "visible"))
    return tally.view()


def folder(out: Path) -> Path:
    """``out/insights``, made a real folder (whatever stood there is removed)."""
    target = Path(out) / FOLDER
    if target.is_symlink() or (target.exists() and not target.is_dir()):
        target.unlink()
    target.mkdir(parents=True, exist_ok=True)
    return target


def write(out: Path, view: dict, *, bom: bool = True) -> Path:
    """Write the view's JSON, page and tables into ``out/insights``; returns the page
    (``bom``: the tables start with a byte-order mark, see ``files.write_csv``)."""
    target = folder(out)
    view = {**view, "lang": get_lang()}
    files.write_json(target / JSON_NAME, view)
    for name, text in insights_csv.tables(view).items():
        files.write_csv(target / name, text, bom=bom)
    page = target / HTML_NAME
    files.write_atomic(page, insights_page.render(view))
    return page


def read_reports(out: Path):
    """(name, report) of every per-submission report of ours in ``out``, by name."""
    for path in sorted(Path(out).glob("*.json")):
        if path.is_symlink() or not path.is_file():
            continue
        try:
            with open(path, encoding="utf-8") as f:
                report = json.load(f)
        except (OSError, ValueError):
            continue
        if isinstance(report, dict) and isinstance(report.get("grade"), dict):
            yield path.stem, report


def from_folder(out: Path) -> dict:
    """The view of an earlier ``grade --out``: from its reports, else its insights.json."""
    tally = insights.Tally()
    tally.lang = get_lang()
    found = False
    for name, report in read_reports(out):
        tally.add(name, report)
        found = True
    if found:
        return tally.view()
    saved = Path(out) / FOLDER / JSON_NAME
    if saved.is_file() and not os.path.islink(saved):
        return load(saved)
    raise InsightsError(str(out))


def load(path: Path) -> dict:
    """A saved view, checked against the schema's required keys (ValueError if not one)."""
    with open(path, encoding="utf-8") as f:
        view = json.load(f)
    if not isinstance(view, dict) or view.get("schema") != insights.SCHEMA:
        raise ValueError(f"{path} is not a class view")
    return insights.Tally.from_view(view).view()
