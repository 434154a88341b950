"""The course file, the feedback pages, the roster and the gradebook export (issue 19).

A small class of real submissions (copies of the solutions and of the stubs, one with
a planted mistake, one whose code raises and prints hostile text under a hostile
folder name) is graded once by ``attn-kit grade`` with every option; the tests read
what that run wrote. The HTML page is opened in a real headless browser when Debian's
``chromium`` is installed (skipped otherwise, like the bubblewrap tests).
"""
from __future__ import annotations

import csv
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import textwrap
import zipfile
from pathlib import Path

import pytest

from checker import manifest
from checker.grading import course, feedback, gradebook, gradescope
from checker.grading.records import GradeStatus, Graded
from conftest import (EXERCISES, IMPLEMENTATIONS, SOLUTIONS, check_gradescope_points, cli,
                      copy_exercises, UNKNOWN_ID)

TIMEOUT = "3"
FILES = {e.id: e.file for e in manifest.load()}
HOSTILE = "<img src=x onerror=alert(1)> =cmd"
RAISES = textwrap.dedent('''
    import torch

    def weighted_sum(weights, V):
        print("<script>alert('printed')</script> ```` [/x]")
        raise ValueError("<b>bold</b> & =HYPERLINK(1)")
''')
COURSE = textwrap.dedent('''
    name = "Attention <i>lab</i>"
    assignment = "Attention lab"
    seed = 7
    disclose = "full"
    visibility = "hidden"

    [exercises]
    graded = ["01", "02", "03", "04", "05", "06", "07", "08", "09", "10"]
    bonus = ["11"]

    [points]
    "05" = 20

    [cases."05"]
    "every row of weights sums to 1" = 5
''')
ROSTER = textwrap.dedent(f'''\
    submission,id,name,email,section,sis_user_id
    alice,101,Alice A,alice@x.edu,S1,A1
    bob,102,"=HYPERLINK(""http://x"")",bob@x.edu,S1,B2
    {HOSTILE},103,李雷,li@x.edu,S2,C3
    carol,104,Carol,carol@x.edu,S2,C4
''')


def _student(folder: Path, eid: str | None = None, source: str | None = None) -> Path:
    copy_exercises(SOLUTIONS, folder)
    if eid is not None:
        (folder / FILES[eid]).write_text(source, encoding="utf-8")
    return folder


@pytest.fixture(scope="module")
def graded(tmp_path_factory):
    base = tmp_path_factory.mktemp("course")
    base.chmod(0o755)
    subs = base / "subs"
    _student(subs / "alice")
    copy_exercises(EXERCISES, subs / "bob")
    wrong = (IMPLEMENTATIONS / "wrong" / "ex05_softmax" / "no_max_shift.py").read_text()
    _student(subs / HOSTILE, "05", wrong)
    (subs / HOSTILE / FILES["06"]).write_text(RAISES, encoding="utf-8")
    _student(subs / "dave")  # not on the roster
    (base / "course.toml").write_text(COURSE, encoding="utf-8")
    (base / "roster.csv").write_text(ROSTER, encoding="utf-8")
    out, pages = base / "out", base / "feedback"
    done = cli("grade", str(subs), "--course", str(base / "course.toml"), "--out", str(out),
               "--feedback", str(pages), "--roster", str(base / "roster.csv"),
               "--export", "canvas", "--timeout", TIMEOUT, "--jobs", "2", cwd=base, timeout=600)
    assert done.returncode == 0, done.stderr
    with open(out / "grades.csv", newline="", encoding="utf-8-sig") as f:
        rows = {r["key"]: r for r in csv.DictReader(f)}  # the one column to join on
    documents = {name: json.loads((out / f"{name}.json").read_text()) for name in rows}
    hostile = next(name for name in rows if name not in ("alice", "bob", "dave"))
    return {"base": base, "out": out, "pages": pages, "rows": rows, "documents": documents,
            "done": done, "hostile": hostile}


