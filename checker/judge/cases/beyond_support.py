"""Shared checks for the exercises beyond the lesson (11 multi-head attention, 12 KV cache).

Everything here runs in the checker's process; learner code is reached only
through the ``learner`` fixture (a worker process).
"""
from __future__ import annotations

import torch

from checker.engine.problems import Problem
from checker.engine.supervisor import LearnerProblem
from checker.i18n import t
from checker.judge import causes, compare
from checker.judge.causes import Cause, cause
from checker.judge.compare import CaseFailure
from checker.judge.results import Check


def raised(problem: LearnerProblem) -> str:
    """What the learner's code raised, with its own line when there is one."""
    if problem.frames:
        frame = problem.frames[-1]
        return t("{error_type}: {message} (line {line}: {code})", error_type=problem.error_type,
                 message=compare.code(problem.message), line=frame.get("line"),
                 code=compare.code(str(frame.get("code", ""))))
    return t("{error_type}: {message}", error_type=problem.error_type,
             message=compare.code(problem.message))


ASSERT_RAISED = cause("assert_not_value_error", "an `assert` raises AssertionError, not "
                                                "ValueError (and `python -O` skips it): "
                                                "`raise ValueError(...)` when the check fails")


def raises_value_error(learner, func: str, *args, likely: Cause, expected: str) -> None:
    """``func(*args)`` must raise ValueError (a stub's NotImplementedError and every other
    problem than an exception keep their own report)."""
    try:
        got = learner.call(func, *args).result
    except LearnerProblem as problem:
        if problem.kind != Problem.EXCEPTION:
            raise
        if problem.error_type == "ValueError":
            return
        raise CaseFailure(t("{func} raised {error_type} instead of ValueError", func=func,
                            error_type=problem.error_type),
                          expected=expected, got=raised(problem),
                          likely=ASSERT_RAISED if problem.error_type == "AssertionError"
                          else likely, check=Check.RAISED) from None
    raise CaseFailure(t("{func} raised no error", func=func), expected=expected,
                      got=compare.describe(got), likely=likely, check=Check.RAISED)


def cache_unchanged(before: tuple, after, name: str = "cache", likely: Cause | None = None) -> None:
    """The (K_past, V_past) pair passed in is as it was (compare.unchanged only looks at
    top-level tensors, and a cache is a tuple)."""
    if not isinstance(after, (tuple, list)) or len(after) != len(before):
        raise CaseFailure("the worker did not send the inputs back after the call",
                          expected="the inputs as they were after the call",
                          got=compare.describe(after), likely=causes.TAMPERED,
                          check=Check.PROPERTY)
    for i, (b, a) in enumerate(zip(before, after)):
        part = compare.code(f"{name}[{i}]")
        if (not isinstance(a, torch.Tensor) or type(a) is not torch.Tensor
                or a.shape != b.shape or a.dtype != b.dtype or not torch.equal(a, b)):
            raise CaseFailure(t("the input `{name}` was modified in place", name=part),
                              expected=t("`{name}` unchanged after the call", name=part),
                              got=t("`{name}` changed", name=part)
                              if isinstance(a, torch.Tensor) else compare.describe(a),
                              likely=likely or causes.IN_PLACE, check=Check.PROPERTY)


def on_meta(got, expected_shape, what: str) -> torch.Tensor:
    """``got`` is a tensor of ``expected_shape`` on the meta device."""
    got = compare.tensor(got, what)
    if got.device.type != "meta":
        raise CaseFailure(t("{what} is on device '{device}'", what=t(what),
                            device=got.device.type),
                          expected="device 'meta', the device of the inputs",
                          got=t("device '{device}'", device=got.device.type),
                          likely=causes.WRONG_DEVICE, check=Check.DEVICE)
    compare.shape(got, expected_shape, what=what)
    return got



def _flat(value, path: str = "result") -> list:
    """[(where, leaf)] of a nested result, e.g. ("result[1][0]", K)."""
    if isinstance(value, (tuple, list)):
        return [leaf for i, item in enumerate(value) for leaf in _flat(item, f"{path}[{i}]")]
    return [(path, value)]


def values_correct_nested(learner, func: str, got, *args, **kwargs) -> None:
    """``support.values_correct`` for a result with a nested tuple, such as
    ``(out_t, (K, V))``: the structure must match, then every tensor in it."""
    expected = getattr(learner.reference, func)(
        *[a.clone() if isinstance(a, torch.Tensor) else a for a in args], **kwargs)
    try:
        shape_ok = _structure(got) == _structure(expected)
        compare.true(shape_ok, "the result is not shaped like the reference's",
                     expected=compare.describe(expected), got=compare.describe(got),
                     check=Check.TYPE)
        for (where, g), (_, e) in zip(_flat(got), _flat(expected)):
            compare.close(g, e, what=compare.code(where))
    except CaseFailure as failure:
        raise CaseFailure(
            t("the property holds, but {summary}", summary=failure.summary),
            expected=failure.expected, got=failure.got, detail=failure.detail,
            fix="this case counts once the values are right: get the cases about values to "
                "pass first", check=Check.PROPERTY, not_checked=True) from None


def _structure(value):
    if isinstance(value, (tuple, list)):
        return tuple(_structure(v) for v in value)
    return "tensor" if isinstance(value, torch.Tensor) else type(value).__name__
