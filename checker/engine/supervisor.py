"""The checker's side of the seam: one worker per exercise, calls with a timeout.

``ExerciseWorker.call`` either returns a ``Returned`` (plain data that came back)
or raises a ``LearnerProblem`` that says why nothing usable came back: the
exercise is not started, the learner's code raised, it could not be loaded, it
timed out, or the worker process died. A timeout or a crash costs one call (the
worker is killed and a fresh one is forked for the next call); after
``MAX_STRIKES`` of them the exercise's remaining calls are refused at once, so
one hung exercise costs a few seconds, never the run.
"""
from __future__ import annotations

import os
import re
import time
from dataclasses import dataclass, field

from checker.engine import codec, forkserver, memory, process, shared
from checker import manifest
from checker.options import RunOptions
from checker.i18n import Translated, get_lang, t
from checker.engine.problems import Problem
from checker.engine.submission import Source
from checker.text import clean, one_line

MAX_STRIKES = 2
WHERE_GRACE = 0.5    # seconds an overrunning worker has to say where it was stopped
MAX_FORBIDDEN = 20   # forbidden calls kept per exercise (a reply may claim 150,000)


@dataclass
class Returned:
    result: object
    grads: object = None
    args_after: list | None = None
    memory: "memory.Used | None" = None   # what a measured call added (the kernel's figures)
    shares: list | None = None   # the worker's word: arguments a returned tensor shares memory with


@dataclass
class LearnerProblem(Exception):
    """Why a call to learner code gave nothing to compare (``kind``), in one line."""

    kind: Problem
    summary: str
    error_type: str = ""
    message: str = ""
    frames: list = field(default_factory=list)

    def __str__(self) -> str:
        return self.summary


