"""The pytest plugin that turns hidden cases into the results model.

In the style of exercism's test runner: pytest's own structured reports are
mapped to ``results.CaseResult``; a problem in setup is an error, a failed
comparison is a fail, learner code that is still a stub is "not started".
With ``--json`` the pytest-json-report document gets per-test metadata
(exercise, case, points, status) and the run's top-level keys.
"""
from __future__ import annotations

import zlib

import pytest
import torch

from checker import manifest, stubs
from checker.judge import causes, document
from checker.judge.compare import CaseFailure
from checker.judge.diagnose import (alias_in_place_line, bool_index_line, cast_line,
                                    cause_of_error, detach_line, flatten_line, front_axis_line,
                                    function_named, function_source, in_place_line,
                                    inf_product_line, keepdim_index_line, loop_first_axis_line,
                                    made_float32_line, mask_axes_line, module_assignments,
                                    no_grad_line, numbers_line, rebuilt_line, slice_of_one_line,
                                    where_float32_line)
from checker.engine import host
from checker.engine.forbidden import scan_source
from checker.engine.problems import Problem
from checker.i18n import get_lang, t
from checker.options import RunOptions
from checker.engine.submission import Submission
from checker.judge.results import (Call, Check, CaseResult, ExerciseResult, Failure,
                                   RunResult, Status, copied)
from checker.engine.supervisor import LearnerProblem, Workers

MAX_OUTPUT = 2000

# what each kind of problem means for the case (the engine only says what happened)
STATUS_OF = {
    Problem.NOT_IMPLEMENTED: Status.NOT_STARTED, Problem.MISSING_FILE: Status.NOT_STARTED,
    Problem.TIMEOUT: Status.TIMEOUT,
    Problem.FORBIDDEN: Status.FAILED, Problem.EXCEPTION: Status.FAILED,
    Problem.UNREADABLE: Status.ERROR, Problem.SYNTAX: Status.ERROR, Problem.LOAD: Status.ERROR,
    Problem.EXIT: Status.ERROR, Problem.MISSING: Status.ERROR, Problem.CRASH: Status.ERROR,
    Problem.BAD_DATA: Status.ERROR, Problem.KIT: Status.ERROR,
}

CASE_RESULT = pytest.StashKey[CaseResult]()
LEARNER = pytest.StashKey["Learner"]()


def case_name(item) -> str | None:
    """The plain-language name a case was given with ``@case(...)`` (a ``case`` marker)."""
    marker = item.get_closest_marker("case")
    return marker.args[0] if marker is not None and marker.args else None


def is_property(item) -> bool:
    """Whether a case was declared with ``property_case``: it counts only with right values."""
    marker = item.get_closest_marker("case")
    return bool(marker is not None and marker.kwargs.get("property"))


# failures of a property case that say nothing about the values: the property itself
# (an input changed in place, a wrong dtype or device, a forbidden call)
PROPERTY_ONLY = (Check.PROPERTY, Check.DTYPE, Check.DEVICE, Check.FORBIDDEN)


def values_wrong(case_: CaseResult) -> bool:
    """Whether a case that did not pass shows that the exercise's values are wrong: any
    value case; a property case that failed on the values (a saturated softmax that
    overflows, a float16 result that is off, a property that held on wrong values); a
    file that did not run. Not: a property case that failed on its property alone."""
    if case_.status == Status.PASSED:
        return False
    f = case_.failure
    if f is not None and f.unmeasured:  # not measured here: it shows nothing
        return False
    return not (case_.property and case_.status == Status.FAILED and f is not None
                and f.check in PROPERTY_ONLY and not f.not_checked)


def static_violations(exercise: manifest.Exercise, source) -> list:
    """The forbidden calls the static scan finds in an exercise file's text."""
    if source.text is None:
        return []
    return scan_source(source.text, list(exercise.forbidden))