# ------------------------------------------------------------------- course file
def test_the_course_file_sets_points_bonus_and_case_points(graded):
    rows = graded["rows"]
    assert rows["alice"]["total"] == "120" and rows["alice"]["max_score"] == "110"
    assert rows["alice"]["ex05"] == "20" and rows["alice"]["ex11"] == "10"
    assert rows["bob"]["total"] == "0"
    # no_max_shift gets 05's large inputs wrong, so its property cases do not count, the
    # 5-point "rows sum to 1" among them; the six value cases that pass share 15/13 each
    assert rows[graded["hostile"]]["ex05"] == "6.92"
    assert rows[graded["hostile"]]["ex06"] == "0"
    assert not (graded["base"] / "checker").exists()  # nothing but our outputs appeared


def test_every_report_names_the_course_file_and_its_digest(graded):
    digest = hashlib.sha256((graded["base"] / "course.toml").read_bytes()).hexdigest()
    assert {r["course"] for r in graded["rows"].values()} == {f"course.toml sha256:{digest[:12]}"}
    for document in graded["documents"].values():
        assert document["course"]["sha256"] == digest
        assert document["course"]["path"] == str((graded["base"] / "course.toml").resolve())
        assert document["max_score"] == 110 and document["seed"] == 7
        tests_05 = [t for t in document["tests"] if t["metadata"]["exercise"] == "05"]
        assert abs(sum(t["metadata"]["points"] for t in tests_05) - 20) < 1e-3
    results = gradescope.results_json(graded["documents"]["alice"], visibility="hidden")
    assert digest[:12] in results["output"] and results["extra_data"]["course"]["sha256"] == digest


def test_the_case_names_a_course_file_may_use_are_those_the_reports_carry(graded):
    document = graded["documents"]["alice"]
    for e in document["exercises"]:
        reported = [t["metadata"]["case"] for t in document["tests"]
                    if t["metadata"]["exercise"] == e["id"]]
        assert sorted(reported) == sorted(course.case_names(e["id"])), e["id"]


@pytest.mark.parametrize("text, says", [
    ("seeed = 3", "line 1: seeed: unknown key"),
    ('seed = "x"', "line 1: seed: must be a whole number"),
    (f'[points]\n"{UNKNOWN_ID}" = 4', f"line 2: points.{UNKNOWN_ID}: unknown exercise id"),
    ('[points]\n"05" = -3', "line 2: points.05: points must be 0 or more"),
    ('[points]\n"05" = "ten"', "line 2: points.05: points must be a number"),
    ('all_or_nothing = "yes"', "line 1: all_or_nothing: must be true or false"),
    ('disclose = "everything"', "line 1: disclose: must be one of full, summary, scores"),
    ("late = 2", "line 1: late: late rules are not applied"),
    ('[exercises]\ngraded = ["01"]\n[points]\n"05" = 3', "line 4: points.05: exercise 05 is "
                                                         "given points but is not graded"),
    ('[cases."05"]\n"no such case" = 1', 'line 2: cases."05".no such case: exercise 05 has no'),
    ('[cases."05"]\n"every row of weights sums to 1" = 11', "more than the exercise's 10"),
    ('[exercises]\ngraded = ["01"]\nbonus = ["01"]', "cannot be both graded and a bonus"),
    ("x = [", "not valid TOML"),
])
def test_a_mistake_in_the_course_file_is_one_line_naming_the_line_and_key(text, says, tmp_path):
    path = tmp_path / "course.toml"
    path.write_text(text + "\n", encoding="utf-8")
    with pytest.raises(course.CourseError) as caught:
        course.load(path)
    message = str(caught.value)
    assert says in message and len(message.splitlines()) == 1, message


def test_a_bad_course_file_stops_grade_before_grading(tmp_path):
    (tmp_path / "course.toml").write_text('[points]\n"05" = -1\n', encoding="utf-8")
    student = _student(tmp_path / "s")
    done = cli("grade", str(student), "--json", str(tmp_path / "r.json"),
               "--course", str(tmp_path / "course.toml"))
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert len(done.stderr.strip().splitlines()) == 1 and "line 2: points.05" in done.stderr
    assert not (tmp_path / "r.json").exists()


