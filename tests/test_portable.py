"""The portable engine: the learner's commands where Linux's layers are missing.

macOS has no /proc, prctl, memfd, seccomp, Landlock or SOCK_SEQPACKET. The commands run
there on the portable engine (``checker/engine/host.py``), which ``ATTN_KIT_ENGINE=portable``
forces on Linux: the command-line tests below run every learner command through it, as
a learner on a Mac types them. The in-process test makes the kit believe it is on macOS
(``host.system`` says darwin, ``os`` has no affinity calls, a SEQPACKET pair fails as
there) and turns every Linux-only call into a trap that raises and notes it: the check's
results prove none was reached, in the checker, the fork server or a worker.
"""
from __future__ import annotations

import json
import os
import shutil
import socket
import sys
from pathlib import Path

import pytest

from checker import manifest
from checker.engine import forkserver, host, process
from conftest import (EXERCISES, IMPLEMENTATIONS, SOLUTIONS, check, cli, copy_exercises)
from terminal import Terminal

PORTABLE = {"ATTN_KIT_ENGINE": "portable"}
EN = {"LANG": "en_US.UTF-8", "LC_ALL": "", "LC_MESSAGES": "", "COLUMNS": "", "LINES": ""}
LEFT_OUT = "left out on this system: Landlock, seccomp, the memory limit, the process limit"
# a few wrong files of the library, each with the cause it declares (read from torch's
# error texts for two of them): the portable engine must give the same verdicts and causes
WRONG = {"05": ("ex05_softmax", "blind6_subtract_min_shift.py", "softmax_shift_min"),
         "07": ("ex07_masking", "apply_mask_softmaxed.py", "scores_softmaxed"),
         "08": ("ex08_attention", "additive_mask_promotes.py", "dtype_mix"),
         "10": ("ex10_causal_self_attention", "blind3_blends_X_not_V.py", "proj_v_is_x"),
         "12": ("ex12_kv_cache", "blind12_slice_axis1.py", "front_axis")}


def env(**more) -> dict:
    return {**os.environ, **EN, **PORTABLE, **more}


def flat(text: str) -> str:
    return " ".join(text.split())


def _declared(stem: str, name: str) -> str:
    from checker import dev

    return dev.declared_cause((IMPLEMENTATIONS / "wrong" / stem / name).read_text())


def test_wrong_files_named_here_declare_these_causes():
    for stem, name, cause in WRONG.values():
        assert _declared(stem, name) == cause, (stem, name)


# ------------------------------------------------------------------- the probes
def test_the_probes_answer_as_on_macos_when_asked_or_when_on_macos(monkeypatch):
    monkeypatch.delenv(host.VARIABLE, raising=False)
    monkeypatch.setattr(host, "system", lambda: "linux")
    assert host.linux() and host.prctl() and host.choice() == "auto"
    for system, forced in (("darwin", ""), ("linux", "portable"), ("linux", " Portable ")):
        monkeypatch.setattr(host, "system", lambda system=system: system)
        monkeypatch.setenv(host.VARIABLE, forced)
        assert host.portable() and not host.proc() and not host.prctl()
        assert not host.memfd() and not host.packets() and host.why_not_linux()
        assert process.die_with_parent() is False and process.become_subreaper() is False
        assert process.no_new_privs() is False
    monkeypatch.setenv(host.VARIABLE, "macos")
    assert "ATTN_KIT_ENGINE=macos" in host.choice_problem()


def test_messages_keep_their_bounds_and_descriptors_on_a_stream(monkeypatch):
    """What stands in for SOCK_SEQPACKET where there is none: a stream, each message after
    its length, the descriptors with its first bytes."""
    monkeypatch.setenv(host.VARIABLE, "portable")
    ours, theirs = process.message_pair()
    assert ours.type == socket.SOCK_STREAM
    read, write = os.pipe()
    try:
        process.send_message(ours, b'{"a": 1}', [write])
        process.send_message(ours, b"second")
        data, fds = process.recv_message(theirs, 4096, 2)
        assert data == b'{"a": 1}' and len(fds) == 1
        os.write(fds[0], b"x")
        os.close(fds[0])
        assert os.read(read, 1) == b"x"
        assert process.recv_message(theirs, 4096, 2) == (b"second", [])
        ours.close()
        assert process.recv_message(theirs, 4096, 2) == (b"", [])
    finally:
        os.close(read)
        os.close(write)
        theirs.close()


