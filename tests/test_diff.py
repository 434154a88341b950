"""`attn-kit diff OLD NEW`: whose grades changed between two `grade --out` runs.

Most tests write the two --out folders by hand (fast, and every change is known); the
last grades a tiny class twice for real, with one student's file changed between runs.
"""
from __future__ import annotations

import csv
import io
import json
import shutil
from pathlib import Path

import pytest
from conftest import SOLUTIONS, cli, copy_exercises

import classroom

IDS = ("04", "05")


def report(name: str, scores: dict, statuses: dict | None = None, status: str = "ok",
           reason: str = "", seed: int = 7, max_score: float = 20.0) -> dict:
    """The parts of a report `diff` reads, shaped as `attn-kit grade` writes them."""
    statuses = statuses or {}
    exercises = [{"id": eid, "title": eid, "status": statuses.get(eid, "passed" if scores[eid]
                                                                   == 10 else "failed"),
                  "passed": 0, "total": 0, "score": scores[eid], "max_score": 10.0}
                 for eid in scores]
    total = round(sum(scores.values()), 2)
    return {"exercises": exercises, "score": total, "max_score": max_score, "seed": seed,
            "submission": {"name": name, "path": f"/x/{name}", "original": name},
            "grade": {"status": status, "reason": reason, "score": total,
                      "max_score": max_score, "seconds": 0.1}}


def write_run(folder: Path, reports: dict[str, dict]) -> Path:
    folder.mkdir(parents=True)
    for key, document in reports.items():
        (folder / f"{key}.json").write_text(json.dumps(document), encoding="utf-8")
    (folder / "grades.csv").write_text("submission\n", encoding="utf-8")  # never read
    return folder


def csv_rows(path: Path) -> list[list[str]]:
    return list(csv.reader(io.StringIO(path.read_text(encoding="utf-8-sig"))))


@pytest.fixture
def two_runs(tmp_path):
    old = write_run(tmp_path / "old", {
        "alice": report("alice", {"04": 10, "05": 8.46}),
        "bob": report("bob", {"04": 10, "05": 10}),
        "carl": report("carl", {"04": 0, "05": 10}, {"04": "timeout"}, status="timeout",
                       reason="04: no answer within 3 s"),
        "dora": report("dora", {"04": 10, "05": 0}),
    })
    new = write_run(tmp_path / "new", {
        "alice": report("alice", {"04": 10, "05": 10}),
        "bob": report("bob", {"04": 10, "05": 10}),
        "carl": report("carl", {"04": 0, "05": 10}, {"04": "failed"}),
        "erin": report("erin", {"04": 10, "05": 10}),
    })
    return old, new


def test_the_changed_students_and_exercises_exactly(two_runs, tmp_path):
    old, new = two_runs
    out = tmp_path / "changes.csv"
    done = cli("diff", str(old), str(new), "--csv", str(out))
    assert done.returncode == 0, done.stderr
    # the last line names the CSV: a long path may wrap on the console, so it is read whole
    summary, written = done.stdout.split("Changes written to")
    assert "".join(written.split()) == str(out)
    assert summary.splitlines() == [
        "alice: 18.46 -> 20",
        "  05: 8.46 -> 10 (failed -> passed)",
        "carl: 10 -> 10",
        "  status: timeout -> ok",
        "  04: 0 -> 0 (timeout -> failed)",
        "removed: dora (was 10/20)",
        "added: erin (20/20)",
        "3 compared, 2 changed, 1 added, 1 removed",
    ]  # bob, unchanged, is not listed; the seeds are the same, so no seed line
    assert csv_rows(out) == [
        ["key", "what", "old", "new"],
        ["alice", "total", "18.46", "20"],
        ["alice", "ex05", "8.46", "10"],
        ["alice", "ex05 status", "failed", "passed"],
        ["carl", "status", "timeout", "ok"],
        ["carl", "ex04 status", "timeout", "failed"],
        ["dora", "removed", "10", ""],
        ["erin", "added", "", "20"],
    ]


def test_nothing_changed_exits_0_too(two_runs):
    old, _ = two_runs
    done = cli("diff", str(old), str(old))
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines() == ["4 compared, 0 changed, 0 added, 0 removed"]


def test_students_are_joined_by_key_never_by_a_folded_name(tmp_path):
    """`Kim` and `kim` (keys Kim-1a2b3c and kim-4d5e6f) stay two students; a key spelt
    otherwise in the new run is one student removed and one added, never a match."""
    kim_a, kim_b = "Kim-1a2b3c", "kim-4d5e6f"
    old = write_run(tmp_path / "old", {
        kim_a: report("Kim", {"04": 10, "05": 10}),
        kim_b: report("kim", {"04": 10, "05": 0}),
        "Lee": report("Lee", {"04": 10, "05": 10}),
    })
    new = write_run(tmp_path / "new", {
        kim_a: report("Kim", {"04": 10, "05": 10}),
        kim_b: report("kim", {"04": 10, "05": 5}),
        "lee": report("Lee", {"04": 10, "05": 10}),   # the same display name, another key
    })
    out = tmp_path / "changes.csv"
    done = cli("diff", str(old), str(new), "--csv", str(out))
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines()[:5] == [
        f"{kim_b}: 10 -> 15",
        "  05: 0 -> 5 (failed)",
        "removed: Lee (was 20/20)",
        "added: lee (20/20)",
        "2 compared, 1 changed, 1 added, 1 removed",
    ]
    assert [row[:2] for row in csv_rows(out)[1:]] == [
        [kim_b, "total"], [kim_b, "ex05"], ["Lee", "removed"], ["lee", "added"]]