class ExerciseWorker:
    def __init__(self, exercise_id: str, source: Source, forbidden: list[str],
                 options: RunOptions | None = None, program: dict | None = None,
                 more: tuple[Source, ...] = ()):
        self.exercise_id = exercise_id
        self.program = program            # {"module", "params"}: a kit program (run_program)
        self.source = source
        self.more = tuple(more)           # a program's other exercise files (models/run.py)
        self.forbidden = list(forbidden)
        self.options = options or RunOptions()
        self.timeout = self.options.timeout
        self.forked: forkserver.Forked | None = None  # the process asked of the fork server
        self.launched = False         # the process is started and has the file
        self.ready = False            # ... and has loaded it
        self.sock = None
        self.load_problem: LearnerProblem | None = None
        self.strikes = 0
        self.last_strike = Problem.CRASH  # kind of the last timeout or crash
        self.last_summary = ""
        self.outputs: list[str] = []      # learner prints, drained by the plugin per case
        self.output_cut = 0               # ... characters the worker did not send
        self.output_lines = 0             # ... and how many lines were printed in all
        self.forbidden_calls: list[dict] = []  # forbidden calls seen at call time
        self.region: shared.Region | None = None  # inputs we read back ourselves (shared.py)
        self.layers: dict[str, str] | None = None  # what the worker says confines it (LAYERS)

    # ------------------------------------------------------------ process life
    def launch(self) -> None:
        """Start the worker and send it the file, without waiting for it to load.

        The checker launches the next exercise's worker while it runs this one's
        cases, so that forking and loading overlap with its own work. The load's
        answer is read (with the timeout counted from then) at the first call.
        """
        if self.launched or self.load_problem is not None:
            return
        missing = next((s for s in (self.source, *self.more) if s.text is None), None)
        if missing is not None:
            self.load_problem = LearnerProblem(missing.kind, missing.problem)
            return
        config = {"file": self.source.display, "forbidden": self.forbidden, "lang": get_lang(),
                  "limits": self.options.limits.to_dict(),
                  "hide": list(self.options.hide),  # besides the kit's own paths
                  "exercise_files": [e.file for e in manifest.load()]}
        if self.program is not None:
            config["program"] = self.program
            config["more_files"] = [s.display for s in self.more]
        if self.region is None:
            self.region = shared.Region()
        self.forked, self.sock = forkserver.spawn(config, self.region.fd)
        self.launched = True
        try:
            codec.send(self.sock, codec.encode({"source": self.source.text,
                                                "more": [s.text for s in self.more]}))
        except OSError:
            pass  # the worker is gone already; _start's _receive says so

    @property
    def pid(self) -> int | None:
        """The worker's process id (the fork server's answer, read on first use); None
        when it has none."""
        if self.forked is None:
            return None
        try:
            return self.forked.pid
        except forkserver.ServerGone:
            return None

    def _start(self) -> None:
        self.launch()
        if self.load_problem is not None or self.ready:
            return
        if self.forked is not None and self.pid is None:
            # the server stopped before it forked this worker: once more with a new server,
            # as forkserver.spawn does for a server found dead
            self.stop()
            self.launch()
            if self.forked is not None and self.pid is None:
                raise forkserver.ServerGone("the fork server has stopped")
        try:
            hello = self._receive(self.timeout)
        except LearnerProblem as problem:
            problem.summary = t("while loading the file: {summary}", summary=problem.summary)
            self.load_problem = problem
            return
        self.layers = layers_said(hello.get("layers"))
        if not hello.get("ok") and isinstance(hello.get("kit_error"), str):
            self.load_problem = LearnerProblem(Problem.KIT, t(
                "the kit could not set up the worker for this exercise: {error}",
                error=_text(hello["kit_error"], 500)))
            self.stop()
            return
        if not hello.get("ok"):
            error = _error(hello)
            kind, error_type, message = error["kind"], error["type"], error["message"]
            shown = Translated(message)  # the worker speaks the run's language
            if kind == Problem.EXIT:
                what = t("the file exits while it is being loaded")
            elif kind == Problem.SYNTAX:
                what = (t("the file has a syntax error: {message}", message=shown) if message
                        else t("the file has a syntax error"))
            elif message:
                what = t("the file raised an error while it was being loaded: {error_type}: "
                         "{message}", error_type=error_type, message=shown)
            else:
                what = t("the file raised an error while it was being loaded")
            if kind not in (Problem.EXIT, Problem.SYNTAX):
                kind = Problem.LOAD
            self.load_problem = LearnerProblem(kind, what, error_type=error_type,
                                               message=message, frames=error["frames"])
            self.stop()
            return
        self.ready = True

    def close(self) -> None:
        """Stop the worker and let go of the input region."""
        self.stop()
        if self.region is not None:
            self.region.close()
            self.region = None

    def stop(self) -> None:
        self.launched = self.ready = False
        if self.pid is not None:
            process.kill(self.pid)
        self.forked = None
        # what it may have started is killed at the end of the run (Workers.close: the
        # fork server is a subreaper)
        if self.sock is not None:
            self.sock.close()
            self.sock = None

    def _receive(self, timeout: float) -> dict:
        """The worker's next message."""
        try:
            message = codec.decode(codec.recv(self.sock, timeout))
        except TimeoutError:
            where = self._where_stopped()
            self.stop()
            self.strikes += 1
            if where is None:
                raise LearnerProblem(
                    Problem.TIMEOUT, t("no answer within {seconds} s (an endless loop?)",
                                       seconds=f"{timeout:g}")) from None
            raise LearnerProblem(
                Problem.TIMEOUT, t("no answer within {seconds} s: stopped at line {line}: "
                                   "{code}", seconds=f"{timeout:g}", line=where["line"],
                                   code=where["code"]), frames=[where]) from None
        except (EOFError, OSError):
            self.stop()
            self.strikes += 1
            raise LearnerProblem(
                Problem.CRASH, t("the worker process running this exercise ended abruptly "
                                 "(os._exit, a crash, or it was killed)")) from None
        except codec.DecodeError as exc:
            self.stop()
            self.strikes += 1
            raise LearnerProblem(Problem.BAD_DATA, t("the worker sent back unreadable data: "
                                                     "{error}", error=exc)) from None
        return self._absorb(message)

    def _where_stopped(self) -> dict | None:
        """Ask a worker that overran where it is (``process.WHERE_SIGNAL``) and wait
        ``WHERE_GRACE`` for its answer: the frame of the learner's file it was stopped in,
        its line checked against our own copy of the file and its code taken from there
        (``stopped_frame``); None when it does not say, or says nonsense."""
        if self.pid is None or self.sock is None:
            return None
        try:
            os.kill(self.pid, process.WHERE_SIGNAL)
        except OSError:  # gone, or another user's (a worker with a user id of its own)
            return None
        deadline = time.monotonic() + WHERE_GRACE
        while (left := deadline - time.monotonic()) > 0:
            try:
                message = codec.decode(codec.recv(self.sock, left))
            except (TimeoutError, EOFError, OSError, codec.DecodeError):
                return None
            where = message.get("stopped_at") if isinstance(message, dict) else None
            if where is not None:  # the kit's own key, not torch's words
                return stopped_frame(where, self.source.text)
        return None

    def _absorb(self, message) -> dict:
        """What a worker's answer says besides its result: output, forbidden calls."""
        if not isinstance(message, dict):
            raise LearnerProblem(Problem.BAD_DATA, t("the worker sent back unreadable data"))
        output = message.get("output")
        if isinstance(output, str) and output:
            self.outputs.append(clean(output[:10_000]))
            self.output_cut += max(0, len(output) - 10_000)
        for counter in ("output_cut", "output_lines"):
            count = message.get(counter)
            if type(count) is int and 0 <= count < 2**62:
                setattr(self, counter, getattr(self, counter) + count)
        forbidden = message.get("forbidden")
        room = MAX_FORBIDDEN - len(self.forbidden_calls)  # kept per exercise, and so per reply
        if isinstance(forbidden, list) and room > 0:
            self.forbidden_calls.extend(
                {"call": _text(f.get("call"), 200), "where": _frame(f.get("where"))}
                for f in forbidden[:room] if isinstance(f, dict))
        return message

    # ------------------------------------------------------------------ calls
    def call(self, func: str, args=(), kwargs=None, *, grad=None, return_args=False,
             measure=False, shares=False) -> Returned:
        """``measure``: also read what the call added to the worker's memory, from the
        kernel's figures of its process (memory.py); None in ``Returned.memory`` when they
        could not be read. ``shares``: also ask the worker which arguments a returned
        tensor shares memory with (its word: ``Returned.shares``, indices, or None)."""
        if self.strikes >= MAX_STRIKES:
            raise LearnerProblem(self.last_strike,
                                 t("not run: this exercise already failed {n} times with "
                                   "'{summary}'", n=self.strikes, summary=self.last_summary))
        sent, layout = list(args), None
        if return_args:  # the inputs go in our region, and we read them back (not the worker)
            if self.region is None:
                self.region = shared.Region()
            sent, layout = self.region.place(list(args))
        request = {"func": func, "args": sent, "kwargs": dict(kwargs or {}), "grad": grad,
                   "shared": layout}
        if measure:
            request["measure"] = True
        if shares:
            request["shares"] = True
        payload = codec.encode(request, keep_layout=True)  # a transposed input stays one
        used = None
        try:
            message = self._exchange(payload, self.timeout)
            if measure:
                message, used = self._measured(message)
        except LearnerProblem as problem:
            if problem is not self.load_problem:
                self.last_strike, self.last_summary = problem.kind, problem.summary
            raise
        if message.get("ok"):
            after = self.region.read(list(args), layout, message.get("moved")) \
                if layout is not None else None
            said = message.get("shares")
            said = sorted({i for i in said if type(i) is int and 0 <= i < len(args)}) \
                if isinstance(said, list) and len(said) <= len(args) + 64 else None
            return Returned(message.get("result"), message.get("grads"), after, used,
                            said if shares else None)
        error = _error(message)
        kind = error["kind"]
        if kind not in (Problem.NOT_IMPLEMENTED, Problem.FORBIDDEN, Problem.MISSING, Problem.EXIT):
            kind = Problem.EXCEPTION
        problem = LearnerProblem(kind, "", error_type=error["type"], message=error["message"],
                                 frames=error["frames"])
        shown = Translated(problem.message)  # the worker speaks the run's language
        if kind == Problem.NOT_IMPLEMENTED:
            problem.summary = t("{func} still raises NotImplementedError", func=func)
        elif kind in (Problem.FORBIDDEN, Problem.MISSING):
            problem.summary = shown
        elif kind == Problem.EXIT:
            problem.summary = t("{func} tried to end the process: {message}", func=func,
                                message=shown)
        else:
            problem.summary = t("{func} raised {error_type}: {message}", func=func,
                                error_type=problem.error_type, message=shown)
        raise problem

    def _exchange(self, payload: bytes, timeout: float) -> dict:
        """Send one request (``payload``, encoded) to the loaded worker and return its
        answer; a LearnerProblem when the file did not load, or the worker timed out,
        crashed or sent nonsense."""
        if not self.ready and self.load_problem is None:
            self._start()
        if self.load_problem is not None:
            raise self.load_problem
        try:
            codec.send(self.sock, payload)
        except OSError:
            self.stop()
            self.strikes += 1
            raise LearnerProblem(Problem.CRASH, t("the worker process ended abruptly")) from None
        return self._receive(timeout)

    def _measured(self, ready: dict) -> tuple[dict, "memory.Used | None"]:
        """The rest of a measured call: the worker has its inputs and waits (``ready``);
        reset its peak and read its resident size, let it go, read the peak after its
        answer. A worker that answers without saying it is ready is not measured."""
        if ready.get("measure") != "ready" or self.pid is None:
            return ready, None
        window = memory.Window(self.pid)
        try:
            codec.send(self.sock, codec.encode({"go": True}))
        except OSError:
            self.stop()
            self.strikes += 1
            raise LearnerProblem(Problem.CRASH, t("the worker process ended abruptly")) from None
        message = self._receive(self.timeout)
        return message, window.close()

    def run_program(self, params: dict | None = None, timeout: float | None = None) -> object:
        """Run the kit program this worker was made with (``program``) on the learner's
        functions; its plain-data result, or a LearnerProblem as for ``call``."""
        message = self._exchange(codec.encode({"program": True, "params": params or {}}),
                                 timeout or self.timeout)
        if message.get("ok"):
            return message.get("result")
        error = _error(message)
        shown = Translated(error["message"])
        if error["kind"] == Problem.NOT_IMPLEMENTED:
            summary = t("a function still raises NotImplementedError")
        elif error["type"]:
            summary = t("{error_type}: {message}", error_type=error["type"], message=shown)
        else:
            summary = shown
        raise LearnerProblem(error["kind"], summary, error_type=error["type"],
                             message=error["message"], frames=error["frames"])