class Learner:
    """Calls the learner's functions of one exercise, through its worker."""

    def __init__(self, exercise: manifest.Exercise, worker, reference, scan,
                 options: RunOptions | None = None):
        self.exercise = exercise
        # the run's settings, whole: what a case or its comparison needs of them is read
        # here (a new run option is its field, its flag and its use; no module global)
        self.options = options if options is not None else RunOptions()
        self._scan = scan                # the submission's static scan of this file (kept)
        self.reference = reference       # the reference solution's module (the `ref` fixture)
        self.last_function = ""          # the function the case called last
        self.batched = False             # ... with inputs that have leading batch dimensions
        self.code_suspects: dict = {}    # regex on the learner's failing line -> cause
        self.rank = 0                    # the most dimensions of any input the case passed
        self.judges_property = False     # the case judges a property (inputs kept, dtype...)
        self.dtype = ""                  # the dtype of the call's first float input
        self.ranks: tuple = ((), {})     # ... each tensor argument's number of dimensions
        self.calls: list = []            # the case's calls, kept when ``options.replay``
        self._worker = worker

    def __getattr__(self, func: str):
        if func.startswith("_") or func not in self.exercise.functions:
            raise AttributeError(func)
        return lambda *args, **kwargs: self.call(func, *args, **kwargs).result

    def property_case(self) -> None:
        """Mark the case as one that judges a property of a result (the inputs are kept,
        the dtype, the gradient, the source): if the call raises, the property could not
        be judged, and the case says so rather than fail on its own."""
        self.judges_property = True

    def expect(self, code_suspects: dict) -> None:
        """Name a classic mistake by the line of code that raised: ``{regex: cause}``."""
        self.code_suspects.update(code_suspects)

    def call(self, func: str, *args, grad=None, return_args=False, measure=False, shares=False,
             **kwargs):
        self.last_function = func
        self.batched = any(isinstance(a, torch.Tensor) and a.dim() >= 3
                           for a in (*args, *kwargs.values()))
        tensors = _tensors((*args, *kwargs.values()))
        self.rank = max([self.rank, *(a.dim() for a in tensors)])
        self.ranks = ([a.dim() if isinstance(a, torch.Tensor) else None for a in args],
                      {k: a.dim() for k, a in kwargs.items() if isinstance(a, torch.Tensor)})
        self.dtype = next((str(a.dtype).removeprefix("torch.") for a in tensors
                           if a.is_floating_point()), "")
        seen = len(self._worker.forbidden_calls)
        kept = None
        if self.options.replay:  # copies: a replay file is made of them (a check, never a grade)
            kept = Call(func, copied(args), copied(kwargs), grad)
            self.calls.append(kept)
        try:
            returned = self._worker.call(func, args, kwargs, grad=grad, return_args=return_args,
                                         measure=measure, shares=shares)
        finally:
            new = self._worker.forbidden_calls[seen:]
        if kept is not None:
            kept.returned, kept.result = True, returned.result
            kept.args_after = getattr(returned, "args_after", None)
        if new:
            where = new[0].get("where") or {}
            call = new[0].get("call")
            if where:
                summary = t("{call} was called at line {line}: {code}", call=call,
                            line=where.get("line"), code=where.get("code"))
            else:
                summary = t("{call} was called", call=call)
            raise CaseFailure(summary, expected=t("no call to a forbidden function"),
                              got=t("a call to {call}", call=call),
                              likely=causes.FORBIDDEN_CALL, check=Check.FORBIDDEN)
        return returned

    def with_inputs(self, func: str, *args, **kwargs):
        """Call and also get the inputs back as they were after the call."""
        returned = self.call(func, *args, return_args=True, **kwargs)
        return returned.result, returned.args_after

    def sharing(self, func: str, *args, **kwargs):
        """Call, and ask the worker which arguments a returned tensor shares memory with
        (the input itself or a view of it): (result, argument indices, or None where the
        worker could not tell). The worker's word: it may fail the case, or pass a property
        case of a function whose values are right (docs/threat-model.md)."""
        returned = self.call(func, *args, shares=True, **kwargs)
        return returned.result, returned.shares

    def measured(self, func: str, *args, **kwargs):
        """Call, and read what the call added to the worker's memory, as the kernel counts
        it (engine/memory.py): (result, ``Used`` or None where it could not be read)."""
        returned = self.call(func, *args, measure=True, **kwargs)
        return returned.result, returned.memory

    def grad(self, func: str, *args, wrt, grad_output, output_index=None, **kwargs):
        """Call with ``args[i]`` for i in ``wrt`` requiring grad; returns (result, grads).

        ``grads`` is a list (one per ``wrt``, None where no gradient flowed), the
        string "no_graph" when the result is not connected to the inputs, or
        ``{"wrong_shape": [...]}`` when the result's shape does not fit.
        """
        returned = self.call(func, *args, grad={"wrt": list(wrt), "grad_output": grad_output,
                                                "output_index": output_index}, **kwargs)
        return returned.result, returned.grads

    def static_violations(self) -> list:
        return self._scan()

    def source_text(self) -> str | None:
        """The learner's file as the checker read it (plain text, never run here)."""
        return self._worker.source.text


