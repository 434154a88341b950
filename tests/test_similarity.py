"""`attn-kit similarity` (and `grade --similarity`): copies rank on top, independent solutions
do not, and the page marks the shared code, escapes everything, and says it is no verdict."""
from __future__ import annotations

import ast
import io
import itertools
import json
import random
import tokenize
from pathlib import Path

import pytest
from conftest import IMPLEMENTATIONS, SOLUTIONS, cli, copy_exercises

from checker import manifest, stubs
from checker.grading import similarity, similarity_page

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
