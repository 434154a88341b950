"""An exercise file that is the kit's own stub, answered from a transcript (supervisor).

A class graded at a deadline has many exercise files nobody touched. The first such file
of an exercise runs in a worker like any other and its answers are kept; the next one
is answered from them, with no process. Its documents must be what a worker gives: here
the same folders are checked in one session with transcripts and in one without, and
every document is compared key for key (times aside).
"""
from __future__ import annotations

import pytest
from conftest import EXERCISES, SOLUTIONS, comparable, copy_exercises

from checker import manifest
from checker.engine import forkserver, supervisor
from checker.judge import runner
from checker.options import RunOptions

BEYOND = {e.id for e in manifest.beyond()}


@pytest.fixture
def spawned(monkeypatch):
    """The exercise ids of the workers the session forks (the next exercise's is forked
    ahead of the current one's first case: the order is not the exercises')."""
    started: list[str] = []
    real = forkserver.spawn

    def spawn(config, shared=None):
        started.append(next(e.id for e in manifest.load() if config["file"].endswith(e.file)))
        return real(config, shared)

    monkeypatch.setattr(forkserver, "spawn", spawn)
    monkeypatch.setattr(supervisor.Transcript, "_kept", {})
    return started


def _class(tmp_path):
    stubs = [copy_exercises(EXERCISES, tmp_path / f"stubs{k}") for k in range(3)]
    mixed = copy_exercises(SOLUTIONS, tmp_path / "mixed")  # 05 and 08 untouched
    for eid in ("05", "08"):
        e = manifest.by_id()[eid]
        (mixed / e.file).write_text((EXERCISES / e.file).read_text())
    touched = copy_exercises(EXERCISES, tmp_path / "touched")  # a byte more: a learner's
    for e in manifest.load():
        (touched / e.file).write_text((EXERCISES / e.file).read_text() + "\n")
    return [stubs[0], mixed, stubs[1], touched, stubs[2]]


def _documents(folders, exercises) -> list[dict]:
    documents = []

    def body(check_one):
        for folder in folders:
            documents.append(check_one(str(folder), RunOptions(json_report=True, timeout=2.0))
                             .document)

    runner.session(exercises, True, body)
    return documents


def test_a_stub_answered_from_its_transcript_reports_what_its_worker_reports(
        tmp_path, monkeypatch, spawned):
    exercises = [e for e in manifest.load() if e.id not in BEYOND]
    folders = _class(tmp_path)
    replayed = _documents(folders, exercises)
    ids = [e.id for e in exercises]
    # the first stubs ran in workers; then only the learner's files and the touched ones
    assert sorted(spawned) == sorted(ids + [i for i in ids if i not in ("05", "08")] + ids)
    monkeypatch.setattr(supervisor, "_kit_stub", lambda exercise_id: None)  # no transcripts
    spawned.clear()
    worked = _documents(folders, exercises)
    assert sorted(spawned) == sorted(ids * len(folders))
    for folder, a, b in zip(folders, replayed, worked):
        assert comparable(a) == comparable(b), folder.name
    statuses = {t["metadata"]["status"] for t in replayed[2]["tests"]}
    assert statuses == {"not_started"}, statuses
    assert {t["metadata"]["status"] for t in replayed[1]["tests"]} >= {"passed", "not_started"}


def test_a_request_the_transcript_does_not_hold_goes_to_a_worker(tmp_path, spawned):
    exercise = manifest.by_id()["09"]
    folders = [copy_exercises(EXERCISES, tmp_path / f"stubs{k}") for k in range(2)]
    first = _documents(folders[:1], [exercise])
    kept = next(iter(supervisor.Transcript._kept.values()))
    assert kept.loaded and kept.replies
    kept.replies.pop(next(reversed(kept.replies)))  # the last case's request, forgotten
    spawned.clear()
    second = _documents(folders[1:], [exercise])
    assert spawned == ["09"]  # a worker for that case (and any after it)
    assert comparable(first[0]) == comparable(second[0])
