"""The grader's review scan (forbidden.review_source): it flags the idioms the third blind
red team's escapes need, and no correct implementation (it changes no score)."""
from __future__ import annotations

from pathlib import Path

import pytest

from checker.engine.forbidden import review_source

TESTS = Path(__file__).resolve().parent
HONEST = [p for root in ("implementations/correct", "blind_feedback")
          for p in sorted((TESTS / root).rglob("*.py"))] + sorted(
              (TESTS.parent / "solutions").glob("ex*.py"))
ESCAPES = ["blocked_events", "unrefuse_sdpa", "numpy_rawptr", "env_stack", "frame_unrefuse",
           "methodcaller_softmax"]


def test_no_correct_implementation_needs_review():
    assert HONEST
    flagged = {str(p.relative_to(TESTS.parent)): [v.call for v in review_source(p.read_text())]
               for p in HONEST}
    assert not {k: v for k, v in flagged.items() if v}


@pytest.mark.parametrize("attack", ESCAPES)
def test_an_escape_needs_review(attack):
    files = sorted((TESTS / "hostile_white" / attack).glob("ex*.py"))
    assert files and any(review_source(f.read_text()) for f in files)


def test_dunder_names_built_from_pieces_and_computed_getters_are_flagged():
    source = ('import operator\nf = operator.attrgetter("__glo" + "bals__")\n'
              'g = operator.methodcaller(name)\nh = x.__array_interface__\n')
    found = {v.line for v in review_source(source)}
    assert found == {2, 3, 4}
