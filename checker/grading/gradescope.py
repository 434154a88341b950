"""Gradescope: its results.json from our JSON document, and the autograder bundle.

Gradescope runs an autograder zip once per submission on its own machines:
``setup.sh`` once when the image is built, then ``run_autograder`` for each
submission, which must read ``/autograder/submission`` and write
``/autograder/results/results.json``. Both scripts take the root folder from
``AUTOGRADER_ROOT`` (default ``/autograder``) so the bundle can be tried on
any machine, and ``run_autograder`` takes the Python from ``ATTN_KIT_PYTHON``.

The tests' points are whole multiples of 10^-4 (``DECIMALS``), shared out by largest
remainder: an exercise's tests add up to exactly its score and its points, no test
shows more than its maximum, and a passing test shows exactly its maximum.
"""
from __future__ import annotations

import io
import math
import shlex
import stat
import zipfile
from importlib import metadata
from pathlib import Path

from checker import files, manifest, stubs
from checker.text import one_line
from checker.i18n import get_lang, t
from checker.judge.results import Status

VISIBILITIES = ("hidden", "after_due_date", "after_published", "visible")
TEST_OUTPUT_LIMIT = 3000


def results_json(document: dict, *, visibility: str = "after_published",
                 execution_time: float = 0.0, disclose: str = "full") -> dict:
    """Gradescope's results.json for one graded submission (our check --json document).

    ``visibility`` is set at the top level and on every test (Gradescope's own levels:
    with ``hidden`` students see neither the tests nor the total). ``disclose`` says
    how much the tests tell: ``full`` a test per case with what failed, expected and
    got, the likely cause and the student's lines; ``summary`` a test per case with its
    likely cause only; ``scores`` a test per exercise with its points only."""
    titles = {e.id: e.text("title", get_lang()) for e in manifest.load()}
    exercises = {e["id"]: e for e in document.get("exercises", [])}
    by_exercise: dict[str, list[dict]] = {}
    for test in document.get("tests", []):
        meta = test.get("metadata") or {}
        by_exercise.setdefault(meta.get("exercise", "?"), []).append(test)
    tests = []
    for eid, cases in by_exercise.items():
        summary = exercises.get(eid)
        if summary is None:  # not graded by this run's course
            continue
        title = titles.get(eid, summary.get("title", ""))
        if disclose == "scores":
            tests.append({"name": f"{eid} {title}", "number": str(int(eid)) if eid.isdigit()
                          else eid, "score": _points(_units(summary.get("score", 0))),
                          "max_score": _points(_units(summary.get("max_score", 0))),
                          "status": Status.PASSED if summary.get("status") == Status.PASSED
                          else Status.FAILED, "output": "", "visibility": visibility})
            continue
        for n, (test, earned, share) in enumerate(_case_points(summary, cases), 1):
            meta = test.get("metadata") or {}
            passed = meta.get("status") == Status.PASSED
            tests.append({
                "name": f"{eid} {title}: "
                        f"{t(meta['case']) if meta.get('case') else test.get('nodeid')}",
                "number": f"{int(eid)}.{n}" if eid.isdigit() else str(n),
                "score": _points(earned), "max_score": _points(share),
                "status": Status.PASSED if passed else Status.FAILED,
                "output": _case_output(meta, disclose),
                "visibility": visibility,
            })
    result = {"score": document.get("score", 0), "execution_time": round(execution_time, 3),
              "output": "\n".join(summary_lines(document, titles)), "output_format": "text",
              "visibility": visibility, "stdout_visibility": "hidden", "extra_data": {},
              "tests": tests}
    if document.get("course"):
        result["extra_data"]["course"] = document["course"]
    return result


def summary_lines(document: dict, titles: dict) -> list[str]:
    """The results' top-level text: the total, a line per exercise, the course file."""
    score, max_score = f"{document.get('score', 0):g}", f"{document.get('max_score', 0):g}"
    lines = [t("attention-kit: {score} / {max_score} points (all or nothing per exercise)",
               score=score, max_score=max_score) if document.get("all_or_nothing") else
             t("attention-kit: {score} / {max_score} points", score=score, max_score=max_score)]
    for e in document.get("exercises", []):
        line = t("{id} {title}: {status}, {passed}/{total} cases, {score}/{max_score} "
                 "points", id=e["id"], title=titles.get(e["id"], e["title"]),
                 status=t(Status(e["status"]).word),
                 passed=e["passed"], total=e["total"], score=f"{e['score']:g}",
                 max_score=f"{e['max_score']:g}")
        lines.append(line + (" " + t("(bonus)") if e.get("bonus") else ""))
    course = document.get("course")
    if course:
        lines.append(t("Graded with the course file {name} (sha256 {digest})",
                       name=Path(course["path"]).name, digest=course["sha256"][:12]))
    return lines


