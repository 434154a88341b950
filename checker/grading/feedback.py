"""Feedback files: one page per student, in Markdown and in self-contained HTML.

``--feedback DIR`` writes ``DIR/<name>.md`` and ``DIR/<name>.html`` from each
submission's JSON document, in the run's language, with as much as ``disclose``
allows: ``full`` (what failed, expected and got, the likely cause, what to do, the
student's own lines and what their code printed), ``summary`` (the names of the cases
that did not pass and their likely causes), ``scores`` (the points per exercise).

A page is written for the student: it is headed with their name as handed in (not the
report's name, which may be renamed to stay unique); an error the cases of an
exercise share (a file that does not load) is said once, with the count of cases it
cost; a case that waits for the exercise's values says so; and "could not be graded"
is said only when none of the submission's cases ran.

Everything a student wrote (the submission's name, messages that quote their code,
code lines, printed output) is escaped: in HTML with ``html.escape``, in Markdown with
backslash escapes or inside a code fence longer than any backtick run it holds. The
HTML page has its style inline and a Content-Security-Policy that forbids every
fetch, so it opens from disk with no network.
"""
from __future__ import annotations

import html
import json
import re
from dataclasses import dataclass, replace
from pathlib import Path

from checker import files, manifest
from checker.i18n import get_lang, t
from checker.judge.results import Check, Status
from checker.text import clean, one_line

MAX_CASES = 30      # failing cases shown per student (a stub fails them all)
MAX_TEXT = 1500     # characters of one expected/got/printed value

STYLE = """
body { font-family: system-ui, -apple-system, "Segoe UI", "Noto Sans", "Noto Sans CJK SC",
       "PingFang SC", "Microsoft YaHei", sans-serif; max-width: 60rem; margin: 2rem auto;
       padding: 0 1rem; color: #1b1b1b; background: #fff; line-height: 1.45; }
h1 { font-size: 1.6rem; margin-bottom: .2rem; }
.total { font-size: 1.25rem; font-weight: 600; margin: .6rem 0 1.2rem; }
table { border-collapse: collapse; width: 100%; margin-bottom: 1.5rem; }
th, td { border: 1px solid #ccc; padding: .35rem .6rem; text-align: left; vertical-align: top; }
th { background: #f3f3f3; }
td.num { text-align: right; white-space: nowrap; }
.passed { color: #116611; } .failed, .error, .timeout { color: #a01010; }
.not_started { color: #666; }
section.case { border-left: 4px solid #c33; padding: .2rem .9rem; margin: .8rem 0;
               background: #fbf7f7; }
section.case h3 { font-size: 1rem; margin: .4rem 0; }
section.case.waiting { border-left-color: #999; background: #f6f6f6; }
p.waits { font-style: italic; color: #444; }
pre { background: #f4f4f4; padding: .5rem; overflow-x: auto; white-space: pre-wrap;
      word-break: break-word; font-size: .9rem; }
dt { font-weight: 600; } dd { margin: 0 0 .4rem 1rem; }
footer { margin-top: 2rem; color: #555; font-size: .85rem; }
"""
CSP = ("default-src 'none'; style-src 'unsafe-inline'; img-src 'none'; base-uri 'none'; "
       "form-action 'none'")


@dataclass(frozen=True)
class CaseNote:
    """What did not pass, as much of it as the disclosure allows: one case (``name``), or
    the cases of one exercise that failed in the same way, said once (``cases``)."""

    exercise: str
    name: str
    message: str = ""
    expected: str = ""
    got: str = ""
    detail: str = ""
    likely: str = ""
    fix: str = ""
    frames: tuple = ()
    output: str = ""
    waiting: bool = False   # passed, but counts only once the exercise's values are right
    error: bool = False     # it raised, timed out or could not be loaded (not a wrong value)
    cases: tuple = ()       # the names of the cases said once here (two or more), or ()
    of: int = 0             # the exercise's number of cases (with ``cases``)


@dataclass(frozen=True)
class Page:
    """What one student's page says, already cut to the disclosure."""

    name: str           # the student's name as handed in (``handed_in_name``)
    score: float
    max_score: float
    rows: tuple         # (id, title, status word, passed, total, score, max_score, bonus)
    notes: tuple        # CaseNote, per failing case or same failure (none with ``scores``)
    reason: str         # why it could not be graded, or ""
    footer: str
    disclose: str
    course_name: str = ""