class CheckPlugin:
    """The cases of ``selected`` run against one submission (one ``judge.run``)."""

    def __init__(self, submission: Submission | None, selected: list[manifest.Exercise],
                 options: RunOptions, claims=None):
        self.selected = selected
        # shared with another checking process (``parallel.Claims``): only the exercises
        # this one takes are run; None: every selected exercise
        self.claims = claims
        self.submission = submission
        self.options = options
        self.workers = Workers(options)
        self.ran = False          # pytest collected the cases without error and ran them
        self.interrupted = False  # ... and a KeyboardInterrupt ended the run
        self._case_count: dict[str, int] = {}  # cases per exercise, counted at collection
        self._case_facts: dict = {}            # item -> (exercise, name, property): _facts
        self._names: dict = {}                 # (language, name) -> the name shown
        self._scans: dict[str, list] = {}  # exercise id -> its file's static scan
        self.results = {e.id: ExerciseResult(e.id, e.seed_section, e.file, e.points)
                        for e in self.selected}
        self.json_report: dict | None = None
        # cases failed after they ran (a property case waiting for the values, a case struck
        # by a forbidden call): their JSON metadata is rewritten to match (``mark_changed``)
        self._changed: dict[str, CaseResult] = {}
        self._gated = False
        self._last_exercise: str | None = None
        self._item = None  # the case being set up (see the fixtures)

    # ---------------------------------------------------------------- helpers
    def exercise_of(self, item) -> manifest.Exercise:
        return self._facts(item)[0]

    def _facts(self, item) -> tuple:
        """What a case is: its exercise, the name it was given (``case_name``) and whether
        it is a property case. Worked out at its first use (the hooks ask several times)."""
        try:
            return self._case_facts[item]
        except KeyError:
            name = item.module.__name__.rsplit(".", 1)[-1]
            facts = self._case_facts[item] = (manifest.by_case_module()[name],
                                              case_name(item), is_property(item))
            return facts

    def worker_for(self, exercise: manifest.Exercise):
        return self.workers.get(exercise.id, self.submission.source(exercise),
                                list(exercise.forbidden))

    # --------------------------------------------------------------- fixtures
    # The fixtures find their case in ``self._item`` (set as its set-up starts), not in
    # pytest's ``request``: pytest builds a new fixture definition, with a signature
    # inspected, each time a fixture asks for ``request`` (about 7 times a case, 15 ms of
    # a grading process's 0.5 s a submission).
    @pytest.fixture
    def learner(self, ref) -> Learner:
        item, exercise = self._item, self.exercise_of(self._item)
        learner = item.stash[LEARNER] = Learner(exercise, self.worker_for(exercise), ref,
                                                lambda: self.static_violations(exercise),
                                                self.options)
        return learner

    @pytest.fixture
    def ref(self):
        """The reference solution of the case's exercise: the one way cases reach it."""
        return stubs.reference_module(self.exercise_of(self._item))

    @pytest.fixture
    def gen(self) -> torch.Generator:
        """A generator seeded from the run's seed and the case, independent of order."""
        return torch.Generator().manual_seed(
            zlib.crc32(f"{self.options.seed}:{self._item.nodeid}".encode()))

    def _shown_name(self, item, named: str | None) -> str:
        """The case's name in the run's language (``t``), looked up once per language."""
        if not named:
            return item.name
        key = (get_lang(), named)
        if key not in self._names:
            self._names[key] = t(named)
        return self._names[key]

    # ------------------------------------------------------------------ hooks
    def start(self) -> None:
        """Launch the first exercise's worker before pytest collects the cases: it forks
        and loads the learner's file meanwhile (the others are launched one exercise
        ahead, ``pytest_runtest_setup``)."""
        if self.selected and self.submission is not None:
            first = self._upcoming(None)
            if first is not None:
                self.workers.prefetch(first.id, self.submission.source(first),
                                      list(first.forbidden))

    def _upcoming(self, exercise_id: str | None) -> manifest.Exercise | None:
        """The exercise this process runs after ``exercise_id`` (None: its first one)."""
        if self.claims is not None:
            following = self.claims.first() if exercise_id is None \
                else self.claims.following(exercise_id)
            return next((e for e in self.selected if e.id == following), None)
        if exercise_id is None:
            return self.selected[0] if self.selected else None
        order = [e.id for e in self.selected]
        at = order.index(exercise_id) + 1 if exercise_id in order else len(order)
        return self.selected[at] if at < len(order) else None

    @pytest.hookimpl(tryfirst=True)
    def pytest_runtest_protocol(self, item, nextitem):
        """A case of an exercise another checking process runs is left to it (nothing is
        run or reported here)."""
        if self.claims is not None and not self.claims.mine(self.exercise_of(item).id):
            return True
        return None

    @pytest.hookimpl(tryfirst=True)  # before pytest's own loop, which runs the cases
    def pytest_runtestloop(self, session):
        self.ran = not session.testsfailed and bool(session.items)  # no collection error

    def pytest_keyboard_interrupt(self, excinfo):
        # pytest ends a session whose collection failed with a subclass of its own
        self.interrupted = type(excinfo.value) is KeyboardInterrupt

    def pytest_collection_modifyitems(self, items):
        for item in items:
            eid = self.exercise_of(item).id
            self._case_count[eid] = self._case_count.get(eid, 0) + 1

    @pytest.hookimpl(tryfirst=True)  # before pytest's own, which sets the fixtures up
    def pytest_runtest_setup(self, item):
        self._item = item  # the case whose fixtures are made next
        # Exercises run one after another: stop the previous exercise's worker.
        eid = self.exercise_of(item).id
        if self._last_exercise != eid:
            if self._last_exercise is not None:
                self.workers.release(self._last_exercise)
            # start the next exercise's worker now: it forks and loads while this
            # exercise's cases run
            following = self._upcoming(eid)
            if following is not None:
                self.workers.prefetch(following.id, self.submission.source(following),
                                      list(following.forbidden))
        self._last_exercise = eid

    @pytest.hookimpl(tryfirst=True)
    def pytest_runtest_makereport(self, item, call):
        """A learner's failure is reported with our own one-paragraph text.

        pytest would render it by re-parsing the source of every frame (about 50 ms a
        failing case here, 6 s for a stub's cases), and the report and the JSON use our
        text anyway. A failure of the kit's own code gets pytest's full traceback (this
        returns None, and pytest's own implementation makes the report).
        """
        self._case_result(item, call)
        exc = call.excinfo.value if call.excinfo is not None else None
        if not isinstance(exc, (LearnerProblem, CaseFailure)):
            return None
        return pytest.TestReport(
            nodeid=item.nodeid, location=item.location,
            keywords=dict.fromkeys(item.keywords, 1), outcome="failed",
            longrepr=_short_text(exc), when=call.when, sections=[], duration=call.duration,
            start=call.start, stop=call.stop, user_properties=item.user_properties)

    def _case_result(self, item, call) -> CaseResult | None:
        """The case's result, made once from its call (or failed setup) phase."""
        if not (call.when == "call" or (call.when == "setup" and call.excinfo is not None)):
            return None
        if CASE_RESULT not in item.stash:
            result = item.stash[CASE_RESULT] = self._make_case_result(item, call)
            self.results[result.exercise].cases.append(result)
        return item.stash[CASE_RESULT]

    def _make_case_result(self, item, call) -> CaseResult:
        exercise, named, property_ = self._facts(item)
        name = self._shown_name(item, named)
        worker = self.worker_for(exercise)
        output = "".join(worker.outputs)
        result = CaseResult(exercise.id, name, item.nodeid, Status.PASSED, call.duration, None,
                            output[:MAX_OUTPUT])
        result.property = property_
        # what the learner's code printed in all: the worker sends the start and counts
        result.output_chars = len(output) + worker.output_cut
        result.output_lines = worker.output_lines
        worker.outputs.clear()
        worker.output_cut = worker.output_lines = 0
        learner = item.stash.get(LEARNER, None)
        result.function = learner.last_function if learner is not None else ""
        result.rank = learner.rank if learner is not None else 0
        result.dtype = learner.dtype if learner is not None else ""
        exc = call.excinfo.value if call.excinfo is not None else None
        if call.when == "setup":
            result.status = Status.ERROR
            result.failure = Failure(t("the case could not be set up: {error}", error=repr(exc)),
                                     check=Check.PROBLEM)
        elif exc is None:
            pass
        elif isinstance(exc, LearnerProblem):
            result.status = STATUS_OF[exc.kind]
            result.failure = _problem_failure(exc, exercise, learner)
        elif isinstance(exc, CaseFailure):
            result.status = Status.FAILED
            _line_shown(exc, learner)
            result.failure = Failure(exc.summary, exc.expected, exc.got, exc.detail, exc.likely,
                                     cause=exc.cause.id if exc.cause else "",
                                     specific=bool(exc.cause) and not exc.cause.generic,
                                     check=exc.check, not_checked=exc.not_checked, fix=exc.fix,
                                     matrices=exc.matrices, unmeasured=exc.unmeasured)
        else:  # a bug in the kit's own case code: say so rather than blame the learner
            result.status = Status.ERROR
            result.failure = Failure(t("the checker itself failed on this case: {error_type}: "
                                       "{error}", error_type=type(exc).__name__, error=exc),
                                     fix=t("please report this to the kit's maintainers"),
                                     check=Check.PROBLEM)
        if result.status != Status.PASSED and learner is not None:
            result.calls = learner.calls  # (empty unless the run keeps them)
        return result

    @pytest.hookimpl(optionalhook=True)
    def pytest_json_runtest_metadata(self, item, call):
        case_ = self._case_result(item, call)
        if case_ is None:
            return {}
        exercise, named, _ = self._facts(item)
        return document.case_metadata(case_, exercise, named or item.name,
                                      self._case_count.get(exercise.id, 1))

    @pytest.hookimpl(optionalhook=True)
    def pytest_json_modifyreport(self, json_report):
        self._gate()
        document.mark_changed(json_report, self._changed)
        self.json_report = json_report

    def _gate(self) -> None:
        """Points only for what the file computed itself. A forbidden call anywhere in an
        exercise (refused in a call, or found in the file's text) costs every case of that
        exercise: the values it returns may not be its own (``_strike_forbidden``). Then
        every property case counts only when its exercise's values are right: while a
        value case of the exercise does not pass, a passing property case waits (it fails,
        marked not checked), so a wrong file earns nothing from properties alone."""
        if self._gated:
            return
        self._gated = True
        for result in self._own():
            self._strike_forbidden(result)
            wrong = sum(values_wrong(c) for c in result.cases)
            if not wrong:
                continue
            for c in result.cases:
                if c.property and c.status == Status.PASSED:
                    c.status = Status.FAILED
                    c.failure = Failure(
                        t("the property holds, but it counts once the exercise's values are "
                          "right ({n} cases show wrong values)", n=wrong),
                        fix=t("this case counts once the values are right: get the cases about "
                              "values to pass first"),
                        check=Check.PROPERTY, not_checked=True)
                    self._changed[c.nodeid] = c

    def _strike_forbidden(self, result: ExerciseResult) -> None:
        """A case that failed on a forbidden call (the worker refused or reported one, or
        the static scan of the file found one) is evidence against the whole exercise:
        its cases that passed fail too, each naming that call. An input changed in place
        or a wrong dtype costs only its own case; a forbidden call means values computed
        by a ready-made function, so no case of the exercise may earn its points."""
        evidence = next((c for c in result.cases if c.status == Status.FAILED
                         and c.failure is not None and c.failure.check == Check.FORBIDDEN),
                        None)
        if evidence is None:
            return
        for c in result.cases:
            if c.status != Status.PASSED:
                continue
            c.status = Status.FAILED
            c.failure = Failure(
                t("not counted: {evidence} (a forbidden call costs every case of the "
                  "exercise)", evidence=evidence.failure.summary),
                expected=t("no call to a forbidden function"),
                likely=evidence.failure.likely, cause=evidence.failure.cause,
                specific=evidence.failure.specific, check=Check.FORBIDDEN)
            self._changed[c.nodeid] = c

    def pytest_sessionfinish(self, session):
        """The submission's checks are over: its workers stopped, its results settled."""
        if self.submission is None:
            return
        self.workers.close()
        for result in self._own():
            _settle_not_judged(result)
        self._add_static_findings()

    def _ran(self, exercise_id: str) -> bool:
        """Whether this process ran ``exercise_id`` (every selected one, unless ``claims``)."""
        return self.claims is None or exercise_id in self.claims.ran

    def _own(self) -> list[ExerciseResult]:
        """The results of the exercises this process ran."""
        return [self.results[e.id] for e in self.selected if self._ran(e.id)]

    def static_violations(self, exercise: manifest.Exercise) -> list:
        """The static scan of the submission's file of ``exercise`` (``static_violations``),
        made once per submission: its cases and its summary read the same scan."""
        if exercise.id not in self._scans:
            self._scans[exercise.id] = static_violations(exercise,
                                                         self.submission.source(exercise))
        return list(self._scans[exercise.id])

    def _add_static_findings(self) -> None:
        for e in self.selected:
            if not e.forbidden or not self._ran(e.id):
                continue
            found = self.static_violations(e)
            self.results[e.id].forbidden = [v.describe() for v in found]

    def run_result(self, versions: dict) -> RunResult:
        self._gate()
        return RunResult([self.results[e.id] for e in self.selected], self.options.seed,
                         versions, self.submission.origin,
                         engine=engine_facts(self.workers.layers()))