def test_course_init_writes_a_file_that_loads_and_never_overwrites(tmp_path):
    done = cli("course", "init", str(tmp_path / "c.toml"))
    assert done.returncode == 0, done.stderr
    text = (tmp_path / "c.toml").read_text(encoding="utf-8")
    loaded = course.load(tmp_path / "c.toml")
    assert loaded.exercise_ids() == tuple(e.id for e in manifest.lesson())
    assert not loaded.points and not loaded.cases and loaded.seed is None
    assert "# [cases.\"05\"]" in text and "every row of weights sums to 1" in text
    # uncommenting a case line as written gives a valid file
    before, block = text.split('# [cases."05"]')
    block = block.replace('# "every row of weights sums to 1" = 1',
                          '"every row of weights sums to 1" = 1', 1)
    edited = before + '[cases."05"]' + block
    (tmp_path / "e.toml").write_text(edited, encoding="utf-8")
    assert course.load(tmp_path / "e.toml").cases == {"05": {"every row of weights sums to 1": 1.0}}
    again = cli("course", "init", str(tmp_path / "c.toml"))
    assert again.returncode == 2 and "never overwritten" in again.stderr
    assert (tmp_path / "c.toml").read_text(encoding="utf-8") == text


def test_all_or_nothing_and_case_points_rescore_from_the_cases():
    names = course.case_names("05")
    chosen = course.Course("course.toml", "0" * 64, graded=("05",), points={"05": 20.0},
                           cases={"05": {names[0]: 8.0}})
    passed = [True] * len(names)
    assert course.exercise_score(chosen, "05", names, passed, False) == 20
    passed[0] = False
    assert course.exercise_score(chosen, "05", names, passed, False) == 12
    assert course.exercise_score(chosen, "05", names, passed, True) == 0
    passed = [False] * len(names)
    passed[0] = True
    assert course.exercise_score(chosen, "05", names, passed, False) == 8


# ------------------------------------------------------------------- feedback
def _html(graded, name):
    return (graded["pages"] / f"{name}.html").read_text(encoding="utf-8")


def test_one_markdown_and_one_html_page_per_student(graded):
    names = {p.name for p in graded["pages"].iterdir()}
    assert names == {f"{n}{s}" for n in graded["rows"] for s in (".md", ".html")}
    alice = (graded["pages"] / "alice.md").read_text(encoding="utf-8")
    assert "120 / 110" in alice and "(bonus)" in alice and "Attention lab" not in alice


def test_full_feedback_shows_what_failed_the_cause_and_their_own_lines(graded):
    page = (graded["pages"] / f"{graded['hostile']}.md").read_text(encoding="utf-8")
    assert "Expected" in page and "Got" in page and "Likely cause" in page
    assert "each row's max" in page
    assert re.search(r"line \d+, in weighted_sum: raise ValueError", page)
    assert "What your code printed" in page


def test_nothing_a_student_wrote_becomes_markup_or_a_script(graded):
    page = _html(graded, graded["hostile"])
    _inert(page)
    assert "<script" not in page and "<b>bold" not in page
    assert "&lt;script&gt;alert(&#x27;printed&#x27;)&lt;/script&gt;" in page
    assert "&lt;b&gt;bold&lt;/b&gt; &amp; =HYPERLINK(1)" in page
    course_name = _html(graded, "alice")
    assert "Attention &lt;i&gt;lab&lt;/i&gt;" in course_name
    markdown = (graded["pages"] / f"{graded['hostile']}.md").read_text(encoding="utf-8")
    assert "<script" not in markdown.split("```")[0]  # outside code: escaped
    assert "\\<b\\>bold\\</b\\>" in markdown
    # the printed backticks cannot close the fence they are shown in
    fence = re.search(r"^(`{5,})text$", markdown, re.M)
    assert fence, markdown


PAGE_TAGS = {"html", "head", "meta", "title", "style", "body", "h1", "h2", "h3", "p", "table",
             "thead", "tbody", "tr", "th", "td", "section", "dl", "dt", "dd", "pre", "footer"}


