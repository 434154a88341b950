"""The course file: an instructor's grading choices, read and checked, never the kit's manifest.

``attn-kit grade --course course.toml`` (and the Gradescope bundle, which ships the
file) reads points per exercise and per case, which exercises count and which are a
bonus, all or nothing, visibility and disclosure, and the seed. ``load`` checks every
key and value and raises ``CourseError`` with one line that names the file, the line
and the key. ``Course.apply`` re-scores one graded submission from the per-case
results of its JSON document (the grading processes grade with the kit's points; the
parent applies the course). ``choose`` merges the course with the command line into
one ``Choices`` value: a flag given on the command line wins over the file.
"""
from __future__ import annotations

import functools
import hashlib
import re
from dataclasses import dataclass, field, replace
from pathlib import Path

from checker import defaults, manifest
from checker.compat import tomllib
from checker.i18n import t

DISCLOSURES = ("full", "summary", "scores")
VISIBILITIES = ("hidden", "after_due_date", "after_published", "visible")
DEFAULT_ASSIGNMENT = "attention-kit"
TOP_KEYS = ("name", "assignment", "seed", "all_or_nothing", "disclose", "visibility",
            "exercises", "points", "cases")
EXERCISES_KEYS = ("graded", "bonus")


class CourseError(Exception):
    """A mistake in a course file: one line naming the file, the line and the key."""


@dataclass(frozen=True)
class Course:
    """What a course file says; ``None`` for a choice it leaves to the command line."""

    path: str
    digest: str                                   # sha256 of the file's bytes
    name: str = ""
    assignment: str = DEFAULT_ASSIGNMENT
    seed: int | None = None
    all_or_nothing: bool | None = None
    disclose: str | None = None
    visibility: str | None = None
    graded: tuple[str, ...] = ()                  # the exercises that count toward the maximum
    bonus: tuple[str, ...] = ()                   # graded too; their points go on top
    points: dict = field(default_factory=dict)    # exercise id -> points
    cases: dict = field(default_factory=dict)     # exercise id -> {case name: points}

    @property
    def short_digest(self) -> str:
        return self.digest[:12]

    def exercise_ids(self) -> tuple[str, ...]:
        order = [e.id for e in manifest.load()]
        return tuple(sorted({*self.graded, *self.bonus}, key=order.index))

    def points_of(self, eid: str) -> float:
        return float(self.points.get(eid, manifest.by_id()[eid].points))

    def facts(self) -> dict:
        """What the reports say about the course file that graded them."""
        return {"path": self.path, "sha256": self.digest, "name": self.name,
                "graded": list(self.graded), "bonus": list(self.bonus)}

    def label(self) -> str:
        """One short line for a CSV cell or a student's page: its file name and digest."""
        return f"{Path(self.path).name} sha256:{self.short_digest}"


@dataclass(frozen=True)
class Choices:
    """The grading choices of one run: the command line over the course file over the kit."""

    seed: int | None = None           # None: the kit's default (or the run's own seed)
    all_or_nothing: bool = False
    include_beyond: bool = False
    include_modern: bool = False
    visibility: str = "after_published"
    disclose: str = "full"
    course: Course | None = None

    def exercise_ids(self) -> tuple[str, ...]:
        """The exercises to grade: the course's, or the lesson's (and beyond, if asked)."""
        if self.course is not None:
            return self.course.exercise_ids()
        return tuple(e.id for e in manifest.graded(self.include_beyond, self.include_modern))

    def apply(self, graded):
        """``graded`` re-scored by the course file (unchanged without one)."""
        if self.course is None:
            return graded
        return apply(self.course, graded, self.all_or_nothing)


def choose(args, course: Course | None) -> Choices:
    """Merge what the command line gave (None: not given) with the course file."""
    def pick(name: str, default):
        given = getattr(args, name, None)
        if given is not None:
            return given
        from_course = getattr(course, name, None) if course is not None else None
        return from_course if from_course is not None else default

    include_beyond = bool(getattr(args, "include_beyond", None))
    include_modern = bool(getattr(args, "include_modern", None))
    if course is not None and (include_beyond or include_modern):
        flag = "--include-beyond" if include_beyond else "--include-modern"
        ids = manifest.beyond() if include_beyond else manifest.modern()
        raise CourseError(t("{flag} and --course both say which exercises count: list {ids} "
                            "under [exercises] in {path} instead", flag=flag,
                            ids=", ".join(e.id for e in ids), path=course.path))
    return Choices(seed=pick("seed", None), all_or_nothing=bool(pick("all_or_nothing", False)),
                   include_beyond=include_beyond, include_modern=include_modern,
                   visibility=pick("visibility", "after_published"),
                   disclose=pick("disclose", "full"), course=course)