# the layers whose absence a learner's report names on Linux's engine too (the process
# limit is not one: Linux does not enforce it for root, which runs without it by design)
NAMED_ON_LINUX = ("landlock", "seccomp", "memory")


def engine_facts(layers: dict[str, str] | None) -> dict | None:
    """What a run's report says of the layers its workers ran with (``RunResult.engine``):
    on the portable engine always, on Linux's when one of ``NAMED_ON_LINUX`` was left
    out; None otherwise, and when no worker said (``Workers.layers``)."""
    if layers is None:
        return None
    portable = host.portable()
    if not portable and not any(layers.get(name) for name in NAMED_ON_LINUX):
        return None
    return {"engine": "portable" if portable else "linux",
            "layers": {name: {"on": not why, "why": why} for name, why in layers.items()}}


def _settle_not_judged(result: ExerciseResult) -> None:
    """When the only failing cases are property cases whose call raised, no value case
    shows the error: they are the evidence, so they fail as raised errors."""
    failing = [c for c in result.cases if c.status != Status.PASSED]
    if failing and all(c.failure is not None and c.failure.not_checked for c in failing):
        for c in failing:
            original = getattr(c.failure, "raised_summary", None)
            if original is not None:
                c.failure.not_checked, c.failure.summary = False, original


def _tensors(values) -> list:
    """The tensors among ``values``, one level into tuples (a cache is a pair)."""
    found = []
    for value in values:
        if isinstance(value, torch.Tensor):
            found.append(value)
        elif isinstance(value, (tuple, list)):
            found.extend(v for v in value if isinstance(v, torch.Tensor))
    return found