def _elements(page: str) -> tuple[list, str, str]:
    """(tag, attributes) of every element, the page's text, and its style's text."""
    from html.parser import HTMLParser

    class Collect(HTMLParser):
        def __init__(self):
            super().__init__(convert_charrefs=True)
            self.tags, self.text, self.style, self.in_style = [], [], [], False

        def handle_starttag(self, tag, attrs):
            self.tags.append((tag, dict(attrs)))
            self.in_style = tag == "style"

        def handle_endtag(self, tag):
            self.in_style = False

        def handle_data(self, data):
            (self.style if self.in_style else self.text).append(data)

    parser = Collect()
    parser.feed(page)
    return parser.tags, "".join(parser.text), "".join(parser.style)


def _inert(page: str) -> str:
    """Check that a page has only our elements, no handler, no fetch; returns its text."""
    tags, text, style = _elements(page)
    assert {tag for tag, _ in tags} <= PAGE_TAGS, {tag for tag, _ in tags} - PAGE_TAGS
    for tag, attrs in tags:
        assert not any(a.startswith("on") or a in ("src", "href", "srcset", "action")
                       for a in attrs), (tag, attrs)
    assert "url(" not in style and "@import" not in style and "@font-face" not in style
    return text


def test_the_html_page_needs_no_network(graded):
    for name in graded["rows"]:
        page = _html(graded, name)
        assert "Content-Security-Policy" in page and "default-src 'none'" in page
        _inert(page)


CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
needs_chromium = pytest.mark.skipif(CHROMIUM is None, reason="chromium is not installed")


def _chromium(*args: str, timeout: int = 120) -> subprocess.CompletedProcess:
    return subprocess.run([CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu",
                           "--no-first-run", "--disable-extensions", *args],
                          capture_output=True, text=True, timeout=timeout)


@needs_chromium
def test_a_real_browser_shows_the_page_and_runs_nothing_a_student_wrote(graded, tmp_path):
    page = graded["pages"] / f"{graded['hostile']}.html"
    dom = _chromium("--dump-dom", page.as_uri()).stdout
    assert "<table>" in dom and "Feedback for" in dom
    text = _inert(dom)  # what the browser built: our elements only, the student's text as text
    assert "<script>alert('printed')</script>" in text and "<b>bold</b> &" in text
    shot = tmp_path / "page.png"
    _chromium(f"--screenshot={shot}", "--window-size=1000,1400", page.as_uri())
    data = shot.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and len(data) > 20_000  # a page drawn, not blank


@pytest.mark.parametrize("level", ["summary", "scores"])
def test_summary_and_scores_disclose_nothing_more(graded, level):
    g = Graded(graded["hostile"], "", GradeStatus.OK, "", {}, 0.0,
               graded["documents"][graded["hostile"]])
    page = feedback.page_for(g, level)
    text, html_text = feedback.markdown(page), feedback.html_page(page)
    for hidden in ("Expected", "Got", "ValueError", "printed", "HYPERLINK", "tensor of shape"):
        assert hidden not in text and hidden not in html_text, (level, hidden)
    assert "05 Softmax" in text
    if level == "summary":
        assert "large inputs" in text and "each row's max" in text
    else:
        assert "large inputs" not in text and "What did not pass" not in text


def test_feedback_speaks_chinese_when_the_run_does(graded):
    from checker import i18n

    g = Graded("alice", "", GradeStatus.OK, "", {}, 0.0, graded["documents"][graded["hostile"]])
    try:
        i18n.set_lang("zh")
        text = feedback.markdown(feedback.page_for(g, "full"))
    finally:
        i18n.set_lang("en")
    assert "的反馈" in text and "得分" in text and "未通过的内容" in text


