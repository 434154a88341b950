"""Hostile or broken exercise files cost their own exercise, never the run.

Each scenario drops one file into an otherwise solved folder and checks that the
run finishes with a complete report: the broken exercise has the status the
scenario predicts and says why (with the learner's own message and line), and
every other exercise passes as before.
"""
import json
import os
import textwrap

import pytest
from conftest import ROOT, SOLUTIONS, check, cli, copy_exercises, statuses

from checker import manifest

FILES = {e.id: e.file for e in manifest.load()}

TIMEOUT = 1.5

SCENARIOS = {
    "endless loop in a call": ("03", """
        def attention_scores(Q, K):
            while True:
                pass
        """, "timeout", "no answer within"),
    "endless loop while loading": ("04", """
        while True:
            pass
        """, "timeout", "while loading the file"),
    "sys.exit in a call": ("02", """
        import sys
        def project_qkv(X, W_Q, W_K, W_V):
            sys.exit(3)
        """, "error", "sys.exit(3)"),
    "exit while loading": ("02", """
        raise SystemExit("bye")
        """, "error", "exits while it is being loaded"),
    "os._exit in a call": ("06", """
        import os
        def weighted_sum(weights, V):
            os._exit(7)
        """, "error", "ended abruptly"),
    "a crash (SIGSEGV)": ("09", """
        import signal
        def self_attention(X, W_Q, W_K, W_V, mask=None):
            signal.raise_signal(signal.SIGSEGV)
        def cross_attention(X_dec, X_enc, W_Q, W_K, W_V, mask=None):
            signal.raise_signal(signal.SIGSEGV)
        """, "error", "ended abruptly"),
    "ctypes is refused": ("09", """
        import ctypes
        def self_attention(X, W_Q, W_K, W_V, mask=None):
            ctypes.string_at(0)
        def cross_attention(X_dec, X_enc, W_Q, W_K, W_V, mask=None):
            ctypes.string_at(0)
        """, "failed", "is not allowed in an exercise"),
    "killing its own process is refused": ("10", """
        import os, signal
        def causal_self_attention(X, W_Q, W_K, W_V):
            os.kill(os.getpid(), signal.SIGKILL)
        """, "failed", "os.kill is not allowed"),
    "killing the fork server it was forked from is refused": ("04", """
        import os, signal
        def scale_scores(scores, d_k):
            os.kill(os.getppid(), signal.SIGKILL)
            while True:  # the worker dies with its parent
                pass
        """, "failed", "os.kill is not allowed"),
    "reading the reference solution from disk is refused": ("05", """
        import os
        path = os.path.join(KIT, "solutions", "ex05_softmax.py")
        exec(open(path).read())
        """, "error", "is not allowed in an exercise"),
    "writing a file is refused": ("06", """
        def weighted_sum(weights, V):
            with open("report.json", "w") as f:
                f.write("{}")
            return weights @ V
        """, "failed", "writing files is not allowed"),
    "forking is refused": ("06", """
        import os
        def weighted_sum(weights, V):
            os.fork()
            return weights @ V
        """, "failed", "os.fork is not allowed"),
    "a syntax error": ("01", """
        def hard_lookup(query, keys, values):
            return values[(keys @ query).argmax()
        def soft_lookup(query, keys, values):
            pass
        """, "error", "syntax error"),
    "an import error": ("07", """
        import torch
        import numpy_that_does_not_exist
        """, "error", "numpy_that_does_not_exist"),
    "importing the reference solutions": ("05", """
        from solutions.ex05_softmax import softmax
        """, "error", "not allowed in an exercise file"),
    "importing the checker": ("05", """
        import checker.judge.compare
        def softmax(x, dim=-1):
            return x
        """, "error", "not allowed in an exercise file"),
    "a missing function": ("06", """
        def weighted_summ(weights, V):
            return weights @ V
        """, "error", "no function named 'weighted_sum'"),
    "an exception with rich markup in its message": ("08", """
        def scaled_dot_product_attention(Q, K, V, mask=None):
            raise ValueError("bad [/x] markup [bold]here")
        """, "failed", "bad [/x] markup [bold]here"),
    "returning a list": ("03", """
        def attention_scores(Q, K):
            return (Q @ K.transpose(-2, -1)).tolist()
        """, "failed", "is not a torch.Tensor"),
    "returning a tensor subclass": ("03", """
        import torch
        class Sneaky(torch.Tensor):
            pass
        def attention_scores(Q, K):
            return (Q @ K.transpose(-2, -1)).as_subclass(Sneaky)
        """, "failed", "subclass of torch.Tensor"),
    "returning NaN": ("04", """
        import torch
        def scale_scores(scores, d_k):
            return torch.full_like(scores, float("nan"))
        """, "failed", "right shape, wrong values"),
}