def _short_text(exc) -> str:
    """pytest's longrepr of a learner's failure: the kit's own text, in a few lines."""
    if isinstance(exc, LearnerProblem):
        return f"{STATUS_OF[exc.kind]}: {exc.summary}"
    parts = [exc.summary] + [f"{label}: {value}" for label, value in (
        ("expected", exc.expected), ("got", exc.got), ("detail", exc.detail),
        ("likely cause", exc.likely)) if value]
    return "\n".join(parts)


def fixes(exercise: manifest.Exercise) -> dict[Problem, str]:
    """What to do about each kind of problem, in the run's language."""
    return {
        Problem.NOT_IMPLEMENTED: t("replace `raise NotImplementedError` with your implementation"),
        Problem.TIMEOUT: t("look for a loop that never ends, or work that grows much faster than "
                     "the input"),
        Problem.SYNTAX: t("fix the syntax error at the line shown, then check again"),
        Problem.CRASH: t("the exercise must not end the process (os._exit, signals) or crash Python"),
        Problem.EXIT: t("do not call sys.exit() or exit() in an exercise; return a value instead"),
        Problem.MISSING: t("keep the function names of the stub exactly as they are"),
        Problem.MISSING_FILE: t("restore the file: `attn-kit reset {id}` puts the original stub "
                                "back", id=exercise.id),
        Problem.UNREADABLE: t("submit the exercise file itself: a UTF-8 .py file, not a link, "
                        "under 512 kB"),
    }


