"""The class view that `attn-kit grade --out` writes (DIR/insights/): its counts, its schema,
its CSV tables, its page in a real browser, and `attn-kit insights DIR`."""
from __future__ import annotations

import csv
import html
import json
import random
from pathlib import Path

import pytest
from conftest import cli

import browser
import classroom
from checker.grading import insights, insights_csv, insights_files, insights_page

jsonschema = pytest.importorskip("jsonschema")
SCHEMA = json.loads(insights_files.SCHEMA.read_text(encoding="utf-8"))
HOSTILE = '<script>alert(1)</script><img src=x onerror=alert(2)>'
FORMULA = '=HYPERLINK("http://evil.invalid","x")'


# --------------------------------------------------------------- unit: Tally
def _case(eid, case, status, cause="", likely="", kind="", not_checked=False):
    meta = {"exercise": eid, "case": case, "status": status, "extra key": [1]}
    failure = {k: v for k, v in (("cause", cause), ("likely", likely), ("kind", kind)) if v}
    if status != "passed":
        meta["failure"] = failure
    if not_checked:
        meta["not_checked"] = True
    return {"nodeid": f"{eid}::{case}", "metadata": meta}


def _report(status="ok", reason="", score=10.0, exercises=None, tests=None):
    return {"grade": {"status": status, "reason": reason, "score": score, "max_score": 20.0},
            "exercises": exercises or [], "tests": tests or [], "unknown": {"new": "key"}}


def _summary(eid, status, score):
    return {"id": eid, "status": status, "score": score, "max_score": 10.0}


def _small_class() -> list[tuple[str, dict]]:
    return [
        ("b", _report(score=15.0, exercises=[_summary("01", "passed", 10.0),
                                             _summary("02", "failed", 5.0)],
                      tests=[_case("01", "c1", "passed"),
                             _case("02", "c2", "passed"),
                             _case("02", "c3", "failed", "mix", "you mixed them")])),
        ("a", _report(score=5.0, exercises=[_summary("01", "failed", 5.0),
                                            _summary("02", "failed", 0.0)],
                      tests=[_case("01", "c1", "failed"),            # no cause: unexplained
                             _case("02", "c2", "failed", "mix", "you mixed them"),
                             _case("02", "c3", "failed", "mix", "you mixed them"),
                             _case("02", "c4", "failed", not_checked=True)])),
        ("c", _report(score=0.0, exercises=[_summary("01", "not_started", 0.0),
                                            _summary("02", "brand_new_status", 0.0)],
                      tests=[_case("01", "c1", "not_started", kind="missing_file"),
                             _case("02", "c2", "failed", "other", "another slip")])),
        (HOSTILE, _report(status="no_files", reason=FORMULA + HOSTILE, score=0.0)),
    ]


def _tally(reports) -> insights.Tally:
    tally = insights.Tally()
    for name, report in reports:
        tally.add(name, report)
    return tally


def test_the_view_counts_states_causes_and_what_no_cause_explains():
    view = _tally(_small_class()).view()
    jsonschema.validate(view, SCHEMA)
    assert view["submissions"] == {"total": 4, "graded": 3,
                                   "by_status": {"no_files": 1, "ok": 3}}
    ex01, ex02 = view["exercises"]
    assert ex01["counts"] == {"passed": 1, "failed": 1, "error": 0, "timeout": 0, "no_files": 1,
                              "not_started": 0, "ungraded": 1}
    assert ex02["counts"]["failed"] == 2 and ex02["counts"]["brand_new_status"] == 1
    # a student is counted once per cause, however many cases show it; most students first
    assert [(c["cause"], c["count"], c["who"]) for c in ex02["causes"]] == \
        [("mix", 2, ["a", "b"]), ("other", 1, ["c"])]
    assert ex02["causes"][0]["text"] == "you mixed them"
    # a failure without a cause is unexplained; a property waiting for values is not
    assert ex01["unexplained"] == [{"case": "c1", "count": 1, "total": 3, "who": ["a"]}]
    assert ex02["unexplained"] == []
    assert [(c["case"], c["passed"], c["total"]) for c in ex02["cases"]] == \
        [("c2", 1, 3), ("c3", 0, 2), ("c4", 0, 1)]
    assert view["ungraded"] == [{"name": HOSTILE, "status": "no_files",
                                 "reason": FORMULA + HOSTILE}]
    # scores 15, 5 and 0 of the three graded; the ungraded one has no score: it is in no
    # mean, median or band, as it is in no exercise's mean (one denominator everywhere)
    assert view["scores"]["counted"] == view["submissions"]["graded"] == 3
    assert view["scores"]["mean"] == 6.67 and view["scores"]["median"] == 5.0
    assert [b["count"] for b in view["scores"]["bins"]] == [1, 0, 1, 0, 0, 0, 0, 1, 0, 0]
    assert ex01["earned"] == 15.0 and ex01["mean_score"] == 5.0