# -------------------------------------------------------------------- reading
def load(raw: str | Path) -> Course:
    """Read and check a course file; CourseError (one line) on the first mistake."""
    path = Path(raw).expanduser()
    try:
        data = path.read_bytes()
    except FileNotFoundError:
        raise CourseError(t("course file {path} not found (`attn-kit course init {path}` "
                            "writes one to start from)", path=raw)) from None
    except OSError as exc:
        raise CourseError(t("course file {path} cannot be read: {error}", path=raw,
                            error=exc.strerror or exc)) from None
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise CourseError(t("course file {path} is not UTF-8 text", path=raw)) from None
    try:
        table = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise CourseError(t("{path}: not valid TOML: {error}", path=raw, error=exc)) from None
    return _Reader(str(path.resolve()), raw, text, hashlib.sha256(data).hexdigest()).read(table)


class _Reader:
    def __init__(self, path: str, shown: str, text: str, digest: str):
        self.path, self.shown, self.digest = path, str(shown), digest
        self.lines = text.splitlines()
        self.ids = [e.id for e in manifest.load()]

    # ------------------------------------------------------------ messages
    def line_of(self, table: str, key: str) -> int | None:
        """The line that sets ``key`` in ``[table]`` ("" for the top; key "": the table's
        header), if it can be found."""
        current = ""
        pattern = re.compile(r'^\s*("?)' + re.escape(key) + r'\1\s*=')
        for n, line in enumerate(self.lines, 1):
            header = re.match(r"^\s*\[([^\[\]]+)\]\s*(#.*)?$", line)
            if header:
                current = header.group(1).replace(" ", "").replace("'", '"')
                if not key and current == table:
                    return n
                continue
            if current == table and pattern.match(line):
                return n
        return None

    def fail(self, table: str, key: str, message: str) -> CourseError:
        line = self.line_of(table, key)
        where = ".".join(part for part in (table, key) if part)
        if line is None:
            return CourseError(t("{path}: {key}: {message}", path=self.shown, key=where,
                                 message=message))
        return CourseError(t("{path} line {line}: {key}: {message}", path=self.shown,
                             line=line, key=where, message=message))

    def exercise_id(self, table: str, key: str, value) -> str:
        text = str(value).strip()
        eid = text.zfill(2) if text.isdigit() else text
        if isinstance(value, bool) or eid not in self.ids:
            raise self.fail(table, key, t("unknown exercise id {id} (the kit's are {ids})",
                                          id=repr(value), ids=", ".join(self.ids)))
        return eid

    def number(self, table: str, key: str, value) -> float:
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            raise self.fail(table, key, t("points must be a number, not {value}",
                                          value=repr(value)))
        if value < 0 or value != value or value == float("inf"):
            raise self.fail(table, key, t("points must be 0 or more, not {value}",
                                          value=repr(value)))
        return float(value)

    # --------------------------------------------------------------- read
    def read(self, table: dict) -> Course:
        if "late" in table:
            raise self.fail("", "late", t(
                "late rules are not applied by attn-kit (a folder's or zip's date is not the "
                "time it was handed in): set the late policy in your LMS (see "
                "docs/instructors.md)"))
        for key in table:
            if key not in TOP_KEYS:
                raise self.fail("", key, t("unknown key (known: {known})",
                                           known=", ".join(TOP_KEYS)))
        found: dict = {}
        for key in ("name", "assignment"):
            if key in table:
                if not isinstance(table[key], str) or not table[key].strip():
                    raise self.fail("", key, t("must be a non-empty text in quotes, not {value}",
                                               value=repr(table[key])))
                found[key] = table[key].strip()
        if "seed" in table:
            if isinstance(table["seed"], bool) or not isinstance(table["seed"], int) \
                    or table["seed"] < 0:
                raise self.fail("", "seed", t("must be a whole number 0 or more, not {value}",
                                              value=repr(table["seed"])))
            found["seed"] = table["seed"]
        if "all_or_nothing" in table:
            if not isinstance(table["all_or_nothing"], bool):
                raise self.fail("", "all_or_nothing", t(
                    "must be true or false, not {value}", value=repr(table["all_or_nothing"])))
            found["all_or_nothing"] = table["all_or_nothing"]
        for key, allowed in (("disclose", DISCLOSURES), ("visibility", VISIBILITIES)):
            if key in table:
                if table[key] not in allowed:
                    raise self.fail("", key, t("must be one of {allowed}, not {value}",
                                               allowed=", ".join(allowed),
                                               value=repr(table[key])))
                found[key] = table[key]
        graded, bonus = self.exercises(table.get("exercises", {}))
        counted = {*graded, *bonus}
        points = self.points(table.get("points", {}), counted)
        cases = self.cases(table.get("cases", {}), {**{e.id: e.points for e in manifest.load()},
                                                   **points}, counted)
        return Course(self.path, self.digest, graded=graded, bonus=bonus, points=points,
                      cases=cases, **found)

    def id_list(self, key: str, value) -> tuple[str, ...]:
        if not isinstance(value, list):
            raise self.fail("exercises", key, t("must be a list of exercise ids such as "
                                                "[\"01\", \"02\"], not {value}",
                                                value=repr(value)))
        ids = [self.exercise_id("exercises", key, v) for v in value]
        return tuple(sorted(set(ids), key=self.ids.index))

    def exercises(self, table) -> tuple[tuple[str, ...], tuple[str, ...]]:
        if not isinstance(table, dict):
            raise self.fail("", "exercises", t("must be a table: [exercises]"))
        for key in table:
            if key not in EXERCISES_KEYS:
                raise self.fail("exercises", key, t("unknown key (known: {known})",
                                                    known=", ".join(EXERCISES_KEYS)))
        graded = self.id_list("graded", table["graded"]) if "graded" in table else \
            tuple(e.id for e in manifest.lesson())
        bonus = self.id_list("bonus", table["bonus"]) if "bonus" in table else ()
        both = [eid for eid in bonus if eid in graded]
        if both:
            raise self.fail("exercises", "bonus", t(
                "{ids} cannot be both graded and a bonus", ids=", ".join(both)))
        if not graded and not bonus:
            raise self.fail("exercises", "graded", t("grades nothing: name at least one "
                                                     "exercise"))
        return graded, bonus

    def not_graded(self, table: str, key: str, eid: str, counted: set) -> None:
        if eid not in counted:
            raise self.fail(table, key, t("exercise {id} is given points but is not graded: "
                                          "add it to [exercises] graded or bonus", id=eid))

    def points(self, table, counted: set) -> dict:
        if not isinstance(table, dict):
            raise self.fail("", "points", t("must be a table: [points]"))
        found = {}
        for key, value in table.items():
            eid = self.exercise_id("points", key, key)
            found[eid] = self.number("points", key, value)
            self.not_graded("points", key, eid, counted)
        return found

    def cases(self, table, points: dict, counted: set) -> dict:
        if not isinstance(table, dict):
            raise self.fail("", "cases", t("must be tables: [cases.\"05\"]"))
        found = {}
        for key, weights in table.items():
            eid = self.exercise_id("cases", key, key)
            section = f'cases."{key}"'
            self.not_graded(section, "", eid, counted)
            if not isinstance(weights, dict):
                raise self.fail("cases", key, t("must be a table of case names and points: "
                                                "[cases.\"05\"]"))
            known = case_names(eid)
            chosen = {}
            for name, value in weights.items():
                if name not in known:
                    raise self.fail(section, name, t(
                        "exercise {id} has no case of that name (`attn-kit course init` "
                        "lists them)", id=eid))
                chosen[name] = self.number(section, name, value)
            if sum(chosen.values()) > points[eid] + 1e-9:
                raise self.fail(section, "", t(
                    "the cases of exercise {id} are given {cases} points, more than the "
                    "exercise's {points}", id=eid, cases=f"{sum(chosen.values()):g}",
                    points=f"{points[eid]:g}"))
            if len(chosen) == len(known) and abs(sum(chosen.values()) - points[eid]) > 1e-6:
                raise self.fail(section, "", t(
                    "every case of exercise {id} has points, and they add up to {cases}, "
                    "not the exercise's {points}", id=eid, cases=f"{sum(chosen.values()):g}",
                    points=f"{points[eid]:g}"))
            found[eid] = chosen
        return found


