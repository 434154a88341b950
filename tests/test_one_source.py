"""Each exercise is written once, in its solution; stubs are derived, and `dev check`
says what an exercise lacks."""
import dataclasses
import re
import subprocess
import sys

import pytest
from conftest import EXERCISES, ROOT, SOLUTIONS

from checker import dev, manifest, stubs

SOLUTION = '''"""Exercise 99 · T — 练习 99 · 题

Lesson section / 课文章节: a / 甲

import torch


### BEGIN SOLUTION
def _helper(x):
    return x + 1
### END SOLUTION


def f(x):
    """Docstring."""
    # TODO: add one
    ### BEGIN SOLUTION
    y = _helper(x)  # [n]
    return y
    ### END SOLUTION
'''


def test_a_marked_block_in_a_function_becomes_raise_and_a_top_level_one_goes():
    stub = stubs.stub_from_solution(SOLUTION)
    assert "_helper" not in stub and "BEGIN" not in stub and "END SOLUTION" not in stub
    assert "    # TODO: add one\n    raise NotImplementedError\n" in stub
    assert "import torch\n\n\ndef f(x):" in stub  # two blank lines, as before a definition
    assert "BEGIN" not in stubs.without_markers(SOLUTION)
    assert "y = _helper(x)" in stubs.without_markers(SOLUTION)


@pytest.mark.parametrize("broken", [
    SOLUTION.replace("    ### END SOLUTION\n", ""),
    SOLUTION.replace("### BEGIN SOLUTION\ndef", "def"),
    SOLUTION.replace("    ### END SOLUTION\n", "    ### BEGIN SOLUTION\n"),
])
def test_unbalanced_markers_are_refused(broken):
    with pytest.raises(stubs.SourceError):
        stubs.stub_from_solution(broken)


def test_the_repo_exercises_are_the_stubs_of_the_solutions():
    for e in manifest.load():
        solution = (SOLUTIONS / e.file).read_text(encoding="utf-8")
        assert (EXERCISES / e.file).read_text(encoding="utf-8") == \
            stubs.stub_from_solution(solution), f"run `python -m checker.dev sync` ({e.file})"


def test_every_docstring_header_comes_from_the_manifest():
    for e in manifest.load():
        header = stubs.header(e)
        assert (SOLUTIONS / e.file).read_text(encoding="utf-8").startswith(header), e.file
        assert e.title["zh"] in header and e.section["en"] in header


def test_dev_check_finds_nothing_missing_in_the_kit():
    done = subprocess.run([sys.executable, "-m", "checker.dev", "check"], cwd=ROOT,
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stdout
    assert "every exercise is complete" in done.stdout


def test_dev_check_names_what_a_new_exercise_lacks():
    base = manifest.by_id()["05"]
    new = dataclasses.replace(base, id="13", file="ex13_new.py",
                              hints={"softmax": {"en": base.hints["softmax"]["en"][:2]}})
    found = "\n".join(dev.problems_of(new))
    assert "fewer than 3 hints for softmax in en" in found
    assert "no hints for softmax in zh" in found
    assert "solutions/ex13_new.py is missing" in found


def test_dev_check_names_files_no_entry_names(monkeypatch, tmp_path):
    fewer = [e for e in manifest.load() if e.id != "12"]
    monkeypatch.setattr(manifest, "load", lambda: fewer)
    found = "\n".join(dev.unnamed())
    assert "solutions/ex12_kv_cache.py: no manifest entry names it" in found
    assert "checker/judge/cases/case_ex12_kv_cache.py: no manifest entry names it" in found
    assert "tests/implementations/wrong/ex12_kv_cache: no manifest entry names it" in found


def test_dev_check_names_a_stale_header_and_a_stale_stub(tmp_path, monkeypatch):
    e = manifest.by_id()["05"]
    text = (SOLUTIONS / e.file).read_text(encoding="utf-8")
    monkeypatch.setattr(stubs, "solution_text",
                        lambda ex: text.replace(e.title["zh"], "旧标题", 1)
                        .replace("# TODO: subtract", "# subtract"))
    found = "\n".join(dev.problems_of(e))
    assert "differ from the manifest" in found
    assert "exercises/ex05_softmax.py is not the stub of the solution" in found
    assert "not preceded by a `# TODO:` line" in found


def test_dev_check_names_a_case_function_defined_twice(tmp_path, monkeypatch):
    """A second `def test_x` replaces the first: that case silently disappears (it
    happened once, to a 300-token case of 10)."""
    e = manifest.by_id()["05"]
    cases = tmp_path / "cases"
    cases.mkdir()
    source = (dev.CASES / f"{e.case_module}.py").read_text(encoding="utf-8")
    first = re.search(r"^def (test_\w+)", source, re.M).group(1)
    (cases / f"{e.case_module}.py").write_text(
        source + f"\n\ndef {first}(learner):\n    pass\n", encoding="utf-8")
    monkeypatch.setattr(dev, "CASES", cases)
    found = "\n".join(dev.problems_of(e))
    assert f"{first} defined twice" in found