def test_views_of_parts_add_up_to_the_view_of_the_whole_in_any_order():
    reports = _small_class()
    whole = _tally(reports).view()
    for seed in range(5):
        shuffled = reports[:]
        random.Random(seed).shuffle(shuffled)
        cut = seed % len(shuffled)
        merged = insights.Tally.from_view(_tally(shuffled[:cut]).view())
        merged.add_view(_tally(shuffled[cut:]).view())
        assert merged.view() == whole


def test_student_text_is_escaped_on_the_page_and_never_a_formula_in_a_csv():
    view = _tally(_small_class()).view()
    page = insights_page.render(view)
    assert "<script" not in page and "<img" not in page and "onerror=alert(2)>" not in page
    assert "&lt;script&gt;" in page
    assert 'http-equiv="Content-Security-Policy"' in page
    assert "default-src 'none'" in html.unescape(page)
    assert "http://" not in page.replace("http://evil.invalid", "").replace(
        "http://www.w3.org/2000/svg", "")
    for name, text in insights_csv.tables(view).items():
        for row in csv.reader(text.splitlines()):
            for cell in row:
                assert cell[:1] not in ("=", "+", "-", "@"), (name, cell)
    rows = list(csv.reader(insights_csv.tables(view)["ungraded.csv"].splitlines()))
    assert rows[1][2] == "'" + FORMULA + HOSTILE


def test_a_link_left_where_the_folder_goes_is_replaced_never_written_through(tmp_path):
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    out = tmp_path / "out"
    out.mkdir()
    (out / "insights").symlink_to(elsewhere, target_is_directory=True)
    insights_files.write(out, _tally(_small_class()).view())
    assert list(elsewhere.iterdir()) == []
    assert (out / "insights").is_dir() and not (out / "insights").is_symlink()
    assert (out / "insights" / "insights.html").is_file()


def test_without_reports_of_ours_the_view_is_read_back_from_its_json(tmp_path):
    view = _tally(_small_class()).view()
    insights_files.write(tmp_path, view)
    (tmp_path / "alice.json").write_text('{"score": 1, "tests": []}')  # a Gradescope file
    assert insights_files.from_folder(tmp_path) == {**view, "lang": "en"}


# ------------------------------------------------------ a real graded class
@pytest.fixture(scope="module")
def graded(tmp_path_factory):
    base = tmp_path_factory.mktemp("insights")
    subs = classroom.build(base)
    (subs / f"{HOSTILE.replace('/', '_')}.zip").write_bytes(b"not a zip either")
    out = base / "out"
    done = cli("grade", str(subs), "--out", str(out), "--jobs", "2", "--timeout", "3",
               "--seed", "7", timeout=900)
    assert done.returncode == 0, done.stderr[-3000:]
    view = json.loads((out / "insights" / "insights.json").read_text(encoding="utf-8"))
    return {"base": base, "out": out, "view": view, "stdout": done.stdout}


def _exercise(view, eid):
    return next(e for e in view["exercises"] if e["id"] == eid)


def test_grade_out_writes_the_class_view_and_it_names_the_class_mistakes(graded):
    view, out = graded["view"], graded["out"]
    jsonschema.validate(view, SCHEMA)
    assert "insights.html" in graded["stdout"]
    assert sorted(p.name for p in (out / "insights").iterdir()) == sorted(
        ["insights.json", "insights.html", *insights_csv.TABLES])
    causes = {e["id"]: {c["cause"]: c["who"] for c in e["causes"]} for e in view["exercises"]}
    assert causes["08"]["attn_no_scale"] == ["ben", "chloe"]
    assert causes["07"]["ex07_triu"] == ["chloe", "dan"]
    assert causes["05"]["forbidden_call"] == ["eve"]
    assert _exercise(view, "08")["causes"][0]["cause"] == "attn_no_scale"  # two students: first
    assert _exercise(view, "10")["counts"]["no_files"] == 1        # gus_partial deleted it
    assert _exercise(view, "09")["counts"]["error"] == 1           # gus_partial's syntax error
    assert _exercise(view, "01")["counts"]["not_started"] == 1     # fay_stubs
    ungraded = {u["name"]: u for u in view["ungraded"]}
    assert set(ungraded) == {"hal_broken", next(n for n in ungraded if n != "hal_broken")}
    assert "neither a folder nor a zip" in ungraded["hal_broken"]["reason"]
    assert view["submissions"]["total"] == len(classroom.MISTAKES) + 4
    with open(out / "grades.csv", newline="", encoding="utf-8-sig") as f:
        rows = {r["submission"]: r for r in csv.DictReader(f)}
    assert {s["name"]: s["score"] for s in view["scores"]["students"]} == \
        {name: float(r["total"]) for name, r in rows.items()}


