"""Grades an instructor can hand back (issue 19) and names no one can take (issue 17).

One class is graded once, as an instructor would: submissions whose exercise files lie
deep inside (a Downloads path, a zipped clone of the kit), none at all, two candidate
folders, names with spaces, accents, CJK, case and Unicode look-alikes, a name that is a
spreadsheet formula, a syntax error and a missing file. Then a regrade with the seed the
first run drew, and the Gradescope scripts with a forged ``checker/`` in the submission.
"""
from __future__ import annotations

import csv
import json
import os
import subprocess
import sys
import unicodedata
import zipfile
from pathlib import Path

import pytest
from conftest import EXERCISES, SOLUTIONS, cli, copy_exercises, validate_grade_reports

from checker import manifest
from checker.grading import names
from checker.judge.document import REPORT_KEYS

FILES = {e.id: e.file for e in manifest.load()}
TIMEOUT = "1.5"
NFC, NFD = unicodedata.normalize("NFC", "José"), unicodedata.normalize("NFD", "José")


def _zip(folder: Path, archive: Path, prefix: str) -> Path:
    with zipfile.ZipFile(archive, "w") as z:
        for path in sorted(folder.rglob("*")):
            if path.is_file():
                z.write(path, prefix + path.relative_to(folder).as_posix())
    return archive


@pytest.fixture(scope="module")
def graded(tmp_path_factory):
    base = tmp_path_factory.mktemp("identity")
    classdir, out = base / "class", base / "out"
    copy_exercises(SOLUTIONS, classdir / "kim" / "Users" / "kim" / "Downloads" / "attention-kit"
                   / "exercises")
    clone = base / "clone"  # a zipped clone: exercises/ beside solutions/ and tests/
    copy_exercises(SOLUTIONS, clone / "exercises")
    copy_exercises(SOLUTIONS, clone / "solutions")
    copy_exercises(EXERCISES, clone / "tests" / "implementations" / "wrong")
    _zip(clone, classdir / "clone.zip", "attention-kit-main/")
    two = base / "two"  # v1/ and v2/: which one is the work?
    copy_exercises(SOLUTIONS, two / "v1")
    copy_exercises(EXERCISES, two / "v2")
    _zip(two, classdir / "versions.zip", "")
    (classdir / "nothing").mkdir()
    (classdir / "nothing" / "softmax.py").write_text("def softmax(x): pass\n")
    (classdir / "nothing" / "notes.txt").write_text("hello\n")
    for name in ("Jane Doe", "Jane_Doe", "李雷", f"{NFC} García", "Clean_a", "clean_a",
                 "=HYPERLINK(1)"):
        copy_exercises(EXERCISES, classdir / name)
    if not (classdir / f"{NFD} García").exists():  # a file system that keeps both forms
        copy_exercises(EXERCISES, classdir / f"{NFD} García")
    _zip(copy_exercises(EXERCISES, base / "upper"), classdir / "CLEAN_A.zip", "")
    broken = copy_exercises(EXERCISES, classdir / "broken")
    (broken / FILES["01"]).write_text("def hard_lookup(query, keys, values)\n    return 1\n")
    (broken / FILES["02"]).unlink()
    done = cli("grade", str(classdir), "--out", str(out), "--jobs", "2", "--timeout", TIMEOUT,
               cwd=base, timeout=900)
    with open(out / "grades.csv", newline="", encoding="utf-8-sig") as f:
        rows = list(csv.DictReader(f))
    return {"done": done, "rows": {r["path"]: r for r in rows}, "out": out, "base": base,
            "classdir": classdir, "csv": (out / "grades.csv").read_text(encoding="utf-8-sig")}


def test_no_silent_zeros(graded):
    done, rows = graded["done"], graded["rows"]
    assert done.returncode == 0, done.stderr[-2000:]
    deep, clone = rows["kim"], rows["clone.zip"]
    assert (deep["total"], deep["status"]) == ("100", "ok"), deep
    assert (clone["total"], clone["status"]) == ("100", "ok"), clone
    nothing, two = rows["nothing"], rows["versions.zip"]
    assert nothing["status"] == "no_files" and "softmax.py" in nothing["reason"], nothing
    assert "notes.txt" in nothing["reason"]
    assert two["status"] == "ambiguous", two
    assert "v1/" in two["reason"] and "v2/" in two["reason"]
    assert "1 no_files" in done.stdout and "1 ambiguous" in done.stdout


