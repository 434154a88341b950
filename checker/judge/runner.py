"""Runs the hidden cases of the selected exercises with pytest and returns the results."""
from __future__ import annotations

import contextlib
import io
import os
import platform
from importlib import metadata
from pathlib import Path

import pytest

from checker import manifest
from checker.engine import submission
from checker.engine.submission import Submission
from checker.judge import document
from checker.judge.plugin import CheckPlugin
from checker.judge.results import Run
from checker.options import RunOptions

CASES_DIR = Path(__file__).with_name("cases")

# Only what the hidden cases need: no plugins from the environment, no cache or
# assertion rewriting written next to the cases, no output capture (learner code
# prints in its worker), and none of the per-test plugins that cost time.
PYTEST_ARGS = [
    "--disable-plugin-autoload", "-q", "--no-header", "--tb=short", "--assert=plain",
    "--capture=no",
    *("-p no:cacheprovider -p no:stepwise -p no:logging -p no:unraisableexception "
      "-p no:threadexception -p no:doctest -p no:junitxml -p no:pastebin").split(),
]


class RunError(Exception):
    """pytest itself could not run the cases (a broken install, not a learner's mistake)."""


def versions() -> dict:
    found = {"python": platform.python_version()}
    for dist in ("attention-kit", "torch", "pytest", "pytest-json-report", "rich"):
        try:
            found[dist] = metadata.version(dist)
        except metadata.PackageNotFoundError:
            found[dist] = None
    return found


def run(target: str | Submission, selected: list[manifest.Exercise] | None = None,
        options: RunOptions | None = None) -> Run:
    """Check ``selected`` exercises (default: all) of ``target`` with ``options``.

    ``target`` is a learner's exercises folder or a ``Submission`` already read. With
    ``options.json_report`` the run's document is built (``judge.document``).
    """
    options = options or RunOptions()
    selected = list(selected or manifest.load())
    if not isinstance(target, Submission):
        target = submission.from_folder(os.path.abspath(target), allow_links=True)
    plugin = CheckPlugin(target, selected, options)
    args = [str(CASES_DIR / f"{e.case_module}.py") for e in selected]
    args += ["-c", str(CASES_DIR / "pytest.ini"), "--rootdir", str(CASES_DIR), *PYTEST_ARGS]
    if options.json_report:
        args += ["-p", "pytest_jsonreport.plugin", "--json-report", "--json-report-file=none",
                 "--json-report-omit", "collectors", "log", "streams", "keywords"]
    sink = io.StringIO()
    with contextlib.redirect_stdout(sink), contextlib.redirect_stderr(sink), _without_env(
            "PYTEST_ADDOPTS", "PYTEST_PLUGINS"):
        code = pytest.main(args, plugins=[plugin])
    if code == pytest.ExitCode.INTERRUPTED:
        raise KeyboardInterrupt
    if code not in (pytest.ExitCode.OK, pytest.ExitCode.TESTS_FAILED):
        raise RunError(f"pytest could not run the hidden cases (exit {int(code)}):\n"
                       + sink.getvalue()[-3000:])
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