def test_a_report_names_the_layers_left_out_and_only_then(monkeypatch):
    """On Linux's engine with every layer (or only the process limit off: root's own
    choice) the report is as before; a missing kernel layer or the memory limit is named;
    on the portable engine the line says so."""
    from checker.judge.plugin import engine_facts
    from checker.learner.report import engine_line

    monkeypatch.setattr(host, "system", lambda: "linux")
    monkeypatch.delenv(host.VARIABLE, raising=False)
    every = {"landlock": "", "seccomp": "", "memory": "", "processes": ""}
    assert engine_facts(every) is None and engine_facts(None) is None
    assert engine_facts({**every, "processes": "not enforced for root"}) is None
    facts = engine_facts({**every, "landlock": "the kernel offers no Landlock"})
    assert facts["engine"] == "linux" and facts["layers"]["landlock"] == {
        "on": False, "why": "the kernel offers no Landlock"}
    assert engine_line(facts, plain=True).text.plain == (
        "Left out on this system: Landlock (your code still ran in a process of its own, "
        "with a time limit).")
    monkeypatch.setenv(host.VARIABLE, "portable")
    assert engine_facts(every)["engine"] == "portable"
    said = engine_line(engine_facts({name: "off" for name in every}), plain=True).text.plain
    assert said.startswith("Portable engine: ") and said.endswith(LEFT_OUT + ".")


def test_an_unknown_engine_is_one_line(tmp_path):
    done = cli("list", cwd=tmp_path, env=env(ATTN_KIT_ENGINE="macos"))
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert flat(done.stderr) == ("attn-kit: ATTN_KIT_ENGINE=macos is not an engine the kit "
                                 "knows: use auto or portable, or leave it unset")


# --------------------------------------------------- macOS, simulated in this process
class LinuxOnly(BaseException):
    """A Linux-only call the portable engine must not make (not an Exception: no
    ``except Exception`` of the kit's can swallow it)."""


_TRAPS = {"on": False, "log": ""}


def _noted(what: str):
    """Note ``what`` in the log (where the process may still write) and raise."""
    try:
        fd = os.open(_TRAPS["log"], os.O_WRONLY | os.O_APPEND)
        os.write(fd, f"{os.getpid()} {what}\n".encode())
        os.close(fd)
    except BaseException:
        pass  # a worker that is confined already cannot write: the raise still tells
    raise LinuxOnly(what)


def _proc_hook(event: str, args: tuple) -> None:
    """An audit hook (for the life of this test process: on only while ``_TRAPS["on"]``,
    in this process and in everything forked from it while it is)."""
    if not _TRAPS["on"] or event not in ("open", "os.listdir", "os.scandir"):
        return
    path = args[0] if args else None
    if isinstance(path, (str, bytes)) and os.fsdecode(path).startswith("/proc"):
        _noted(f"{event} {os.fsdecode(path)}")


_HOOKED: list = []


