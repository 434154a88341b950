"""Replay files: the failing case of a learner's check as a short Python script.

What it buys: the one call that fails, outside the kit (no sandbox, no pytest, no worker),
where the learner can put a print or a breakpoint in their own code and run it again and
again: ``python .attn-kit/repro/ex01_soft_lookup_random.py`` prints the difference and
exits 1 while the case fails, and exits 0 once the file is fixed.

A replay is made of what the check itself sent: with ``RunOptions.replay`` (``check
--repro``, ``watch``, ``check(repro=True)``) the plugin keeps copies of each failing case's
calls (``results.Call``). The inputs are saved beside the script with ``torch.save``; the
expected result is the reference solution's, computed here once and saved with them. A
grade never keeps calls, so its hidden inputs are never written.

A replay is only written when it shows the failure: the call raised, or what came back
differs from the reference's result by the script's own comparison (``difference``, the
very code the script carries), or the call changed its inputs. A case whose failure is in
something else (gradients, a forbidden call, several calls together) is said in one line,
and the next failing case that can be replayed is written instead.
"""
from __future__ import annotations

import inspect
import os
import pprint
import re
import sys
from dataclasses import dataclass
from pathlib import Path

import torch

from checker import manifest, stubs
from checker.i18n import N_, t
from checker.judge.compare import tolerances
from checker.judge.results import Call, CaseResult, Check, ExerciseResult, Status, copied
from checker.learner import workspace

REPRO_DIR = "repro"  # in the workspace's .attn-kit/
TOLERANCES = {str(d): tolerances(d) for d in (torch.float64, torch.float32, torch.float16,
                                               torch.bfloat16)}

# what the script prints, with the values it fills in itself (translated as it is written)
MESSAGES = {
    "not_tuple": N_("expected a tuple of {n}, got {got}"),
    "value": N_("{at}: expected {expected}, got {got}"),
    "not_tensor": N_("{at}: expected a tensor, got {got}"),
    "shape": N_("{at}: expected shape {expected}, got shape {got}"),
    "dtype": N_("{at}: expected dtype {expected}, got dtype {got}"),
    "values": N_("{at}: {n} of {total} values differ; the first at index {index}: expected "
                 "{expected:.6g}, got {got:.6g}"),
    "changed": N_("the call changed its input number {n} in place"),
    "raised": N_("{function} raised an error (above) on the saved inputs"),
    "timeout": N_("{function} did not finish within {seconds} s"),
}
SAY = MESSAGES  # the comparison's words here (only whether it finds something counts)
RESULT = N_("the result")


class ReplayError(Exception):
    """No replay file could be written; the message says why, in one line."""


@dataclass
class Written:
    path: Path                 # the script (its inputs: the same name, ending .pt)
    case: CaseResult           # the case it replays
    skipped: list              # (case, reason) of telling cases that cannot be replayed


# ----------------------------------------------- the script's own code, carried into it
def difference(got, expected, at=""):
    """What differs between ``got`` and ``expected``, in one line (None: nothing)."""
    if isinstance(expected, (tuple, list)):
        if not isinstance(got, (tuple, list)) or len(got) != len(expected):
            return SAY["not_tuple"].format(n=len(expected), got=type(got).__name__)
        for i, (g, e) in enumerate(zip(got, expected)):
            found = difference(g, e, f"{at}[{i}]")
            if found:
                return found
        return None
    at = at or RESULT
    if not isinstance(expected, torch.Tensor):
        return None if got == expected else SAY["value"].format(at=at, expected=expected,
                                                                  got=got)
    if type(got) is not torch.Tensor:
        return SAY["not_tensor"].format(at=at, got=type(got).__name__)
    if got.shape != expected.shape:
        return SAY["shape"].format(at=at, expected=list(expected.shape), got=list(got.shape))
    if got.dtype != expected.dtype:
        return SAY["dtype"].format(at=at, expected=expected.dtype, got=got.dtype)
    rtol, atol = TOLERANCES.get(str(expected.dtype), (0.0, 0.0))
    close = torch.isclose(got.detach().double(), expected.double(), rtol=rtol, atol=atol,
                          equal_nan=True)
    if bool(close.all()):
        return None
    index = tuple(int(i) for i in (~close).nonzero()[0])
    return SAY["values"].format(at=at, n=int((~close).sum()), total=close.numel(),
                                index=list(index), expected=float(expected[index]),
                                got=float(got.detach()[index]))


