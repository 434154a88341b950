"""The grader's review scan (forbidden.review_source): it flags the idioms the third blind
red team's escapes need, and no honest file, right or wrong (it changes no score)."""
from __future__ import annotations

from pathlib import Path

import pytest

from checker.engine.forbidden import review_source

TESTS = Path(__file__).resolve().parent
# the library's wrong files whose mistake is a way around the forbidden-call guard: the
# review must flag them (the grader's review list shows them to a person)
HIDDEN_CALLS = {"implementations/wrong/ex05_softmax/getattr_softmax.py",
                "implementations/wrong/ex09_self_and_cross/sdpa_via_getattr.py"}
# every other file of the library and of blind sets 1 and 2 is honest code, right or
# wrong (the archived blind sets 3 to 14, 1,185 files, were scanned too until they left
# tests/ after e100708: none was flagged; their 90 files that proved a cause are in the
# library, so they are scanned here still)
LIBRARY = [p for root in ("implementations", "blind_feedback")
           for p in sorted((TESTS / root).rglob("*.py"))]
HONEST = [p for p in LIBRARY if p.relative_to(TESTS).as_posix() not in HIDDEN_CALLS] + sorted(
    (TESTS.parent / "solutions").glob("ex*.py"))
ESCAPES = ["blocked_events", "unrefuse_sdpa", "numpy_rawptr", "env_stack", "frame_unrefuse",
           "methodcaller_softmax"]


def test_no_honest_file_needs_review():
    assert len(HONEST) > 400  # the library, blind sets 1 and 2, the solutions
    flagged = {str(p.relative_to(TESTS.parent)): [v.call for v in review_source(p.read_text())]
               for p in HONEST}
    assert not {k: v for k, v in flagged.items() if v}


def test_a_forbidden_call_reached_by_a_computed_name_needs_review():
    for name in sorted(HIDDEN_CALLS):
        assert review_source((TESTS / name).read_text()), name


@pytest.mark.parametrize("attack", ESCAPES)
def test_an_escape_needs_review(attack):
    files = sorted((TESTS / "hostile_white" / attack).glob("ex*.py"))
    assert files and any(review_source(f.read_text()) for f in files)


def test_dunder_names_built_from_pieces_and_computed_getters_are_flagged():
    source = ('import operator\nf = operator.attrgetter("__glo" + "bals__")\n'
              'g = operator.methodcaller(name)\nh = x.__array_interface__\n')
    found = {v.line for v in review_source(source)}
    assert found == {2, 3, 4}
