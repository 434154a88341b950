"""A hidden case run as pytest's protocol runs it, without pytest's dispatch of it.

pytest runs each case through about thirty hook calls (set-up, call and tear-down,
each with its report and log), its fixture machinery and its plugins' wrappers. For
the hidden cases, whose shape the kit knows (plain test functions whose only arguments
are the plugin's ``learner``, ``ref`` and ``gen``, no marks but ``case``, no conftest),
most of that does nothing, and it was 40 % of a grading process's CPU. ``run`` does
what those hooks do for such a case, in pytest's order, with pytest's own pieces:

- the warnings plugin's wrapper: ``catch_warnings_for_item`` (a case's warning is in
  the report as before);
- per phase: the kit plugin's set-up hook, the case's arguments made as its fixtures
  make them (``CheckPlugin.arguments``), the call through ``item.runtest`` (pytest's
  ``pytest_pyfunc_call``), the report from the kit plugin or, as pytest makes it,
  ``TestReport.from_item_and_call``; pytest-json-report's metadata and log; the
  session's count of failures.

``Plan.of(session)`` says, once per session, whether its cases and plugins fit: any
other plugin with a hook of the protocol, a case with other fixtures or marks, a
conftest, or a pytest without these pieces, and every case runs through pytest's own
protocol as before. The documents are the same either way: tests/test_grading.py
holds a session's reports equal to ``judge.run``'s.
"""
from __future__ import annotations

import dataclasses

import pytest

try:  # pytest's own pieces; without them the session keeps pytest's protocol
    from _pytest.runner import CallInfo
    from _pytest.warnings import catch_warnings_for_item
except ImportError:  # pragma: no cover - another pytest
    CallInfo = catch_warnings_for_item = None
try:  # pytest-json-report's, for the entry of a case
    from pytest_jsonreport import serialize
except ImportError:  # pragma: no cover - then the session builds no document
    serialize = None

# the hooks pytest calls for one case (pytest_runtest_protocol and what it calls), and
# the plugins whose implementations of them ``run`` does itself, or that do nothing for
# the hidden cases (the assertion plugin's wrapper serves rewritten asserts; the capture
# plugin's, capturing with --capture=no; the terminal's, the letters of its progress)
HOOKS = ("pytest_runtest_protocol", "pytest_runtest_logstart", "pytest_runtest_setup",
         "pytest_runtest_call", "pytest_pyfunc_call", "pytest_runtest_teardown",
         "pytest_runtest_makereport", "pytest_runtest_logreport", "pytest_report_teststatus",
         "pytest_runtest_logfinish", "pytest_exception_interact", "pytest_json_runtest_stage",
         "pytest_json_runtest_metadata", "pytest_fixture_setup", "pytest_fixture_post_finalizer",
         "pytest_assertion_pass", "pytest_warning_recorded")
KNOWN = {"runner", "python", "fixtures", "assertion", "warnings", "capturemanager", "session",
         "terminal", "main"}
MARKS = {"case"}
OMITTED = ("keywords", "streams", "log")  # what the runner's JSON report leaves out


@dataclasses.dataclass
class Plan:
    """Whether a session's cases run through ``run`` (``fits``), and why not."""

    fits: bool
    why_not: str = ""
    json: object = None   # pytest-json-report's plugin, when the session builds documents

    @classmethod
    def of(cls, session, plugin) -> "Plan":
        config = session.config
        if CallInfo is None:
            return cls(False, "pytest has no CallInfo or catch_warnings_for_item")
        if config.getoption("assertmode", "plain") != "plain":
            return cls(False, "asserts are rewritten")
        if config.getoption("capture", "no") != "no":
            return cls(False, "output is captured")
        json = getattr(config, "_json_report", None)
        if json is not None and serialize is None:
            return cls(False, "pytest-json-report has no serialize module")
        if json is not None and not all(json._must_omit(k) for k in OMITTED):
            return cls(False, "the JSON report keeps " + ", ".join(OMITTED))
        manager = config.pluginmanager
        if config.getoption("maxfail", 0):
            return cls(False, "a maximum of failures is set")
        ours = {id(plugin), id(json)}
        for name in HOOKS:
            caller = getattr(config.hook, name, None)
            for impl in caller.get_hookimpls() if caller is not None else ():
                if id(impl.plugin) in ours:
                    continue
                known = manager.get_name(impl.plugin) or ""
                if known.rsplit(".", 1)[-1] not in KNOWN and known not in KNOWN:
                    return cls(False, f"the plugin {known or impl.plugin!r} implements {name}")
        for item in session.items:
            why = _why_not(item, session, plugin)
            if why:
                return cls(False, f"{item.nodeid}: {why}")
        return cls(True, json=json)