# ------------------------------------------------------------------- Gradescope
@pytest.mark.parametrize("visibility", ["hidden", "after_due_date"])
@pytest.mark.parametrize("level", ["full", "summary", "scores"])
def test_gradescope_honours_visibility_and_disclosure(graded, visibility, level):
    document = graded["documents"][graded["hostile"]]
    results = gradescope.results_json(document, visibility=visibility, disclose=level)
    assert results["visibility"] == visibility
    assert {t["visibility"] for t in results["tests"]} == {visibility}
    assert abs(sum(t["score"] for t in results["tests"]) - results["score"]) < 1e-3
    outputs = "\n".join(t.get("output", "") for t in results["tests"])
    names = "\n".join(t["name"] for t in results["tests"])
    if level == "scores":
        assert len(results["tests"]) == 11 and not outputs.strip() and "large inputs" not in names
    elif level == "summary":
        assert "large inputs" in names and "Expected" not in outputs and "line " not in outputs
        assert "each row's max" in outputs
    else:
        assert "Expected" in outputs and re.search(r"line \d+: raise ValueError", outputs)
    if level != "scores":  # each case is worth its course points: 05's add up to 20
        assert abs(sum(t["max_score"] for t in results["tests"]
                       if t["name"].startswith("05 ")) - 20) < 1e-3


@pytest.mark.parametrize("level", ["full", "summary", "scores"])
def test_gradescope_points_add_up_exactly_with_case_points_and_a_bonus(graded, level):
    """Issue 35: a test's score never above its max_score, the tests adding up to the
    top-level score and to each exercise's points (05 is worth 20 with a 5-point case,
    11 is a bonus), a solved student's every test at its maximum."""
    for name in ("alice", graded["hostile"], "bob"):
        document = graded["documents"][name]
        results = gradescope.results_json(document, disclose=level)
        check_gradescope_points(results, document, solved=name == "alice")
    partly = gradescope.results_json(graded["documents"][graded["hostile"]], disclose=level)
    assert 0 < partly["score"] < 110 and any(t["status"] == "failed" for t in partly["tests"])


def test_a_submission_that_could_not_be_graded_gets_a_page_that_says_why(tmp_path):
    g = Graded("zed", "", GradeStatus.ERROR, "zed.zip is not a readable zip file <x>",
               {"01": 0.0}, 0.0)
    for level in ("full", "summary"):
        page = feedback.page_for(g, level)
        assert "not a readable zip file" in feedback.markdown(page)
        assert "zip file &lt;x&gt;" in feedback.html_page(page)
    assert "readable" not in feedback.markdown(feedback.page_for(g, "scores"))


def test_the_bundle_ships_the_course_file_and_its_runs_use_it(tmp_path):
    (tmp_path / "course.toml").write_text(COURSE, encoding="utf-8")
    bundle = tmp_path / "autograder.zip"
    done = cli("gradescope-bundle", str(bundle), "--course", str(tmp_path / "course.toml"),
               "--disclose", "summary", "--timeout", TIMEOUT)
    assert done.returncode == 0, done.stderr
    root = tmp_path / "autograder"
    with zipfile.ZipFile(bundle) as z:
        assert z.read("course.toml") == (tmp_path / "course.toml").read_bytes()
        z.extractall(root / "source")
    run = (root / "source" / "run_autograder").read_text()
    assert "--course \"$ROOT/source/course.toml\"" in run and "--disclose summary" in run
    assert "--visibility hidden" in run and "--seed 7" in run
    _student(root / "submission")
    env = {**os.environ, "AUTOGRADER_ROOT": str(root), "ATTN_KIT_PYTHON": sys.executable}
    env.pop("PYTHONPATH", None)
    ran = subprocess.run(["bash", str(root / "source" / "run_autograder")], env=env, cwd=root,
                         capture_output=True, text=True, timeout=300)
    assert ran.returncode == 0, ran.stderr
    results = json.loads((root / "results" / "results.json").read_text())
    assert results["score"] == 120 and results["visibility"] == "hidden"
    digest = hashlib.sha256((tmp_path / "course.toml").read_bytes()).hexdigest()
    assert results["extra_data"]["course"]["sha256"] == digest


