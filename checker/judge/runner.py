"""Runs the hidden cases of the selected exercises with pytest and returns the results."""
from __future__ import annotations

import contextlib
import functools
import io
import os
import platform
import time
from collections import OrderedDict
from importlib import metadata
from pathlib import Path
from typing import Callable

import pytest

from checker import manifest
from checker.engine import submission
from checker.engine.submission import Submission
from checker.judge import document, protocol
from checker.judge.plugin import CASE_RESULT, LEARNER, CheckPlugin
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

    ``target`` is a learner's exercises folder or a ``Submission`` already read. With
    ``options.json_report`` the run's document is built (``judge.document``). A session
    of one check (``session``): a check and a grade run their cases the same way.
    """
    options = options or RunOptions()
    selected = list(selected or manifest.load())
    if not isinstance(target, Submission):
        target = submission.from_folder(os.path.abspath(target), allow_links=True)
    runs: list[Run] = []
    session(selected, options.json_report, lambda check: runs.append(check(target, options)))
    return runs[0]


def session(selected: list[manifest.Exercise], json_report: bool,
            body: Callable[[Callable[..., Run]], None], *, own_protocol: bool = True) -> None:
    """Check submissions in one pytest session: the cases of ``selected`` are collected
    once, then ``body(check)`` runs, where ``check(target, options) -> Run`` checks one
    submission (every case runs through pytest's protocol, its reports built anew for each
    submission); ``check(target, options, exercises)`` checks only those of ``selected``.

    A grading process grades all its submissions this way (``grading.grade.serve``):
    collecting and configuring pytest again for each cost 15 % of a submission; ``run`` is
    a session of one check. ``own_protocol``: each case runs through ``judge.protocol``
    (pytest's protocol without its dispatch, the same reports) where the session's cases
    and plugins fit it; False: through pytest's hooks (what the kit's tests compare it
    with). Raises RunError when the cases could not be collected (``body`` has not run);
    an exception of ``body`` (KeyboardInterrupt too) is raised again after the session
    has ended.
    """
    plugin = CheckPlugin(None, selected, RunOptions(json_report=json_report))
    loop = _Loop(plugin, body, own_protocol)
    code, sink = _pytest_main(selected, json_report, [plugin, loop])
    if loop.error is not None:
        raise loop.error
    if code == pytest.ExitCode.INTERRUPTED:
        raise KeyboardInterrupt
    if not loop.ran:
        raise _could_not_run(code, sink)


class _Loop:
    """The session's run loop (``session``): each ``check`` runs every collected item."""

    def __init__(self, plugin: CheckPlugin, body, own_protocol: bool = True):
        self.plugin, self.body = plugin, body
        self.ran, self.error = False, None
        self.selected = list(plugin.selected)  # what the session collected
        self.own_protocol = own_protocol
        self.plan = protocol.Plan(False, "not asked for")

    @pytest.hookimpl(tryfirst=True)
    def pytest_runtestloop(self, session):
        if session.testsfailed or not session.items:  # collection failed: pytest says why
            return None
        self.ran = True
        _for_many_checks(session)
        if self.own_protocol:
            self.plan = protocol.Plan.of(session, self.plugin)
        try:
            self.body(functools.partial(self.check, session))
        except BaseException as exc:  # raised again once pytest has ended the session
            self.error = exc
        return True

    def check(self, session, target, options: RunOptions,
              exercises: list[manifest.Exercise] | None = None) -> Run:
        if options.json_report != self.plugin.options.json_report:
            raise ValueError("a session builds JSON documents for all its checks or none")
        if not isinstance(target, Submission):
            target = submission.from_folder(os.path.abspath(target), allow_links=True)
        chosen = self.selected if exercises is None else \
            [e for e in self.selected if e in exercises]
        if exercises is not None and len(chosen) != len(exercises):
            raise ValueError("a session checks only exercises it collected")
        self.plugin.begin(target, options, chosen)
        report = getattr(session.config, "_json_report", None)
        if report is not None:  # what pytest-json-report keeps of a session, anew
            report._json_tests, report._json_warnings = OrderedDict(), []
            report._start_time = time.time()
        session.testsfailed = 0
        session.shouldstop = session.shouldfail = False
        ids = {e.id for e in chosen}
        items = [i for i in session.items if self.plugin.exercise_of(i).id in ids]
        for i, item in enumerate(items):
            for key in (CASE_RESULT, LEARNER):  # what the last submission left on the item
                if key in item.stash:
                    del item.stash[key]
            item.user_properties.clear()
            item._report_sections.clear()
            if self.plan.fits:  # the same reports, without pytest's dispatch (protocol.py)
                protocol.run(item, self.plugin, self.plan)
                continue
            following = items[i + 1] if i + 1 < len(items) else None  # None: tear all down
            item.config.hook.pytest_runtest_protocol(item=item, nextitem=following)
        # what pytest does as a session ends, in its order: its exit status, the JSON
        # report (pytest-json-report's hook runs first), then the plugin's own finish
        session.exitstatus = pytest.ExitCode.TESTS_FAILED if session.testsfailed \
            else pytest.ExitCode.OK
        collected, session.testscollected = session.testscollected, len(items)
        try:  # the report counts what this check collected: its exercises' cases
            if report is not None:
                report.pytest_sessionfinish(session)
        finally:
            session.testscollected = collected
        self.plugin.pytest_sessionfinish(session)
        return _finished(self.plugin, options)


def _for_many_checks(session) -> None:
    """What a session that runs every collected case again for each submission can do
    without, once its cases are collected (``session``): the terminal reporter, whose
    progress and summary nobody reads (the reports are built from pytest-json-report's
    and the plugin's data), and the search for an item's hooks, which pytest makes at every
    ``item.ihook`` (about 1,900 times a submission, comparing paths each time) although
    no conftest can join once collection is over. Together about 3 % of a grade's CPU."""
    proxies: dict = {}
    find = session.gethookproxy

    def gethookproxy(fspath):
        try:
            return proxies[fspath]
        except KeyError:
            proxies[fspath] = proxy = find(fspath)
            return proxy

    session.gethookproxy = gethookproxy  # this session's own attribute, gone with it
    manager = session.config.pluginmanager
    if manager.get_plugin("terminalreporter") is not None:
        manager.unregister(name="terminalreporter")


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
