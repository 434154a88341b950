"""`attn-kit similarity` (and `grade --similarity`): copies rank on top, independent solutions
do not, and the page marks the shared code, escapes everything, and says it is no verdict."""
from __future__ import annotations

import ast
import io
import itertools
import json
import random
import re
import tokenize

import browser
import pytest
from conftest import EXERCISES as EXERCISES_DIR
from conftest import IMPLEMENTATIONS, SOLUTIONS, cli, copy_exercises

from checker import manifest, stubs
from checker.grading import similarity, similarity_page, similarity_report

EXERCISES = {e.id: e for e in manifest.load()}
CORRECT = IMPLEMENTATIONS / "correct"
WRONG = IMPLEMENTATIONS / "wrong"


# ------------------------------------------------ how a student disguises a copy
def renamed(text: str, seed: int = 0) -> str:
    """Every parameter and local variable renamed (the functions keep their names)."""
    rng = random.Random(seed)
    tree = ast.parse(text)
    names = {n.arg for n in ast.walk(tree) if isinstance(n, ast.arg)}
    names |= {n.id for n in ast.walk(tree) if isinstance(n, ast.Name)
              and isinstance(n.ctx, ast.Store)}
    names -= {n.name for n in tree.body if isinstance(n, ast.FunctionDef)}
    mapping = {n: f"{rng.choice(['val', 'tmp', 'my', 'q', 'z'])}_{i}"
               for i, n in enumerate(sorted(names))}
    out = [tok._replace(string=mapping[tok.string])
           if tok.type == tokenize.NAME and tok.string in mapping else tok
           for tok in tokenize.generate_tokens(io.StringIO(text).readline)]
    return tokenize.untokenize(out)


def recommented(text: str) -> str:
    """Comments and docstrings rewritten, blank lines added."""
    out = []
    for tok in tokenize.generate_tokens(io.StringIO(text).readline):
        if tok.type == tokenize.COMMENT:
            tok = tok._replace(string="# my own words here")
        out.append(tok)
    text = tokenize.untokenize(out).replace('"""', '"""Written by me. ', 1)
    return text.replace("\n\n", "\n\n\n")


def reordered(text: str) -> str:
    """The top-level functions in the opposite order (and the names changed too)."""
    tree = ast.parse(text)
    lines = text.splitlines(keepends=True)
    funcs = [n for n in tree.body if isinstance(n, ast.FunctionDef)]
    if len(funcs) < 2:
        return renamed(text, 1)
    chunks = [lines[f.lineno - 1:(funcs[i + 1].lineno - 1 if i + 1 < len(funcs) else
                                  len(lines))] for i, f in enumerate(funcs)]
    head = lines[:funcs[0].lineno - 1]
    return renamed("".join(head + sum(reversed(chunks), [])), 1)


def _class_of(eid: str) -> tuple[dict[str, str], set[str], set[str]]:
    """An exercise's files for a class: the independent correct solutions, the wrong ones
    (each the reference with one mistake), the reference, and three disguised copies of one
    correct solution. Returns (files, the copy group, the independent correct ones)."""
    stem = EXERCISES[eid].file[:-3]
    correct = {f"c_{p.stem}": p.read_text() for p in sorted((CORRECT / stem).glob("*.py"))}
    wrong = {f"w_{p.stem}": p.read_text() for p in sorted((WRONG / stem).glob("*.py"))}
    original = sorted(correct)[0]
    base = correct[original]
    files = {**correct, **wrong, "reference": (SOLUTIONS / EXERCISES[eid].file).read_text(),
             "copy_renamed": renamed(base), "copy_recommented": recommented(base),
             "copy_reordered": reordered(base)}
    return files, {original, "copy_renamed", "copy_recommented", "copy_reordered"}, \
        set(correct)


def _boilerplate(eid: str) -> list[str]:
    reference = stubs.solution_text(EXERCISES[eid])
    return [stubs.stub_from_solution(reference), stubs.without_markers(reference)]