def page_for(graded, disclose: str) -> Page:
    document = graded.document or {}
    titles = {e.id: e.text("title", get_lang()) for e in manifest.load()}
    rows = tuple((e["id"], titles.get(e["id"], e.get("title", "")),
                  t(Status(e["status"]).word), e.get("passed", 0), e.get("total", 0),
                  e.get("score", 0.0), e.get("max_score", 0.0), bool(e.get("bonus")))
                 for e in document.get("exercises", []))
    notes = _notes(document, disclose) if disclose != "scores" else []
    course = document.get("course") or {}
    footer = [t("Graded by attention-kit {version}, seed {seed}.",
                version=(document.get("versions") or {}).get("attention-kit") or "?",
                seed=document.get("seed", "?"))]
    if course:
        footer.append(t("Course file {name} (sha256 {digest}).", name=Path(course["path"]).name,
                        digest=course["sha256"][:12]))
    # "could not be graded" only when none of its cases ran (an unreadable zip, no exercise
    # file, two folders, the kit failing first); an error in one exercise of a submission
    # that was graded is told at that exercise, under the points it did earn
    reason = graded.reason if not graded.ran and disclose != "scores" else ""
    return Page(handed_in_name(graded), graded.score, graded.max_score, rows,
                tuple(notes[:MAX_CASES]), reason, " ".join(footer), disclose,
                course.get("name", ""))


def handed_in_name(graded) -> str:
    """The student's name as handed in (``records.display_name``: its folder, or its zip
    without ``.zip``), from the report's original path. A report's name may differ
    (``Kim-d25949`` when ``Kim`` and ``kim`` collide): it stays the file's name."""
    from checker.grading.records import display_name

    original = ((graded.document or {}).get("submission") or {}).get("original") \
        or graded.relpath or ""
    last = display_name(str(original))
    return last if last.strip(".") else graded.name


def _notes(document: dict, disclose: str) -> list[CaseNote]:
    """The cases that did not pass, in the report's order; the cases of an exercise that
    failed in the same way (the same status, message, failure and lines: a file that
    cannot be loaded, a missing function, a timeout strike, cases waiting for the
    values) are said once, where the first of them was, with how many cases it cost."""
    exercises = {e["id"]: e for e in document.get("exercises", [])}
    groups: dict[tuple, list[CaseNote]] = {}
    for test in document.get("tests", []):
        meta = test.get("metadata") or {}
        if meta.get("status") in (Status.PASSED, Status.NOT_STARTED) \
                or meta.get("exercise") not in exercises:
            continue  # a stub's cases: the table already says "not started"
        failure = meta.get("failure") or {}
        frames = tuple(f for f in meta.get("frames") or [] if isinstance(f, dict))
        waiting = bool(meta.get("not_checked"))
        # the same failure whatever the disclosure: decided on the whole metadata
        key = (meta["exercise"], meta.get("status"), waiting, meta.get("message", ""),
               json.dumps(failure, sort_keys=True, default=str),
               json.dumps(frames, sort_keys=True, default=str))
        name = t(meta["case"]) if meta.get("case") else str(test.get("nodeid", ""))
        error = meta.get("status") in (Status.ERROR, Status.TIMEOUT)
        if disclose == "summary":
            note = CaseNote(meta["exercise"], name, likely=failure.get("likely", ""),
                            waiting=waiting, error=error)
        else:
            # the "what to do" of a case that waits only repeats that it waits
            gated = waiting and failure.get("check") == Check.PROPERTY
            note = CaseNote(
                meta["exercise"], name, meta.get("message", ""), failure.get("expected", ""),
                failure.get("got", ""), failure.get("detail", ""), failure.get("likely", ""),
                "" if gated else failure.get("fix", ""), frames,
                str(meta.get("output", "")), waiting=waiting, error=error)
        groups.setdefault(key, []).append(note)
    notes = []
    for same in groups.values():  # dicts keep the order of each group's first case
        first = same[0]
        if len(same) == 1:
            notes.append(first)
        else:
            notes.append(replace(first, name="", cases=tuple(n.name for n in same),
                                 of=exercises[first.exercise].get("total", 0) or len(same)))
    return notes