def same(before, after):
    """Whether an input is as it was (NaN equal to NaN)."""
    return before.shape == after.shape and before.dtype == after.dtype and bool(
        torch.isclose(before.double(), after.double(), rtol=0, atol=0, equal_nan=True).all())


SCRIPT = '''\
# {title}
# {case}
# {usage}
import importlib.util
import math
import signal
import sys
import traceback
from pathlib import Path

import torch

HERE = Path(__file__).resolve().parent
EXERCISE = HERE / {exercise!r}
INPUTS = HERE / {inputs!r}
FUNCTION = {function!r}
TIMEOUT = {timeout!r}  # seconds: as long as the check lets a call run
TOLERANCES = {tolerances}  # dtype: (rtol, atol), as the check compares
RESULT = {result!r}
SAY = {say}


{difference}

{same}

def _too_long(signum, frame):
    raise TimeoutError(SAY["timeout"].format(function=FUNCTION, seconds=TIMEOUT))


def main():
    saved = torch.load(INPUTS, weights_only=True)
    args, kwargs, expected = saved["args"], saved["kwargs"], saved["expected"]
    inputs = [*args, *kwargs.values()]
    before = [a.clone() if isinstance(a, torch.Tensor) else a for a in inputs]
    try:
        spec = importlib.util.spec_from_file_location("your_exercise", EXERCISE)
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        if hasattr(signal, "SIGALRM"):
            signal.signal(signal.SIGALRM, _too_long)
            signal.alarm(math.ceil(TIMEOUT))
        got = getattr(module, FUNCTION)(*args, **kwargs)
    except Exception:
        traceback.print_exc()
        print(SAY["raised"].format(function=FUNCTION))
        return 1
    finally:
        if hasattr(signal, "SIGALRM"):
            signal.alarm(0)
    problem = difference(got, expected)
    for n, (old, new) in enumerate(zip(before, inputs), 1):
        if problem is None and isinstance(old, torch.Tensor) and not same(old, new):
            problem = SAY["changed"].format(n=n)
    if problem:
        print({fails!r})
        print(problem)
        return 1
    print({passes!r})
    return 0


if __name__ == "__main__":
    sys.exit(main())
'''


# ------------------------------------------------------------------ writing a replay
def write(e: ExerciseResult, exercises_dir: Path, timeout: float) -> Written:
    """Write the replay file of ``e``'s telling case (or, when it cannot be replayed, of
    the next failing case that can); a ``ReplayError`` when there is none."""
    if e.status == Status.PASSED:
        raise ReplayError(t("Exercise {id} passes: there is no failing case to replay.",
                            id=e.id))
    if e.status == Status.NOT_STARTED:
        raise ReplayError(t("Exercise {id} is not started yet: there is no case of yours to "
                            "replay.", id=e.id))
    waiting = e.not_checked()
    shown = e.telling_cases()
    order = shown + [c for c in e.failing() if c not in shown and c not in waiting]
    reference = stubs.reference_module(manifest.by_id()[e.id])
    skipped = []
    for case in order:
        reason, expected = _replayable(case, reference)
        if reason is None:
            return Written(_save(e, case, expected, exercises_dir, timeout), case, skipped)
        skipped.append((case, t(reason)))
    first = skipped[0] if skipped else (None, t(N_("it made no call that was kept")))
    raise ReplayError(t("No failing case of exercise {id} can be replayed: {reason}.",
                        id=e.id, reason=first[1]))


def _replayable(case: CaseResult, reference) -> tuple[str | None, object]:
    """(None, the expected result) when a replay of the case's last call shows its
    failure; else (why not, None)."""
    f = case.failure
    if not case.calls:
        return N_("it made no call that was kept"), None
    if f is not None and f.check == Check.FORBIDDEN:
        return N_("a forbidden call is found by the checker, not in what a call returns"), None
    call: Call = case.calls[-1]
    gradients = N_("it checks gradients, which a replay of the call does not")
    if call.grad is not None and call.returned:
        return gradients, None
    try:
        expected = getattr(reference, call.function)(*copied(call.args),
                                                     **copied(call.kwargs))
    except Exception:  # the reference needs more than these inputs (a case's own set-up)
        return N_("the reference cannot be called on its inputs alone"), None
    if not call.returned:  # it raised, ran out of time or crashed: the replay does too
        return None, expected
    if difference(call.result, expected) is not None or _changed(call):
        return None, expected
    if (f is not None and f.check == Check.GRADIENT) or any(c.grad for c in case.calls):
        return gradients, None
    return N_("what fails is not in one call's result (it compares several calls, or "
              "exactly)"), None