@pytest.fixture
def as_on_macos(monkeypatch, tmp_path):
    """This process as the portable engine sees macOS, with every Linux-only call a trap,
    and a fork server of its own forked from it (the suite's runs on Linux's engine)."""
    if not _HOOKED:
        sys.addaudithook(_proc_hook)
        _HOOKED.append(True)
    log = tmp_path / "linux-only.log"
    log.write_text("")
    monkeypatch.delenv(host.VARIABLE, raising=False)
    monkeypatch.setattr(host, "system", lambda: "darwin")
    monkeypatch.setattr(process, "libc", lambda: _noted("libc (prctl, syscall, capset)"))
    monkeypatch.setattr(os, "memfd_create", lambda *a, **k: _noted("memfd_create"),
                        raising=False)
    for name in ("sched_setaffinity", "sched_getaffinity"):  # macOS has neither
        monkeypatch.delattr(os, name, raising=False)
    real_pair = socket.socketpair

    def socketpair(family=socket.AF_UNIX, kind=socket.SOCK_STREAM, proto=0):
        if kind == socket.SOCK_SEQPACKET:  # macOS: "Protocol not supported"
            _noted("socketpair(SOCK_SEQPACKET)")
        return real_pair(family, kind, proto)

    monkeypatch.setattr(socket, "socketpair", socketpair)
    monkeypatch.setattr(forkserver, "_server", None)
    _TRAPS.update(on=True, log=str(log))
    try:
        yield log
    finally:
        _TRAPS["on"] = False
        forkserver.shutdown()  # ours (the suite's own comes back with monkeypatch)


def test_check_on_simulated_macos_makes_no_linux_only_call(as_on_macos, tmp_path):
    folder = copy_exercises(SOLUTIONS, tmp_path / "exercises")
    for exercise_id, (stem, name, _) in WRONG.items():
        shutil.copy(IMPLEMENTATIONS / "wrong" / stem / name,
                    folder / manifest.by_id()[exercise_id].file)
    run, document = check(folder, json_report=True)
    assert as_on_macos.read_text() == ""
    by_id = {e.id: e for e in run.exercises}
    for exercise_id, (stem, name, cause) in WRONG.items():
        shown = by_id[exercise_id].telling_case()
        assert by_id[exercise_id].status == "failed" and shown.failure.cause == cause, (
            stem, name, shown.name, shown.failure.cause, shown.failure.summary)
    assert {e.id for e in run.exercises if e.status == "passed"} == \
        {e.id for e in manifest.load()} - set(WRONG)
    # exercise 13's memory: not measured here, counted neither way; the rest passes
    memory = by_id["13"].unmeasured()
    assert len(memory) == 2 and all(c.name.startswith("memory") for c in memory)
    assert by_id["13"].total == len(by_id["13"].cases) - 2 and by_id["13"].score() == 10
    assert all(c.failure.summary == "the memory of the call could not be measured here"
               for c in memory)
    # the report says which layers ran
    assert run.engine["engine"] == "portable"
    assert {n: s["on"] for n, s in run.engine["layers"].items()} == {
        "landlock": False, "seccomp": False, "memory": False, "processes": False}
    assert "darwin" in run.engine["layers"]["landlock"]["why"]
    assert document["engine"] == run.engine
    measured = [t["metadata"] for t in document["tests"]
                if t["metadata"].get("exercise") == "13" and t["metadata"].get("unmeasured")]
    assert len(measured) == 2 and all(m["not_checked"] for m in measured)


def test_the_time_limit_holds_on_simulated_macos_in_a_notebook_call(as_on_macos, tmp_path):
    from checker import check as notebook_check

    folder = copy_exercises(SOLUTIONS, tmp_path / "exercises")
    file = folder / "ex01_soft_lookup.py"
    looping = "def soft_lookup(query, keys, values):\n    while True:\n        pass\n"
    file.write_text(file.read_text() + "\n\n" + looping)
    lines = len(file.read_text().splitlines())
    run = notebook_check("01", exercises=str(folder), timeout=1.0, show=False)
    assert as_on_macos.read_text() == ""
    shown = run.exercises[0].telling_case()
    assert run.exercises[0].status == "timeout"
    assert shown.failure.summary.startswith("no answer within 1 s: stopped at line "), \
        shown.failure.summary
    assert shown.failure.frames[0]["line"] in (lines - 1, lines)  # the loop's two lines


# --------------------------------------------- the commands, as a learner types them
@pytest.fixture
def work(tmp_path) -> Path:
    """A workspace made by `attn-kit init` on the portable engine: 01, 08 and 13 solved."""
    done = cli("init", str(tmp_path / "work"), env=env())
    assert done.returncode == 0, done.stderr
    for e in ("ex01_soft_lookup.py", "ex08_attention.py", "ex13_tiled_attention.py"):
        shutil.copy(SOLUTIONS / e, tmp_path / "work" / "exercises")
    return tmp_path / "work"


