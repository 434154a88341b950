"""Each exercise is written once, in its solution; stubs are derived, and `dev check`
says what an exercise lacks."""
import dataclasses
import re
import subprocess
import sys

import pytest
from conftest import EXERCISES, IMPLEMENTATIONS, ROOT, SOLUTIONS, UNKNOWN_ID

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
    """The static half of the gate (the runs through the engine are those of
    test_implementations.py and test_solutions_and_stubs.py, made once in the suite)."""
    done = subprocess.run([sys.executable, "-m", "checker.dev", "check", "--static"], cwd=ROOT,
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stdout
    assert "every exercise is complete" in done.stdout
    assert "through the kit's engine" not in done.stdout


def test_dev_check_names_what_a_new_exercise_lacks():
    base = manifest.by_id()["05"]
    new = dataclasses.replace(base, id=UNKNOWN_ID, file=f"ex{UNKNOWN_ID}_new.py",
                              hints={"softmax": {"en": base.hints["softmax"]["en"][:2]}})
    found = "\n".join(dev.problems_of(new))
    assert "fewer than 3 hints for softmax in en" in found
    assert "no hints for softmax in zh" in found
    assert f"solutions/ex{UNKNOWN_ID}_new.py is missing" in found


def test_dev_check_names_files_no_entry_names(monkeypatch, tmp_path):
    *fewer, last = manifest.load()
    monkeypatch.setattr(manifest, "load", lambda: fewer)
    found = dev.unnamed()
    places = [f"solutions/{last.file}", f"checker/judge/cases/{last.case_module}.py",
              f"tests/implementations/wrong/{last.stem}"]
    if (ROOT / "tests" / "implementations" / "correct" / last.stem).is_dir():
        places.append(f"tests/implementations/correct/{last.stem}")  # not needed
    for place in places:
        assert f"{place}: no manifest entry names it" in found, found


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


# ------------------------------------------------------------------ dev new
NEW_NAME = f"new_exercise_{UNKNOWN_ID}"  # a name no exercise has, however many there are
@pytest.fixture
def blank_kit(tmp_path, monkeypatch):
    """A source checkout with the kit's manifest and README and no exercise files, where
    `dev new` writes."""
    for folder in ("exercises", "solutions", "checker/judge/cases", "checker/locale/zh"):
        (tmp_path / folder).mkdir(parents=True)
    (tmp_path / "pyproject.toml").write_text("")
    for name in ("checker/manifest.toml", "README.md"):
        (tmp_path / name).write_text((ROOT / name).read_text(encoding="utf-8"), encoding="utf-8")
    monkeypatch.setattr(dev, "ROOT", tmp_path)
    monkeypatch.setattr(dev, "CASES", tmp_path / "checker" / "judge" / "cases")
    monkeypatch.setattr(dev, "ZH", tmp_path / "checker" / "locale" / "zh")
    monkeypatch.setattr(dev, "LIBRARY", tmp_path / "tests" / "implementations")
    monkeypatch.setattr(manifest, "MANIFEST", tmp_path / "checker" / "manifest.toml")
    yield tmp_path
    manifest.load.cache_clear()


def test_dev_new_scaffolds_every_file_of_an_exercise(blank_kit, capsys):
    assert dev.main(["new", UNKNOWN_ID, NEW_NAME]) == 0
    stem = f"ex{UNKNOWN_ID}_{NEW_NAME}"
    out = capsys.readouterr().out
    written = ["checker/manifest.toml", f"solutions/{stem}.py", f"exercises/{stem}.py",
               f"checker/judge/cases/case_{stem}.py", f"checker/locale/zh/{stem}.toml",
               "README.md"]
    for rel in written:
        assert (blank_kit / rel).is_file() and f"  {rel}: " in out, rel
    assert "edit next" in out and f"wrong/{stem}/" in out
    entries = manifest.load(blank_kit / "checker" / "manifest.toml")
    assert [e.id for e in entries] == [e.id for e in manifest.load()] + [UNKNOWN_ID]
    new = entries[-1]
    assert (new.file, new.functions, new.part) == (f"{stem}.py", (NEW_NAME,),
                                                    manifest.load()[-1].part)
    assert new.title["en"] == f"New exercise {UNKNOWN_ID}" and dev.PLACEHOLDER in new.title["zh"]
    solution = (blank_kit / "solutions" / new.file).read_text(encoding="utf-8")
    assert solution.startswith(stubs.header(new)) and dev.PLACEHOLDER in solution
    assert (blank_kit / "exercises" / new.file).read_text(encoding="utf-8") == \
        stubs.stub_from_solution(solution)
    assert f"attn-kit check {UNKNOWN_ID}" in solution
    cases = (blank_kit / "checker" / "judge" / "cases" / f"case_{stem}.py").read_text()
    compile(cases, "cases", "exec")
    named = re.findall(r'@case\("([^"]+)"\)', cases)
    chinese = (blank_kit / "checker" / "locale" / "zh" / f"{stem}.toml").read_text()
    assert len(named) == 1 and f'"{named[0]}" = ' in chinese
    readme = (blank_kit / "README.md").read_text(encoding="utf-8")
    last = manifest.load()[-1]
    assert readme.index(f"| {last.id} | `{last.file}`") < \
        readme.index(f"| {UNKNOWN_ID} | `{new.file}` | `{NEW_NAME}` |")
    assert not (blank_kit / "tests").exists()  # the zeros file is made in memory


@pytest.mark.parametrize("args, says", [
    (["01", NEW_NAME], "exercise 01 exists already"),
    ([f"{int(UNKNOWN_ID) + 1:02d}", NEW_NAME], "the id must be the next one"),
    ([UNKNOWN_ID, "softmax"], "the name 'softmax' is exercise 05's"),
    ([UNKNOWN_ID, NEW_NAME, "softmax"], "the function 'softmax' is exercise 05's"),
    ([UNKNOWN_ID, "Row-Mean"], "is not a name in snake_case"),
    ([UNKNOWN_ID], "an ID and a NAME are needed"),
])
def test_dev_new_refuses_in_one_line_and_writes_nothing(blank_kit, capsys, args, says):
    before = sorted(p for p in blank_kit.rglob("*") if p.is_file())
    manifest_text = (blank_kit / "checker" / "manifest.toml").read_text()
    assert dev.main(["new", *args]) == 2
    err = capsys.readouterr().err
    assert err.startswith("dev new: ") and says in err and err.count("\n") == 1, err
    assert sorted(p for p in blank_kit.rglob("*") if p.is_file()) == before
    assert (blank_kit / "checker" / "manifest.toml").read_text() == manifest_text


def test_dev_new_refuses_an_exercise_made_already(blank_kit, capsys):
    assert dev.main(["new", UNKNOWN_ID, NEW_NAME]) == 0
    capsys.readouterr()
    (blank_kit / "checker" / "manifest.toml").write_text(
        (ROOT / "checker" / "manifest.toml").read_text(encoding="utf-8"))  # its entry gone
    assert dev.main(["new", UNKNOWN_ID, NEW_NAME]) == 2
    err = capsys.readouterr().err
    assert f"solutions/ex{UNKNOWN_ID}_{NEW_NAME}.py exists already" in err


def test_a_zeros_file_made_from_a_solution_keeps_shapes_dtypes_and_graph():
    import torch

    e = manifest.by_id()["06"]
    made = dev.zeros_from_solution(e)
    assert made.startswith("# Made in memory by `checker.dev`") and "BEGIN" not in made
    space: dict = {}
    exec(compile(made, e.file, "exec"), space)
    weights = torch.rand(3, 4, 7, requires_grad=True)
    got = space["weighted_sum"](weights, torch.rand(3, 7, 5, dtype=torch.float32))
    assert got.shape == (3, 4, 5) and got.dtype == torch.float32
    assert got.count_nonzero() == 0 and got.grad_fn is not None


# ------------------------------------------------- dev check: the runs of the engine
def test_dev_check_runs_each_library_file_for_its_declared_verdict(tmp_path, monkeypatch):
    """A wrong file given another cause, a wrong file that passes, a "correct" file that
    fails and a zeros file that earns points: each is one line; the stub and the solution
    are run too."""
    e = manifest.by_id()["04"]
    real = IMPLEMENTATIONS / "wrong" / e.stem / "divides_by_dk.py"
    text = real.read_text(encoding="utf-8")
    declared = dev.declared_cause(text)
    assert declared
    library = tmp_path / "implementations"
    for kind in ("wrong", "correct"):
        (library / kind / e.stem).mkdir(parents=True)
    (library / "wrong" / e.stem / "other_cause.py").write_text(
        text.replace(f"Cause: {declared}", "Cause: ex04_times"))
    (library / "wrong" / e.stem / "not_wrong.py").write_text((SOLUTIONS / e.file).read_text())
    (library / "correct" / e.stem / "not_correct.py").write_text(text)
    monkeypatch.setattr(dev, "zeros_from_solution", lambda ex, text: text)  # earns points
    monkeypatch.setattr(dev, "LIBRARY", library)
    monkeypatch.setattr(dev, "BLIND", tmp_path / "no_blind_sets")
    seen = []
    found = dev.engine_problems([e], lambda ex, problems, runs: seen.append((ex.id, runs)))
    assert seen == [("04", 6)]  # the stub, the solution, zeros, two wrong, one correct
    lines = found["04"]
    assert len(lines) == 4, lines
    assert any("other_cause.py: the report names " + declared in line and
               "the file declares ex04_times" in line for line in lines), lines
    assert any("not_wrong.py: passes, it must be caught" in line for line in lines), lines
    assert any("not_correct.py: failed, it must pass" in line for line in lines), lines
    assert any(f"the zeros file (made from solutions/{e.file}): earns 10.0 points" in line
               for line in lines), lines
    assert not any("(the stub)" in line or line.startswith(f"solutions/{e.file}")
                   for line in lines)


@pytest.mark.parametrize("argv", [["--help"], ["new", "--help"], ["check", "-h"]])
def test_dev_help_prints_the_usage_and_exits_0(capsys, argv):
    assert dev.main(argv) == 0
    out = capsys.readouterr().out
    assert "python -m checker.dev new ID NAME" in out and "dev check" in out.replace(
        "checker.dev check", "dev check")