@pytest.mark.parametrize("eid", sorted(EXERCISES))
def test_disguised_copies_rank_above_every_independent_solution(eid):
    if not any((CORRECT / EXERCISES[eid].stem).glob("*.py")):
        # a new exercise needs no correct file (dev check): nothing independent to rank
        # the copies against (a copy of the reference is all boilerplate)
        pytest.skip(f"exercise {eid} has no correct file written differently")
    files, copies, independent = _class_of(eid)
    pairs, _docs, _common = similarity.rank(files, _boilerplate(eid))
    score = {(p.a, p.b): p.score for p in pairs}

    def of(a, b):
        return score.get((min(a, b), max(a, b)), 0.0)

    copy_pairs = [of(a, b) for a, b in itertools.combinations(sorted(copies), 2)]
    others = [of(a, b) for a, b in itertools.combinations(sorted(independent), 2)]
    assert min(copy_pairs) > max(others), (copy_pairs, others)
    # the wrong files are one author's variations of one file: among the rest, copies first
    ranked = [(p.a, p.b) for p in pairs if {p.a, p.b} <= copies | independent]
    assert set(ranked[:len(copy_pairs)]) == \
        {tuple(sorted(pair)) for pair in itertools.combinations(copies, 2)}


def test_the_stub_the_reference_and_what_most_share_are_not_counted():
    reference = stubs.without_markers(stubs.solution_text(EXERCISES["05"]))
    # five students who all submitted the reference, with names changed: nothing in common
    files = {f"s{i}": renamed(reference, i) for i in range(5)}
    assert similarity.rank(files, _boilerplate("05"))[0] == []
    # an idiom in most of the class is common code, not evidence
    idiom = "import torch\n\ndef softmax(x, dim=-1):\n    e = torch.exp(x - x.amax(dim=dim, " \
            "keepdim=True))\n    return e / e.sum(dim=dim, keepdim=True)\n"
    files = {f"s{i}": renamed(idiom, i) for i in range(6)}
    pairs, _docs, common = similarity.rank(files, _boilerplate("05"))
    assert pairs == [] and common > 0


def test_the_page_marks_shared_code_escapes_it_and_says_it_is_no_verdict():
    text = "x = '<script>alert(1)</script>'\n"
    html = similarity_page.marked(text, [(4, 30)])
    assert "<script" not in html and "<mark>" in html and "&lt;script&gt;" in html


def test_a_side_opens_on_its_first_shared_lines_with_the_lines_above_folded():
    doc = "".join(f"doc line {i}\n" for i in range(1, 41))   # a stub's long docstring
    text = doc + "x = 1\ny = 2\nz = <3>\nshared = a\nshared = b\nreturn shared\n"
    start = text.index("shared = a")
    html = similarity_page.pane(text, [(start, text.index("return"))])
    above, shown = html.split("</details>")
    # what shows first starts CONTEXT lines above the shared line (44); lines 1 to 40 fold
    assert "lines 1 to 40, above the shared code" in above and "doc line 1<" in above
    assert similarity_page.CONTEXT == 3
    first = re.findall(r'<span class="l" data-n="(\d+)">', shown)
    assert first == ["41", "42", "43", "44", "45", "46"]
    assert "doc line" not in shown and "&lt;3&gt;" in shown      # escaped, numbered
    # a mark over two lines is marked on each, inside its own line
    assert '<span class="l" data-n="44"><mark>shared = a</mark></span>' in shown
    assert '<span class="l" data-n="45"><mark>shared = b</mark></span>' in shown
    # nothing shared, or shared from the top: the whole file, nothing folded
    for spans in ([], [(0, 5)]):
        whole = similarity_page.pane(text, spans)
        assert "<details" not in whole and whole.count('class="l"') == 46


def _filled_stub(eid: str, body: str) -> str:
    """The stub of ``eid`` as a student hands it in: its docstring kept, the body filled."""
    stub = (EXERCISES_DIR / EXERCISES[eid].file).read_text(encoding="utf-8")
    todo = stub.index("    # TODO")
    return stub[:todo] + body


def _body(eid: str, name: str) -> str:
    text = (CORRECT / EXERCISES[eid].file[:-3] / name).read_text(encoding="utf-8")
    return text.split("mask=None):\n", 1)[1]


MARK = (0xFF, 0xE0, 0x82)  # mark { background: #ffe082 }