DECIMALS = 4          # a test's score and max_score: whole multiples of 10^-4
UNIT = 10 ** DECIMALS


def _units(points) -> int:
    """Points as a whole number of 10^-4 (exercise scores carry 2 decimals: exact)."""
    return max(0, round(float(points) * UNIT))


def _points(units: int) -> float:
    return round(units / UNIT, DECIMALS)


def _apportion(total: int, weights: list[float]) -> list[int]:
    """``total`` units shared in proportion to ``weights``, in whole units that add up to
    ``total`` exactly: each gets the floor of its share, and the units left over go one
    each to the largest remainders (ties to the earlier). No weight at all: equal shares."""
    if not weights:
        return []
    whole = sum(weights)
    if whole <= 0:
        weights, whole = [1.0] * len(weights), float(len(weights))
    exact = [total * w / whole for w in weights]
    parts = [math.floor(x) for x in exact]
    order = sorted(range(len(exact)), key=lambda i: (parts[i] - exact[i], i))
    for i in order[:total - sum(parts)]:
        parts[i] += 1
    return parts


def _case_points(summary: dict, cases: list[dict]):
    """(test, units earned, units possible) of each case of one exercise (``_units``).

    Each case is worth its ``metadata.points``. The exercise's score (partial credit or
    all or nothing, already rounded to 2 decimals) and its points are shared out in whole
    units so that its tests add up to exactly both. The passing cases share the score, in
    proportion to their points, and each of them is worth what it earns; the failing
    cases share the rest of the points (when every case passes, the rest is what rounding
    left over, shared by all). So a passing test shows exactly its maximum, none shows more,
    and the score's rounding moves a maximum by a few units at most. A score of 0
    (nothing passed, or all or nothing missed) leaves every test at 0 of its share."""
    shares = [float((c.get("metadata") or {}).get("points", 0.0)) for c in cases]
    if not any(shares):  # an old document without points: equal shares
        shares = [1.0] * len(cases)
    passed = [(c.get("metadata") or {}).get("status") == Status.PASSED for c in cases]
    points = _units(summary.get("max_score", 0))
    score = min(_units(summary.get("score", 0)), points)
    if not (score and any(passed)):
        for case, most in zip(cases, _apportion(points, shares)):
            yield case, 0, most
        return
    won = _apportion(score, [s for s, ok in zip(shares, passed) if ok])
    rest_to = [not ok for ok in passed] if not all(passed) else passed
    rest = _apportion(points - score, [s for s, r in zip(shares, rest_to) if r])
    won_, rest_ = iter(won), iter(rest)
    for case, ok, r in zip(cases, passed, rest_to):
        earned = next(won_) if ok else 0
        yield case, earned, earned + (next(rest_) if r else 0)


def failed_results(reason: str, execution_time: float = 0.0,
                   visibility: str = "visible") -> dict:
    """results.json for a submission that could not be graded at all."""
    return {"score": 0, "execution_time": round(execution_time, 3),
            "output": t("attention-kit could not grade this submission: {reason}",
                        reason=reason),
            "output_format": "text", "visibility": visibility, "stdout_visibility": "hidden",
            "extra_data": {}, "tests": []}


def results_for(graded, visibility: str, disclose: str = "full") -> dict:
    """The results.json of one graded submission, with the same top-level keys whatever
    happened; ``extra_data`` carries the seed (a regrade with it is the same) and status."""
    document = graded.document or {}
    if document.get("tests"):
        results = results_json(document, visibility=visibility, execution_time=graded.seconds,
                               disclose=disclose)
    else:
        results = failed_results(graded.reason, graded.seconds, visibility)
    results["extra_data"] = {**results.get("extra_data", {}), "seed": document.get("seed"),
                             "status": str(graded.status), "submission": graded.name}
    return results