# ------------------------------------------------------------- roster, export
def test_the_roster_reports_unmatched_names_both_ways(graded):
    stdout = graded["done"].stdout
    assert "no roster row for the submission dave" in stdout
    assert "no submission for the roster row carol (id 104)" in stdout
    # in the kit's own folder: a top-level NAME.json is always a student's report
    assert not (graded["out"] / "roster.json").exists()
    assert json.loads((graded["out"] / "insights" / "roster.json").read_text()) == {
        "unmatched_submissions": ["dave"], "unmatched_roster": ["carol"]}
    assert graded["documents"]["alice"]["student"]["id"] == "101"
    assert graded["documents"]["dave"]["student"] is None


def test_the_canvas_export_has_canvas_columns_and_no_formula(graded):
    with open(graded["out"] / "canvas.csv", newline="", encoding="utf-8-sig") as f:
        rows = list(csv.reader(f))
    assert rows[0] == ["Student", "ID", "SIS User ID", "SIS Login ID", "Section", "Attention lab"]
    # the row Canvas's own export has under its header, with the assignment's points
    assert rows[1] == ["    Points Possible", "", "", "", "", "110"]
    by_id = {r[1]: r for r in rows[2:]}
    assert set(by_id) == {"101", "102", "103"}  # dave has no id; carol no submission
    assert by_id["101"][5] == "120" and by_id["103"][0] == "李雷"
    assert by_id["102"][0].startswith("'=")
    assert all(not cell.startswith(("=", "+", "-", "@")) for r in rows for cell in r)


def test_moodle_and_plain_exports(graded):
    students = gradebook.read_roster(graded["base"] / "roster.csv")
    class_ = [Graded(n, "", GradeStatus.OK, "", {"01": 5.0}, 0.0, {"tests": [{}]}, n)
              for n in ("alice", "bob")]
    matching = gradebook.match(students, [(g.key, g.relpath) for g in class_])
    moodle = list(csv.reader(gradebook.export_text("moodle", class_, matching, "=lab").splitlines()))
    assert moodle[0] == ["ID number", "Email address", "Full name", "'=lab"]
    assert moodle[1] == ["101", "alice@x.edu", "Alice A", "5"]
    plain = list(csv.reader(gradebook.export_text("csv", class_, matching, "lab").splitlines()))
    assert plain[0] == ["student_id", "name", "submission", "score", "max_score", "status", "key"]
    assert [r[0] for r in plain[1:]] == ["101", "102"]


@pytest.mark.parametrize("text, says", [
    ("name,id\nalice,1\n", "no column submission"),
    ("submission,id\nalice,\n", "line 2: submission and id must not be empty"),
    ("submission,id\nalice,1\nalice,2\n", "line 3: the submission alice is also on line 2"),
    ("submission;name\nalice;1\n", "no column id (its header row, read with the separator "
                                     "semicolon, must name"),
])
def test_a_bad_roster_is_one_line(text, says, tmp_path):
    (tmp_path / "roster.csv").write_text(text, encoding="utf-8")
    with pytest.raises(gradebook.RosterError) as caught:
        gradebook.read_roster(tmp_path / "roster.csv")
    assert says in str(caught.value) and len(str(caught.value).splitlines()) == 1


def test_export_needs_out_and_roster(tmp_path):
    student = _student(tmp_path / "s")
    done = cli("grade", str(student), "--json", str(tmp_path / "r.json"), "--export", "canvas")
    assert done.returncode == 2 and "--roster" in done.stderr


@pytest.mark.parametrize("extra, says", [
    (["--feedback", "{subs}/pages"], "lies inside the work being checked"),
    (["--course", "{tmp}/course.toml", "--include-beyond"],
     f"list {', '.join(e.id for e in manifest.beyond())} under [exercises]"),
    (["--roster", "{tmp}/none.csv"], "roster"),
])
def test_hand_back_options_are_checked_before_grading(extra, says, tmp_path):
    subs = tmp_path / "subs"
    _student(subs / "a")
    (tmp_path / "course.toml").write_text("seed = 1\n", encoding="utf-8")
    done = cli("grade", str(subs), "--out", str(tmp_path / "out"),
               *[e.format(subs=subs, tmp=tmp_path) for e in extra])
    assert done.returncode == 2 and says in done.stderr, done.stderr
    assert len(done.stderr.strip().splitlines()) == 1 and not (tmp_path / "out").exists()