# ------------------------------------------------------------------ Markdown
_MD_SPECIAL = re.compile(r"([\\`*_{}\[\]<>&|#!~])")


def md(text) -> str:
    """Student text inline in Markdown: one line, every active character escaped."""
    return _MD_SPECIAL.sub(r"\\\1", one_line(str(text), 600))


def md_block(text: str) -> list[str]:
    """A fenced block that no backtick run inside it can close."""
    body = clean(str(text))[:MAX_TEXT]
    longest = max((len(m) for m in re.findall(r"`+", body)), default=0)
    fence = "`" * max(3, longest + 1)
    return [fence + "text", *body.splitlines(), fence]


def markdown(page: Page) -> str:
    out = [f"# {t('Feedback for {name}', name=md(page.name))}", ""]
    if page.course_name:
        out += [md(page.course_name), ""]
    out += [f"**{md(_total(page))}**", ""]
    if page.reason:
        out += [t("This submission could not be graded: {reason}", reason=md(page.reason)), ""]
    if not page.rows:  # it could not be graded: the reason says why
        pass
    elif page.disclose == "scores":
        out += [f"| {t('Exercise')} | {t('Points')} |", "|---|---:|"]
        for eid, title, _, _, _, score, max_score, bonus in page.rows:
            out.append(f"| {eid} {md(title)}{' ' + md(t('(bonus)')) if bonus else ''} | "
                       f"{score:g} / {max_score:g} |")
    else:
        out += [f"| {t('Exercise')} | {t('Status')} | {t('Cases')} | {t('Points')} |",
                "|---|---|---:|---:|"]
        for eid, title, word, passed, total, score, max_score, bonus in page.rows:
            out.append(f"| {eid} {md(title)}{' ' + md(t('(bonus)')) if bonus else ''} | {md(word)} | "
                       f"{passed}/{total} | {score:g} / {max_score:g} |")
    if page.notes:
        out += ["", f"## {t('What did not pass')}"]
        for note in page.notes:
            out += ["", f"### {note.exercise}: {md(_heading(note))}"]
            if note.waiting:
                out += ["", f"*{md(_waits())}*"]
            if _listed(note):
                out += ["", f"**{md(t('Cases'))}:** {md('; '.join(note.cases))}"]
            if note.message:
                out += ["", md(note.message)]
            for label, value in ((t("Expected"), note.expected), (t("Got"), note.got)):
                if value:
                    out += ["", f"**{md(label)}:**", *md_block(value)]
            for label, value in ((t("Where"), note.detail), (t("Likely cause"), note.likely),
                                 (t("What to do"), note.fix)):
                if value:
                    out += ["", f"**{md(label)}:** {md(value)}"]
            if note.frames:
                out += ["", f"**{md(t('Your code:'))}**", *md_block("\n".join(
                    _frame_line(f) for f in note.frames))]
            if note.output:
                out += ["", f"**{md(t('What your code printed:'))}**", *md_block(note.output)]
    out += ["", "---", md(page.footer), ""]
    return "\n".join(out)


def _heading(note: CaseNote) -> str:
    """A note's heading (after its exercise): the case, or what the cases said once share
    and how many of the exercise's cases it cost."""
    if not note.cases:
        return note.name
    n, total = len(note.cases), note.of
    if note.waiting:
        return t("{n} of {total} cases wait for the values", n=n, total=total)
    if note.error:
        return t("the same error in {n} of {total} cases", n=n, total=total)
    return t("the same failure in {n} of {total} cases", n=n, total=total)


def _listed(note: CaseNote) -> bool:
    """Whether a note names its cases: some of the exercise's cases, not all of them."""
    return bool(note.cases) and len(note.cases) < note.of


def _waits() -> str:
    return t("Waits for the values: it counts once the exercise's values are right.")


def _total(page: Page) -> str:
    return t("Score: {score} / {max_score} points", score=f"{page.score:g}",
             max_score=f"{page.max_score:g}")


def _frame_line(frame: dict) -> str:
    return t("line {line}, in {function}: {code}", line=frame.get("line"),
             function=frame.get("function", ""), code=one_line(str(frame.get("code", "")), 300))


# ---------------------------------------------------------------------- HTML
def h(text) -> str:
    return html.escape(clean(str(text)), quote=True)


