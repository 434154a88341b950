"""The similarity report as one HTML page: per exercise the ranked pairs, and the most
similar pairs side by side with the code they share marked. It says, at the top and
beside every pair, that it is a pointer for a human, never a verdict.

Each side of a pair opens on the code the two share, not on the top of the file (where
every student has the stub's long docstring): the lines above the first shared region,
but for ``CONTEXT`` of them, are folded into a ``<details>`` that opens on a click, and
every line carries its number, so the reader knows where in the file they are. The page
has no script, so this is done by what is shown first, not by scrolling.
"""
from __future__ import annotations

import bisect

from checker import manifest
from checker.grading.page import document, esc
from checker.i18n import get_lang, t

STYLE = """
.pair { display: flex; flex-wrap: wrap; gap: .6rem; margin: .5rem 0 1.2rem; }
.side { flex: 1 1 18rem; min-width: 0; }
.side h4 { margin: .2rem 0; font-size: .9rem; overflow-wrap: anywhere; }
.side pre { margin: 0; padding: .5rem; background: var(--soft); border: 1px solid var(--line);
            overflow: auto; max-height: 32rem; white-space: pre; }
.side pre code { font-size: .78rem; }
.side .l::before { content: attr(data-n); display: inline-block; min-width: 2.2em;
                   margin-right: .8em; text-align: right; color: var(--muted);
                   user-select: none; }
.side details.above { margin: 0 0 .3rem; }
.side details.above summary { font-size: .85rem; color: var(--muted); margin: .1rem 0; }
table.pairs td.who { min-width: 10rem; }
table.pairs th.n { white-space: normal; }
mark { background: #ffe082; color: inherit; }
"""


TABLE_ROWS = 15  # pairs in an exercise's table; the rest fold away
CONTEXT = 3      # lines shown above a side's first shared region


def marked(text: str, spans) -> str:
    """``text`` escaped, with each [start, end) of ``spans`` inside <mark>."""
    out, at = [], 0
    for start, end in spans:
        start, end = max(start, at), min(end, len(text))
        if start >= end:
            continue
        out.append(esc(text[at:start]))
        out.append(f"<mark>{esc(text[start:end])}</mark>")
        at = end
    out.append(esc(text[at:]))
    return "".join(out)


def numbered(text: str, spans, first: int = 1) -> str:
    """``text`` as lines numbered from ``first`` (each a ``<span class="l" data-n=N>``, the
    number drawn by the style, so a copy of the code holds no numbers), with ``spans``
    marked line by line."""
    out, at = [], 0
    for n, line in enumerate(text.splitlines(keepends=True), first):
        body = line.rstrip("\r\n")
        local = [(max(s, at) - at, min(e, at + len(body)) - at) for s, e in spans
                 if s < at + len(body) and e > at]
        out.append(f'<span class="l" data-n="{n}">{marked(body, local)}</span>\n')
        at += len(line)
    return "".join(out)


def pane(text: str, spans) -> str:
    """One side of a pair: the code from ``CONTEXT`` lines above its first shared region,
    the lines above that folded (shown on a click); the whole file if nothing is marked."""
    starts = [0]
    for line in text.splitlines(keepends=True):
        starts.append(starts[-1] + len(line))
    inside = [s for s, e in spans if s < len(text)]
    first_line = bisect.bisect_right(starts, min(inside)) - 1 if inside else 0
    top = max(0, first_line - CONTEXT)
    cut = starts[top]
    shown = [(s - cut, e - cut) for s, e in spans if e > cut]
    code = f"<pre><code>{numbered(text[cut:], shown, top + 1)}</code></pre>"
    if top == 0:
        return code
    above = t("lines 1 to {n}, above the shared code (click to show)", n=top)
    return (f'<details class="above"><summary>{esc(above)}</summary><pre><code>'
            f"{numbered(text[:cut], [s for s in spans if s[0] < cut], 1)}</code></pre>"
            f"</details>{code}")


def _title(eid: str, english: str) -> str:
    known = manifest.by_id().get(eid)
    return known.text("title", get_lang()) if known else english


def render(data: dict, sources: dict[str, dict[str, str]]) -> str:
    warning = t("A pointer for a human, never a verdict: two students may share code for good "
                "reasons (they worked from the same lecture notes, or the exercise leaves little "
                "room). Read the code side by side before you decide anything.")
    how = t("Pairs are ranked by the share of the smaller file's fingerprints (windows of "
            "{k} tokens, local names ignored) found in the other. Code in the stub, in the "
            "reference solution, or in more than half of the class's files is not counted.",
            k=data["parameters"]["k"])
    parts = [f"<h1>{esc(t('Similar code'))}</h1>",
             f'<p class="note">{esc(warning)}</p>', f'<p class="muted">{esc(how)}</p>']
    for e in data["exercises"]:
        parts.append(_exercise(e, sources))
    if data["unreadable"]:
        parts.append(f"<h2>{esc(t('Submissions that could not be read'))}</h2><ul>")
        parts += [f"<li>{esc(u['name'])}: {esc(u['reason'])}</li>" for u in data["unreadable"]]
        parts.append("</ul>")
    return document(t("Similar code"), "\n".join(parts), STYLE)


def _exercise(e: dict, sources: dict[str, dict[str, str]]) -> str:
    eid = e["id"]
    out = [f'<h2 id="ex{esc(eid)}">{esc(eid)} {esc(_title(eid, e["title"]))}</h2>']
    if not e["pairs"]:
        out.append(f'<p class="muted">{esc(t("No pair shares code beyond the common."))}</p>')
        return "\n".join(out)
    head = (f'<thead><tr><th>#</th><th>{esc(t("Pair"))}</th>'
            f'<th class="n">{esc(t("Similarity"))}</th>'
            f'<th class="n">{esc(t("Shared fingerprints"))}</th></tr></thead>')

    def rows(pairs, first):
        return "".join(
            f"<tr><td>{i}</td><td class=\"who\">{esc(p['a'])}<br>{esc(p['b'])}</td>"
            f'<td class="n" data-key="{esc(eid)}.{i}.score">{p["score"] * 100:.0f} %</td>'
            f'<td class="n">{p["shared"]}</td></tr>' for i, p in enumerate(pairs, first))

    top, rest = e["pairs"][:TABLE_ROWS], e["pairs"][TABLE_ROWS:]
    out.append(f'<div class="scroll"><table class="pairs">{head}<tbody>{rows(top, 1)}</tbody></table></div>')
    if rest:
        more = t("{n} more pairs", n=len(rest))
        out.append(f"<details><summary>{esc(more)}</summary><div class=\"scroll\"><table class=\"pairs\">"
                   f"{head}<tbody>{rows(rest, TABLE_ROWS + 1)}</tbody></table></div></details>")
    for i, p in enumerate(e["pairs"], 1):
        if "marks" not in p:
            continue
        header = t("#{n}: {a} and {b}, {score} % similar (a pointer, not a verdict)", n=i,
                   a=p["a"], b=p["b"], score=f"{p['score'] * 100:.0f}")
        out.append(f"<h3>{esc(header)}</h3><div class=\"pair\">")
        for side in ("a", "b"):
            name = p[side]
            text = sources.get(name, {}).get(eid, "")
            out.append(f'<div class="side"><h4>{esc(name)}</h4>'
                       f"{pane(text, p['marks'][side])}</div>")
        out.append("</div>")
    return "\n".join(out)
