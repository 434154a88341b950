"""A learner's check in two checking processes (judge/parallel.py) against the plain path:
the same results, every exercise run once, and nothing lost when a process dies."""
from __future__ import annotations

import os
import shutil
import threading

import pytest

from checker import manifest
from checker.engine.submission import from_folder
from checker.judge import parallel, runner
from checker.options import RunOptions

from conftest import IMPLEMENTATIONS, SOLUTIONS

LEARNER = RunOptions(learner_check=True)


def _claims(order):
    """Two processes' claims on one pipe holding every index of ``order`` once."""
    read, write = os.pipe()
    os.write(write, bytes(range(len(order))))
    os.close(write)
    return read, parallel.Claims(order, read), parallel.Claims(order, read)


def test_each_exercise_is_run_by_exactly_one_process_in_order():
    order = [e.id for e in manifest.load()]
    read, a, b = _claims(order)
    try:
        ran_a, ran_b = [], []
        # the two walk the cases in the same order, one exercise at a time each, in turn
        for eid in order:
            for claims, ran in ((a, ran_a), (b, ran_b)):
                if claims.mine(eid):
                    ran.append(eid)
        assert sorted(ran_a + ran_b) == sorted(order)
        assert not set(ran_a) & set(ran_b)
        assert ran_a == [e for e in order if e in ran_a]  # each in the cases' order
        assert set(ran_a) == a.ran and set(ran_b) == b.ran
    finally:
        os.close(read)


def test_the_next_exercise_held_is_the_one_started_ahead():
    order = ["01", "02", "03", "04"]
    read, a, b = _claims(order)
    try:
        assert a.first() == "01" and b.first() == "03"  # a holds 01 and 02, b 03 and 04
        assert a.following("01") == "02"
        assert a.mine("01") and not b.mine("01")
        assert b.following("03") == "04"
        assert a.following("02") is None  # nothing left to take after it
    finally:
        os.close(read)


def test_used_only_for_a_learners_check_of_several_exercises_without_threads(monkeypatch):
    monkeypatch.setattr(threading, "active_count", lambda: 1)
    monkeypatch.setattr(os, "sched_getaffinity", lambda pid: {0, 1})
    every = list(manifest.load())
    assert parallel.worth_it(every, LEARNER)
    assert not parallel.worth_it(every[:1], LEARNER)                   # one exercise
    assert not parallel.worth_it(every, RunOptions())                  # a grade
    assert not parallel.worth_it(every, RunOptions(learner_check=True, json_report=True))
    monkeypatch.setattr(os, "sched_getaffinity", lambda pid: {0})
    assert not parallel.worth_it(every, LEARNER)                       # one CPU
    monkeypatch.setattr(os, "sched_getaffinity", lambda pid: {0, 1})
    monkeypatch.setattr(threading, "active_count", lambda: 2)
    assert not parallel.worth_it(every, LEARNER)                       # a notebook, watch


@pytest.fixture
def mixed(tmp_path):
    """A learner's folder: solutions, a wrong file with a cause, a stub (not started), a
    file with a syntax error."""
    folder = tmp_path / "exercises"
    folder.mkdir()
    exercises = list(manifest.load())
    for e in exercises:
        shutil.copy(SOLUTIONS / e.file, folder / e.file)
    shutil.copy(IMPLEMENTATIONS / "wrong" / "ex04_scaling" / "in_place.py",
                folder / "ex04_scaling.py")
    from checker import stubs

    (folder / exercises[5].file).write_text(stubs.stub_text(exercises[5]))
    (folder / exercises[7].file).write_text("def broken(:\n")
    return folder


def _summary(run):
    return [(e.id, e.status, [(c.name, c.status, c.failure.cause if c.failure else "")
                              for c in e.cases]) for e in run.result.exercises]


def test_both_paths_give_the_same_results(mixed, monkeypatch):
    monkeypatch.setattr(threading, "active_count", lambda: 1)  # xdist's own threads
    target = from_folder(str(mixed), allow_links=True)
    selected = list(manifest.load())
    assert parallel.worth_it(selected, LEARNER) or os.cpu_count() < 2
    shared = parallel.run(target, selected, LEARNER, runner.one_process)
    plain = runner.one_process(target, selected, LEARNER)
    assert _summary(shared) == _summary(plain)
    statuses = {e.id: e.status for e in shared.result.exercises}
    assert statuses["04"] == "failed" and statuses["06"] == "not_started" \
        and statuses["08"] == "error"


def test_what_a_dead_checking_process_ran_is_checked_again(mixed, monkeypatch):
    selected = list(manifest.load())[:6]
    target = from_folder(str(mixed), allow_links=True)

    def dies_at_03(target, selected, options, claims=None):
        if claims is not None and "03" in (claims.first(), claims.following(claims.first())):
            os._exit(1)  # as a crash would end it, sending nothing
        return runner.one_process(target, selected, options, claims)

    done = parallel.run(target, selected, LEARNER, dies_at_03)
    assert [e.id for e in done.result.exercises] == [e.id for e in selected]
    plain = runner.one_process(target, selected, LEARNER)
    assert _summary(done) == _summary(plain)
