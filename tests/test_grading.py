"""`attn-kit grade` on a class with hostile submissions: one test per threat.

The threat model is docs/threat-model.md. A class folder is built once: clean
students (all solved, all stubs, one partly wrong), and one student per threat,
whose submission is the reference solutions with one file replaced by hostile
code. The whole class is graded in one run of the command, as an instructor
would run it. For each threat: the grader finishes, the nine other exercises
get exactly their points, the hostile exercise gets no point it did not earn,
and the status column says why.
"""
from __future__ import annotations

import csv
import json
import os
import shutil
import textwrap
import time
import zipfile
from pathlib import Path

import pytest
from conftest import (EXERCISES, IMPLEMENTATIONS, ROOT, SOLUTIONS, HostileRun,
                      check_gradescope_points, cli, comparable, copy_exercises)

from checker.engine import forkserver
from checker.grading import gradescope
from checker import manifest
from checker import judge
from checker.options import RunOptions

IDS = [e.id for e in manifest.lesson()]  # what a default grade scores
FILES = {e.id: e.file for e in manifest.load()}
TIMEOUT = "1.5"
OWN_UID = os.geteuid() == 0  # workers get their own uid only under a root grader

# threat name -> (exercise, hostile source, points it may earn, allowed statuses, reason text)
# OUT_DIR in a source stands for the grader's output folder.
THREATS = {
    "importing the reference solutions": ("05", """
        from solutions.ex05_softmax import softmax
        """, 0, {"error"}, "not allowed"),
    "importing the checker to patch its comparisons": ("05", """
        import checker.judge.compare as compare
        compare.close = lambda *a, **k: None
        def softmax(x, dim=-1):
            return x
        """, 0, {"error"}, "not allowed"),
    "reaching the checker through sys.modules": ("05", """
        import sys, torch
        for name, module in list(sys.modules.items()):
            if name.startswith(("checker", "solutions")):
                for attr in ("close", "tensor", "softmax"):
                    setattr(module, attr, lambda *a, **k: None)
        def softmax(x, dim=-1):
            return torch.zeros_like(x)
        """, 0, {"ok"}, ""),
    "monkeypatching torch's comparisons": ("05", """
        import torch
        torch.allclose = lambda *a, **k: True
        torch.equal = lambda *a, **k: True
        torch.isclose = lambda a, b, *args, **k: torch.ones_like(a, dtype=torch.bool)
        torch.Tensor.__eq__ = lambda self, other: True
        torch.testing.assert_close = lambda *a, **k: None
        def softmax(x, dim=-1):
            return torch.zeros_like(x)
        """, 0, {"ok"}, ""),
    "sys.exit while loading": ("02", """
        import sys
        sys.exit(0)
        """, 0, {"error"}, "exits while it is being loaded"),
    "os._exit in a call": ("06", """
        import os
        def weighted_sum(weights, V):
            os._exit(0)
        """, 0, {"error"}, "ended abruptly"),
    "killing the parent and every grader process": ("04", """
        import os, signal
        def scale_scores(scores, d_k):
            for pid in [os.getppid()] + [int(p) for p in os.listdir("/proc") if p.isdigit()]:
                try:
                    with open(f"/proc/{pid}/cmdline", "rb") as f:
                        cmd = f.read()
                    if pid == os.getppid() or b"checker" in cmd or b"pytest" in cmd:
                        if pid != os.getpid():
                            os.kill(pid, signal.SIGKILL)
                except Exception:
                    pass
            return scores
        """, 0, {"ok", "error"}, ""),
    "writing fake reports (and computing the right answer)": ("03", """
        import os
        FAKE = "submission,total\\nfake,100\\n"
        for folder in (OUT_DIR, os.getcwd(), "."):
            for name in ("grades.csv", "fake-reports.json", "results.json"):
                try:
                    with open(os.path.join(folder, name), "w") as f:
                        f.write(FAKE)
                except OSError:
                    pass
        def attention_scores(Q, K):
            return Q @ K.transpose(-2, -1)
        """, 10, {"ok"}, ""),
    "a daemon that rewrites the reports after grading": ("07", """
        import os, time
        def _daemon():
            if os.fork() == 0:
                os.setsid()
                if os.fork() == 0:
                    time.sleep(4)
                    for name in ("grades.csv", "daemon.json"):
                        try:
                            with open(os.path.join(OUT_DIR, name), "w") as f:
                                f.write("hacked")
                        except OSError:
                            pass
                os._exit(0)
        _daemon()
        def causal_mask(n, device=None):
            raise ValueError("no")
        def apply_mask(scores, mask):
            raise ValueError("no")
        """, 0, {"error"}, "os.fork is not allowed"),
    "an endless loop": ("08", """
        def scaled_dot_product_attention(Q, K, V, mask=None):
            while True:
                pass
        """, 0, {"timeout"}, "no answer within"),
    "a memory bomb": ("09", """
        hoard = []
        def self_attention(X, W_Q, W_K, W_V, mask=None):
            while True:
                hoard.append(bytearray(64 * 1024 * 1024))
        def cross_attention(X_dec, X_enc, W_Q, W_K, W_V, mask=None):
            while True:
                hoard.append(bytearray(64 * 1024 * 1024))
        """, 0, {"ok", "error", "timeout"}, ""),
    "a fork bomb": ("10", """
        import os
        def causal_self_attention(X, W_Q, W_K, W_V):
            while True:
                try:
                    os.fork()
                except OSError:
                    pass
        """, 0, {"timeout", "error"}, ""),
    "megabytes of output (and the right answer)": ("01", """
        import torch
        def hard_lookup(query, keys, values):
            print("x" * 5_000_000)
            return values[torch.argmax(keys @ query)]
        def soft_lookup(query, keys, values):
            print("y" * 5_000_000)
            return torch.softmax(keys @ query, dim=-1) @ values
        """, 10, {"ok"}, ""),
    "returning a tensor subclass": ("06", """
        import torch
        class Sneaky(torch.Tensor):
            def __eq__(self, other):
                return True
        def weighted_sum(weights, V):
            return torch.zeros(weights.shape[:-1] + V.shape[-1:]).as_subclass(Sneaky)
        """, 0, {"ok"}, ""),
    "returning objects that claim to equal anything": ("03", """
        class Anything:
            shape = dtype = None
            def __eq__(self, other):
                return True
        def attention_scores(Q, K):
            return Anything()
        """, 0, {"ok", "error"}, ""),
    "returning NaN": ("04", """
        import torch
        def scale_scores(scores, d_k):
            return torch.full_like(scores, float("nan"))
        """, 0, {"ok"}, ""),
    "a syntax error in one file": ("01", """
        def hard_lookup(query, keys, values)
            return values[0]
        """, 0, {"error"}, "syntax error"),
    "a file larger than any exercise": ("02", "#" + "x" * 600_000 + "\n", 0, {"error"},
                                        "larger than"),
}