def _changed(call: Call) -> bool:
    after = call.args_after
    if not isinstance(after, (list, tuple)):
        return False
    return any(isinstance(old, torch.Tensor) and isinstance(new, torch.Tensor)
               and not same(old, new) for old, new in zip(call.args, after))


def _name(e: ExerciseResult, case: CaseResult) -> str:
    test = case.nodeid.rsplit("::", 1)[-1].removeprefix("test_")
    return f"ex{e.id}_" + re.sub(r"[^A-Za-z0-9_]+", "_", test).strip("_")


def _save(e: ExerciseResult, case: CaseResult, expected, exercises_dir: Path,
          timeout: float) -> Path:
    folder = workspace.State(exercises_dir).root / REPRO_DIR
    name = _name(e, case)
    script, inputs = folder / f"{name}.py", folder / f"{name}.pt"
    call: Call = case.calls[-1]
    try:
        folder.mkdir(parents=True, exist_ok=True)
        workspace.ignored_by_git(folder.parent)
        torch.save({"args": list(call.args), "kwargs": dict(call.kwargs),
                    "expected": expected}, inputs)
        torch.load(inputs, weights_only=True)  # what the script will read, readable
    except OSError as exc:
        raise ReplayError(t("The replay file could not be written: {error}",
                            error=exc)) from None
    except Exception:
        raise ReplayError(t("The case “{case}” cannot be replayed: its inputs cannot be "
                            "saved as plain tensors.", case=case.name)) from None
    exercise = os.path.relpath(Path(exercises_dir).resolve() / e.file, folder.resolve())
    text = SCRIPT.format(
        title=t("attention-kit: a replay of one failing case of exercise {id}.", id=e.id),
        case=t("Case: {case}", case=case.name),
        usage=t("Run it with `python {path}`: it exits 1 while the case fails, 0 once it "
                "passes.", path=os.path.relpath(script, Path(exercises_dir).resolve().parent)),
        exercise=exercise, inputs=inputs.name, function=call.function,
        timeout=float(timeout), tolerances=pprint.pformat(TOLERANCES, width=88),
        result=t(RESULT),
        say=pprint.pformat({key: t(text) for key, text in MESSAGES.items()}, width=88),
        difference=inspect.getsource(difference).rstrip(),
        same=inspect.getsource(same).rstrip(),
        fails=t("The case “{case}” still fails: {function}, called on the saved inputs:",
                case=case.name, function=call.function),
        passes=t("{function} now gives the reference's result on the saved inputs: the case "
                 "“{case}” passes. `attn-kit check {id}` checks every case.",
                 function=call.function, case=case.name, id=e.id))
    try:
        script.write_text(text, encoding="utf-8")
    except OSError as exc:
        raise ReplayError(t("The replay file could not be written: {error}",
                            error=exc)) from None
    return script


def python_command() -> str:
    """How the learner starts this kit's Python: its path when it lies below here (the
    ./kit script's .venv), else ``python``."""
    exe, here = os.path.abspath(sys.executable), os.getcwd()
    return os.path.relpath(exe, here) if exe.startswith(here + os.sep) else "python"


def lines(written: Written, shown_path: str) -> list[str]:
    """What the screen says about a replay written: its path and how to run it."""
    said = [t("The case “{case}” cannot be replayed: {reason}.", case=c.name, reason=reason)
            for c, reason in written.skipped[:1]]
    said.append(t("Replay file written: {path} (the case “{case}”).", path=shown_path,
                  case=written.case.name))
    said.append(t("Run it with `{python} {path}`: it prints the difference and exits 1 while "
                  "the case fails, 0 once it passes.", python=python_command(),
                  path=shown_path))
    return said
