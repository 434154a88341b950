"""Every solution passes every case; every stub is reported "not started"."""
import ast
import re

from conftest import EXERCISES, SOLUTIONS, check, statuses

from checker import manifest


def test_every_solution_passes_every_case(solved):
    run, _ = check(solved)
    failing = [(c.exercise, c.name, c.failure) for e in run.exercises for c in e.cases
               if c.status != "passed"]
    assert failing == []
    assert run.all_passed and run.score == run.max_score == 100


def test_solutions_pass_under_other_seeds(solved):
    for seed in (1, 12345):
        run, _ = check(solved, seed=seed)
        assert run.all_passed, statuses(run)


def test_every_stub_is_not_started_without_a_traceback(stubs):
    run, _ = check(stubs)
    assert set(statuses(run).values()) == {"not_started"}
    for e in run.exercises:
        assert e.score() == 0
        for c in e.cases:
            assert c.status == "not_started", (e.id, c.name)
            assert c.failure.frames == []


def test_stub_files_have_one_todo_per_function_and_raise_not_implemented():
    for e in manifest.load():
        source = (EXERCISES / e.file).read_text(encoding="utf-8")
        assert source.count("TODO") == len(e.functions), e.file
        assert source.count("raise NotImplementedError") == len(e.functions), e.file
        for func in e.functions:
            assert re.search(rf"^def {func}\(", source, re.M), (e.file, func)


def test_solutions_have_no_todo_and_mirror_the_stub_docstring():
    for e in manifest.load():
        stub = (EXERCISES / e.file).read_text(encoding="utf-8")
        solution = (SOLUTIONS / e.file).read_text(encoding="utf-8")
        assert "TODO" not in solution and "NotImplementedError" not in solution, e.file
        assert stub.split('"""')[1] == solution.split('"""')[1], e.file


def test_docstrings_are_bilingual_and_state_the_rules():
    for e in manifest.load():
        doc = (EXERCISES / e.file).read_text(encoding="utf-8").split('"""')[1]
        assert re.search(r"[\u4e00-\u9fff]", doc), f"{e.file}: no Chinese text"
        for heading in ("FORMULA", "SHAPES", "RETURN", "RULES", "Forbidden"):
            assert heading in doc, (e.file, heading)


def test_exercise_files_import_only_torch_math_and_the_standard_library():
    allowed = {"torch", "math", "__future__", "typing"}
    for folder in (EXERCISES, SOLUTIONS):
        for e in manifest.load():
            tree = ast.parse((folder / e.file).read_text(encoding="utf-8"))
            for node in ast.walk(tree):
                if isinstance(node, ast.Import):
                    names = [a.name for a in node.names]
                elif isinstance(node, ast.ImportFrom):
                    names = [node.module or ""]
                else:
                    continue
                for name in names:
                    assert name.split(".")[0] in allowed, (folder.name, e.file, name)


def test_runs_are_reproducible_and_the_seed_varies_the_inputs(solved):
    wrong = (SOLUTIONS.parent / "tests" / "implementations" / "wrong" / "ex04_scaling" /
             "integer_sqrt.py")
    (solved / "ex04_scaling.py").write_text(wrong.read_text(encoding="utf-8"), encoding="utf-8")

    def details(seed):
        run, _ = check(solved, ["04"], seed=seed)
        return [(c.name, c.status, c.failure.detail if c.failure else "")
                for c in run.exercises[0].cases]

    assert details(3) == details(3)
    assert details(3) != details(4)
