"""The class view as one HTML page (``insights/insights.html``), in the run's language.

Built from the view alone (``insights.json``), so ``attn-kit insights DIR`` redraws it.
Every number the page shows in its tables carries ``data-key``, the path of that number
in the JSON, which is how the tests read a page back and compare it with the JSON.
"""
from __future__ import annotations

from checker import manifest
from checker.grading import charts, insights
from checker.grading.page import document, esc
from checker.i18n import N_, get_lang, t

WHO_SHOWN = 60  # names listed on the page per row; every name is in the JSON and CSV

STATE_WORDS = {insights.PASSED: N_("passed"), insights.FAILED: N_("failed"),
               insights.ERROR: N_("error"), insights.TIMEOUT: N_("timeout"),
               insights.NO_FILES: N_("no file"), insights.NOT_STARTED: N_("not started"),
               insights.UNGRADED: N_("not graded")}
COLOURS = {insights.PASSED: "#2e7d32", insights.FAILED: "#c62828", insights.ERROR: "#ef6c00",
           insights.TIMEOUT: "#f9a825", insights.NO_FILES: "#795548",
           insights.NOT_STARTED: "#9e9e9e", insights.UNGRADED: "#455a64"}
OTHER_COLOUR = "#7e57c2"
# how the grading of a submission ended (``records.GradeStatus``), in the page's language
GRADE_WORDS = {"ok": N_("ok"), "error": N_("error"), "timeout": N_("timeout"),
               "kit_error": N_("kit error"), "no_files": N_("no exercise file"),
               "ambiguous": N_("ambiguous")}


def _n(value, key: str) -> str:
    """A number as a table cell that says where it is in the JSON."""
    text = f"{value:g}" if isinstance(value, float) else str(value)
    return f'<td class="n" data-key="{esc(key)}">{esc(text)}</td>'


def _title(eid: str, english: str) -> str:
    known = manifest.by_id().get(eid)
    return known.text("title", get_lang()) if known else english


def _who(names: list[str]) -> str:
    shown = ", ".join(esc(n) for n in names[:WHO_SHOWN])
    if len(names) > WHO_SHOWN:
        shown += esc(t(" ... and {n} more (all in the CSV)", n=len(names) - WHO_SHOWN))
    return f'<td class="who">{shown}</td>'


def _state_word(state: str) -> str:
    return t(STATE_WORDS[state]) if state in STATE_WORDS else state


def render(view: dict) -> str:
    parts = [_header(view), _scores(view), _exercises(view)]
    parts += [_exercise(e) for e in view["exercises"]]
    parts.append(_ungraded(view))
    return document(t("Class insights"), "\n".join(parts))


def _header(view: dict) -> str:
    subs, scores = view["submissions"], view["scores"]
    statuses = ", ".join(f"{esc(t(GRADE_WORDS[status]) if status in GRADE_WORDS else status)} {n}"
                         for status, n in subs["by_status"].items())
    over = t("over the {counted} graded submissions of {total}; an ungraded one has no score",
             counted=scores.get("counted", subs["graded"]), total=subs["total"])
    intro = t("What the class got right and wrong, counted from every report of the "
              "grading run.")
    return (f"<h1>{esc(t('Class insights'))}</h1>\n"
            f'<p class="muted">{esc(intro)}</p>\n'
            '<div class="scroll"><table><tbody>'
            f"<tr><th>{esc(t('Submissions'))}</th>{_n(subs['total'], 'submissions.total')}</tr>"
            f"<tr><th>{esc(t('Graded'))}</th>{_n(subs['graded'], 'submissions.graded')}</tr>"
            f"<tr><th>{esc(t('Mean score'))}</th>{_n(scores['mean'], 'scores.mean')}"
            f'<td class="muted">{esc(over)}</td></tr>'
            f"<tr><th>{esc(t('Median score'))}</th>{_n(scores['median'], 'scores.median')}"
            f'<td class="muted">{esc(over)}</td></tr>'
            f"<tr><th>{esc(t('Points'))}</th>{_n(scores['max_score'], 'scores.max_score')}</tr>"
            f"<tr><th>{esc(t('Grading status'))}</th><td>{statuses}</td></tr>"
            "</tbody></table></div>")


def _scores(view: dict) -> str:
    bins = view["scores"]["bins"]
    labels = [f"{b['from']:g}" for b in bins]
    chart = charts.histogram(list(zip(labels, (b["count"] for b in bins))),
                             title=t("Score distribution"))
    rows = ""
    for i, b in enumerate(bins):
        band = t("{low} to {high}", low=f"{b['from']:g}", high=f"{b['to']:g}")
        rows += f"<tr><td>{esc(band)}</td>{_n(b['count'], f'scores.bins.{i}.count')}</tr>"
    intro = t("Students per band of points (a band includes its lower bound; full marks are "
              "in the last band).")
    return (f"<h2>{esc(t('Score distribution'))}</h2>\n"
            f'<p class="muted">{esc(intro)}</p>\n'
            f"{chart}\n<details><summary>{esc(t('The numbers'))}</summary>"
            f'<div class="scroll"><table><thead><tr><th>{esc(t("Points"))}</th>'
            f'<th class="n">{esc(t("Students"))}</th></tr></thead><tbody>{rows}'
            "</tbody></table></div></details>")


def _states(view: dict) -> list[str]:
    seen = []
    for e in view["exercises"]:
        for state in e["counts"]:
            if state not in seen:
                seen.append(state)
    return [s for s in insights.STATES if s in seen] + [s for s in seen if s not in insights.STATES]