def test_a_class_folder_with_json_is_a_usage_error(graded):
    done = cli("grade", str(graded["classdir"]), "--json", str(graded["base"] / "x.json"))
    assert done.returncode == 2 and "--out" in done.stderr, done.stderr
    assert len(done.stderr.strip().splitlines()) == 1
    assert not (graded["base"] / "x.json").exists()


def test_names_keep_their_spelling_and_the_path_leads_back(graded):
    rows, out = graded["rows"], graded["out"]
    for original in ("Jane Doe", "Jane_Doe", "李雷"):
        assert rows[original]["submission"] == original, rows[original]
        assert (out / f"{original}.json").is_file()
    lines = graded["csv"].splitlines()
    assert lines[0].startswith("submission,ex01,") and lines[0].endswith(
        ",total,max_score,status,reason,path,seed,key")


def test_look_alike_names_are_all_renamed_the_same_way(graded):
    rows, done = graded["rows"], graded["done"]
    look_alikes = ["Clean_a", "clean_a", "CLEAN_A.zip"]
    new = [rows[p]["submission"] for p in look_alikes]
    assert len({names.key(n) for n in new}) == 3, new  # told apart, whatever the case
    assert all(n != p and n.lower().startswith("clean_a-") for n, p in zip(new, look_alikes))
    assert "clean_a" not in {r["submission"].lower() for r in rows.values()}
    assert "3 submissions share the name" in done.stdout
    accented = [p for p in rows if p.endswith(" García")]
    if len(accented) == 2:  # José written with one code point and with two
        assert all(rows[p]["submission"] != p for p in accented)
        assert "2 submissions share the name" in done.stdout
    report = json.loads((graded["out"] / f"{new[0]}.json").read_text(encoding="utf-8"))
    assert report["submission"]["original"] == "Clean_a"


def test_nothing_a_student_named_reaches_the_csv_as_a_formula(graded):
    row = graded["rows"]["'=HYPERLINK(1)"]  # the path cell is neutralised too
    # the key (and so the report's name) starts with no formula character: it stands in
    # the key column as it is, and the submission column shows the same
    assert row["submission"] == row["key"] == "_HYPERLINK(1)"
    for line in graded["csv"].splitlines():
        assert not any(cell.startswith(("=", "+", "-", "@")) for cell in next(csv.reader([line])))


def test_every_report_has_one_shape(graded):
    out = graded["out"]
    assert validate_grade_reports(["grade", "x", "--out", str(out)]) == len(graded["rows"])
    shapes = {tuple(json.loads(p.read_text(encoding="utf-8")))
              for p in out.glob("*.json")}
    assert shapes == {REPORT_KEYS}, shapes
    seeds = {json.loads(p.read_text(encoding="utf-8"))["seed"] for p in out.glob("*.json")}
    assert len(seeds) == 1 and {r["seed"] for r in graded["rows"].values()} == {str(*seeds)}


def test_messages_are_for_their_reader(graded):
    report = json.loads((graded["out"] / "broken.json").read_text(encoding="utf-8"))
    failures = {t["metadata"]["exercise"]: t["metadata"].get("failure", {})
                for t in report["tests"]}
    assert "line 1: def hard_lookup(query, keys, values)" in failures["01"]["detail"]
    assert "attn-kit reset" not in json.dumps(report)
    assert FILES["02"] in failures["02"]["fix"] and "not started" in failures["02"]["fix"]


def test_a_fresh_seed_per_run_and_a_regrade_reproduces_it(graded, tmp_path):
    first = json.loads((graded["out"] / "kim.json").read_text(encoding="utf-8"))
    seed = first["seed"]
    kim = graded["classdir"] / "kim"
    again = tmp_path / "again.json"
    done = cli("grade", str(kim), "--json", str(again), "--timeout", TIMEOUT, "--seed", str(seed),
               timeout=300)
    assert done.returncode == 0, done.stderr
    second = json.loads(again.read_text(encoding="utf-8"))

    def facts(document):
        return [(t["nodeid"], t["metadata"]) for t in document["tests"]], document["exercises"]
    assert second["seed"] == seed and facts(second) == facts(first)
    other = tmp_path / "other.json"
    assert cli("grade", str(kim), "--json", str(other), "--timeout", TIMEOUT,
               timeout=300).returncode == 0
    assert json.loads(other.read_text(encoding="utf-8"))["seed"] != seed  # 1 in 2**31 to fail


