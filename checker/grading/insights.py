"""The class view: what a whole class got right and wrong, counted from the reports.

One submission's report (the JSON document of ``check --json`` with its ``grade``)
names, for every failing case, the likely mistake behind it (``metadata.failure.cause``).
Counted over a class, that is the next lecture's plan. ``Tally`` counts, from every
report of a run: the score distribution; per exercise how many passed, failed,
errored, timed out, had no file, did not start or could not be graded; per hidden
case its pass rate; per exercise the diagnosed mistakes ranked by how many students
made them, with who; the cases that fail most without any cause; and the submissions
that could not be graded, with why.

Its ``view()`` (``insights.json``, schema ``schemas/insights.schema.json``) holds only
counts and names, and two views add up: ``Tally.from_view(a).add_view(b)`` is the view
of both classes, so shards of a class merge into exactly the view of one run. Names in
every list are sorted, so the order in which reports arrive changes nothing.

Reports are read as plain data and leniently: unknown keys are ignored, a status the
kit does not know yet is counted under its own name.
"""
from __future__ import annotations

import statistics
from collections import Counter, defaultdict

from checker import manifest

SCHEMA = "attention-kit/insights"
VERSION = 2  # 2: scores over the graded submissions only (scores.counted)
BINS = 10  # the score distribution: ten bins of a tenth of the points each

# an exercise's state in the class view, in the order the page shows them
PASSED, FAILED, ERROR, TIMEOUT = "passed", "failed", "error", "timeout"
NO_FILES, NOT_STARTED, UNGRADED = "no_files", "not_started", "ungraded"
STATES = (PASSED, FAILED, ERROR, TIMEOUT, NO_FILES, NOT_STARTED, UNGRADED)


def _sorted_names(names) -> list[str]:
    return sorted(set(names), key=lambda n: (n.casefold(), n))


