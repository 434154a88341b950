"""A student is one key: found once, joined on everywhere, never by a name as displayed.

The red team's class (issue 35): names that differ only in case (``bob``, ``BOB``), a zip
named ``Bob.zip.zip``, names a spreadsheet would run as formulas and their quoted twins
(``-att`` and ``'-att``, ``+bob`` and ``'+bob``), a student named like the kit's own file
(``roster``), a name in decomposed Unicode beside a roster in composed form (``José``), and
an ambiguous submission that cannot be graded. Every student must keep their own score in
every output: grades.csv, the JSON reports, the roster match, the Canvas export, and the
shards merged. A course file grades two exercises only, to keep the run short.
"""
from __future__ import annotations

import csv
import json
import unicodedata
import zipfile
from pathlib import Path

import pytest
from conftest import EXERCISES, SOLUTIONS, cli, copy_exercises

from checker.grading import gradebook

SEED = "3"
COURSE = "[exercises]\ngraded = [\"01\", \"02\"]\n"
NFD_JOSE = unicodedata.normalize("NFD", "José")
# original name -> (roster id, expected total; None: not graded, no score)
CLASS = {
    "bob": ("101", 20), "BOB": ("102", 0), "Bob.zip.zip": (None, 0),
    "-att": ("103", 20), "'-att": ("104", 0), "+bob": ("105", 20), "'+bob": ("106", 0),
    "roster": ("107", 20), NFD_JOSE: ("108", 20), "amb": ("109", None),
}
SOLVED = {name for name, (_id, score) in CLASS.items() if score == 20}


def _build(base: Path) -> tuple[Path, Path, Path]:
    subs = base / "subs"
    for name, (_id, score) in CLASS.items():
        if name == "Bob.zip.zip":  # a zip of the stubs in a wrapping folder
            subs.mkdir(parents=True, exist_ok=True)
            with zipfile.ZipFile(subs / name, "w") as z:
                for f in sorted(EXERCISES.glob("ex*.py")):
                    z.write(f, f"Bob.zip/{f.name}")
        elif name == "amb":  # two versions: which one is the work is unclear
            copy_exercises(SOLUTIONS, subs / name / "v1")
            copy_exercises(SOLUTIONS, subs / name / "v2")
        else:
            copy_exercises(SOLUTIONS if score == 20 else EXERCISES, subs / name)
    roster = base / "roster.csv"
    lines = ["submission,id,name"] + [
        # the roster spells José composed, as gradebooks do; -att as typed
        f'"{unicodedata.normalize("NFC", name)}",{sid},Student {sid}'
        for name, (sid, _score) in CLASS.items() if sid is not None]
    roster.write_text("\n".join(lines) + "\n", encoding="utf-8")
    course = base / "course.toml"
    course.write_text(COURSE, encoding="utf-8")
    return subs, roster, course


def _rows(out: Path) -> dict[str, dict]:
    with open(out / "grades.csv", newline="", encoding="utf-8-sig") as f:
        return {row["key"]: row for row in csv.DictReader(f)}


@pytest.fixture(scope="module")
def run(tmp_path_factory):
    base = tmp_path_factory.mktemp("keys")
    subs, roster, course = _build(base)
    common = ["--course", str(course), "--seed", SEED, "--timeout", "3", "--jobs", "2"]
    one = cli("grade", str(subs), "--out", str(base / "one"), "--roster", str(roster),
              "--export", "canvas", *common, timeout=600)
    assert one.returncode == 0, one.stderr
    shards = [cli("grade", str(subs), "--shard", f"{k}/2", "--out", str(base / f"s{k}"),
                  *common, timeout=600) for k in (1, 2)]
    assert all(s.returncode == 0 for s in shards), [s.stderr for s in shards]
    merged = cli("merge", str(base / "s1"), str(base / "s2"), "--out", str(base / "merged"))
    assert merged.returncode == 0, merged.stderr
    return {"base": base, "subs": subs, "roster": roster, "one": one, "merged": merged}


def _by_original(out: Path) -> dict[str, tuple[str, dict, dict]]:
    """original name -> (key, grades.csv row, JSON report), joined by the key alone."""
    found = {}
    for key, row in _rows(out).items():
        report = json.loads((out / f"{key}.json").read_text(encoding="utf-8"))
        assert report["submission"]["name"] == key
        found[report["submission"]["original"]] = (key, row, report)
    return found


def test_every_student_keeps_their_own_score_in_grades_csv_and_the_reports(run):
    out = run["base"] / "one"
    found = _by_original(out)
    assert set(found) == set(CLASS)  # one row each: nobody dropped, nobody doubled
    for original, (key, row, report) in found.items():
        expected = CLASS[original][1] or 0
        assert float(row["total"]) == expected == report["score"], original
        # the key is written as it is: no formula guard, and it starts with none
        assert key == row["key"] and key[:1] not in "=+-@", key
    keys = [key for key, _row, _report in found.values()]
    assert len({k.casefold() for k in keys}) == len(CLASS)  # apart however they are typed
    # the kit's own roster record is not a student's report: "roster" keeps theirs
    assert found["roster"][2]["score"] == 20
    assert json.loads((out / "insights" / "roster.json").read_text())[
        "unmatched_submissions"] == [found["Bob.zip.zip"][0]]