if not OWN_UID:  # without a uid of its own, a worker can signal the grader: see the threat model
    del THREATS["killing the parent and every grader process"]


def _write_student(folder: Path, eid: str | None = None, source: str | None = None) -> Path:
    copy_exercises(SOLUTIONS, folder)
    if eid is not None:
        (folder / FILES[eid]).write_text(source, encoding="utf-8")
    return folder


def student_name(threat: str) -> str:
    return ("t_" + "".join(c if c.isalnum() else "_" for c in threat)[:40]).rstrip("_")


@pytest.fixture(scope="module")
def graded_class(tmp_path_factory):
    base = tmp_path_factory.mktemp("class")
    base.chmod(0o755)
    classdir, out = base / "submissions", base / "grades"
    classdir.mkdir()
    run = HostileRun(base, classdir, out)
    _write_student(classdir / "clean_solved")
    copy_exercises(EXERCISES, classdir / "clean_stubs")
    _write_student(classdir / "clean_partial", "05",
                   (IMPLEMENTATIONS / "wrong" / "ex05_softmax" / "no_max_shift.py").read_text())
    for threat, (eid, source, *_rest) in THREATS.items():
        text = textwrap.dedent(source).replace("OUT_DIR", repr(str(out)))
        _write_student(classdir / student_name(threat), eid, text)
    started = time.monotonic()
    done = cli("grade", str(classdir), "--out", str(out), "--jobs", "2", "--timeout", TIMEOUT,
               "--memory", "512", cwd=base, timeout=900, env=run.env(),
               fresh=True)  # a class of attacks: graded by a new Python, as an instructor would
    seconds = time.monotonic() - started
    run.settle()  # a daemon that outlived its worker would strike (or be seen) meanwhile
    rows = {}
    if (out / "grades.csv").exists():
        with open(out / "grades.csv", newline="", encoding="utf-8-sig") as f:
            rows = {r["submission"]: r for r in csv.DictReader(f)}
    return {"done": done, "out": out, "rows": rows, "base": base, "seconds": seconds,
            "run": run}


