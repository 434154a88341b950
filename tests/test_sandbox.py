"""The optional stronger sandbox, `attn-kit grade --sandbox bwrap` (skipped without bubblewrap).

Without an OS sandbox a worker can read any file the grader can (see
docs/threat-model.md). Inside bubblewrap the reference solutions and the
submissions are hidden and the file system is read-only.
"""
from __future__ import annotations

import csv
import json
import os
import subprocess
import sys

import pytest
from conftest import SOLUTIONS, cli, copy_exercises

from checker.engine import sandbox

TIMEOUT = "1.5"


needs_bwrap = pytest.mark.skipif(bool(sandbox.bwrap_problem()),
                                 reason="bubblewrap is missing or cannot run here")

# torch's C++ reads the file itself: Python's audit hook does not see it, the kernel does
READS_THE_SOLUTION = f"""
import os, torch
_path = {str(SOLUTIONS / "ex03_attention_scores.py")!r}
_size = os.stat(_path).st_size
_data = torch.from_file(_path, False, _size, dtype=torch.uint8)
exec(bytes(_data.tolist()).decode())
"""

READS_ANOTHER_STUDENT = """
import os
exec(open(os.path.join(OTHER, "ex02_qkv_projection.py")).read())
"""

WRITES = """
import os, torch
def weighted_sum(weights, V):
    for target in ("/tmp/attn-kit-sandbox-test", os.path.join(OUT, "grades.csv")):
        with open(target, "w") as f:  # a read-only file system: this raises
            f.write("x")
    return weights @ V
"""


def _class(tmp_path):
    classdir, out = tmp_path / "subs", tmp_path / "out"
    for name in ("good", "reads_solution", "reads_other", "writes"):
        copy_exercises(SOLUTIONS, classdir / name)
    (classdir / "reads_solution" / "ex03_attention_scores.py").write_text(READS_THE_SOLUTION)
    (classdir / "reads_other" / "ex02_qkv_projection.py").write_text(
        f"OTHER = {str(classdir / 'good')!r}\n" + READS_ANOTHER_STUDENT)
    (classdir / "writes" / "ex06_weighted_sum.py").write_text(f"OUT = {str(out)!r}\n" + WRITES)
    return classdir, out


def _grade(classdir, out, *extra):
    done = cli("grade", str(classdir), "--out", str(out), "--timeout", TIMEOUT, "--jobs", "2",
               *extra, timeout=600)
    assert done.returncode == 0, done.stderr
    with open(out / "grades.csv", newline="", encoding="utf-8-sig") as f:
        return {r["submission"]: r for r in csv.DictReader(f)}


@needs_bwrap
def test_inside_bwrap_the_solutions_and_other_students_are_hidden(tmp_path):
    classdir, out = _class(tmp_path)
    rows = _grade(classdir, out, "--sandbox", "bwrap")
    assert rows["good"]["total"] == "100"
    assert rows["reads_solution"]["ex03"] == "0" and rows["reads_solution"]["total"] == "90"
    assert "No such file" in rows["reads_solution"]["reason"]
    assert rows["reads_other"]["ex02"] == "0" and rows["reads_other"]["total"] == "90"
    assert rows["writes"]["ex06"] == "0"
    assert not (tmp_path / "attn-kit-sandbox-test").exists()
    report = json.loads((out / "good.json").read_text())
    assert report["sandbox"]["sandbox"] == "bwrap"


def test_without_bwrap_python_and_torch_reads_alike_are_refused(tmp_path):
    """Python's own file access meets the audit hook; what torch's C++ reads behind its
    back (torch.from_file) meets the kernel (Landlock), which refuses it just the same."""
    classdir, out = _class(tmp_path)
    rows = _grade(classdir, out)
    assert rows["good"]["total"] == "100"
    assert rows["reads_other"]["ex02"] == "0" and "Refused" in rows["reads_other"]["reason"]
    assert rows["writes"]["ex06"] == "0"
    assert rows["reads_solution"]["ex03"] == "0", rows["reads_solution"]
    assert "unable to open file" in rows["reads_solution"]["reason"]