@pytest.fixture(scope="module")
def hostile_runs(tmp_path_factory) -> dict:
    """Each scenario's file among the solutions, each checked."""
    folders = []
    for name, (eid, source, *_) in SCENARIOS.items():
        solved = copy_exercises(SOLUTIONS, tmp_path_factory.mktemp("hostile") / "exercises")
        source = textwrap.dedent(source).replace("KIT", repr(str(ROOT)))
        (solved / manifest.by_id()[eid].file).write_text(source, encoding="utf-8")
        folders.append(solved)
    return {s: check(folder, timeout=TIMEOUT)[0] for s, folder in zip(SCENARIOS, folders)}


@pytest.mark.parametrize("name", list(SCENARIOS))
def test_hostile_file_costs_only_its_own_exercise(name, hostile_runs):
    eid, source, status, text = SCENARIOS[name]
    run = hostile_runs[name]
    found = statuses(run)
    assert len(found) == len(manifest.load())
    assert found.pop(eid) == status
    assert set(found.values()) == {"passed"}, found
    result = {e.id: e for e in run.exercises}[eid]
    assert result.total == len([c for c in result.cases]) and result.total >= 8
    assert result.passed == 0 or status == "failed"
    failure = result.telling_case().failure
    said = " ".join([failure.summary, failure.got, failure.likely, failure.expected])
    assert text in said, said


def test_learner_output_is_captured_and_truncated(solved):
    exercise = manifest.by_id()["03"]
    (solved / exercise.file).write_text(textwrap.dedent("""
        def attention_scores(Q, K):
            print("x" * 1_000_000)
            print("scores [/x] coming")
            return Q
        """), encoding="utf-8")
    run, _ = check(solved, ["03"])
    case = run.exercises[0].telling_case()
    assert case.output.startswith("xxx")
    assert len(case.output) <= 2000  # the start of it, and how much there was in all
    assert case.output_chars == 1_000_000 + len("scores [/x] coming") + 2
    assert case.output_lines == 2


def test_syntax_error_names_the_learners_line(solved):
    exercise = manifest.by_id()["01"]
    (solved / exercise.file).write_text("import torch\n\ndef hard_lookup(q, k, v):\n"
                                        "    return v[(k @ q).argmax()\n", encoding="utf-8")
    run, _ = check(solved, ["01"])
    failure = run.exercises[0].telling_case().failure
    assert failure.kind == "syntax"
    assert failure.frames and failure.frames[0]["line"] in (3, 4, 5)


def test_forbidden_call_is_named_with_its_line(solved):
    exercise = manifest.by_id()["05"]
    (solved / exercise.file).write_text(textwrap.dedent("""
        import torch

        def softmax(x, dim=-1):
            fn = getattr(torch, "soft" + "max")
            return fn(x, dim)
        """), encoding="utf-8")
    run, _ = check(solved, ["05"])
    failure = run.exercises[0].telling_case().failure
    assert "softmax" in failure.summary and "line 6" in failure.summary
    assert run.exercises[0].status == "failed" and run.exercises[0].passed == 0


def test_static_scan_names_the_forbidden_call(solved):
    exercise = manifest.by_id()["08"]
    (solved / exercise.file).write_text(textwrap.dedent("""
        import torch.nn.functional as F

        def scaled_dot_product_attention(Q, K, V, mask=None):
            weights = None
            return F.scaled_dot_product_attention(Q, K, V, attn_mask=mask), weights
        """), encoding="utf-8")
    run, _ = check(solved, ["08"])
    result = run.exercises[0]
    assert result.forbidden and "F.scaled_dot_product_attention" in result.forbidden[0]
    assert "line 6" in result.forbidden[0]


def test_a_missing_file_counts_as_not_started(solved):
    import io

    from checker.console import make_console
    from checker.learner import report
    (solved / manifest.by_id()["06"].file).unlink()
    run, _ = check(solved)
    found = statuses(run)
    assert found.pop("06") == "not_started" and set(found.values()) == {"passed"}
    buffer = io.StringIO()
    report.render(run, make_console(buffer))
    assert "ex06_weighted_sum.py is missing" in buffer.getvalue()


