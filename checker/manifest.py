"""The one manifest (manifest.toml beside this file), loaded into typed records."""
from __future__ import annotations

import functools
from dataclasses import dataclass
from pathlib import Path

from checker.compat import StrEnum, tomllib

MANIFEST = Path(__file__).with_name("manifest.toml")
LANGS = ("en", "zh")


class Part(StrEnum):
    """The lesson's exercises, and those that go beyond it (scored on their own)."""

    LESSON = "lesson"
    BEYOND = "beyond"


@dataclass(frozen=True)
class Exercise:
    id: str
    file: str
    functions: tuple[str, ...]
    points: float
    seed_section: str
    forbidden: tuple[str, ...]
    title: dict
    section: dict
    hints: dict
    part: Part = Part.LESSON

    @property
    def stem(self) -> str:
        return self.file.removesuffix(".py")

    @property
    def case_module(self) -> str:
        """The hidden cases of this exercise live in checker/judge/cases/case_<stem>.py."""
        return f"case_{self.stem}"

    def text(self, field: str, lang: str = "en"):
        return getattr(self, field).get(lang) or getattr(self, field)["en"]


class ManifestError(Exception):
    pass


@functools.lru_cache(maxsize=None)
def load(path: Path = MANIFEST) -> tuple[Exercise, ...]:
    with open(path, "rb") as f:
        data = tomllib.load(f)
    exercises = []
    for raw in data.get("exercise", []):
        try:
            exercises.append(Exercise(
                id=str(raw["id"]), file=raw["file"], functions=tuple(raw["functions"]),
                points=float(raw["points"]), seed_section=str(raw["seed_section"]),
                forbidden=tuple(raw.get("forbidden", ())), title=dict(raw["title"]),
                section=dict(raw["section"]), hints={k: list(v) for k, v in raw["hints"].items()},
                part=Part(raw.get("part", Part.LESSON))))
        except (KeyError, TypeError, ValueError) as exc:
            raise ManifestError(f"{path}: exercise {raw.get('id', '?')}: bad or missing {exc}") from None
    ids = [e.id for e in exercises]
    if len(set(ids)) != len(ids):
        raise ManifestError(f"{path}: duplicate exercise ids")
    return tuple(exercises)


def lesson() -> tuple[Exercise, ...]:
    """The lesson's exercises: what the kit's 100 points and a default grade are made of."""
    return tuple(e for e in load() if e.part == Part.LESSON)


def beyond() -> tuple[Exercise, ...]:
    """The exercises beyond the lesson (multi-head attention, the KV cache)."""
    return tuple(e for e in load() if e.part == Part.BEYOND)


def by_id() -> dict[str, Exercise]:
    return {e.id: e for e in load()}


def by_case_module() -> dict[str, Exercise]:
    return {e.case_module: e for e in load()}


def resolve(selector: str) -> Exercise | None:
    """An exercise from what a learner types: "5", "05", "ex05", "softmax", "ex05_softmax.py"."""
    s = selector.strip().lower().removesuffix(".py")
    for e in load():
        if s in (e.id, e.id.lstrip("0"), f"ex{e.id}", e.stem) or (
                s and e.stem.split("_", 1)[1] == s):
            return e
    return None
