"""The kit's own run of a hidden case (judge.protocol) against pytest's protocol.

Every check and every grade runs its cases through ``judge.protocol`` (pytest's
protocol without pytest's dispatch of it). Its documents must be the ones pytest's own
protocol gives: here the same submissions are checked in a session of each kind, and
every document is compared, key for key (times aside). The submissions cover what a
case can end with: solved, wrong files from the library (a spread over each
exercise's), stubs, a syntax error, a raised error with output, ``os._exit``, an
endless loop, a forbidden call, a missing function, a file that does not load; and
two faults of the kit's own, a case that raises and a case that warns.
"""
from __future__ import annotations

import shutil
import warnings
from pathlib import Path

import pytest
from conftest import EXERCISES, IMPLEMENTATIONS, SOLUTIONS, comparable, copy_exercises

from checker import manifest
from checker.judge import protocol, runner
from checker.options import RunOptions

SPECIAL = {
    "01": "def soft_lookup(query, keys, values)\n    return 0\n",
    "02": "def project_qkv(X, W_Q, W_K, W_V):\n    print('looking at', X.shape)\n"
          "    raise ValueError('not yet')\n",
    "03": "import os\ndef attention_scores(Q, K):\n    os._exit(3)\n",
    "04": "def scale_scores(scores, d_k):\n    while True:\n        pass\n",
    "05": "import torch\ndef softmax(x, dim=-1):\n    return torch.softmax(x, dim)\n",
    "06": "def not_the_function(weights, V):\n    return weights @ V\n",
    "07": "raise RuntimeError('at import')\n",
}


def _class(tmp_path: Path) -> list[Path]:
    exercises = manifest.load()
    folders = [copy_exercises(SOLUTIONS, tmp_path / "solved"),
               copy_exercises(EXERCISES, tmp_path / "stubs")]
    for k in range(3):  # each exercise's wrong files, a spread of them
        folder = copy_exercises(SOLUTIONS, tmp_path / f"wrong{k}")
        for e in exercises:
            wrong = sorted((IMPLEMENTATIONS / "wrong" / e.stem).glob("*.py"))
            shutil.copy(wrong[(5 * k + 2) % len(wrong)], folder / e.file)
        folders.append(folder)
    special = copy_exercises(SOLUTIONS, tmp_path / "special")
    for eid, text in SPECIAL.items():
        (special / manifest.by_id()[eid].file).write_text(text)
    folders.append(special)
    return folders


def _kit_faults(monkeypatch) -> None:
    """A case of 11 that fails by a fault of the kit's own, and a case of 12 that warns."""
    from checker.judge.cases import case_ex11_multi_head, case_ex12_kv_cache

    def broken(*args, **kwargs):
        raise ZeroDivisionError("a bug in the kit's case")

    monkeypatch.setattr(case_ex11_multi_head, "_split_interleaved", broken)  # a suspect
    real = case_ex12_kv_cache.randn

    def warning_randn(*args, **kwargs):
        warnings.warn("the kit's case warns", UserWarning)
        return real(*args, **kwargs)

    monkeypatch.setattr(case_ex12_kv_cache, "randn", warning_randn)


def _documents(folders, own: bool) -> tuple[list[dict], list]:
    documents, plans = [], []

    def body(check_one):
        plans.append(check_one.func.__self__.plan)
        for folder in folders:
            documents.append(check_one(str(folder), RunOptions(json_report=True, timeout=1.0))
                             .document)

    runner.session(list(manifest.load()), True, body, own_protocol=own)
    return documents, plans


def test_the_kits_protocol_reports_what_pytests_protocol_reports(tmp_path, monkeypatch):
    _kit_faults(monkeypatch)
    folders = _class(tmp_path)
    own, plans = _documents(folders, True)
    theirs, their_plans = _documents(folders, False)
    assert plans[0].fits, plans[0].why_not  # the kit's cases fit its protocol
    assert not their_plans[0].fits
    for folder, a, b in zip(folders, own, theirs):
        assert comparable(a) == comparable(b), folder.name
    # what the comparison covered: every status a case can have, a kit fault, a warning
    statuses = {t["metadata"]["status"] for d in own for t in d["tests"]}
    assert {"passed", "failed", "error", "not_started", "timeout"} <= statuses, statuses
    faults = [t for t in own[0]["tests"] if "ZeroDivisionError" in t["call"].get("longrepr", "")]
    assert faults and all("traceback" in t["call"] and "crash" in t["call"] for t in faults)
    assert any("the kit's case warns" in w["message"] for w in own[0].get("warnings", []))
    outputs = [t["metadata"].get("output", "") for t in own[-1]["tests"]]
    assert any("looking at" in o for o in outputs)


def test_a_session_keeps_pytests_protocol_where_its_cases_or_plugins_do_not_fit(tmp_path):
    """Any other plugin with a hook of a case's protocol, or a case with other fixtures or
    marks, and the session runs every case through pytest's own protocol."""
    class Extra:
        def pytest_runtest_setup(self, item):
            pass

    found = {}

    def body(check_one):
        session = check_one.args[0]
        plugin = check_one.func.__self__.plugin
        found["kit"] = protocol.Plan.of(session, plugin)
        session.config.pluginmanager.register(Extra(), "extra")
        found["extra"] = protocol.Plan.of(session, plugin)
        session.config.pluginmanager.unregister(name="extra")
        item = session.items[0]
        item.add_marker(pytest.mark.filterwarnings("ignore"))
        found["mark"] = protocol.Plan.of(session, plugin)

    runner.session([manifest.by_id()["06"]], True, body)
    assert found["kit"].fits, found["kit"].why_not
    assert not found["extra"].fits and "pytest_runtest_setup" in found["extra"].why_not
    assert not found["mark"].fits and "marks" in found["mark"].why_not


def test_a_check_is_a_session_of_one(solved):
    """``judge.run`` checks through the session's loop, and so through the kit's protocol:
    its document equals the one a session with pytest's protocol gives."""
    from checker import judge

    exercise = manifest.by_id()["06"]
    options = RunOptions(json_report=True)
    done = judge.run(str(solved), [exercise], options)
    theirs = []
    runner.session([exercise], True, lambda check: theirs.append(check(str(solved), options)),
                   own_protocol=False)
    assert done.result.exercises[0].score() == exercise.points
    assert comparable(done.document) == comparable(theirs[0].document)