@functools.lru_cache(maxsize=None)
def case_names(eid: str) -> tuple[str, ...]:
    """The English names of an exercise's hidden cases (``metadata.case``), read from the
    case file's text (it is never imported here)."""
    exercise = manifest.by_id()[eid]
    return tuple(name or function for function, name in manifest.case_names(exercise))


# ------------------------------------------------------------------ scoring
def case_points(course: Course, eid: str, cases: list[str]) -> list[float]:
    """The points of each case of one exercise (in the report's order)."""
    total = course.points_of(eid)
    chosen = course.cases.get(eid, {})
    rest = [c for c in cases if c not in chosen]
    share = (total - sum(chosen.get(c, 0.0) for c in cases)) / len(rest) if rest else 0.0
    return [chosen[c] if c in chosen else share for c in cases]


def exercise_score(course: Course, eid: str, cases: list[str], passed: list[bool],
                   all_or_nothing: bool) -> float:
    total = course.points_of(eid)
    if not cases:
        return 0.0
    if all_or_nothing:
        return total if all(passed) else 0.0
    if eid not in course.cases:  # as the kit scores it: points times the share passed
        return round(total * sum(passed) / len(cases), 2)
    weights = case_points(course, eid, cases)
    return round(sum(w for w, ok in zip(weights, passed) if ok), 2)