def test_the_grader_finishes_and_clean_students_get_what_they_earned(graded_class):
    done, rows = graded_class["done"], graded_class["rows"]
    assert done.returncode == 0, done.stderr[-2000:]
    assert len(rows) == 3 + len(THREATS)
    assert rows["clean_solved"]["total"] == "100" and rows["clean_solved"]["status"] == "ok"
    assert rows["clean_stubs"]["total"] == "0" and rows["clean_stubs"]["status"] == "ok"
    partial = float(rows["clean_partial"]["ex05"])
    assert 0 < partial < 10 and float(rows["clean_partial"]["total"]) == pytest.approx(90 + partial)


@pytest.mark.parametrize("threat", list(THREATS))
def test_threat(threat, graded_class):
    eid, _source, earns, statuses, reason = THREATS[threat]
    row = graded_class["rows"][student_name(threat)]
    for other in IDS:
        if other != eid:
            assert row[f"ex{other}"] == "10", (other, row)
    assert float(row[f"ex{eid}"]) == earns, row
    assert float(row["total"]) == 90 + earns
    assert row["status"] in statuses, row
    assert reason in row["reason"], row
    document = json.loads((graded_class["out"] / f"{student_name(threat)}.json").read_text())
    assert document["score"] == float(row["total"])
    assert {e["id"]: e["score"] for e in document["exercises"]}[eid] == earns


def test_the_real_reports_are_never_replaced(graded_class):
    out, rows = graded_class["out"], graded_class["rows"]
    assert set(rows) >= {"clean_solved", "clean_stubs"}  # the real grades.csv, not "fake,100"
    names = {p.name for p in out.iterdir()}
    assert names == {"grades.csv", "insights"} | {f"{r}.json" for r in rows}, names
    for folder in (graded_class["base"], graded_class["base"] / "submissions"):
        assert not (folder / "fake-reports.json").exists()


def test_nothing_a_worker_started_outlives_the_grading(graded_class):
    """The run's own processes only: the test process's new descendants (a subreaper)."""
    assert not graded_class["run"].leftover_processes()


def test_output_is_truncated_in_the_report(graded_class):
    path = graded_class["out"] / f"{student_name('megabytes of output (and the right answer)')}.json"
    assert path.stat().st_size < 1_000_000


# ------------------------------------------------------- submissions and layouts
@pytest.fixture(scope="module")
def layouts(tmp_path_factory):
    """One class in one run (a grade's start costs more than a submission): the same
    partly wrong work as a flat folder, one folder deeper and in a zip one folder deeper
    still (with an entry that climbs out), a symlink to the solutions, a broken zip and a
    plain solved folder."""
    base = tmp_path_factory.mktemp("layouts")
    classdir, out = base / "subs", base / "out"
    wrong = (IMPLEMENTATIONS / "wrong" / "ex05_softmax" / "no_max_shift.py").read_text()
    flat = _write_student(classdir / "flat", "05", wrong)
    shutil.copytree(flat, classdir / "nested" / "exercises")
    with zipfile.ZipFile(classdir / "wrapped.zip", "w") as z:
        for file in FILES.values():
            z.write(flat / file, f"student-1/exercises/{file}")
        z.write(flat / FILES["01"], "../../escape.py")  # never extracted, never read
    (flat / FILES["10"]).unlink()  # a missing file counts as not started
    linked = _write_student(classdir / "linked")
    (linked / FILES["05"]).unlink()
    (linked / FILES["05"]).symlink_to(SOLUTIONS / FILES["05"])
    _write_student(classdir / "good")
    (classdir / "broken.zip").write_bytes(b"PK\x03\x04 this is not really a zip")
    done = cli("grade", str(classdir), "--out", str(out), "--timeout", TIMEOUT, "--jobs", "2",
               timeout=300)
    assert done.returncode == 0, done.stderr
    with open(out / "grades.csv", newline="", encoding="utf-8-sig") as f:
        rows = {r["submission"]: r for r in csv.DictReader(f)}
    return {"base": base, "out": out, "rows": rows,
            "report": lambda name: json.loads((out / f"{name}.json").read_text())}


