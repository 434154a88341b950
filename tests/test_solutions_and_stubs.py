"""Every solution passes every case; every stub is reported "not started"."""
from conftest import SOLUTIONS, check, statuses

from checker import manifest



def test_every_solution_passes_every_case(solved):
    run, _ = check(solved)
    failing = [(c.exercise, c.name, c.failure) for e in run.exercises for c in e.cases
               if c.status != "passed"]
    assert failing == []
    assert run.all_passed and run.score == run.max_score == sum(e.points for e in manifest.load())
    assert sum(e.points for e in manifest.lesson()) == 100  # the lesson's ten keep 100 points


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