def _why_not(item, session, plugin) -> str:
    if type(item) is not pytest.Function:
        return f"a {type(item).__name__}, not a plain test function"
    if item.ihook is not session.config.hook:
        return "a conftest adds hooks"
    if set(item._fixtureinfo.names_closure) - set(plugin.FIXTURES):
        return "fixtures other than " + ", ".join(plugin.FIXTURES)
    marks = {m.name for m in item.iter_markers()}
    if marks - MARKS:
        return "marks other than " + ", ".join(sorted(MARKS))
    return ""


def run(item, plugin, plan: Plan) -> None:
    """Run ``item`` as pytest's ``pytest_runtest_protocol`` would in this session
    (``plan.fits``): set up, call if set up, tear down, each phase reported and logged."""
    config = item.config
    json = plan.json
    with catch_warnings_for_item(config=config, ihook=item.ihook, when="runtest", item=item):
        if json is not None:
            item._json_report_extra = {}
        try:
            item.funcargs = {}
            if _phase(item, "setup", plugin, json).passed:
                _phase(item, "call", plugin, json)
            _phase(item, "teardown", plugin, json)
        finally:
            item.funcargs = None
            if json is not None:
                del item._json_report_extra


def _phase(item, when: str, plugin, json):
    """One phase, reported (the kit plugin's report, else pytest's) and logged."""
    if json is not None:
        item._json_report_extra[when] = {}
    if when == "setup":
        def body():
            plugin.pytest_runtest_setup(item)
            item.funcargs = plugin.arguments(item)
    elif when == "call":
        body = item.runtest
    else:
        def body():
            return None
    call = CallInfo.from_call(body, when=when, reraise=(pytest.exit.Exception, KeyboardInterrupt))
    report = plugin.pytest_runtest_makereport(item, call)
    if json is not None:
        _metadata(item, call, plugin, json)
    if report is None and call.excinfo is None and not item.user_properties:
        # passed: the common case, logged here
        if json is not None:
            _log_passed(item, when, call.duration, json)
        return PASSED
    report = report or pytest.TestReport.from_item_and_call(item, call)
    if json is not None:
        report._json_report_extra = item._json_report_extra
        json.pytest_runtest_logreport(report)
    if report.failed:  # the session's own count (pytest's main plugin)
        item.session.testsfailed += 1
    return report


class _Passed:
    passed, failed = True, False


PASSED = _Passed()


def _metadata(item, call, plugin, json) -> None:
    """What pytest-json-report's makereport wrapper adds: the case's metadata."""
    metadata = plugin.pytest_json_runtest_metadata(item, call)
    if metadata:
        item._json_report_extra.setdefault("metadata", {}).update(metadata)
        json._validate_metadata(item)


def _log_passed(item, when: str, duration: float, json) -> None:
    """pytest-json-report's log of a phase that passed, as its ``pytest_runtest_logreport``
    writes it: the case's entry (made at its first phase), its metadata, and the phase
    as ``{"duration", "outcome"}`` (no crash, traceback or text: nothing failed; no
    streams, logs or keywords: the runner omits them)."""
    tests = json._json_tests
    entry = tests.get(item.nodeid)
    if entry is None:
        entry = tests[item.nodeid] = serialize.make_testitem(item.nodeid, None, item.location)
    metadata = item._json_report_extra.get("metadata")
    if metadata:
        entry["metadata"] = metadata
    entry[when] = {"duration": duration, "outcome": "passed"}