def test_a_max_score_change_and_different_seeds_are_said(tmp_path):
    old = write_run(tmp_path / "old", {"ana": report("ana", {"04": 10, "05": 10}, seed=1)})
    new = write_run(tmp_path / "new", {"ana": report("ana", {"04": 10, "05": 10}, seed=2,
                                                     max_score=30.0)})
    out = tmp_path / "changes.csv"
    done = cli("diff", str(old), str(new), "--csv", str(out))
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[0] == "ana: 20/20 -> 20/30"
    assert lines[2].startswith("Different seeds (old 1, new 2): other hidden inputs")
    assert csv_rows(out)[1:] == [["ana", "max_score", "20", "30"]]


def test_keys_are_text_never_markup_and_round_trip_in_the_csv(tmp_path):
    key = "x [bold]y[red], z"   # a file name holds no '/': no closing tag, but opening ones
    old = write_run(tmp_path / "old", {key: report(key, {"04": 10, "05": 10})})
    hostile = report(key, {"04": 10, "05": 10}, status="=HYPERLINK(1)")
    new = write_run(tmp_path / "new", {key: hostile})
    out = tmp_path / "changes.csv"
    done = cli("diff", str(old), str(new), "--csv", str(out))
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines()[:2] == [f"{key}: 20 -> 20",
                                            "  status: ok -> =HYPERLINK(1)"]
    # the key as it is (it joins the reports' names); the other cells through the guard
    assert csv_rows(out)[1:] == [[key, "status", "ok", "'=HYPERLINK(1)"]]


def _one_line_usage_error(done, *words):
    assert done.returncode == 2, (done.stdout, done.stderr)
    assert len(done.stderr.strip().splitlines()) == 1 and "Traceback" not in done.stderr, \
        done.stderr
    for word in words:
        assert word in done.stderr, done.stderr


def test_what_is_not_a_grade_out_folder_is_one_line(two_runs, tmp_path):
    old, new = two_runs
    _one_line_usage_error(cli("diff", str(old), str(tmp_path / "nope")), "is not a folder")
    empty = tmp_path / "empty"
    empty.mkdir()
    _one_line_usage_error(cli("diff", str(empty), str(new)), "holds no reports")
    broken = write_run(tmp_path / "broken", {"ana": {"score": 1}})
    _one_line_usage_error(cli("diff", str(old), str(broken)), "ana.json is not a report")
    (tmp_path / "torn").mkdir()
    (tmp_path / "torn" / "ana.json").write_text("{", encoding="utf-8")
    _one_line_usage_error(cli("diff", str(tmp_path / "torn"), str(new)), "cannot be read")
    gradescope = write_run(tmp_path / "gs", {"ana": {
        "score": 20, "execution_time": 1, "output": "", "output_format": "text",
        "visibility": "after_published", "stdout_visibility": "hidden",
        "extra_data": {"seed": 7, "status": "ok", "submission": "ana"}, "tests": []}})
    _one_line_usage_error(cli("diff", str(gradescope), str(new)), "Gradescope",
                          "without --format gradescope")
    # --csv never lands in a run's folder (it could replace grades.csv)
    _one_line_usage_error(cli("diff", str(old), str(new), "--csv", str(new / "grades.csv")),
                          "--csv")
    assert (new / "grades.csv").read_text(encoding="utf-8") == "submission\n"


# ------------------------------------------------------------ a real regrade
def test_a_real_regrade_with_one_file_fixed(tmp_path):
    """Three students graded, then graded again with the same seed after ben fixed his
    softmax, ana left and cid joined: ben alone changed, by exercise 05."""
    subs = tmp_path / "subs"
    for student in ("ana", "ben", "Ben"):
        copy_exercises(SOLUTIONS, subs / student)
    softmax = classroom.FILES["05"]
    (subs / "ben" / softmax).write_text(classroom.wrong_file("05", "no_max_shift.py"),
                                        encoding="utf-8")
    common = ["--seed", "5", "--jobs", "1", "--timeout", "3"]
    done = cli("grade", str(subs), "--out", str(tmp_path / "old"), *common, timeout=600)
    assert done.returncode == 0, done.stderr[-2000:]
    shutil.copy(SOLUTIONS / softmax, subs / "ben" / softmax)
    shutil.rmtree(subs / "ana")
    copy_exercises(SOLUTIONS, subs / "cid")
    done = cli("grade", str(subs), "--out", str(tmp_path / "new"), *common, timeout=600)
    assert done.returncode == 0, done.stderr[-2000:]

    old_keys = sorted(p.stem for p in (tmp_path / "old").glob("*.json"))
    assert len(old_keys) == 3 and "ana" in old_keys  # ben and Ben were renamed apart
    ben = [k for k in old_keys if k.startswith("ben-")]
    assert len(ben) == 1, old_keys
    ben = ben[0]
    before = json.loads((tmp_path / "old" / f"{ben}.json").read_text(encoding="utf-8"))
    was = {e["id"]: e for e in before["exercises"]}["05"]
    assert was["status"] == "failed" and was["score"] < 10

    out = tmp_path / "changes.csv"
    done = cli("diff", str(tmp_path / "old"), str(tmp_path / "new"), "--csv", str(out))
    assert done.returncode == 0, done.stderr
    assert csv_rows(out)[1:] == [
        [ben, "total", f"{before['score']:g}", "100"],
        [ben, "ex05", f"{was['score']:g}", "10"],
        [ben, "ex05 status", "failed", "passed"],
        ["ana", "removed", "100", ""],
        ["cid", "added", "", "100"],
    ]
    assert done.stdout.split("Changes written to")[0].splitlines()[-1] == \
        "2 compared, 1 changed, 1 added, 1 removed"