def _exercises(view: dict) -> str:
    states = _states(view)
    rows = [(e["id"], [(_state_word(s), e["counts"].get(s, 0), COLOURS.get(s, OTHER_COLOUR))
                       for s in states]) for e in view["exercises"]]
    chart = charts.stacked_rows(rows, title=t("Exercises"))
    legend = "".join(f'<li><span class="swatch" style="background:{COLOURS.get(s, OTHER_COLOUR)}">'
                     f"</span>{esc(_state_word(s))}</li>" for s in states)
    head = "".join(f'<th class="n">{esc(_state_word(s))}</th>' for s in states)
    body = ""
    for e in view["exercises"]:
        eid = e["id"]
        cells = "".join(_n(e["counts"].get(s, 0), f"exercises.{eid}.counts.{s}") for s in states)
        mean = _n(e["mean_score"], f"exercises.{eid}.mean_score")
        body += f"<tr><td>{esc(eid)} {esc(_title(eid, e['title']))}</td>{cells}{mean}</tr>"
    return (f"<h2>{esc(t('Exercises'))}</h2>\n"
            f'<p class="muted">{esc(t("How many students each exercise left in each state."))} '
            f'{esc(t("Mean points count the graded submissions only, as the mean score does."))}'
            f"</p>\n{chart}\n<ul class=\"legend\">{legend}</ul>\n"
            f'<div class="scroll"><table><thead><tr><th>{esc(t("Exercise"))}</th>{head}'
            f'<th class="n">{esc(t("Mean points"))}</th></tr></thead><tbody>{body}'
            "</tbody></table></div>")


def _exercise(e: dict) -> str:
    eid = e["id"]
    out = [f'<h2 id="ex{esc(eid)}">{esc(eid)} {esc(_title(eid, e["title"]))}</h2>']
    out.append(f"<h3>{esc(t('Diagnosed mistakes'))}</h3>")
    if e["causes"]:
        rows = ""
        for c in e["causes"]:
            count = _n(c["count"], f"exercises.{eid}.causes.{c['cause']}.count")
            rows += (f"<tr><td><code>{esc(c['cause'])}</code></td><td>{esc(c['text'])}</td>"
                     f"{count}{_who(c['who'])}</tr>")
        out.append(f'<div class="scroll"><table><thead><tr><th>{esc(t("Cause"))}</th>'
                   f'<th>{esc(t("Likely mistake"))}</th><th class="n">{esc(t("Students"))}</th>'
                   f'<th>{esc(t("Who"))}</th></tr></thead><tbody>{rows}</tbody></table></div>')
    else:
        out.append(f'<p class="muted">{esc(t("No mistake diagnosed."))}</p>')
    if e["unexplained"]:
        out.append(f"<h3>{esc(t('Failing without a diagnosed cause'))}</h3>")
        intro = t("Wrong results the kit could not explain: where it should learn a new cause.")
        out.append(f'<p class="muted">{esc(intro)}</p>')
        rows = ""
        for i, c in enumerate(e["unexplained"]):
            count = _n(c["count"], f"exercises.{eid}.unexplained.{i}.count")
            rows += f"<tr><td>{esc(t(c['case']))}</td>{count}{_who(c['who'])}</tr>"
        out.append(f'<div class="scroll"><table><thead><tr><th>{esc(t("Case"))}</th>'
                   f'<th class="n">{esc(t("Students"))}</th><th>{esc(t("Who"))}</th></tr>'
                   f"</thead><tbody>{rows}</tbody></table></div>")
    if e["cases"]:
        # open where some case failed for a reason of the students' own (not a missing stub)
        wrong = e["counts"].get(insights.FAILED, 0) + e["counts"].get(insights.ERROR, 0) + \
            e["counts"].get(insights.TIMEOUT, 0)
        out.append(f"<details{' open' if wrong else ''}><summary><h3>"
                   f"{esc(t('Pass rate per hidden case'))}</h3></summary>")
        for i, c in enumerate(e["cases"]):
            name, key = t(c["case"]), esc(f"exercises.{eid}.cases.{i}")
            percent = f"{100 * c['rate']:.0f}"
            out.append(
                f'<div class="case"><div class="name">{esc(name)}</div>'
                f"{charts.rate_bar(c['rate'], title=name)}"
                f'<span class="muted"><span data-key="{key}.passed">{c["passed"]}</span>/'
                f'<span data-key="{key}.total">{c["total"]}</span> ({percent} %)</span></div>')
        out.append("</details>")
    return "\n".join(out)


def _ungraded(view: dict) -> str:
    out = [f"<h2>{esc(t('Submissions that could not be graded'))}</h2>"]
    if not view["ungraded"]:
        out.append(f'<p class="muted">{esc(t("None: every submission was graded."))}</p>')
        return "\n".join(out)
    rows = "".join(f"<tr><td>{esc(u['name'])}</td><td>{esc(u['status'])}</td>"
                   f"<td>{esc(u['reason'])}</td></tr>" for u in view["ungraded"])
    out.append(f'<div class="scroll"><table><thead><tr><th>{esc(t("Submission"))}</th>'
               f'<th>{esc(t("Status"))}</th><th>{esc(t("Reason"))}</th></tr></thead>'
               f"<tbody>{rows}</tbody></table></div>")
    return "\n".join(out)