def test_zip_folder_and_layouts_give_the_same_scores(layouts):
    scores = {}
    for name in ("flat", "nested", "wrapped"):
        document = layouts["report"](name)
        scores[name] = {e["id"]: (e["score"], e["status"]) for e in document["exercises"]}
    assert scores["nested"] == scores["wrapped"]
    assert scores["flat"]["10"] == (0.0, "not_started")
    assert {k: v for k, v in scores["flat"].items() if k != "10"} == \
        {k: v for k, v in scores["nested"].items() if k != "10"}
    assert 0 < scores["flat"]["05"][0] < 10
    for folder in (layouts["base"], layouts["base"].parent, layouts["base"] / "subs"):
        assert not (folder / "escape.py").exists()


def test_grading_twice_gives_the_same_scores_and_statuses(tmp_path):
    classdir = tmp_path / "subs"
    _write_student(classdir / "a", "05",
                   (IMPLEMENTATIONS / "wrong" / "ex05_softmax" / "no_max_shift.py").read_text())
    # a hang (a sleep: the same timeout as an endless loop, without spinning a core twice
    # for 3 s; the endless loop itself is graded in the threats' class)
    _write_student(classdir / "b", "08", "import time\n"
                   "def scaled_dot_product_attention(Q, K, V, mask=None):\n"
                   "    time.sleep(3600)\n")
    results = []
    for run in ("one", "two"):  # a new Python, then a fork: two different hash seeds
        done = cli("grade", str(classdir), "--out", str(tmp_path / run), "--timeout", TIMEOUT,
                   "--jobs", "2", "--seed", "7", timeout=300, fresh=run == "one")
        assert done.returncode == 0, done.stderr
        results.append((tmp_path / run / "grades.csv").read_text(encoding="utf-8-sig"))
    assert results[0] == results[1]
    assert "timeout" in results[0]  # the hang is graded as one, both times


def test_a_symlink_to_the_solutions_is_refused(layouts):
    document = layouts["report"]("linked")
    summary = {e["id"]: e for e in document["exercises"]}["05"]
    assert summary["score"] == 0 and summary["status"] == "error"
    assert document["grade"]["status"] == "error" and "symbolic link" in document["grade"]["reason"]


def test_all_or_nothing_and_totals_agree_across_csv_json_and_gradescope(tmp_path):
    wrong = (IMPLEMENTATIONS / "wrong" / "ex05_softmax" / "no_max_shift.py").read_text()
    classdir = tmp_path / "subs"
    _write_student(classdir / "partial", "05", wrong)
    _write_student(classdir / "solved")
    totals, documents = {}, {}
    for mode in ([], ["--all-or-nothing"]):
        for fmt in ("json", "gradescope"):
            out = tmp_path / f"out-{fmt}-{len(mode)}"
            done = cli("grade", str(classdir), "--out", str(out), "--format", fmt,
                       "--timeout", TIMEOUT, *mode, timeout=300)
            assert done.returncode == 0, done.stderr
            with open(out / "grades.csv", newline="", encoding="utf-8-sig") as f:
                row = next(r for r in csv.DictReader(f) if r["key"] == "partial")
            document = json.loads((out / "partial.json").read_text())
            totals[(len(mode), fmt)] = (float(row["total"]), float(document["score"]))
            documents[(len(mode), fmt)] = {name: json.loads((out / f"{name}.json").read_text())
                                           for name in ("partial", "solved")}
            if fmt == "gradescope":
                tests = document["tests"]
                assert {t["visibility"] for t in tests} == {"after_published"}
                assert all({"name", "number", "score", "max_score", "status", "output"} <= set(t)
                           for t in tests)
                assert document["execution_time"] > 0
    # issue 35: Gradescope's arithmetic, in what grade wrote (full disclosure) and at every
    # disclosure level from the JSON reports: exact sums, no score above its maximum
    for mode in (0, 1):
        for name in ("partial", "solved"):
            graded = documents[(mode, "json")][name]
            check_gradescope_points(documents[(mode, "gradescope")][name], graded,
                                    solved=name == "solved")
            for level in ("full", "summary", "scores"):
                check_gradescope_points(gradescope.results_json(graded, disclose=level), graded,
                                        solved=name == "solved")
    partial_total, _ = totals[(0, "json")]
    assert 90 < partial_total < 100
    assert totals[(0, "json")] == totals[(0, "gradescope")] == (partial_total, partial_total)
    assert totals[(1, "json")] == totals[(1, "gradescope")] == (90.0, 90.0)


