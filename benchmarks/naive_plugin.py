"""The naive baseline's pytest plugin: `python -m pytest -p naive_plugin ...` with
ATTN_KIT_SUBMISSION naming the submission. It gives the hidden cases the same
fixtures as `attn-kit grade` (through checker.plugin.CheckPlugin); everything
else is plain pytest in a fresh process: plugin autoload, imports, pytest's own
rendering of failures (the kit replaces it with its one-paragraph message), and
a normal exit.
"""
import pytest
import os

from checker.engine import submission
from checker.judge.plugin import CheckPlugin
from checker.options import RunOptions


def pytest_configure(config):
    sub = submission.load(os.environ["ATTN_KIT_SUBMISSION"])
    options = RunOptions(seed=2017, timeout=float(os.environ.get("ATTN_KIT_TIMEOUT", 3)))
    config.pluginmanager.register(CheckPlugin(sub, _selected(), options), "attn-kit-naive")


def _selected():
    from checker import manifest

    return list(manifest.load())


@pytest.hookimpl(trylast=True)
def pytest_collection_modifyitems(items):
    for item in items:  # pytest's own failure rendering, as a plain pytest run has
        for name in ("repr_failure", "_repr_failure_py"):
            item.__dict__.pop(name, None)
