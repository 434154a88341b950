"""Runs the hidden cases of the selected exercises with pytest and returns the results."""
from __future__ import annotations

import contextlib
import functools
import io
import os
import platform
from importlib import metadata
from pathlib import Path

import pytest

from checker import manifest
from checker.engine import submission
from checker.engine.submission import Submission
from checker.judge import document, parallel
from checker.judge.plugin import CheckPlugin
from checker.judge.results import Run
from checker.options import RunOptions

CASES_DIR = Path(__file__).with_name("cases")

# Only what the hidden cases need: no plugins from the environment, no cache or
# assertion rewriting written next to the cases, no output capture (learner code
# prints in its worker), and none of the per-test plugins that cost time. The cases
# use no skip or xfail marks, unittest classes, temporary folders or subtests (a grading
# process runs 142 items a submission, and each of these plugins wraps every one of
# them). The warnings plugin stays: a case's warning is in the report's "warnings".
PYTEST_ARGS = [
    "--disable-plugin-autoload", "-q", "--no-header", "--tb=short", "--assert=plain",
    "--capture=no",
    *("-p no:cacheprovider -p no:stepwise -p no:logging -p no:unraisableexception "
      "-p no:threadexception -p no:doctest -p no:junitxml -p no:pastebin "
      "-p no:faulthandler -p no:unittest -p no:setuponly -p no:setupplan -p no:tmpdir "
      "-p no:subtests -p no:skipping").split(),
]


class RunError(Exception):
    """pytest itself could not run the cases (a broken install, not a learner's mistake)."""


@functools.lru_cache(maxsize=None)
def _versions() -> tuple:
    found = {"python": platform.python_version()}
    for dist in ("attention-kit", "torch", "pytest", "pytest-json-report", "rich"):
        try:
            found[dist] = metadata.version(dist)
        except metadata.PackageNotFoundError:
            found[dist] = None
    return tuple(found.items())


def versions() -> dict:
    """The versions a report names (read once per process: they do not change in it)."""
    return dict(_versions())


def run(target: str | Submission, selected: list[manifest.Exercise] | None = None,
        options: RunOptions | None = None) -> Run:
    """Check ``selected`` exercises (default: all) of ``target`` with ``options``.

    ``target`` is a learner's exercises folder or a ``Submission`` already read. One
    ``pytest.main`` on the cases of ``selected``: pytest collects them and runs each
    through its own protocol; with ``options.json_report`` pytest-json-report builds its
    document (handed to the plugin by its ``pytest_json_modifyreport`` hook) and the run's
    document is made from it (``judge.document``). A check and a grade run their cases
    the same way; a learner's check of several exercises may share them between two such
    runs in two processes (``parallel``). Raises RunError when pytest could not run the
    cases.
    """
    options = options or RunOptions()
    selected = list(selected or manifest.load())
    if not isinstance(target, Submission):
        target = submission.from_folder(os.path.abspath(target), allow_links=True)
    if parallel.worth_it(selected, options):
        return parallel.run(target, selected, options, one_process)
    return one_process(target, selected, options)


def one_process(target: Submission, selected: list[manifest.Exercise], options: RunOptions,
                claims: "parallel.Claims | None" = None) -> Run:
    """``run`` in this process; with ``claims``, only the exercises this process takes of
    the ones it shares with another (``parallel``)."""
    plugin = CheckPlugin(target, selected, options, claims)
    plugin.start()
    code, sink = _pytest_main(selected, options.json_report, [plugin])
    if plugin.interrupted:
        raise KeyboardInterrupt
    if not plugin.ran:
        raise _could_not_run(code, sink)
    return _finished(plugin, options)


def _pytest_main(selected, json_report: bool, plugins: list) -> tuple[int, str]:
    """pytest on the cases of ``selected`` with ``plugins``: its exit code and output."""
    args = [str(CASES_DIR / f"{e.case_module}.py") for e in selected]
    args += ["-c", str(CASES_DIR / "pytest.ini"), "--rootdir", str(CASES_DIR), *PYTEST_ARGS]
    if json_report:
        args += ["-p", "pytest_jsonreport.plugin", "--json-report", "--json-report-file=none",
                 "--json-report-omit", "collectors", "log", "streams", "keywords"]
    sink = io.StringIO()
    with contextlib.redirect_stdout(sink), contextlib.redirect_stderr(sink), _without_env(
            "PYTEST_ADDOPTS", "PYTEST_PLUGINS"), _one_thread():
        code = pytest.main(args, plugins=plugins)
    return code, sink.getvalue()


@contextlib.contextmanager
def _one_thread():
    """torch computes on one thread while the cases run; the caller's count after.

    The checker's own tensors (references, the mistakes it tries) are small, and its
    workers compute beside it: with torch's default of one OpenMP thread per core, the
    threads spin against the workers and each other (a library check of exercise 10 took
    30 s of CPU with two threads, 5.5 s with one; benchmarks/check_speed.py). A notebook
    keeps its own setting after a check.
    """
    import torch

    before = torch.get_num_threads()
    torch.set_num_threads(1)
    try:
        yield
    finally:
        torch.set_num_threads(before)


def _could_not_run(code: int, sink: str) -> RunError:
    return RunError(f"pytest could not run the hidden cases (exit {int(code)}):\n"
                    + sink[-3000:])


def _finished(plugin: CheckPlugin, options: RunOptions) -> Run:
    """The run of the submission the plugin has just checked."""
    result = plugin.run_result(versions())
    built = document.of_run(plugin.json_report, result, options.seed) \
        if options.json_report else None
    return Run(result, options, built)


@contextlib.contextmanager
def _without_env(*names: str):
    """Hide environment variables that would change how pytest runs the hidden cases."""
    saved = {name: os.environ.pop(name) for name in names if name in os.environ}
    try:
        yield
    finally:
        os.environ.update(saved)