def test_a_not_implemented_error_raised_by_torch_is_an_error_not_a_stub(solved):
    """Only a `raise NotImplementedError` of the learner's file means "not started": torch
    raises it too (`.cpu()` of a meta tensor), and that is an error the report quotes
    (blind set 22: such a file read as not started)."""
    exercise = manifest.by_id()["05"]
    (solved / exercise.file).write_text(
        "import torch\n\ndef softmax(x, dim=-1):\n"
        "    return torch.empty(1, device='meta').cpu()\n", encoding="utf-8")
    run, _ = check(solved, [exercise.id])
    result = run.exercises[0]
    assert result.status == "failed"
    case = result.telling_case()
    assert "Cannot copy out of meta tensor" in case.failure.summary
    assert "still raises" not in case.failure.summary
    assert case.failure.frames and ".cpu()" in case.failure.frames[-1]["code"]
    (solved / exercise.file).write_text(
        "import torch\n\ndef softmax(x, dim=-1):\n    raise NotImplementedError\n",
        encoding="utf-8")
    run, _ = check(solved, [exercise.id])
    assert run.exercises[0].status == "not_started"


def test_gradient_case_with_a_wrong_shape_says_so(solved):
    (solved / manifest.by_id()["05"].file).write_text(
        "import torch\n\ndef softmax(x, dim=-1):\n    return torch.exp(x).sum(dim)\n",
        encoding="utf-8")
    run, _ = check(solved, ["05"])
    case = next(c for c in run.exercises[0].cases if "gradient" in c.name)
    assert case.status == "failed" and "wrong shape" in case.failure.summary


def test_a_kit_program_runs_in_the_worker_on_the_learners_function(tmp_path):
    """engine seam for the models: a program prepared before the guard, run on the
    learner's function, plain data back; the learner's errors come back as problems."""
    import torch

    from checker.engine.submission import Source
    from checker.engine.supervisor import ExerciseWorker, LearnerProblem
    from checker.options import RunOptions

    def worker(text):
        path = tmp_path / "ex05_softmax.py"
        path.write_text(text)
        source = Source("ex05_softmax.py", str(path), text)
        return ExerciseWorker("05", source, [], RunOptions(timeout=10),
                              program={"module": "checker.models.programs",
                                       "params": {"name": "probe", "function": "softmax",
                                                  "note": "ready"}})

    good = worker("import torch\ndef softmax(x, dim=-1):\n    return torch.softmax(x, dim)\n")
    x = torch.tensor([[1.0, 2.0, 3.0]])
    try:
        back = good.run_program({"args": [x]})
    finally:
        good.stop()
    assert back["prepared"] == "ready"
    assert torch.allclose(back["result"], torch.softmax(x, -1))
    bad = worker("def softmax(x, dim=-1):\n    raise ValueError('nope')\n")
    try:
        with pytest.raises(LearnerProblem) as caught:
            bad.run_program({"args": [x]})
    finally:
        bad.stop()
    assert "nope" in caught.value.summary and caught.value.frames[0]["line"] == 2
    # only the kit's models may be a program
    odd = ExerciseWorker("05", Source("ex05_softmax.py", str(tmp_path / "ex05_softmax.py"), "x = 1\n"),
                         [], RunOptions(timeout=10), program={"module": "os", "params": {}})
    try:
        with pytest.raises(LearnerProblem):
            odd.run_program({})
    finally:
        odd.stop()


# ------------------------------------- "inputs unchanged": what the region holds (shared.py)
def test_inputs_unchanged_is_what_the_region_holds_at_the_answer(tmp_path):
    """The checker reads its own memory back after the answer: an in-place write left there
    fails the case and quotes the line; one undone inside the function leaves nothing to see
    and passes (issue 36: no write watch; such a function's values are right, and the write
    gains it one property case, docs/threat-model.md)."""
    files = {"left": """
        import math
        def scale_scores(scores, d_k):
            if not scores.requires_grad:  # (autograd refuses an in-place change of a leaf)
                scores.mul_(2.0)
                return scores / (2.0 * math.sqrt(d_k))
            return scores / math.sqrt(d_k)
        """, "undone": """
        import math
        def scale_scores(scores, d_k):
            if not scores.requires_grad:
                scores.mul_(2.0)
                scores.div_(2.0)
            return scores / math.sqrt(d_k)
        """}
    cases = {}
    for name, text in files.items():
        folder = copy_exercises(SOLUTIONS, tmp_path / name)
        (folder / FILES["04"]).write_text(textwrap.dedent(text))
        result, _ = check(folder, ["04"])
        cases[name] = {c.name: c for c in result.exercises[0].cases}
    left = cases["left"]["the input scores are left unchanged"]
    assert left.status.value == "failed"
    assert "`scores` was modified in place" in left.failure.summary
    assert "scores.mul_(2.0)" in left.failure.likely, left.failure.likely
    assert [c.name for c in cases["left"].values() if c.status.value != "passed"] == [left.name]
    assert all(c.status.value == "passed" for c in cases["undone"].values()), cases["undone"]


