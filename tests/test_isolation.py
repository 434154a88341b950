"""Hostile or broken exercise files cost their own exercise, never the run.

Each scenario drops one file into an otherwise solved folder and checks that the
run finishes with a complete report: the broken exercise has the status the
scenario predicts and says why (with the learner's own message and line), and
every other exercise passes as before.
"""
import os
import select
import textwrap

import pytest
from conftest import ROOT, SOLUTIONS, check, copy_exercises, statuses

from checker import manifest
from checker.engine import layers

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


# ------------------------------------------------- writes into the inputs (writes.py)
WATCHED = pytest.mark.skipif(not layers.probe_kernel()["write_watch"]["on"],
                             reason=f"no write watch here: {layers.probe_kernel()['write_watch']['why']}")


@WATCHED
def test_a_write_into_an_input_counts_even_when_undone_before_the_answer(tmp_path):
    """The region holds what it was given (the write is undone before the answer), but the
    kernel saw the write: "inputs unchanged" fails and quotes the line; a file that never
    writes passes it (the fourth red team's B2, here inside the function)."""
    undone = copy_exercises(SOLUTIONS, tmp_path / "undone")
    (undone / FILES["04"]).write_text(textwrap.dedent("""
        import math
        def scale_scores(scores, d_k):
            scores.mul_(2.0)
            scores.div_(2.0)
            return scores / math.sqrt(d_k)
        """))
    result, _ = check(undone, ["04"])
    cases = {c.name: c for c in result.exercises[0].cases}
    case = cases["the input scores are left unchanged"]
    assert case.status.value == "failed"
    assert "`scores` was modified in place" in case.failure.summary
    assert "scores.mul_(2.0)" in case.failure.likely, case.failure.likely
    solved, _ = check(SOLUTIONS, ["04"])
    assert all(c.status.value == "passed" for c in solved.exercises[0].cases)


@WATCHED
def test_the_write_watch_sees_each_written_page_and_only_those():
    """writes.Watch on its own: a child (a worker's stand-in) registers a region and hands
    the descriptor over; its writes stop it until the watch takes them down; a page it
    only read is not written; protecting again forgets; a write between judged calls
    counts against every later one; unmapping counts as everything."""
    import mmap
    import socket

    from checker.engine import shared, writes

    region = shared.Region()
    ours, theirs = socket.socketpair()
    pid = os.fork()
    if pid == 0:  # the worker's side
        code = 1
        try:
            ours.close()
            view = mmap.mmap(region.fd, shared.SHARED_BYTES)
            fd, start, why = writes.watch(view)
            socket.send_fds(theirs, [start.to_bytes(8, "little")], [fd])
            os.close(fd)
            while True:
                said = theirs.recv(64).decode().split()  # as the checker says
                if not said:
                    break
                for step in said:
                    kind, page = step.split(":")
                    at = int(page) * writes.PAGE
                    if kind == "w":
                        view[at:at + 1] = b"x"
                    elif kind == "r":
                        view[at]
                    else:
                        import ctypes
                        ctypes.CDLL(None).munmap(ctypes.c_void_p(start),
                                                 ctypes.c_size_t(shared.SHARED_BYTES))
                theirs.send(b"done")
            code = 0
        finally:
            os._exit(code)
    theirs.close()
    data, fds, _, _ = socket.recv_fds(ours, 8, 1)
    watch = writes.Watch(fds[0], int.from_bytes(data, "little"), shared.SHARED_BYTES)

    def steps(text: str) -> None:
        ours.send(text.encode())
        while True:  # serve the watch until the child is through
            ready, _, _ = select.select([ours, watch.fd], [], [], 10)
            assert ready, "the child is stuck"
            if watch.fd in ready:
                watch.service()
            if ours in ready:
                assert ours.recv(64) == b"done"
                watch.service()
                return

    try:
        watch.protect()
        steps("w:1 r:3 w:1")
        assert watch.pages == {writes.PAGE} and not watch.everything
        assert watch.wrote(writes.PAGE + 100, 8) and not watch.wrote(0, writes.PAGE)
        assert not watch.wrote(3 * writes.PAGE, 4)
        watch.protect()
        assert not watch.wrote(writes.PAGE, 8)
        steps("w:2")
        assert watch.pages == {2 * writes.PAGE}
        watch.disarm()  # the judged call is over: a write now poisons the watch for good
        steps("w:5")
        watch.protect()
        assert watch.poisoned and watch.wrote(0, 1) and not watch.pages
        steps("u:0")
        assert watch.everything and watch.wrote(0, 1)
    finally:
        ours.close()
        os.waitpid(pid, 0)
        watch.close()
        region.close()