# ------------------------------------------------------------- Gradescope bundle
def test_the_gradescope_bundle_grades_a_submission_like_gradescope_would(tmp_path):
    bundle = tmp_path / "autograder.zip"
    done = cli("gradescope-bundle", str(bundle), "--visibility", "hidden", "--timeout", TIMEOUT)
    assert done.returncode == 0, done.stderr
    root = tmp_path / "autograder"
    with zipfile.ZipFile(bundle) as z:
        names = set(z.namelist())
        assert {"setup.sh", "run_autograder", "requirements.txt"} <= names
        assert not any(n.startswith("kit/exercises/") or "__pycache__" in n for n in names)
        z.extractall(root / "source")
    shutil.copy(root / "source" / "run_autograder", root / "run_autograder")
    wrong = (IMPLEMENTATIONS / "wrong" / "ex05_softmax" / "no_max_shift.py").read_text()
    _write_student(root / "submission", "05", wrong)
    import subprocess
    import sys

    assert subprocess.run(["bash", "-n", str(root / "source" / "setup.sh")]).returncode == 0
    env = {**os.environ, "AUTOGRADER_ROOT": str(root), "ATTN_KIT_PYTHON": sys.executable}
    env.pop("PYTHONPATH", None)
    ran = subprocess.run(["bash", str(root / "run_autograder")], env=env, cwd=root,
                         capture_output=True, text=True, timeout=300)
    assert ran.returncode == 0, ran.stderr
    results = json.loads((root / "results" / "results.json").read_text())
    assert 90 < results["score"] < 100
    assert {t["visibility"] for t in results["tests"]} == {"hidden"}
    failed = [t for t in results["tests"] if t["status"] == "failed"]
    assert failed and all(t["name"].startswith("05 ") and t["output"] for t in failed)


def test_run_autograder_still_writes_results_when_the_kit_cannot_run(tmp_path):
    bundle = tmp_path / "autograder.zip"
    assert cli("gradescope-bundle", str(bundle)).returncode == 0
    root = tmp_path / "autograder"
    with zipfile.ZipFile(bundle) as z:
        z.extractall(root / "source")
    (root / "submission").mkdir()
    import subprocess

    env = {**os.environ, "AUTOGRADER_ROOT": str(root), "ATTN_KIT_PYTHON": "/bin/false"}
    subprocess.run(["bash", str(root / "source" / "run_autograder")], env=env, timeout=60)
    results = json.loads((root / "results" / "results.json").read_text())
    assert results["score"] == 0 and "failed" in results["output"]


# ------------------------------------------------------------------- usage
@pytest.mark.parametrize("args, says", [
    (["grade", "no/such/folder", "--out", "x"], "no such file or folder"),
    (["grade", "{tmp}", "--json", "{tmp}/a.json", "--jobs", "0"], "--jobs"),
    (["grade", "{tmp}/a.txt", "--json", "{tmp}/r.json"], "neither a folder nor a zip"),
    (["grade", "{tmp}/empty", "--out", "{tmp}/o"], "holds no submissions"),
    (["gradescope-bundle", "{tmp}/bundle.tar"], "ending in .zip"),
])
def test_usage_errors_are_one_line(args, says, tmp_path):
    (tmp_path / "a.txt").write_text("hello")
    (tmp_path / "empty").mkdir()
    done = cli(*[a.format(tmp=tmp_path) for a in args])
    assert done.returncode == 2, (done.stdout, done.stderr)
    assert says in done.stderr and "Traceback" not in done.stderr
    assert len(done.stderr.strip().splitlines()) == 1