def test_the_roster_and_the_canvas_export_give_each_id_its_own_score(run):
    out = run["base"] / "one"
    with open(out / "canvas.csv", newline="", encoding="utf-8-sig") as f:
        rows = list(csv.reader(f))
    assert rows[1][0].strip() == "Points Possible" and rows[1][5] == "20"
    by_id = {r[1]: r[5] for r in rows[2:]}
    expected = {sid: "" if score is None else f"{score:g}"
                for sid, score in CLASS.values() if sid is not None}
    assert by_id == expected  # BOB's stubs never take bob's 20; amb's cell is empty
    stdout = " ".join(run["one"].stdout.split())
    # the ungraded student is named once, with why; Bob.zip.zip matched no roster row
    assert "(id 109) has no grade, the cell is left empty" in stdout
    assert "no roster row for the submission Bob.zip" in stdout
    # Bob.zip.zip's report names no student; bob's names bob's row
    found = _by_original(out)
    assert found["Bob.zip.zip"][2]["student"] is None
    assert found["bob"][2]["student"]["id"] == "101"
    assert found[NFD_JOSE][2]["student"]["id"] == "108"


def test_shards_merged_keep_every_row(run):
    merged, one = run["base"] / "merged", run["base"] / "one"
    assert f"{len(CLASS)} rows in grades.csv" in " ".join(run["merged"].stdout.split())
    assert (merged / "grades.csv").read_bytes() == (one / "grades.csv").read_bytes()
    assert {o: (k, r["total"]) for o, (k, r, _d) in _by_original(merged).items()} == \
        {o: (k, r["total"]) for o, (k, r, _d) in _by_original(one).items()}


def test_merge_refuses_rather_than_drop_a_row(run, tmp_path):
    import shutil

    s1, s2 = tmp_path / "s1", tmp_path / "s2"
    shutil.copytree(run["base"] / "s1", s1)
    shutil.copytree(run["base"] / "s2", s2)
    text = (s1 / "grades.csv").read_text(encoding="utf-8-sig").splitlines()
    (s1 / "grades.csv").write_text("\n".join(text[:-1]) + "\n", encoding="utf-8")  # a row less
    done = cli("merge", str(s1), str(s2), "--out", str(tmp_path / "merged"))
    assert done.returncode == 2 and "grade that shard again" in done.stderr, done.stderr
    assert len(done.stderr.strip().splitlines()) == 1
    assert not (tmp_path / "merged").exists()


def test_merge_writes_csv_without_a_byte_order_mark_when_asked(run, tmp_path):
    done = cli("merge", str(run["base"] / "s1"), str(run["base"] / "s2"), "--out",
               str(tmp_path / "m"), "--no-bom")
    assert done.returncode == 0, done.stderr
    assert not (tmp_path / "m" / "grades.csv").read_bytes().startswith(b"\xef\xbb\xbf")
    assert (run["base"] / "merged" / "grades.csv").read_bytes().startswith(b"\xef\xbb\xbf")
    assert (run["base"] / "merged" / "insights" / "scores.csv").read_bytes().startswith(
        b"\xef\xbb\xbf")


# ------------------------------------------------------------- the roster alone
def _roster(tmp_path: Path, text: str) -> list:
    (tmp_path / "roster.csv").write_text(text, encoding="utf-8")
    return gradebook.read_roster(tmp_path / "roster.csv")


def test_a_roster_row_that_names_two_submissions_stops_the_run(tmp_path):
    roster = _roster(tmp_path, "submission,id\nBob,1\n")
    # a folder "Bob" and a zip "Bob.zip": both keys were renamed, both are "Bob" as handed in
    with pytest.raises(gradebook.RosterError) as caught:
        gradebook.match(roster, [("Bob-1a2b3c", "Bob"), ("Bob-4d5e6f", "Bob.zip")])
    assert "names 2 submissions" in str(caught.value)
    two_rows = _roster(tmp_path, "submission,id\nBob.zip,1\nBob-4d5e6f,2\n")
    with pytest.raises(gradebook.RosterError) as caught:
        gradebook.match(two_rows, [("Bob-1a2b3c", "Bob"), ("Bob-4d5e6f", "Bob.zip")])
    assert "lines 2 and 3 both name the submission Bob-4d5e6f" in str(caught.value)


def test_an_ambiguous_roster_stops_grade_in_one_line_before_anything_is_graded(tmp_path):
    subs = tmp_path / "subs"
    copy_exercises(EXERCISES, subs / "Bob")
    copy_exercises(EXERCISES, subs / "Bob.zip")  # a folder with a zip's name
    (tmp_path / "r.csv").write_text("submission,id\nBob,1\n", encoding="utf-8")
    done = cli("grade", str(subs), "--out", str(tmp_path / "out"), "--roster",
               str(tmp_path / "r.csv"))
    assert done.returncode == 2 and "names 2 submissions" in done.stderr, done.stderr
    assert len(done.stderr.strip().splitlines()) == 1 and not (tmp_path / "out").exists()


@pytest.mark.parametrize("sep", [",", ";", "\t"])
def test_a_roster_is_read_with_the_separator_its_spreadsheet_used(sep, tmp_path):
    roster = _roster(tmp_path, f"submission{sep}id{sep}name\nKim{sep}1{sep}K\nkim{sep}2{sep}k\n")
    # names are matched exactly: Kim and kim are two students
    matching = gradebook.match(roster, [("Kim-aa", "Kim"), ("kim-bb", "kim")])
    assert {k: s.id for k, s in matching.students.items()} == {"Kim-aa": "1", "kim-bb": "2"}


def test_a_name_that_differs_only_in_case_is_not_taken_but_pointed_at(tmp_path):
    roster = _roster(tmp_path, "submission,id\nAlice,1\n")
    matching = gradebook.match(roster, [("alice", "alice")])
    assert matching.students == {}
    assert gradebook.unmatched_lines(matching)[0].startswith(
        "no roster row for the submission alice (the roster's Alice differs")