def test_check_keeps_its_fixed_seed(tmp_path):
    from checker import defaults

    target = tmp_path / "r.json"
    cli("check", "01", "--exercises", str(copy_exercises(EXERCISES, tmp_path / "ex")),
        "--json", str(target))
    assert json.loads(target.read_text())["seed"] == defaults.SEED


def test_unique_names_do_not_depend_on_order_or_on_the_rest_of_the_class():
    stems = ["Clean_a", "clean_a", "bob"]
    a, _ = names.unique(stems, stems)
    b, _ = names.unique(stems[::-1], stems[::-1])
    assert a == b[::-1] and a[2] == "bob"
    # a name chosen to be what a renamed classmate becomes is renamed with it
    taken = a[1]
    c, collisions = names.unique([*stems, taken], [*stems, f"{taken}.zip"])
    assert len({names.key(n) for n in c}) == 4 and len(collisions) == 2
    assert all(len(n) <= 64 for n in names.unique(["x" * 300, "X" * 300], ["a", "b"])[0])
    # names that clean to the same text (runs of spaces) still get a report each
    spaced, _ = names.unique(["a  b", "a b", "a\tb"], ["a  b", "a b", "a\tb"])
    assert len({names.key(n) for n in spaced}) == 3


def test_letters_drawn_like_latin_ones_are_the_same_name():
    # Cyrillic е and а, a Greek capital Ο, an Armenian օ: each one looks like the Latin
    # name beside it, so every one of them is renamed (A16 of the third red team)
    look_alikes = ["clean_a", "cl\u0435an_a", "CLE\u0391N_A", "cle\u0430n_a", "b\u0585b"]
    new, collisions = names.unique([*look_alikes, "bob"], [*look_alikes, "bob"])
    assert len(collisions) == 2 and all(n != o for n, o in zip(new, [*look_alikes, "bob"]))
    assert len({names.key(n) for n in new}) == 6
    # names written in another script keep their letters, and stay apart from Latin ones
    own = ["\u0410\u043d\u043d\u0430", "Anna", "\u039d\u03af\u03ba\u03bf\u03c2", "Nikos", "李雷"]
    kept, none = names.unique(own, own)
    assert kept == own and none == []


# ------------------------------------------------------------- Gradescope scripts
def test_run_autograder_runs_the_kit_not_a_checker_in_the_submission(tmp_path):
    bundle = tmp_path / "autograder.zip"
    done = cli("gradescope-bundle", str(bundle), "--timeout", TIMEOUT)
    assert done.returncode == 0, done.stderr
    assert "seed" in done.stdout
    root = tmp_path / "autograder"
    with zipfile.ZipFile(bundle) as z:
        z.extractall(root / "source")
    submission = copy_exercises(SOLUTIONS, root / "submission")
    forged = submission / "checker"
    forged.mkdir()
    (forged / "__init__.py").write_text("")
    (forged / "__main__.py").write_text(
        "import json, os\n"
        f"path = {str(root / 'results' / 'results.json')!r}\n"
        "os.makedirs(os.path.dirname(path), exist_ok=True)\n"
        "json.dump({'score': 1000, 'output': 'FORGED', 'tests': []}, open(path, 'w'))\n")
    (forged / "cli.py").write_text("raise SystemExit('FORGED')\n")
    env = {**os.environ, "AUTOGRADER_ROOT": str(root), "ATTN_KIT_PYTHON": sys.executable,
           "PYTHONPATH": ".", "PYTHONSTARTUP": str(forged / "cli.py")}
    ran = subprocess.run(["bash", str(root / "source" / "run_autograder")], env=env,
                         cwd=submission, capture_output=True, text=True, timeout=300)
    assert ran.returncode == 0, ran.stderr
    results = json.loads((root / "results" / "results.json").read_text(encoding="utf-8"))
    assert results["score"] == 100 and "FORGED" not in json.dumps(results)
    import jsonschema

    from conftest import ROOT
    schema = json.loads((ROOT / "checker" / "grading" / "schemas" /
                         "gradescope.schema.json").read_text())
    jsonschema.validate(results, schema)
    assert isinstance(results["extra_data"]["seed"], int)