def _case_output(meta: dict, disclose: str = "full") -> str:
    if meta.get("status") == Status.PASSED:
        return ""
    failure = meta.get("failure") or {}
    if disclose == "summary":  # the case's name is the test's; its likely cause only
        return t("{label}: ", label=t("Likely cause")) + one_line(
            str(failure["likely"]), TEST_OUTPUT_LIMIT) if failure.get("likely") else ""
    # what may hold learner text (the message, where) is one line: it cannot fake a line
    # of the kit's own ("attention-kit: 100 / 100 points")
    parts = [one_line(str(meta.get("message", "")), TEST_OUTPUT_LIMIT)]
    for label, key in ((t("Expected"), "expected"), (t("Got"), "got"), (t("Where"), "detail"),
                       (t("Likely cause"), "likely")):
        if failure.get(key):
            value = str(failure[key])
            if key in ("detail", "likely"):
                value = one_line(value, TEST_OUTPUT_LIMIT)
            parts.append(t("{label}: ", label=label) + value)
    for frame in meta.get("frames") or []:
        parts.append(t("line {line}: {code}", line=frame.get("line"),
                       code=one_line(str(frame.get("code", "")), 200)))
    text = "\n".join(p for p in parts if p)
    return text if len(text) <= TEST_OUTPUT_LIMIT else text[:TEST_OUTPUT_LIMIT] + " ..."


# ------------------------------------------------------------------ bundle
TEMPLATES = Path(__file__).with_name("templates")  # setup.sh, run_autograder ("@OPTIONS@")


# The pins of requirements() whose release here may need a newer Python than 3.10 (the
# oldest the kit supports): on 3.10 the bundle takes the release .ci/constraints.txt pins
# for it (tests/test_support.py keeps the two the same); and what 3.10 needs more.
PYTHON_310 = {"numpy": "2.2.6"}
ONLY_310 = {"tomli": "2.5.0"}   # checker.compat reads TOML with it before Python 3.11


def requirements() -> str:
    """The kit's dependencies, pinned to the versions this grader runs with; a pin that
    needs Python 3.11 or newer holds there only, and 3.10 gets its own (PYTHON_310)."""
    names = ["torch", "numpy", "pytest", "pytest-json-report", "pytest-metadata", "rich"]
    lines = []
    for name in names:
        try:
            version = metadata.version(name).split("+")[0]
        except metadata.PackageNotFoundError:
            lines.append(name)
            continue
        if name in PYTHON_310 and version != PYTHON_310[name]:
            lines.append(f'{name}=={version}; python_version >= "3.11"')
            lines.append(f'{name}=={PYTHON_310[name]}; python_version < "3.11"')
        else:
            lines.append(f"{name}=={version}")
    lines += [f'{name}=={version}; python_version < "3.11"' for name, version in ONLY_310.items()]
    return "\n".join(lines) + "\n"


COURSE_NAME = "course.toml"  # a course file's name in the bundle (source/course.toml)


def bundle(out: Path, options: list[str], course: Path | None = None) -> list[str]:
    """Write the autograder zip to ``out``; returns the names it holds. ``course``: a
    course file, shipped as ``course.toml`` and read by every run."""
    run = (TEMPLATES / "run_autograder").read_text(encoding="utf-8").replace(
        "@OPTIONS@", " ".join(shlex.quote(o) for o in options)).replace(
        "@COURSE@", f'--course "$ROOT/source/{COURSE_NAME}"' if course else "")
    members: list[tuple[str, bytes, int]] = [
        ("setup.sh", (TEMPLATES / "setup.sh").read_bytes(), 0o755),
        ("run_autograder", run.encode(), 0o755),
        ("requirements.txt", requirements().encode(), 0o644),
    ]
    if course is not None:
        members.append((COURSE_NAME, course.read_bytes(), 0o644))
    # the kit as a wheel lays it out: the reference solutions inside the package, in
    # kit/checker/solutions/ (a checkout's solutions/ folder, or the wheel's copy)
    solutions = stubs.solutions_dir()
    for folder, into in ((stubs.PACKAGE, "kit/checker"), (solutions, "kit/checker/solutions")):
        for path in sorted(folder.rglob("*")):
            if path.is_file() and "__pycache__" not in path.parts and path.suffix != ".pyc" \
                    and (folder == solutions or solutions not in path.parents):
                members.append((f"{into}/{path.relative_to(folder).as_posix()}",
                                path.read_bytes(), 0o644))
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, data, mode in members:
            info = zipfile.ZipInfo(name, date_time=(2020, 1, 1, 0, 0, 0))
            info.external_attr = (stat.S_IFREG | mode) << 16
            info.compress_type = zipfile.ZIP_DEFLATED
            archive.writestr(info, data)
    files.write_atomic(out, buffer.getvalue())
    return [m[0] for m in members]