def apply(course: Course, graded, all_or_nothing: bool):
    """``graded`` (a ``Graded``) with the course's points, maximum and bonus, and its
    JSON document rewritten to match (scores, per-test points, the course file)."""
    from checker.judge.results import Status

    document = dict(graded.document) if graded.document is not None else None
    if document is not None:  # the tests are rewritten: copies, never the original's
        document["tests"] = [dict(test) for test in document.get("tests", [])]
    by_exercise: dict[str, list[dict]] = {}
    for test in (document or {}).get("tests", []):
        meta = test.get("metadata") or {}
        by_exercise.setdefault(meta.get("exercise", "?"), []).append(test)
    scores = {}
    for eid in graded.scores:
        if eid not in course.exercise_ids():
            continue
        tests = by_exercise.get(eid, [])
        names = [(test.get("metadata") or {}).get("case", "") for test in tests]
        passed = [(test.get("metadata") or {}).get("status") == Status.PASSED for test in tests]
        scores[eid] = exercise_score(course, eid, names, passed, all_or_nothing)
        for test, weight in zip(tests, case_points(course, eid, names)):
            test["metadata"] = {**test["metadata"], "points": round(weight, 4)}
    max_points = sum(course.points_of(eid) for eid in scores if eid in course.graded)
    if document is not None:
        document["exercises"] = [
            {**e, "score": scores.get(e["id"], 0.0), "max_score": course.points_of(e["id"]),
             "bonus": e["id"] in course.bonus}
            for e in document.get("exercises", []) if e["id"] in scores]
        document["score"] = round(sum(scores.values()), 2)
        document["max_score"] = max_points
        document["all_or_nothing"] = all_or_nothing
        document["course"] = course.facts()
    return replace(graded, scores=scores, document=document, max_points=max_points)


# ------------------------------------------------------------------ the start
def init_text() -> str:
    """A commented course file with the kit's own choices, to edit."""
    lesson = ", ".join(f'"{e.id}"' for e in manifest.lesson())
    beyond = ", ".join(f'"{e.id}"' for e in (*manifest.beyond(), *manifest.modern()))
    lines = [
        "# attention-kit course file: your grading choices, read by",
        "#   attn-kit grade SUBMISSIONS --course course.toml --out grades/",
        "#   attn-kit gradescope-bundle autograder.zip --course course.toml",
        "# Every key is optional; what is left out keeps the kit's default. A flag given on",
        "# the command line wins over this file. Every report names this file and its",
        "# sha256 digest. See docs/instructors.md.",
        "",
        '# name = "Attention, spring term"   # shown on the students\' feedback pages',
        f'# assignment = "{DEFAULT_ASSIGNMENT}"      # the gradebook column of --export',
        f"# seed = {defaults.SEED}                 # the hidden inputs' seed: the same seed, "
        "the same grades",
        "# all_or_nothing = false          # true: an exercise scores only if every case passes",
        '# disclose = "full"               # feedback and Gradescope: full, summary or scores',
        '# visibility = "after_published" # Gradescope: hidden, after_due_date, '
        "after_published, visible",
        "",
        "[exercises]",
        f"graded = [{lesson}]",
        f"# bonus = [{beyond}]          # graded too; their points are added on top of the "
        "maximum",
        "",
        "[points]                          # points per exercise (the kit gives 10 each)",
    ]
    lines += [f'# "{e.id}" = {e.points:g}    # {e.title["en"]}' for e in manifest.load()]
    lines += ["", "# Points of single cases: the other cases of the exercise share what is "
              "left.", "# Uncomment a [cases.\"NN\"] header and the cases you weigh."]
    for e in manifest.load():
        lines += ["", f'# [cases."{e.id}"]    # {e.title["en"]}']
        lines += [f'# "{_toml_escape(name)}" = 1' for name in case_names(e.id)]
    return "\n".join(lines) + "\n"


def _toml_escape(text: str) -> str:
    return text.replace("\\", "\\\\").replace('"', '\\"')
