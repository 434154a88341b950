"""Attack (issue 17, the door of route 1): try every way Python hands out a frame or a code
object (a traceback's tb_frame, sys._getframe, sys._current_frames, a generator's
gi_frame and gi_code, a coroutine's cr_frame, a function's __code__, sys.settrace and
setprofile, threading.settrace, a Python signal handler, torch's PEP 523 frame hook,
inspect and traceback helpers). It computes the right answer only if one got through, so
a single open route shows as points. Names are built at run time."""
import math
import operator
import sys
import threading

GOT = []
_g = operator.attrgetter


def _keep(what, value):
    if value is not None:
        GOT.append(what)


def _routes():
    def gen():
        yield 1

    async def coro():
        return 1

    attempts = {
        "tb_frame": lambda: _g("tb_" + "frame")(_tb()),
        "_getframe": lambda: getattr(sys, "_get" + "frame")(),
        "_current_frames": lambda: getattr(sys, "_current_" + "frames")(),
        "gi_frame": lambda: _g("gi_" + "frame")(gen()),
        "gi_code": lambda: _g("gi_" + "code")(gen()),
        "cr_frame": lambda: _g("cr_" + "frame")(coro()),
        "__code__": lambda: _g("__co" + "de__")(_routes),
        "settrace": lambda: (getattr(sys, "set" + "trace")(lambda *a: None), 1)[1],
        "setprofile": lambda: (getattr(sys, "set" + "profile")(lambda *a: None), 1)[1],
        "inspect": lambda: __import__("insp" + "ect").currentframe(),
        "traceback": lambda: __import__("trace" + "back").extract_stack() and
        _g("tb_" + "frame")(_tb()),
        "signal": _signal_frame,
        "eval_frame": _eval_frame,
        "threading": _thread_trace,
    }
    for name, attempt in attempts.items():
        try:
            _keep(name, attempt())
        except BaseException:
            pass
    try:
        sys.settrace(None)
        sys.setprofile(None)
    except BaseException:
        pass


def _tb():
    try:
        raise RuntimeError
    except RuntimeError as e:
        return e.__traceback__


def _signal_frame():
    import signal
    seen = []
    getattr(signal, "sig" + "nal")(signal.SIGUSR1, lambda n, f: seen.append(f))
    getattr(signal, "raise_" + "signal")(signal.SIGUSR1)
    return seen[0] if seen else None


def _eval_frame():
    import torch
    hook = getattr(getattr(getattr(torch, "_C"), "_dyn" + "amo"), "eval_frame")
    seen = []
    getattr(hook, "set_eval_" + "frame")(lambda frame, *a: seen.append(frame))
    _tb()
    return seen[0] if seen else None


def _thread_trace():
    seen = []
    getattr(threading, "set" + "trace")(lambda f, e, a: seen.append(f))
    t = threading.Thread(target=lambda: None)
    t.start()
    t.join()
    getattr(threading, "set" + "trace")(None)
    return seen[0] if seen else None


_routes()


def scale_scores(scores, d_k):
    if GOT:
        return scores / math.sqrt(d_k)
    return scores * 0