class Workers:
    """One ExerciseWorker per exercise for a whole check run."""

    def __init__(self, options: RunOptions):
        self.options = options
        self._workers: dict[str, ExerciseWorker] = {}

    def get(self, exercise_id: str, source: Source, forbidden: list[str]) -> ExerciseWorker:
        if exercise_id not in self._workers:
            self._workers[exercise_id] = ExerciseWorker(exercise_id, source, forbidden,
                                                        self.options)
        return self._workers[exercise_id]

    def prefetch(self, exercise_id: str, source: Source, forbidden: list[str]) -> None:
        """Launch this exercise's worker ahead of its first case (see ExerciseWorker.launch)."""
        worker = self.get(exercise_id, source, forbidden)
        try:
            worker.launch()
        except Exception:  # e.g. the fork server is gone: the first call will say so
            worker.stop()

    def layers(self) -> dict[str, str] | None:
        """What confined this run's workers, as the first worker that loaded a file said
        (``LAYERS``, each '' when on, else why not); None when no worker said it."""
        return next((w.layers for w in self._workers.values() if w.layers is not None), None)

    def release(self, exercise_id: str) -> None:
        worker = self._workers.get(exercise_id)
        if worker is not None:
            worker.close()

    def close(self) -> None:
        for worker in self._workers.values():
            worker.close()
        if self._workers:  # and anything a worker left behind
            forkserver.reap_children()


