"""Feedback files: one page per student, in Markdown and in self-contained HTML.

``--feedback DIR`` writes ``DIR/<name>.md`` and ``DIR/<name>.html`` from each
submission's JSON document, in the run's language, with as much as ``disclose``
allows: ``full`` (what failed, expected and got, the likely cause, what to do, the
student's own lines and what their code printed), ``summary`` (the names of the cases
that did not pass and their likely causes), ``scores`` (the points per exercise).

Everything a student wrote (the submission's name, messages that quote their code,
code lines, printed output) is escaped: in HTML with ``html.escape``, in Markdown with
backslash escapes or inside a code fence longer than any backtick run it holds. The
HTML page has its style inline and a Content-Security-Policy that forbids every
fetch, so it opens from disk with no network.
"""
from __future__ import annotations

import html
import re
from dataclasses import dataclass
from pathlib import Path

from checker import files, manifest
from checker.i18n import get_lang, t
from checker.judge.results import Status
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
pre { background: #f4f4f4; padding: .5rem; overflow-x: auto; white-space: pre-wrap;
      word-break: break-word; font-size: .9rem; }
dt { font-weight: 600; } dd { margin: 0 0 .4rem 1rem; }
footer { margin-top: 2rem; color: #555; font-size: .85rem; }
"""
CSP = ("default-src 'none'; style-src 'unsafe-inline'; img-src 'none'; base-uri 'none'; "
       "form-action 'none'")


@dataclass(frozen=True)
class CaseNote:
    """One case that did not pass, as much of it as the disclosure allows."""

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


@dataclass(frozen=True)
class Page:
    """What one student's page says, already cut to the disclosure."""

    name: str
    score: float
    max_score: float
    rows: tuple         # (id, title, status word, passed, total, score, max_score, bonus)
    notes: tuple        # CaseNote, per failing case (none with ``scores``)
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
    notes = []
    if disclose != "scores":
        counted = {e["id"] for e in document.get("exercises", [])}
        for test in document.get("tests", []):
            meta = test.get("metadata") or {}
            if meta.get("status") in (Status.PASSED, Status.NOT_STARTED) \
                    or meta.get("exercise") not in counted:
                continue  # a stub's cases: the table already says "not started"
            failure = meta.get("failure") or {}
            name = t(meta["case"]) if meta.get("case") else str(test.get("nodeid", ""))
            if disclose == "summary":
                notes.append(CaseNote(meta["exercise"], name, likely=failure.get("likely", "")))
            else:
                notes.append(CaseNote(
                    meta["exercise"], name, meta.get("message", ""), failure.get("expected", ""),
                    failure.get("got", ""), failure.get("detail", ""),
                    failure.get("likely", ""), failure.get("fix", ""),
                    tuple(f for f in meta.get("frames") or [] if isinstance(f, dict)),
                    str(meta.get("output", ""))))
    course = document.get("course") or {}
    footer = [t("Graded by attention-kit {version}, seed {seed}.",
                version=(document.get("versions") or {}).get("attention-kit") or "?",
                seed=document.get("seed", "?"))]
    if course:
        footer.append(t("Course file {name} (sha256 {digest}).", name=Path(course["path"]).name,
                        digest=course["sha256"][:12]))
    reason = graded.reason if graded.status != "ok" and disclose != "scores" else ""
    return Page(graded.name, graded.score, graded.max_score, rows, tuple(notes[:MAX_CASES]),
                reason, " ".join(footer), disclose, course.get("name", ""))


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
            out += ["", f"### {note.exercise}: {md(note.name)}"]
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
            out += ['<section class="case">', f"<h3>{h(note.exercise)}: {h(note.name)}</h3>"]
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