@pytest.mark.skipif(browser.find() is None, reason="no headless chromium on this machine")
def test_in_a_browser_both_sides_open_on_the_shared_code(tmp_path):
    """Students fill the stub, whose docstring is 80 lines long: the panes used to open on
    it, the shared code out of sight below. Now the marks show without scrolling."""
    original = _body("08", "einsum_where_manual_softmax.py")
    files = {"ana": _filled_stub("08", original),
             "ben": renamed(_filled_stub("08", original)),  # a copy, its names changed
             "cat": _filled_stub("08", _body("08", "query_loop.py"))}
    paths = []
    for name, text in files.items():
        folder = copy_exercises(SOLUTIONS, tmp_path / "subs" / name)
        (folder / EXERCISES["08"].file).write_text(text, encoding="utf-8")
        paths.append(folder)
    page = similarity_report.write(tmp_path / "report", paths, list(files))
    html = page.read_text(encoding="utf-8")
    assert html.count('class="pair"') == 1 and html.count('<details class="above">') == 2
    png = browser.screenshot(page, tmp_path / "page.png", width=1100, height=1800)
    width, height = browser.png_size(png)
    left = browser.pixels_of(png, MARK, (0, 0, width // 2, height))
    right = browser.pixels_of(png, MARK, (width // 2, 0, width, height))
    assert left > 2000 and right > 2000, (left, right)  # many marked lines, on both sides


# --------------------------------------------------------- the command, end to end
SCRIPT = "# </code></pre><script>alert(1)</script>\n"


@pytest.fixture(scope="module")
def class_dir(tmp_path_factory):
    base = tmp_path_factory.mktemp("similarity")
    subs = base / "subs"
    files, copies, _independent = _class_of("08")
    files["copy_renamed"] = SCRIPT + files["copy_renamed"]  # a student's text, on the page
    for name, text in files.items():
        folder = copy_exercises(SOLUTIONS, subs / name)
        (folder / EXERCISES["08"].file).write_text(text, encoding="utf-8")
    (subs / "broken.zip").write_bytes(b"not a zip")
    return base, copies


def test_attn_kit_similarity_ranks_the_copies_first_and_writes_its_page(class_dir):
    base, copies = class_dir
    out = base / "report"
    done = cli("similarity", str(base / "subs"), "--out", str(out), timeout=300)
    assert done.returncode == 0, done.stderr
    data = json.loads((out / "similarity.json").read_text())
    ex08 = next(e for e in data["exercises"] if e["id"] == "08")
    # the wrong files are one author's variations of one file: among the rest, copies first
    ranked = [{p["a"], p["b"]} for p in ex08["pairs"]
              if not any(n.startswith("w_") for n in (p["a"], p["b"]))]
    assert all(pair <= copies for pair in ranked[:6]), ranked[:6]
    for other in data["exercises"]:  # everyone submitted the reference there: nothing shared
        if other["id"] != "08":
            assert other["pairs"] == [], other["id"]
    assert [u["name"] for u in data["unreadable"]] == ["broken"]
    page = (out / "similarity.html").read_text()
    assert "never a verdict" in page and "<mark>" in page
    assert "<script" not in page and "&lt;script&gt;alert(1)" in page
    assert page.count('class="pair"') >= 6  # the high pairs, side by side
    assert (out / "similarity.csv").read_text().startswith("exercise,a,b,score")


def test_grade_similarity_writes_the_report_beside_the_grades(class_dir, tmp_path):
    base, _copies = class_dir
    small = tmp_path / "subs"
    for name in ("copy_renamed", "copy_reordered", "reference"):
        copy_exercises(base / "subs" / name, small / name)
    done = cli("grade", str(small), "--out", str(tmp_path / "out"), "--similarity",
               "--timeout", "3", timeout=600)
    assert done.returncode == 0, done.stderr
    data = json.loads((tmp_path / "out" / "similarity" / "similarity.json").read_text())
    pairs = next(e for e in data["exercises"] if e["id"] == "08")["pairs"]
    assert [(p["a"], p["b"]) for p in pairs][:1] == [("copy_renamed", "copy_reordered")]
    done = cli("grade", str(small), "--similarity", "--shard", "1/2", "--out", str(tmp_path / "o"))
    assert done.returncode == 2 and "whole class" in done.stderr