class Tally:
    """Counts over a class's reports; ``view()`` is the class view as plain JSON data."""

    def __init__(self) -> None:
        self.lang = ""
        self.scores: dict[str, tuple[float, float]] = {}            # name -> (score, max)
        self.statuses: Counter = Counter()                          # grade status -> n
        self.states: dict[str, Counter] = defaultdict(Counter)      # exercise -> state -> n
        self.points: dict[str, float] = {}                          # exercise -> its points
        self.earned: dict[str, float] = defaultdict(float)          # exercise -> points earned
        self.cases: dict[str, dict[str, list[int]]] = defaultdict(dict)  # ex -> case -> [p, n]
        self.causes: dict[str, dict[str, set[str]]] = defaultdict(lambda: defaultdict(set))
        self.texts: dict[tuple[str, str], Counter] = defaultdict(Counter)
        self.unexplained: dict[str, dict[str, set[str]]] = defaultdict(lambda: defaultdict(set))
        self.ungraded: dict[str, tuple[str, str]] = {}              # name -> (status, reason)

    # ------------------------------------------------------------- one report
    def add(self, name: str, report: dict) -> "Tally":
        """One submission's report: our JSON document with its ``grade`` (as written
        by ``grade --out``), or the document alone with ``grade`` given by the caller."""
        grade = report.get("grade") if isinstance(report.get("grade"), dict) else {}
        status = str(grade.get("status", "ok"))
        score = _number(grade.get("score", report.get("score", 0.0)))
        max_score = _number(grade.get("max_score", report.get("max_score", 0.0)))
        self.scores[name] = (score, max_score)
        self.statuses[status] += 1
        exercises = [e for e in report.get("exercises") or [] if isinstance(e, dict)]
        tests = [t for t in report.get("tests") or [] if isinstance(t, dict)]
        if not exercises or not tests:  # nothing ran: no case, no result to count
            self.ungraded[name] = (status, str(grade.get("reason", "")))
            return self
        by_exercise: dict[str, list[dict]] = defaultdict(list)
        for test in tests:
            meta = test.get("metadata") if isinstance(test.get("metadata"), dict) else {}
            if meta.get("exercise") is not None:
                by_exercise[str(meta["exercise"])].append(meta)
        for summary in exercises:
            eid = str(summary.get("id", "?"))
            self.points[eid] = _number(summary.get("max_score", 0.0))
            self.earned[eid] = round(self.earned[eid] + _number(summary.get("score", 0.0)), 2)
            metas = by_exercise.get(eid, [])
            self.states[eid][_state(summary, metas)] += 1
            for meta in metas:
                self._add_case(eid, name, meta)
        return self

    def _add_case(self, eid: str, name: str, meta: dict) -> None:
        case = str(meta.get("case", "?"))
        counts = self.cases[eid].setdefault(case, [0, 0])
        counts[1] += 1
        status = meta.get("status")
        if status == PASSED:
            counts[0] += 1
            return
        failure = meta.get("failure") if isinstance(meta.get("failure"), dict) else {}
        cause = str(failure.get("cause") or "")
        if cause:
            self.causes[eid][cause].add(name)
            if failure.get("likely"):
                self.texts[(eid, cause)][str(failure["likely"])] += 1
        elif status == FAILED and not meta.get("not_checked"):
            # a wrong result the kit could not explain: where it should learn a new cause
            self.unexplained[eid][case].add(name)

    # ------------------------------------------------------------------- views
    def view(self) -> dict:
        """The class view (``insights.json``)."""
        ids = _exercise_order(set(self.states) | set(self.points))
        graded = len(self.scores) - len(self.ungraded)
        return {
            "schema": SCHEMA, "version": VERSION, "lang": self.lang,
            "submissions": {"total": len(self.scores), "graded": graded,
                            "by_status": dict(sorted(self.statuses.items()))},
            "scores": self._score_view(),
            "exercises": [self._exercise_view(eid, graded) for eid in ids],
            "ungraded": [{"name": n, "status": s, "reason": r}
                         for n, (s, r) in sorted(self.ungraded.items(),
                                                 key=lambda item: (item[0].casefold(), item[0]))],
        }

    def _score_view(self) -> dict:
        """The scores of the graded submissions: an ungraded one has no score, so it is in
        no mean, median or band (the exercises' means leave it out the same way);
        ``counted`` says over how many, ``submissions.total`` of how many."""
        counted = {n: v for n, v in self.scores.items() if n not in self.ungraded}
        values = [s for s, _m in counted.values()]
        top = max((m for _s, m in self.scores.values()), default=0.0)
        bins = [0] * BINS
        for score, max_score in counted.values():
            share = score / max_score if max_score else 0.0
            bins[min(BINS - 1, max(0, int(share * BINS + 1e-9)))] += 1
        return {
            "max_score": top,
            "counted": len(counted),
            "mean": round(statistics.fmean(values), 2) if values else 0.0,
            "median": round(statistics.median(values), 2) if values else 0.0,
            "bins": [{"from": round(top * i / BINS, 2), "to": round(top * (i + 1) / BINS, 2),
                      "count": n} for i, n in enumerate(bins)],
            "students": [{"name": n, "score": self.scores[n][0], "max_score": self.scores[n][1]}
                         for n in _sorted_names(self.scores)],
        }

    def _exercise_view(self, eid: str, graded: int) -> dict:
        states = Counter(self.states.get(eid, Counter()))
        counted = sum(states.values())
        states[UNGRADED] = len(self.ungraded)  # a report without results counts everywhere
        causes = [{"cause": cause, "text": _most_common(self.texts.get((eid, cause))),
                   "texts": [{"text": text, "count": n} for text, n in
                             sorted(self.texts.get((eid, cause), Counter()).items(),
                                    key=lambda item: (-item[1], item[0]))],
                   "count": len(who), "who": _sorted_names(who)}
                  for cause, who in self.causes.get(eid, {}).items()]
        causes.sort(key=lambda c: (-c["count"], c["cause"]))
        cases = [{"case": case, "passed": p, "total": n,
                  "rate": round(p / n, 4) if n else 0.0}
                 for case, (p, n) in self.cases.get(eid, {}).items()]
        unexplained = [{"case": case, "count": len(who), "total": self.cases[eid][case][1],
                        "who": _sorted_names(who)}
                       for case, who in self.unexplained.get(eid, {}).items()]
        unexplained.sort(key=lambda c: (-c["count"], c["case"]))
        known = manifest.by_id().get(eid)
        return {
            "id": eid, "title": known.title["en"] if known else eid,
            "points": self.points.get(eid, 0.0),
            "counts": {**{state: states.get(state, 0) for state in STATES},
                       **{s: n for s, n in sorted(states.items()) if s not in STATES}},
            "earned": round(self.earned.get(eid, 0.0), 2),
            "mean_score": round(self.earned.get(eid, 0.0) / counted, 2) if counted else 0.0,
            "cases": cases, "causes": causes, "unexplained": unexplained,
        }

    # ------------------------------------------------------- merging two views
    @classmethod
    def from_view(cls, view: dict) -> "Tally":
        return cls().add_view(view)

    def add_view(self, view: dict) -> "Tally":
        """Add an earlier view's counts (another shard of the class, say)."""
        self.lang = self.lang or str(view.get("lang", ""))
        for student in view["scores"]["students"]:
            self.scores[student["name"]] = (student["score"], student["max_score"])
        self.statuses.update(view["submissions"]["by_status"])
        for row in view["ungraded"]:
            self.ungraded[row["name"]] = (row["status"], row["reason"])
        for e in view["exercises"]:
            eid = e["id"]
            self.points[eid] = e["points"]
            self.states[eid].update({s: n for s, n in e["counts"].items() if s != UNGRADED and n})
            self.earned[eid] = round(self.earned[eid] + e["earned"], 2)
            for c in e["cases"]:
                counts = self.cases[eid].setdefault(c["case"], [0, 0])
                counts[0] += c["passed"]
                counts[1] += c["total"]
            for c in e["causes"]:
                self.causes[eid][c["cause"]].update(c["who"])
                for text in c.get("texts", []):
                    self.texts[(eid, c["cause"])][text["text"]] += text["count"]
            for c in e["unexplained"]:
                self.unexplained[eid][c["case"]].update(c["who"])
        return self


def _state(summary: dict, metas: list[dict]) -> str:
    status = str(summary.get("status", ""))
    if status == NOT_STARTED and metas and all(
            (m.get("failure") or {}).get("kind") == "missing_file" for m in metas):
        return NO_FILES
    return status or ERROR


def _exercise_order(ids: set[str]) -> list[str]:
    known = [e.id for e in manifest.load() if e.id in ids]
    return known + sorted(ids - set(known))


def _most_common(counter: Counter | None) -> str:
    if not counter:
        return ""
    return min(counter.items(), key=lambda item: (-item[1], item[0]))[0]


def _number(value) -> float:
    try:
        return float(value)
    except (TypeError, ValueError):
        return 0.0