# ------------------------------------------------- pages a student can read (issue 35)
SYNTAX_ERROR = "import torch\n\ndef softmax(x, dim=-1)\n    return x\n"


class TestPagesAStudentCanRead:
    """A class of three graded once: ``Kim`` (05 has a syntax error, the rest solved),
    ``kim`` (05 sums over the whole tensor: its property cases wait for the values) and a
    zip that is not one. ``Kim`` and ``kim`` are one name ignoring case: their reports
    are renamed, their pages keep the names they handed in."""

    @pytest.fixture(scope="class")
    @classmethod
    def run(cls, tmp_path_factory):
        base = tmp_path_factory.mktemp("readable")
        subs = base / "subs"
        _student(subs / "Kim", "05", SYNTAX_ERROR)
        wrong = (IMPLEMENTATIONS / "wrong" / "ex05_softmax" / "sum_over_all.py").read_text()
        _student(subs / "kim", "05", wrong)
        (subs / "broken.zip").write_bytes(b"not a zip")
        out, pages = base / "out", base / "feedback"
        done = cli("grade", str(subs), "--out", str(out), "--feedback", str(pages),
                   "--seed", "7", "--timeout", TIMEOUT, "--jobs", "2", cwd=base, timeout=600)
        assert done.returncode == 0, done.stderr
        with open(out / "grades.csv", newline="", encoding="utf-8-sig") as f:
            rows = {r["path"]: r for r in csv.DictReader(f)}
        names = {path: row["key"] for path, row in rows.items()}
        documents = {path: json.loads((out / f"{name}.json").read_text())
                     for path, name in names.items()}
        return {"pages": pages, "rows": rows, "names": names, "documents": documents}

    def _page(self, run, path, suffix=".md"):
        return (run["pages"] / f"{run['names'][path]}{suffix}").read_text(encoding="utf-8")

    def _graded(self, run, path):
        return Graded(run["names"][path], "", GradeStatus.OK, "", {}, 0.0,
                      run["documents"][path], path)

    def test_one_file_that_does_not_load_is_told_at_its_exercise_once(self, run):
        row = run["rows"]["Kim"]
        assert row["status"] == "error" and row["total"] == "90"  # graded: 9 of 10 passed
        ex05 = next(e for e in run["documents"]["Kim"]["exercises"] if e["id"] == "05")
        for page in (self._page(run, "Kim"), self._page(run, "Kim", ".html")):
            assert "90 / 100" in page and "could not be graded" not in page
            assert page.count("the file has a syntax error") == 1, page
            assert f"the same error in {ex05['total']} of {ex05['total']} cases" in page
            assert "def softmax(x, dim=-1)" in page
            assert "every row of weights sums to 1" not in page  # all cases: none named

    def test_a_submission_none_of_whose_cases_ran_could_not_be_graded(self, run):
        document = run["documents"]["broken.zip"]
        assert document["tests"] == [] and document["exitcode"] is None
        for suffix in (".md", ".html"):
            page = self._page(run, "broken.zip", suffix)
            assert "This submission could not be graded" in page and "nor a zip file" in page
            assert "Feedback for broken" in page and "broken.zip" not in page.split("\n")[0]

    @pytest.mark.parametrize("level", ["full", "summary"])
    def test_every_case_that_waits_for_the_values_says_so(self, run, level):
        document = run["documents"]["kim"]
        waiting = [t_["metadata"]["case"] for t_ in document["tests"]
                   if t_["metadata"].get("not_checked")]
        assert waiting, "kim's 05 should have cases that wait for the values"
        page = feedback.page_for(self._graded(run, "kim"), level)
        text, html_text = feedback.markdown(page), feedback.html_page(page)
        line = "Waits for the values: it counts once the exercise&#x27;s values are right."
        for case in waiting:  # each waiting case's section, Markdown and HTML, says it waits
            section = text.split(f"### 05: {feedback.md(case)}\n")[1].split("\n### ")[0]
            assert "Waits for the values" in section, (case, section)
            part = html_text.split(f"<h3>05: {feedback.h(case)}</h3>")[1].split("</section>")[0]
            assert line in part, (case, part)
        # a case that fails its values does not say it waits
        values = text.split("### 05: every row of weights sums to 1\n")[1].split("\n### ")[0]
        assert "Waits for the values" not in values

    def test_titles_show_the_names_handed_in_and_files_keep_the_report_names(self, run):
        names = run["names"]
        assert names["Kim"] != "Kim" and names["kim"] != "kim"  # renamed: one name, two cases
        assert {p.name for p in run["pages"].iterdir()} == {
            f"{n}{s}" for n in names.values() for s in (".md", ".html")}
        for path in ("Kim", "kim"):
            assert self._page(run, path).startswith(f"# Feedback for {path}\n")
            page = self._page(run, path, ".html")
            assert f"<title>Feedback for {path}</title>" in page
            assert f"<h1>Feedback for {path}</h1>" in page and names[path] not in page

    def test_a_name_as_handed_in_is_escaped_and_loses_its_zip(self):
        hostile = Graded("x", "", GradeStatus.OK, "", {}, 0.0,
                         {"submission": {"original": "week 1/<img src=x>Lee\u202e`x`.ZIP"}})
        page = feedback.page_for(hostile, "full")
        assert page.name == "<img src=x>Lee`x`"
        assert "# Feedback for \\<img src=x\\>Lee\\`x\\`\n" in feedback.markdown(page)
        assert "<h1>Feedback for &lt;img src=x&gt;Lee`x`</h1>" in feedback.html_page(page)
        # nothing usable handed in: the report's name
        assert feedback.page_for(Graded("x", "", GradeStatus.OK, "", {}, 0.0, {}, ".."),
                                 "full").name == "x"

    def test_the_same_in_chinese(self, run):
        from checker import i18n

        try:
            i18n.set_lang("zh")
            kim = feedback.markdown(feedback.page_for(self._graded(run, "kim"), "summary"))
            big = feedback.markdown(feedback.page_for(self._graded(run, "Kim"), "full"))
        finally:
            i18n.set_lang("en")
        assert kim.startswith("# kim 的反馈") and "等待数值：" in kim
        assert "个出了同一个错误" in big and "Waits" not in kim + big

    @pytest.mark.parametrize("plain", [False, True])
    @pytest.mark.parametrize("name", ["[link=https://x]a[/link]", "[bold]Kim", "[/x]"])
    def test_the_progress_line_shows_a_name_as_typed_never_as_markup(self, plain, name):
        """On a terminal (a rich progress bar) and off one (a line per submission)."""
        import io

        from rich.console import Console

        from checker.grading import reports

        buffer = io.StringIO()
        console = Console(file=buffer, force_terminal=not plain, width=200, record=True)
        console.plain = plain
        graded = Graded(name, "", GradeStatus.ERROR, "[bold]why[/bold]", {"01": 1.0}, 0.0)
        if "/x" in name:  # a report name has no "/": as a caller might pass it all the same
            graded.name = name
        with reports.grading_progress(console, 1) as advance:
            advance(graded)
        shown = console.export_text()
        assert graded.name.startswith("[") and graded.name in shown, shown
        if plain:
            assert "[bold]why[/bold]" in shown
        assert "\x1b]8;" not in buffer.getvalue()  # no hyperlink drawn

    @needs_chromium
    def test_the_browser_shows_the_page_with_the_error_once(self, run, tmp_path):
        import browser

        page = run["pages"] / f"{run['names']['Kim']}.html"
        dom = browser.dump_dom(page)
        text = _inert(dom)
        assert "Feedback for Kim" in text and text.count("the file has a syntax error") == 1
        shot = browser.screenshot(page, tmp_path / "kim.png", width=1000, height=1400)
        assert len(shot.read_bytes()) > 20_000  # a page drawn, not blank