def _line_shown(exc: CaseFailure, learner) -> None:
    """A general cause replaced by the line of the learner's file that shows the mistake,
    quoted: a dtype that changed to the very dtype a line converts to (``DTYPE_CAST``), or
    to float32 from a line that makes a tensor with ``torch.where`` of two Python numbers
    (``WHERE_FLOAT32``) or without ``dtype=`` (``MADE_FLOAT32``); NaN
    where none belongs, or NaN everywhere (which any NaN-giving suspect matches, so the line
    is the better evidence), and a line that multiplies by an infinity, as an additive mask
    ``(mask == 0) * -inf`` does (``INF_PRODUCT``); a wrong or missing gradient and a line
    that detaches something other than a max (a softmax is no max) and feeds the result, in
    the called function or one it calls (``DETACH_LINE``) or rebuilds a tensor with
    ``torch.tensor(...)`` (``REBUILT``) or turns autograd off (``NO_GRAD_LINE``) or turns a
    tensor into Python numbers (``NUMBERS_LINE``); an input changed in place
    and the line of the called function that writes into it (``IN_PLACE_LINE``); an extra
    dimension of size 1 (in front) and an index taken with ``keepdim=True`` (``KEEPDIM_INDEX``),
    a slice of length one on the first axis (``SLICE_OF_ONE``) or a
    boolean mask (``BOOL_INDEX_LINE``, which may change the rank too); lost
    batch dimensions and a reshape that flattens them (``FLATTENED_BATCH``) or, on batched
    inputs, a loop over a tensor's first axis (``LOOP_FIRST_AXIS``); a wrong shape and an axis
    counted from the front that is a batch axis of the input (``FRONT_AXIS``). Each line must
    feed the function's result (or, in place, write into the very input that changed)."""
    if exc.cause is None or learner is None:
        return
    source, cause_id = learner.source_text(), exc.cause.id
    body, params = function_named(source, learner.last_function)
    found = None
    if cause_id == causes.DTYPE_CHANGED.id and exc.dtypes is not None:
        got, expected = exc.dtypes
        line = cast_line(source, got)
        found = line and causes.DTYPE_CAST(code=line, dtype=got, expected=expected)
        if not found and got == "float32":
            line = where_float32_line(body)
            found = line and causes.WHERE_FLOAT32(code=line, dtype=expected)
        if not found and got == "float32":
            line = made_float32_line(body)
            found = line and causes.MADE_FLOAT32(code=line, dtype=expected)
    elif cause_id == causes.NAN_RESULT.id or exc.all_nan:
        line = inf_product_line(source)
        found = line and causes.INF_PRODUCT(code=line)
    elif cause_id in (causes.PARTIAL_DETACH.id, causes.DETACHED.id, causes.NO_GRADIENT_TO.id):
        line = detach_line(source, learner.last_function)
        found = line and causes.DETACH_LINE(code=line)
        rebuilt = None if found else rebuilt_line(body, params)
        if rebuilt:
            found = causes.REBUILT(code=rebuilt)
        off = None if found else no_grad_line(source)
        if off:
            found = causes.NO_GRAD_LINE(code=off)
        numbers = None if found else numbers_line(body)
        if numbers:
            found = causes.NUMBERS_LINE(code=numbers[0], call=numbers[1])
    elif cause_id == causes.IN_PLACE.id and exc.changed is not None \
            and exc.changed < len(params):
        name = params[exc.changed]
        line = in_place_line(body, name)
        found = line and causes.IN_PLACE_LINE(code=line, name=name)
        alias = None if found else alias_in_place_line(body, name)
        if alias:
            found = causes.IN_PLACE_ALIAS(code=alias[0], alias=alias[1], name=name)
    elif cause_id == causes.EXTRA_SIZE_ONE.id:
        line = keepdim_index_line(body)
        found = line and causes.KEEPDIM_INDEX(code=line)
        one = None if found or dict(exc.cause.values).get("at") != 0 \
            else slice_of_one_line(body)
        if one:
            found = causes.SLICE_OF_ONE(code=one[0], part=one[1])
    elif cause_id == causes.BATCH_DIMS_LOST.id:
        line = flatten_line(body)
        found = line and causes.FLATTENED_BATCH(code=line)
        looped = None if found else loop_first_axis_line(body, params)
        if looped:
            found = (causes.LOOP_FIRST_AXIS if learner.batched else causes.LOOP_AS_BATCH)(
                code=looped[0], name=looped[1])
        axes = None if found else mask_axes_line(body)
        if axes:
            found = causes.MASK_AXES(code=axes)
    if cause_id in (causes.EXTRA_SIZE_ONE.id, causes.BATCH_DIMS_LOST.id) and not found:
        boolean = bool_index_line(body)
        found = boolean and causes.BOOL_INDEX_LINE(code=boolean)
    if cause_id in (causes.BATCH_DIMS_LOST.id, causes.SHAPE_GENERIC.id) and not found:
        positional, named = learner.ranks
        front = front_axis_line(body, {**dict(zip(params, positional)), **named})
        if front:
            found = causes.FRONT_AXIS(code=front[0], part=front[1], axis=front[2])
    if found:
        exc.cause, exc.likely = found, found.render()