def test_asking_for_bwrap_where_it_is_missing_is_a_clear_error(tmp_path, monkeypatch):
    classdir, out = _class(tmp_path)
    env = {"PATH": str(tmp_path / "nothing-here")}
    import os
    import sys

    done = subprocess.run([sys.executable, "-m", "checker", "grade", str(classdir), "--out",
                           str(out), "--sandbox", "bwrap"], capture_output=True, text=True,
                          env={**os.environ, **env}, timeout=120)
    assert done.returncode == 2
    assert "bubblewrap" in done.stderr and "Traceback" not in done.stderr


# ----------------------------------------------- third red team: the hook's own state
def test_the_audit_hook_reads_no_global_learner_code_could_rebind():
    """A01: the hook and its helpers load no global or builtin name at event time."""
    import dis

    hook = sandbox._sealed_hook((), frozenset(), (), frozenset(), None, (), ())
    seen, todo = [], [hook]
    while todo:
        fn = todo.pop()
        seen.append(fn)
        assert fn.__globals__ == {"__builtins__": {}}, fn
        loads = [i.argval for i in dis.get_instructions(fn) if i.opname in
                 ("LOAD_GLOBAL", "LOAD_NAME")]
        assert not loads, (fn.__name__, loads)
        todo += [c.cell_contents for c in fn.__closure__ or ()
                 if callable(getattr(c, "cell_contents", None))
                 and getattr(c.cell_contents, "__code__", None) is not None
                 and c.cell_contents not in seen and c.cell_contents.__module__ is None]
    assert len(seen) >= 3  # the hook, is_hidden, unchanged


SEALED = """
import gc, sys
from checker.engine import sandbox
sandbox.audit_guard([], [], set())
sandbox.BLOCKED_EVENTS = frozenset()          # what A01 did through __globals__
sandbox._CODE_ATTRIBUTES = frozenset()
sandbox.isinstance = lambda *a: False
import builtins; builtins.len = lambda x: 0
try:
    gc.get_objects()
    print("OPEN")
except PermissionError:
    print("REFUSED")
"""


def test_rebinding_the_hooks_module_globals_changes_nothing():
    done = subprocess.run([sys.executable, "-c", SEALED], capture_output=True, text=True,
                          timeout=120)
    assert done.stdout.strip() == "REFUSED", (done.stdout, done.stderr[-2000:])


def test_a_grading_fork_server_holds_none_of_the_graders_environment(monkeypatch):
    """A13: grade starts its fork server by exec with an environment of its own, so no
    string of the grader's environment is in its memory or its workers'."""
    import os

    from checker.engine import forkserver

    monkeypatch.setenv("ATTN_TEST_SECRET", "attn-secret-3e9a")
    server = forkserver.ForkServer(None, fresh=True)
    try:
        server.ready()
        with open(f"/proc/{server.pid}/environ", "rb") as f:
            names = {e.split(b"=", 1)[0] for e in f.read().split(b"\0") if e}
        assert names == set(n.encode() for n in forkserver.server_environment()), names
    finally:
        server.close()
    assert os.environ["ATTN_TEST_SECRET"]  # the grader keeps its own


FORKS = """
import os, threading
from checker.engine import seccomp
assert seccomp.install() == ""
out = []
t = threading.Thread(target=lambda: out.append(1)); t.start(); t.join()
try:
    pid = os.fork()
    if pid == 0:
        os._exit(0)
    print("FORKED", out)
except OSError:
    print("REFUSED", out)
"""


def test_seccomp_refuses_new_processes_and_keeps_threads():
    """A24/A12: a worker may start threads, never a process."""
    done = subprocess.run([sys.executable, "-c", FORKS], capture_output=True, text=True,
                          timeout=120)
    assert done.stdout.strip() == "REFUSED [1]", (done.stdout, done.stderr[-2000:])