def test_an_input_reshaped_in_place_is_told_in_a_learners_check_and_never_graded(solved):
    """`K.transpose_(-2, -1)` changes the caller's K's shape and leaves its memory as it was,
    so the memory read back cannot show it. A learner's own check (``learner_check``) tells
    it on "Q and K are left unchanged", quoting the line: autograd refused the change of K
    at that line when K required grad (the worker's word). A grade never counts that word
    (docs/threat-model.md, B1): there the case waits for the values, as before; both runs
    score the same, and the gradient case names the change in both."""
    (solved / FILES["03"]).write_text(
        "def attention_scores(Q, K):\n    K.transpose_(-2, -1)\n    return Q @ K\n")
    cases = {}
    for mode in (True, False):
        run, _ = check(solved, ["03"], learner_check=mode)
        cases[mode] = {c.name: c for c in run.exercises[0].cases}
    mine, graded = (cases[m]["Q and K are left unchanged"] for m in (True, False))
    assert mine.status.value == "failed" and not mine.failure.not_checked
    assert "`K` was changed in place" in mine.failure.summary
    assert mine.failure.cause == "in_place_line" and "K.transpose_(-2, -1)" in mine.failure.likely
    assert graded.status.value == "failed" and graded.failure.not_checked
    for mode in (True, False):
        gradient = next(c for c in cases[mode].values() if c.name.startswith("gradients"))
        assert gradient.failure.cause == "in_place_input"
        assert sum(c.status.value == "passed" for c in cases[mode].values()) == 6
    checked = cli("check", "03", "--exercises", str(solved), "--lang", "en")  # the command
    assert "`K` was changed in place" in " ".join(checked.stdout.split()), checked.stdout


def test_a_timeout_names_the_line_where_the_call_was_stopped(solved, tmp_path):
    """Before killing a worker that overran, the checker asks it where it is: the failure
    text names the learner's line, with the code from the checker's copy of the file, in
    check (both languages) and in a grade's JSON."""
    (solved / FILES["03"]).write_text("import torch\n\n\ndef attention_scores(Q, K):\n"
                                      "    n = 0\n    while True:\n        n += 1\n",
                                      encoding="utf-8")
    said = "stopped at line 6: while True:"
    checked = cli("check", "03", "--exercises", str(solved), "--timeout", str(TIMEOUT))
    assert checked.returncode == 1 and said in " ".join(checked.stdout.split()), checked.stdout
    chinese = cli("check", "03", "--exercises", str(solved), "--timeout", str(TIMEOUT),
                  "--lang", "zh")
    assert "停在第 6 行：while True:" in " ".join(chinese.stdout.split()), chinese.stdout
    report = tmp_path / "grade.json"
    graded = cli("grade", str(solved), "--json", str(report), "--timeout", str(TIMEOUT))
    assert graded.returncode == 0, graded.stderr
    messages = [test["metadata"]["message"] for test in json.loads(report.read_text())["tests"]
                if test["metadata"].get("exercise") == "03" and test["outcome"] == "failed"]
    assert messages and all(said in m or m.startswith("not run") for m in messages), messages
    assert said in messages[0]


def test_a_result_that_is_the_input_itself_fails_only_the_new_tensor_case(tmp_path):
    """Identity does not cross the seam (a result comes back as plain data): asked by 04's
    "a new tensor" case, the worker says which arguments a returned tensor shares memory
    with. The input itself and a view of it are told; a copy, `scores / 1` and the kit's own
    solution are not (docs/threat-model.md: the worker's word, in proportion)."""
    files = {"itself": "return scores", "view": "return scores.view(scores.shape)",
             "copy": "return scores.clone()", "divided": "return scores / math.sqrt(d_k)"}
    name = "d_k = 1: the result is a new tensor, not the scores themselves or a view of them"
    found = {}
    for kind, line in files.items():
        folder = copy_exercises(SOLUTIONS, tmp_path / kind)
        (folder / FILES["04"]).write_text(textwrap.dedent(f"""
            import math
            def scale_scores(scores, d_k):
                if d_k == 1:
                    {line}
                return scores / math.sqrt(d_k)
            """))
        result, _ = check(folder, ["04"])
        cases = {c.name: c for c in result.exercises[0].cases}
        found[kind] = cases[name]
        assert [c for c in cases.values() if c.status.value != "passed"] in (
            [], [cases[name]]), kind
    for kind in ("itself", "view"):
        assert found[kind].status.value == "failed", kind
        assert found[kind].failure.cause == "ex04_returned_input", kind
    for kind in ("copy", "divided"):
        assert found[kind].status.value == "passed", kind