def _problem_failure(problem: LearnerProblem, exercise: manifest.Exercise,
                     learner: Learner | None) -> Failure:
    """The failure of a case whose call gave nothing to compare."""
    frames = [] if STATUS_OF[problem.kind] == Status.NOT_STARTED else problem.frames  # a stub needs no traceback
    failure = Failure(problem.summary, error_type=problem.error_type, frames=frames,
                      kind=problem.kind, check=Check.PROBLEM,
                      fix=fixes(exercise).get(problem.kind, ""))
    found = None
    if problem.kind == Problem.FORBIDDEN:
        found, failure.check = causes.FORBIDDEN_CALL, Check.FORBIDDEN
    elif problem.kind == Problem.EXCEPTION:
        failure.check = Check.RAISED
        source = learner.source_text() if learner else None
        # the function that raised, after the file's top-level assignments it may use
        body = "\n".join(filter(None, (module_assignments(source),
                                        function_source(source, problem.frames))))
        # every function of the file on the way to the error (a caller may make a tensor)
        outer = "\n".join(filter(None, (module_assignments(source), *dict.fromkeys(
            function_source(source, [frame]) for frame in problem.frames))))
        found = cause_of_error(problem.error_type, problem.message, problem.frames,
                               batched=learner.batched if learner else True,
                               code_suspects=learner.code_suspects if learner else None,
                               body=body, outer=outer, dtype=learner.dtype if learner else "")
    if found is not None:
        failure.likely, failure.cause, failure.specific = found.render(), found.id, not found.generic
    if problem.kind == Problem.EXCEPTION and learner is not None and learner.judges_property \
            and (found is None or found.generic):
        # the call raised before the property could be looked at, for no reason this case
        # can show: not judged (the value cases show the error), never failed on its own
        failure.not_checked = True
        failure.raised_summary = problem.summary
        failure.summary = t("not judged yet: {summary}", summary=problem.summary)
    return failure