def test_a_broken_zip_is_an_error_row_not_a_crash(layouts):
    rows = layouts["rows"]
    assert rows["good"]["total"] == "100"
    assert rows["broken"]["status"] == "error" and "zip" in rows["broken"]["reason"]


def test_the_worker_sandbox_facts_are_in_the_report(layouts):
    document = layouts["report"]("good")
    assert document["sandbox"]["own_uid"] == forkserver.get().own_uid
    assert document["sandbox"]["limits"]["memory_mb"] == 1024
    # issue 17: every layer, on or off with the reason
    from checker.engine import layers

    listed = document["sandbox"]["layers"]
    assert set(listed) == {"landlock", "seccomp", "uid", "audit_hook", "bwrap"}
    assert all(set(v) == {"on", "why"} and (v["on"] or v["why"]) for v in listed.values())
    assert listed["audit_hook"]["on"] and not listed["bwrap"]["on"]
    assert listed["landlock"] == layers.probe_kernel()["landlock"]
    assert listed["uid"]["on"] == forkserver.get().own_uid


def test_require_sandbox_refuses_to_grade_without_the_kernel_layers(tmp_path, monkeypatch):
    """--require-sandbox: one line, exit 2, when Landlock or seccomp is off here."""
    from checker import cli as cli_module
    from checker.engine import layers

    monkeypatch.setattr(layers, "_probed", {"landlock": layers.layer(False, "no Landlock here"),
                                            "seccomp": layers.layer(True)})
    student = _write_student(tmp_path / "s")
    code = cli_module.main(["grade", str(student), "--require-sandbox", "--timeout", "1.5"])
    assert code == 2
    monkeypatch.setattr(layers, "_probed", None)  # the real answer for this machine
    if layers.missing_kernel_layers():
        pytest.skip("this machine has no Landlock or seccomp")
    done = cli("grade", str(student), "--require-sandbox", "--json", str(tmp_path / "r.json"),
               "--timeout", "3", cwd=tmp_path)
    assert done.returncode == 0, done.stderr[-1000:]
    assert json.loads((tmp_path / "r.json").read_text())["sandbox"]["required"] is True


def test_a_kit_failure_in_worker_set_up_is_a_kit_error():
    """The kit's own set-up failing in a worker (here: a program that is not the kit's)
    is a kit error, not the student's crash ("ended abruptly")."""
    from checker.engine.problems import Problem
    from checker.engine.submission import Source
    from checker.engine.supervisor import ExerciseWorker, LearnerProblem
    from checker.options import RunOptions

    source = Source("ex01_soft_lookup.py", "ex01_soft_lookup.py",
                    text=(SOLUTIONS / "ex01_soft_lookup.py").read_text())
    worker = ExerciseWorker("01", source, [], RunOptions(timeout=5.0),
                            program={"module": "not.the.kit"})
    try:
        with pytest.raises(LearnerProblem) as raised:
            worker.call("soft_lookup")
    finally:
        worker.close()
    assert raised.value.kind == Problem.KIT, raised.value
    assert "not a program of the kit" in raised.value.summary
    assert ROOT.exists()


BRANCHES = r'''
import json, os, sys
import torch  # noqa: F401
from checker.engine import forkserver
from checker.grading import pool
from checker.grading.records import GradeStatus

def work(task):
    hello = forkserver.get().ready()
    forked, sock = forkserver.spawn({"file": "none.py", "forbidden": [], "lang": "en",
                                  "limits": {}, "hide": [], "exercise_files": []})
    sock.close()
    return {"hello": hello, "worker": forked.pid}

servers = forkserver.ForkServer(None, fresh=True)
results = pool.run([{"i": i} for i in range(4)], work, jobs=2, deadline=60,
                   lost=lambda task, status, reason: {"lost": reason}, servers=servers)
root = servers.ready()
servers.close()
# a branch that is gone: the next server is one of the process's own, and it works
ours, theirs = __import__("socket").socketpair()
theirs.close()
forkserver.adopt(ours)
try:
    forkserver.get().ready()
    fallback = "no error"
except forkserver.ServerGone:
    forkserver.configure(None, fresh=True)
    fallback = forkserver.get().ready()
print(json.dumps({"root": root, "results": results, "fallback": fallback}))
'''


