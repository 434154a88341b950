"""The one manifest (manifest.toml beside this file), loaded into typed records."""
from __future__ import annotations

import functools
from collections.abc import Mapping
from types import MappingProxyType
from dataclasses import dataclass
from pathlib import Path

from checker.compat import StrEnum, tomllib

MANIFEST = Path(__file__).with_name("manifest.toml")
LANGS = ("en", "zh")


class Part(StrEnum):
    """The lesson's exercises, those that go beyond it, and modern attention: each scored
    on its own, and only the lesson's in a default grade."""

    LESSON = "lesson"
    BEYOND = "beyond"   # multi-head attention, the KV cache
    MODERN = "modern"   # tiles with an online softmax, RoPE, grouped queries, window and ALiBi


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
    hints: dict              # {function: {lang: [levels]}}; "" holds hints for any function
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

    def hint_topics(self) -> list[str]:
        """The functions that have hints of their own (or [""]: hints for the exercise)."""
        return list(self.hints)

    def hints_for(self, function: str | None, lang: str = "en") -> tuple[str, list[str]]:
        """(topic, levels): the hints about ``function`` (the one that fails), or the
        exercise's own, or those of its first function."""
        topic = function if function in self.hints else "" if "" in self.hints else \
            next(iter(self.hints))
        levels = self.hints[topic]
        return topic, list(levels.get(lang) or levels.get("en", []))


def _hints(raw: dict, functions: tuple[str, ...]) -> dict[str, dict[str, list[str]]]:
    """``hints.<lang>`` (one topic) or ``hints.<function>.<lang>``, as {topic: {lang: []}}."""
    if all(isinstance(v, list) for v in raw.values()):
        topic = functions[0] if len(functions) == 1 else ""
        return {topic: {lang: list(v) for lang, v in raw.items()}}
    found = {}
    for function, by_lang in raw.items():
        if function not in functions or not isinstance(by_lang, dict):
            raise KeyError(f"hints.{function} (not a function of the exercise)")
        found[function] = {lang: list(v) for lang, v in by_lang.items()}
    return found


class ManifestError(Exception):
    pass


def _read(path: Path) -> dict:
    with open(path, "rb") as f:
        return tomllib.load(f)


@functools.lru_cache(maxsize=None)
def load(path: Path = MANIFEST) -> tuple[Exercise, ...]:
    data = _read(path)
    exercises = []
    for raw in data.get("exercise", []):
        try:
            exercises.append(Exercise(
                id=str(raw["id"]), file=raw["file"], functions=tuple(raw["functions"]),
                points=float(raw["points"]), seed_section=str(raw["seed_section"]),
                forbidden=tuple(raw.get("forbidden", ())), title=dict(raw["title"]),
                section=dict(raw["section"]),
                hints=_hints(raw["hints"], tuple(raw["functions"])),
                part=Part(raw.get("part", Part.LESSON))))
        except (KeyError, TypeError, ValueError) as exc:
            raise ManifestError(f"{path}: exercise {raw.get('id', '?')}: bad or missing {exc}") from None
    ids = [e.id for e in exercises]
    if len(set(ids)) != len(ids):
        raise ManifestError(f"{path}: duplicate exercise ids")
    return tuple(exercises)


@functools.lru_cache(maxsize=None)
def cause_hints(path: Path = MANIFEST) -> Mapping[str, Mapping[str, str]]:
    """The hint that starts from each likely cause the screen can name, in every language:
    {cause id: {lang: text}} (``[cause_hints.<id>]``)."""
    found = {}
    for cause, by_lang in _read(path).get("cause_hints", {}).items():
        if not isinstance(by_lang, dict) or \
                any(not isinstance(by_lang.get(lang), str) or not by_lang[lang].strip()
                    for lang in LANGS):
            raise ManifestError(f"{path}: cause_hints.{cause}: needs a text in each of "
                                f"{', '.join(LANGS)}")
        found[cause] = MappingProxyType(dict(by_lang))
    return MappingProxyType(found)


def cause_hint(cause: str | None, lang: str = "en") -> str | None:
    """The hint about a likely cause (its id), or None: no cause, several candidates
    ("a|b", which a hint about one of them could mislead), or no hint for it."""
    if not cause or "|" in cause:
        return None
    found = cause_hints().get(cause)
    return None if found is None else found.get(lang) or found["en"]


def lesson() -> tuple[Exercise, ...]:
    """The lesson's exercises: what the kit's 100 points and a default grade are made of."""
    return tuple(e for e in load() if e.part == Part.LESSON)


def beyond() -> tuple[Exercise, ...]:
    """The exercises beyond the lesson (multi-head attention, the KV cache)."""
    return tuple(e for e in load() if e.part == Part.BEYOND)


def modern() -> tuple[Exercise, ...]:
    """The exercises of modern attention (the third part)."""
    return tuple(e for e in load() if e.part == Part.MODERN)


def graded(include_beyond: bool = False, include_modern: bool = False) -> tuple[Exercise, ...]:
    """What a grade is made of: the lesson's exercises, and the other parts if asked."""
    parts = {Part.LESSON} | ({Part.BEYOND} if include_beyond else set()) | \
        ({Part.MODERN} if include_modern else set())
    return tuple(e for e in load() if e.part in parts)


@functools.lru_cache(maxsize=None)
def by_id() -> Mapping[str, Exercise]:
    """The exercises by id (made once: the checker asks for every case)."""
    return MappingProxyType({e.id: e for e in load()})


CASE_DECORATORS = ("case", "property_case")   # judge/cases/support.py


def case_names(exercise: Exercise) -> list[tuple[str, str | None]]:
    """(test function, plain-language name or None) of each of an exercise's hidden cases,
    in the case file's order, read from the file's text: nothing is imported (no pytest,
    no torch). The one reader for dev check and the course file."""
    import ast

    path = Path(__file__).with_name("judge") / "cases" / f"{exercise.case_module}.py"
    names: list[tuple[str, str | None]] = []
    for node in ast.parse(path.read_text(encoding="utf-8")).body:
        if isinstance(node, ast.FunctionDef) and node.name.startswith("test"):
            named = [d.args[0].value for d in node.decorator_list
                     if isinstance(d, ast.Call) and getattr(d.func, "id", "") in CASE_DECORATORS
                     and d.args and isinstance(d.args[0], ast.Constant)]
            names.append((node.name, named[0] if named else None))
    return names


@functools.lru_cache(maxsize=None)
def by_case_module() -> Mapping[str, Exercise]:
    """The exercises by the name of their case module (made once: asked for every case)."""
    return MappingProxyType({e.case_module: e for e in load()})


def resolve(selector: str) -> Exercise | None:
    """An exercise from what a learner types: "5", "05", "ex5", "ex05", "softmax" (its
    name), "causal_mask" (one of its functions), "ex05_softmax.py" or a path to the file."""
    s = selector.strip().replace("\\", "/").rsplit("/", 1)[-1].lower().removesuffix(".py")
    for e in load():
        number = e.id.lstrip("0")
        if s in (e.id, number, f"ex{e.id}", f"ex{number}", e.stem, e.stem.split("_", 1)[1]) \
                or s in (f.lower() for f in e.functions):
            return e
    return None