def test_learner_commands_run_on_the_portable_engine(work):
    checked = cli("check", cwd=work, env=env())
    assert checked.returncode == 1, checked.stderr
    said = flat(checked.stdout)
    assert "Portable engine: your code ran in a process of its own, with a time limit" in said
    assert LEFT_OUT in said
    assert "Exercise 02 · Q, K, V projections · not started" in said  # the stubs
    assert "Exercise 13: 2 cases could not be measured on this system" in said
    assert [line.split("|")[3].strip() for line in checked.stdout.splitlines()
            if line[:2] in ("01", "08", "13")] == ["passed"] * 3
    listed = cli("list", cwd=work, env=env())
    assert listed.returncode == 0 and LEFT_OUT in flat(listed.stdout)
    assert "Passed since" in listed.stdout
    hint = cli("hint", "02", cwd=work, env=env())
    assert hint.returncode == 0 and manifest.by_id()["02"].hints_for(None, "en")[1][0][:30] \
        in flat(hint.stdout)
    solution = cli("solution", "01", cwd=work, env=env())
    assert solution.returncode == 0 and "Reference solution of exercise 01" in solution.stdout
    shown = cli("show", "08", cwd=work, env=env())
    assert shown.returncode == 0, shown.stderr
    assert "yours" in shown.stdout.lower() and "Traceback" not in shown.stderr
    reset = cli("reset", "01", cwd=work, env=env())
    assert reset.returncode == 0
    assert (work / "exercises" / "ex01_soft_lookup.py").read_text() == \
        (EXERCISES / "ex01_soft_lookup.py").read_text()


def test_watch_runs_on_the_portable_engine(work):
    with Terminal(["watch", "--lang", "en"], work, env()) as term:
        term.expect("Exercise 02 · Q, K, V projections · not started")
        assert LEFT_OUT in flat(term.expect("the process limit"))
        term.send("q")
        term.expect("Bye!")
        assert term.close() == 0


# ------------------------------------------------------------------------ grading
def test_grade_refuses_without_linux_layers_unless_sandbox_none(tmp_path):
    (tmp_path / "class" / "alice").mkdir(parents=True)
    shutil.copy(SOLUTIONS / "ex05_softmax.py", tmp_path / "class" / "alice")
    for sandbox in ([], ["--sandbox", "basic"], ["--sandbox", "bwrap"]):
        refused = cli("grade", "class", *sandbox, cwd=tmp_path, env=env())
        assert refused.returncode == 2 and "Traceback" not in refused.stderr
        line = flat(refused.stderr)
        assert len(refused.stderr.strip().splitlines()) == 1
        assert all(f"--sandbox {kind}" in line for kind in ("basic", "bwrap", "none")), line
    both = cli("grade", "class", "--sandbox", "none", "--require-sandbox", cwd=tmp_path,
               env=env())
    assert both.returncode == 2 and "--require-sandbox" in both.stderr
    # on Linux too, --sandbox none is the portable engine: the report is true everywhere
    linux = {k: v for k, v in env().items() if k != host.VARIABLE}
    graded = cli("grade", "class", "--sandbox", "none", "--json", "alice.json", "--seed", "7",
                 cwd=tmp_path, env=linux)
    assert graded.returncode == 0, graded.stderr
    assert "Graded with --sandbox none" in flat(graded.stdout)
    report = json.loads((tmp_path / "alice.json").read_text())
    assert report["sandbox"]["sandbox"] == "none" and "engine" not in report
    assert {n: s["on"] for n, s in report["sandbox"]["layers"].items()} == {
        "landlock": False, "seccomp": False, "uid": False, "audit_hook": True,
        "bwrap": False, "memory": False, "processes": False}
    assert "--sandbox none" in report["sandbox"]["layers"]["landlock"]["why"]
    five = next(e for e in report["exercises"] if e["id"] == "05")
    assert five["status"] == "passed" and five["score"] == five["max_score"]