def _script_result(script, text: str) -> dict:
    """What a script run in a Python of its own prints last, as JSON (it must succeed)."""
    import subprocess
    import sys

    script.write_text(text)
    done = subprocess.run([sys.executable, str(script)], capture_output=True, text=True,
                          timeout=120, cwd=ROOT)
    assert done.returncode == 0, done.stderr[-2000:]
    return json.loads(done.stdout.strip().splitlines()[-1])


def test_grading_processes_share_one_clean_server_and_fall_back_to_their_own(tmp_path):
    """The run starts one fork server (a new Python); each grading process gets a branch of
    it, forked in milliseconds, instead of a Python of its own (issue 17: a grade no slower
    than before the fresh servers); a branch that is gone is replaced by a server of the
    process's own (a fresh one, which says why if it cannot start)."""
    found = _script_result(tmp_path / "branches.py", BRANCHES)
    root, results = found["root"], found["results"]
    assert all("hello" in r for r in results), results
    branches = {r["hello"]["pid"] for r in results}
    assert len(branches) == 2 and root["pid"] not in branches  # one per grading process
    assert {r["hello"]["root"] for r in results} == {root["pid"]}
    assert all(r["hello"]["own_uid"] == root["own_uid"] for r in results)
    assert all(r["worker"] > 0 for r in results)
    assert isinstance(found["fallback"], dict) and found["fallback"]["pid"] == \
        found["fallback"]["root"]  # a server of its own, not a branch


PINNED = r'''
import json, os, sys
import torch  # noqa: F401
from checker.engine import forkserver
from checker.grading import pool

def allowed(pid):
    with open(f"/proc/{pid}/status") as f:
        return next(line.split()[1] for line in f if line.startswith("Cpus_allowed_list"))

def work(task):
    hello = forkserver.get().ready()
    forked, sock = forkserver.spawn({"file": "none.py", "forbidden": [], "lang": "en",
                                  "limits": {}, "hide": [], "exercise_files": []})
    try:
        return {"grading": allowed(os.getpid()), "server": allowed(hello["pid"]),
                "worker": allowed(forked.pid)}
    finally:
        sock.close()

jobs = len(os.sched_getaffinity(0))
found = {}
for pin in (True, False):
    servers = forkserver.ForkServer(None, fresh=True)
    found[str(pin)] = pool.run([{"i": i} for i in range(2 * jobs)], work, jobs=jobs,
                               deadline=60, lost=lambda task, status, reason: {"lost": reason},
                               servers=servers, pin=pin)
    servers.close()
print(json.dumps({"cpus": sorted(os.sched_getaffinity(0)), "found": found}))
'''


def test_with_as_many_jobs_as_cpus_each_grading_process_and_its_workers_keep_to_one(tmp_path):
    """`grade` with --jobs equal to the CPUs it may use puts each grading process, its
    fork server and its workers on a CPU of their own (a grading process and its worker
    wake each other on one CPU); --no-pin (pin=False) leaves them all CPUs."""
    import os

    if len(os.sched_getaffinity(0)) < 2:
        pytest.skip("one CPU: nothing to pin to")
    found = _script_result(tmp_path / "pinned.py", PINNED)
    cpus, pinned, free = found["cpus"], found["found"]["True"], found["found"]["False"]
    assert all(set(r) == {"grading", "server", "worker"} for r in pinned + free), pinned + free
    assert all(r["grading"] == r["server"] == r["worker"] for r in pinned), pinned
    assert sorted({int(r["grading"]) for r in pinned}) == cpus  # one CPU each, every CPU
    everything = {r["grading"] for r in free} | {r["worker"] for r in free}
    assert len(everything) == 1 and everything != {str(cpus[0])}, free