def test_the_page_escapes_what_the_students_chose(graded):
    page = (graded["out"] / "insights" / "insights.html").read_text(encoding="utf-8")
    assert "<script" not in page and "<img" not in page
    assert "&lt;script&gt;alert(1)&lt;" in page  # the broken zip's name, in its reason


def test_attn_kit_insights_rebuilds_the_same_view(graded, tmp_path):
    out = graded["out"]
    saved = (out / "insights" / "insights.json").read_text(encoding="utf-8")
    (out / "insights" / "insights.html").unlink()
    done = cli("insights", str(out), timeout=120)
    assert done.returncode == 0, done.stderr
    assert (out / "insights" / "insights.json").read_text(encoding="utf-8") == saved
    assert (out / "insights" / "insights.html").exists()
    # in Chinese, the page speaks Chinese
    done = cli("insights", str(out), "--lang", "zh", timeout=120)
    assert done.returncode == 0, done.stderr
    assert "全班学情" in (out / "insights" / "insights.html").read_text(encoding="utf-8")
    assert cli("insights", str(out), timeout=120).returncode == 0  # back to English
    # a folder that holds no run says what to do, in one line
    done = cli("insights", str(tmp_path), timeout=120)
    assert done.returncode == 2 and len(done.stderr.strip().splitlines()) == 1
    assert "grade the class into it first" in done.stderr


def _value(view: dict, key: str):
    """The number at a page's ``data-key`` in the JSON (exercises and causes by their id)."""
    node = view
    for part in key.split("."):
        if isinstance(node, list) and node and "id" in node[0]:
            node = next(e for e in node if e["id"] == part)
        elif isinstance(node, list) and node and "cause" in node[0]:
            node = next(e for e in node if e["cause"] == part)
        elif isinstance(node, list):
            node = node[int(part)]
        else:
            node = node[part]
    return node


@pytest.mark.skipif(browser.find() is None, reason="no headless chromium on this machine")
def test_in_a_real_browser_the_numbers_on_the_page_are_the_jsons(graded, tmp_path):
    page = graded["out"] / "insights" / "insights.html"
    numbers = browser.keyed_numbers(browser.dump_dom(page))
    view = graded["view"]
    assert len(numbers) > 100
    for key, shown in numbers.items():
        assert float(shown) == pytest.approx(float(_value(view, key))), key
    for e in view["exercises"]:  # every count and every case of every exercise is on the page
        for state in e["counts"]:
            assert f"exercises.{e['id']}.counts.{state}" in numbers
        for c in e["causes"]:
            assert f"exercises.{e['id']}.causes.{c['cause']}.count" in numbers
        assert sum(k.startswith(f"exercises.{e['id']}.cases.") for k in numbers) == \
            2 * len(e["cases"])


@pytest.mark.skipif(browser.find() is None, reason="no headless chromium on this machine")
def test_at_a_phones_width_the_screenshot_shows_the_charts(graded, tmp_path):
    png = browser.screenshot(graded["out"] / "insights" / "insights.html", tmp_path / "p.png",
                             width=390, height=1600)
    assert browser.png_size(png) == (390, 1600)
    image = pytest.importorskip("PIL.Image").open(png).convert("RGB")
    colours = image.getcolors(maxcolors=1 << 20)
    seen = {rgb: n for n, rgb in colours}
    histogram_blue, passed_green = (0x1A, 0x73, 0xE8), (0x2E, 0x7D, 0x32)
    assert seen.get(histogram_blue, 0) > 500 and seen.get(passed_green, 0) > 2000
