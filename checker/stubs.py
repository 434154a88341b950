"""Each exercise is written once, in its reference solution; the stub is derived from it.

A solution file (``solutions/exNN_*.py`` in the repo, ``checker/solutions/`` in a wheel:
``solutions_dir``) holds the whole text a learner reads: the module docstring (its first
lines come from the manifest), the signatures, the function docstrings and, in each
function, one ``# TODO:`` line followed by the reference code between two markers::

    # TODO: subtract the max along dim, exponentiate, then divide by the sum along dim
    ### BEGIN SOLUTION
    x_max = x.amax(dim=dim, keepdim=True).detach()  # [..., 1]
    ...
    ### END SOLUTION

The stub is the same text with each marked block replaced by ``raise
NotImplementedError`` (as nbgrader does); a marked block at the top level (a helper
the reference uses) is left out of the stub. ``reset`` and ``init`` write it out, for a
clone and for a pip install alike, so it cannot drift from the solution;
``python -m checker.dev check`` says when the repo's ``exercises/`` is stale.
"""
from __future__ import annotations

import importlib.util
import re
import sys
import types
from pathlib import Path

from checker import manifest
from checker.i18n import t

BEGIN = "### BEGIN SOLUTION"
END = "### END SOLUTION"
STUB_BODY = "raise NotImplementedError"


class SourceError(Exception):
    """A solution file that breaks the one-source format (a maintainer's mistake)."""


PACKAGE = Path(__file__).resolve().parent
PACKAGED = PACKAGE / "solutions"          # a wheel's (and the Gradescope bundle's) copy
CHECKOUT = PACKAGE.parent / "solutions"   # a source checkout: the repo's solutions/
REFERENCE_MODULES = "checker.solutions"   # the reference modules' names: checker.solutions.exNN_*


def solutions_dir() -> Path:
    """The reference solutions: the copy the wheel ships inside this package
    (``checker/solutions/``), else, in a source checkout (a pyproject.toml beside
    ``checker/``), the repo's ``solutions/`` folder. Never a top-level package found on
    sys.path: another project's ``solutions`` folder is not the kit's."""
    if PACKAGED.is_dir():
        return PACKAGED
    if CHECKOUT.is_dir() and (PACKAGE.parent / "pyproject.toml").is_file():
        return CHECKOUT
    raise SourceError("the reference solutions are not installed with this kit")


def solution_path(exercise: manifest.Exercise) -> Path:
    return solutions_dir() / exercise.file


def solution_text(exercise: manifest.Exercise) -> str:
    return solution_path(exercise).read_text(encoding="utf-8")


def reference_module(exercise: manifest.Exercise) -> types.ModuleType:
    """The exercise's reference solution as a module (``checker.solutions.<stem>``), loaded
    once from ``solutions_dir()`` by its path: the same module whether the kit is a wheel
    or a checkout, and nothing on sys.path decides which file it is."""
    name = f"{REFERENCE_MODULES}.{exercise.stem}"
    module = sys.modules.get(name)
    if module is None:
        spec = importlib.util.spec_from_file_location(name, solution_path(exercise))
        module = importlib.util.module_from_spec(spec)
        sys.modules[name] = module
        try:
            spec.loader.exec_module(module)
        except BaseException:
            del sys.modules[name]
            raise
    return module


class NoSolutions(Exception):
    """The kit was installed without its reference solutions (a one-line message)."""


def reference_text(exercise: manifest.Exercise) -> str:
    """The reference solution's text, for every part that shows or runs it (``solution``,
    ``model --reference``); ``NoSolutions`` with a one-line message when it is missing."""
    try:
        return solution_text(exercise)
    except (SourceError, OSError):
        raise NoSolutions(t("the reference solutions are not installed with this kit")) \
            from None


def header(exercise: manifest.Exercise) -> str:
    """The first lines of an exercise's module docstring, made from the manifest."""
    title, section = exercise.title, exercise.section
    return (f'"""Exercise {exercise.id} · {title["en"]} — 练习 {exercise.id} · {title["zh"]}\n'
            f"\n"
            f"Lesson section / 课文章节: {section['en']} / {section['zh']}\n")


def blocks(text: str) -> list[tuple[int, int, str]]:
    """(first line, last line, indentation) of every marked solution block, 0-based."""
    found, start, indent = [], None, ""
    for i, line in enumerate(text.splitlines()):
        stripped = line.strip()
        if stripped == BEGIN:
            if start is not None:
                raise SourceError(f"line {i + 1}: {BEGIN} inside another block")
            start, indent = i, line[: len(line) - len(line.lstrip())]
        elif stripped == END:
            if start is None:
                raise SourceError(f"line {i + 1}: {END} without {BEGIN}")
            found.append((start, i, indent))
            start = None
    if start is not None:
        raise SourceError(f"line {start + 1}: {BEGIN} is never closed")
    return found


def stub_from_solution(text: str) -> str:
    """The learner's stub: every marked block in a function becomes ``raise
    NotImplementedError``; a marked block at the top level (a helper of the reference
    solution) is left out, with the blank lines that separate it."""
    lines = text.splitlines(keepends=True)
    for first, last, indent in reversed(blocks(text)):
        if indent:
            lines[first: last + 1] = [f"{indent}{STUB_BODY}\n"]
        else:
            while last + 1 < len(lines) and not lines[last + 1].strip():
                last += 1
            lines[first: last + 1] = []
    return "".join(lines)


def without_markers(text: str) -> str:
    """The solution as a learner reads it: the marker lines left out."""
    return "".join(line for line in text.splitlines(keepends=True)
                   if line.strip() not in (BEGIN, END))


def stub_text(exercise: manifest.Exercise) -> str:
    """The original stub of an exercise, derived from its solution."""
    return stub_from_solution(solution_text(exercise))


def with_header(text: str, exercise: manifest.Exercise) -> str:
    """``text`` (a solution file) with its docstring's first lines made from the manifest."""
    match = re.match(r'"""[^\n]*\n\n[^\n]*\n', text)
    if match is None:
        raise SourceError(f"{exercise.file}: the docstring does not start with a title line, "
                          "a blank line and a section line")
    return header(exercise) + text[match.end():]