def _pre(text: str) -> str:
    return f"<pre>{h(str(text)[:MAX_TEXT])}</pre>"


def html_page(page: Page) -> str:
    title = t("Feedback for {name}", name=page.name)
    out = ["<!DOCTYPE html>", f'<html lang="{h(get_lang())}">', "<head>",
           '<meta charset="utf-8">',
           f'<meta http-equiv="Content-Security-Policy" content="{CSP}">',
           '<meta name="viewport" content="width=device-width, initial-scale=1">',
           f"<title>{h(title)}</title>", f"<style>{STYLE}</style>", "</head>", "<body>",
           f"<h1>{h(title)}</h1>"]
    if page.course_name:
        out.append(f'<p class="course">{h(page.course_name)}</p>')
    out.append(f'<p class="total">{h(_total(page))}</p>')
    if page.reason:
        out.append("<p>" + h(t("This submission could not be graded: {reason}",
                               reason=page.reason)) + "</p>")
    heads = [t("Exercise"), t("Points")] if page.disclose == "scores" else \
        [t("Exercise"), t("Status"), t("Cases"), t("Points")]
    if page.rows:
        out += ["<table>", "<thead><tr>" + "".join(f"<th>{h(x)}</th>" for x in heads)
                + "</tr></thead>", "<tbody>"]
    for eid, title_, word, passed, total, score, max_score, bonus in page.rows:
        name = f"{eid} {title_}" + (" " + t("(bonus)") if bonus else "")
        cells = [f"<td>{h(name)}</td>"]
        if page.disclose != "scores":
            css = _status_class(passed, total, word)
            cells += [f'<td class="{css}">{h(word)}</td>',
                      f'<td class="num">{passed}/{total}</td>']
        cells.append(f'<td class="num">{h(f"{score:g} / {max_score:g}")}</td>')
        out.append("<tr>" + "".join(cells) + "</tr>")
    if page.rows:
        out += ["</tbody>", "</table>"]
    if page.notes:
        out.append(f"<h2>{h(t('What did not pass'))}</h2>")
        for note in page.notes:
            out += [f'<section class="case{" waiting" if note.waiting else ""}">',
                    f"<h3>{h(note.exercise)}: {h(_heading(note))}</h3>"]
            if note.waiting:
                out.append(f'<p class="waits">{h(_waits())}</p>')
            if _listed(note):
                out.append(f"<p>{h(t('Cases'))}: {h('; '.join(note.cases))}</p>")
            if note.message:
                out.append(f"<p>{h(note.message)}</p>")
            out.append("<dl>")
            for label, value in ((t("Expected"), note.expected), (t("Got"), note.got)):
                if value:
                    out.append(f"<dt>{h(label)}</dt><dd>{_pre(value)}</dd>")
            for label, value in ((t("Where"), note.detail), (t("Likely cause"), note.likely),
                                 (t("What to do"), note.fix)):
                if value:
                    out.append(f"<dt>{h(label)}</dt><dd>{h(value)}</dd>")
            if note.frames:
                out.append(f"<dt>{h(t('Your code:'))}</dt><dd>"
                           f"{_pre(chr(10).join(_frame_line(f) for f in note.frames))}</dd>")
            if note.output:
                out.append(f"<dt>{h(t('What your code printed:'))}</dt>"
                           f"<dd>{_pre(note.output)}</dd>")
            out += ["</dl>", "</section>"]
    out += [f"<footer>{h(page.footer)}</footer>", "</body>", "</html>", ""]
    return "\n".join(out)


def _status_class(passed: int, total: int, word: str) -> str:
    if total and passed == total:
        return "passed"
    return "not_started" if word == t(Status.NOT_STARTED.word) else "failed"


# --------------------------------------------------------------------- write
def write(folder: Path, graded: list, disclose: str, on_failure=None) -> list[Path]:
    """Both pages of every submission into ``folder``; returns the files written."""
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    for g in graded:
        page = page_for(g, disclose)
        try:
            for suffix, text in ((".md", markdown(page)), (".html", html_page(page))):
                files.write_atomic(folder / f"{g.name}{suffix}", text)
                written.append(folder / f"{g.name}{suffix}")
        except OSError as exc:
            if on_failure is not None:
                on_failure(g.name, exc)
    return written
