"""The similarity report of a class: read every submission's exercise files (as text; no
learner code runs), rank the pairs of each exercise (``similarity.rank``), and write
``similarity.json``, ``similarity.csv`` and ``similarity.html`` into a folder.

The stub's text and the reference solution are the boilerplate every file may contain;
a fingerprint in more than half the class's files is dropped as common code.
"""
from __future__ import annotations

import csv
import io
from pathlib import Path

from checker import files, manifest, stubs
from checker.grading import similarity, similarity_page
from checker.grading.insights_csv import safe
from checker.i18n import get_lang

SCHEMA = "attention-kit/similarity"
JSON_NAME, CSV_NAME, HTML_NAME = "similarity.json", "similarity.csv", "similarity.html"
LISTED = 100       # pairs kept per exercise (most shared first)
HIGH = 0.5         # a pair at least this similar is shown side by side ...
SHOWN = 10         # ... at most this many per exercise
TEXT_LIMIT = 20_000  # characters of a file shown on the page


def read_class(paths: list[Path], names: list[str]):
    """(sources, unreadable): name -> {exercise id: text}, and name -> why it was not read."""
    from checker.engine import submission

    sources: dict[str, dict[str, str]] = {}
    unreadable: dict[str, str] = {}
    for path, name in zip(paths, names):
        try:
            sub = submission.load(path, name)
        except submission.SubmissionError as exc:
            unreadable[name] = str(exc)
            continue
        sources[name] = {e.id: sub.source(e).text for e in manifest.load()
                         if sub.source(e).text is not None}
    return sources, unreadable


def report(sources: dict[str, dict[str, str]], unreadable: dict[str, str],
           exercises=None) -> dict:
    """The report as plain data, with what the page needs to mark the shared code."""
    chosen = list(exercises) if exercises is not None else list(manifest.load())
    out = []
    for exercise in chosen:
        reference = stubs.without_markers(stubs.solution_text(exercise))
        boilerplate = [stubs.stub_from_solution(stubs.solution_text(exercise)), reference]
        texts = {name: by_id[exercise.id] for name, by_id in sources.items()
                 if exercise.id in by_id}
        pairs, docs, common = similarity.rank(texts, boilerplate)
        listed = []
        for i, pair in enumerate(pairs[:LISTED]):
            entry = {"a": pair.a, "b": pair.b, "score": pair.score, "shared": pair.shared}
            if i < SHOWN and pair.score >= HIGH:
                entry["marks"] = {side: similarity.marked_spans(docs[name], pair.shared_hashes)
                                  for side, name in (("a", pair.a), ("b", pair.b))}
            listed.append(entry)
        out.append({"id": exercise.id, "title": exercise.title["en"], "files": len(texts),
                    "common_dropped": common, "pairs": listed})
    return {"schema": SCHEMA, "version": 1, "lang": get_lang(),
            "parameters": {"k": similarity.K, "w": similarity.W, "common": similarity.COMMON,
                           "min_shared": similarity.MIN_SHARED, "high": HIGH},
            "submissions": len(sources) + len(unreadable),
            "unreadable": [{"name": n, "reason": r} for n, r in sorted(unreadable.items())],
            "exercises": out}


def _csv(data: dict) -> str:
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow(["exercise", "a", "b", "score", "shared_fingerprints"])
    for e in data["exercises"]:
        for p in e["pairs"]:
            writer.writerow([safe(v) for v in (e["id"], p["a"], p["b"], p["score"], p["shared"])])
    return buffer.getvalue()


def write(folder: Path, paths: list[Path], names: list[str]) -> Path:
    """Read the class, rank it, write the three files into ``folder``; returns the page."""
    sources, unreadable = read_class(paths, names)
    data = report(sources, unreadable)
    folder.mkdir(parents=True, exist_ok=True)
    shown = {name: {eid: text[:TEXT_LIMIT] for eid, text in by_id.items()}
             for name, by_id in sources.items()}
    files.write_json(folder / JSON_NAME, _without_marks(data))
    files.write_atomic(folder / CSV_NAME, _csv(data))
    page = folder / HTML_NAME
    files.write_atomic(page, similarity_page.render(data, shown))
    return page


def _without_marks(data: dict) -> dict:
    """The JSON keeps the ranking; the marks (character spans) are for the page."""
    return {**data, "exercises": [
        {**e, "pairs": [{k: v for k, v in p.items() if k != "marks"} for p in e["pairs"]]}
        for e in data["exercises"]]}