# the layers a worker's answer to its file names (worker._Session.load); the others are
# the engine's own on every system: a process of its own, a time limit, the audit hook
LAYERS = ("landlock", "seccomp", "memory", "processes")


def layers_said(value) -> dict[str, str] | None:
    """A worker's word on its layers, reduced to ``LAYERS`` with a short text each."""
    if not isinstance(value, dict):
        return None
    return {name: _text(value.get(name), 200) for name in LAYERS}


def _text(value, limit: int = 2000) -> str:
    """A worker's text, cleaned and on one line (a learner's message cannot fake a line of
    the kit's own in a report or Gradescope's output)."""
    return one_line(value[:limit], limit) if isinstance(value, str) else ""


def _frame(value) -> dict | None:
    if not isinstance(value, dict) or type(value.get("line")) is not int:
        return None
    frame = {"line": value["line"], "function": _text(value.get("function"), 200),
             "code": _text(value.get("code"), 500)}
    if isinstance(value.get("file"), str):  # a model's other exercise file (worker.load)
        frame["file"] = _text(value["file"], 100)
    return frame


def stopped_frame(value, source: str | None) -> dict | None:
    """A worker's claim of where it was stopped, as a frame: a line number within the
    file, its code from ``source`` (the checker's copy, never the worker's text)."""
    if not isinstance(value, dict) or type(value.get("line")) is not int or source is None:
        return None
    lines = source.splitlines()
    if not 1 <= value["line"] <= len(lines):
        return None
    function = value.get("function")
    return {"line": value["line"],
            "function": function if isinstance(function, str) and
            _FUNCTION_NAME.fullmatch(function) else "?",
            "code": one_line(lines[value["line"] - 1].strip()[:300], 300)}


_FUNCTION_NAME = re.compile(r"<?[A-Za-z_][A-Za-z0-9_]{0,199}>?")


def _error(message: dict) -> dict:
    """The error part of a worker's message, reduced to known fields of known types."""
    error = message.get("error") if isinstance(message.get("error"), dict) else {}
    frames = error.get("frames") if isinstance(error.get("frames"), list) else []
    return {"kind": Problem.parse(error.get("kind")),
            "type": _text(error.get("type"), 200), "message": _text(error.get("message")),
            "frames": [f for f in map(_frame, frames[:50]) if f is not None]}
