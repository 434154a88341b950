"""The tiny GPT's training text: the kit's own explanations of the exercises.

Every exercise file opens with a module docstring that explains its idea in English and
in Chinese (WHAT, FORMULA, SHAPES, RETURN, RULES, CHECK). Joined in the kit's order they
make about 31,000 characters with some 620 distinct characters: enough for a character
model to pick up words, layout and a little Chinese in a few seconds of training. The
text is read from the kit's reference solutions, the one source of every exercise's
text (see stubs.py), never from the learner's files.
"""
from __future__ import annotations

import ast

from checker import manifest, stubs

PROMPTS = {"en": "The attention ", "zh": "注意力"}


def training_text() -> str:
    """The module docstrings of every exercise, in the kit's order, as one text."""
    parts = []
    for exercise in manifest.load():
        doc = ast.get_docstring(ast.parse(stubs.solution_text(exercise)))
        if doc:
            parts.append(doc)
    return "\n\n".join(parts) + "\n"


def prompt(lang: str) -> str:
    """The start of the generated text, in the run's language."""
    return PROMPTS.get(lang, PROMPTS["en"])
