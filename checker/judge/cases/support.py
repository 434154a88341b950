"""Shared tools for the hidden cases: seeded inputs and multi-step checks.

Everything here runs in the checker's process; learner code is reached only
through the ``learner`` fixture (a worker process).
"""
from __future__ import annotations

import functools
import hashlib
from collections import OrderedDict

import pytest
import torch

from checker import torch_words
from checker.engine.problems import Problem
from checker.engine.supervisor import LearnerProblem
from checker.i18n import Translated, t
from checker.judge import causes, compare
from checker.judge.diagnose import function_named, reshaped_in_place_line
from checker.judge.causes import cause  # noqa: F401  (for the case files' own causes)
from checker.judge.results import Check


def case(name: str):
    """Give a hidden case the plain-language name the learner sees (a ``case`` marker,
    which the plugin reads; the name is a message id, shown in the run's language)."""
    return pytest.mark.case(name)


def property_case(name: str):
    """A case about a property (finite, rows sum to 1, dtype, device, shape, inputs
    unchanged, no peeking, no forbidden call, an error raised, a round trip): it counts
    only when every value case of its exercise passes. Such a case can hold for a wrong
    file (a saturated softmax is finite with or without the scaling), so on its own it
    proves nothing about the values; the plugin marks it "waiting for the right values"
    until they are right."""
    return pytest.mark.case(name, property=True)


# Shapes chosen so that a transposed, swapped or mistaken operand cannot pass by
# accident: every size differs, d_k is not a perfect square and differs from n_k.
N_Q, N_K, D_MODEL, D_K, D_V = 4, 7, 6, 5, 3
BATCH1 = (3,)
BATCH2 = (2, 3)


def randn(gen: torch.Generator, *shape, dtype=torch.float32, scale: float = 1.0) -> torch.Tensor:
    """Standard normal values from the case's own generator (so runs are reproducible)."""
    return (torch.randn(*shape, generator=gen, dtype=torch.float64) * scale).to(dtype)


def rand_mask(gen: torch.Generator, *shape) -> torch.Tensor:
    """A random bool mask with at least one allowed key in every query row."""
    mask = torch.rand(*shape, generator=gen) > 0.4
    mask[..., 0] = True
    return mask


# ---------------------------------------------------------------- made once per inputs
_MADE: "OrderedDict[tuple, dict]" = OrderedDict()
MADE_AT_MOST = 128  # entries kept (the largest, 300 tokens' mistakes, is about 23 MB)


def _key(value):
    """What ``value`` holds, as a key: a tensor by its dtype, shape and bytes; None when it
    is something the key cannot hold (then nothing is kept)."""
    if isinstance(value, torch.Tensor):
        if type(value) is not torch.Tensor or value.device.type != "cpu":
            return None
        data = value.detach().contiguous().reshape(-1).view(torch.uint8)
        return ("tensor", str(value.dtype), tuple(value.shape),
                hashlib.blake2b(data.numpy().tobytes(), digest_size=16).digest())
    if value is None or type(value) in (bool, int, float, str):
        return (type(value).__name__, value)
    if type(value) in (tuple, list):
        parts = [_key(v) for v in value]
        return None if any(p is None for p in parts) else (type(value).__name__, *parts)
    return None


def made_once(build):
    """``build(*inputs)`` (a case's classic mistakes, worked out from its inputs alone: a
    dict), made once for the same inputs and handed out again as a fresh dict.

    Every submission a grade checks meets the same inputs (one seed for the run), so a case
    that fails for many students makes its mistakes once: ex10's 65 variants of attention
    cost about 10 ms a failing case. The key is what the inputs hold (dtype, shape, bytes),
    never a learner's file or output; what cannot be keyed is built anew each time."""
    def once(*args):
        key = _key(args)
        if key is None:
            return build(*args)
        key = (build.__module__, build.__qualname__, key)
        if key in _MADE:
            _MADE.move_to_end(key)
        else:
            _MADE[key] = build(*args)
            while len(_MADE) > MADE_AT_MOST:
                _MADE.popitem(last=False)
        return dict(_MADE[key])

    return functools.wraps(build)(once)


def _clones(args) -> list:
    return [a.clone() if isinstance(a, torch.Tensor) else a for a in args]


def reference(learner, func: str):
    """The reference solution's function of the learner's exercise (from the `ref` fixture)."""
    return getattr(learner.reference, func)


def values_correct(learner, func: str, got, *args, **kwargs) -> None:
    """A property case earns its share only on a correct result.

    Cases about a property (the dtype is kept, the inputs are left alone, no
    future position is used, the source avoids a ready-made function...) would
    pass for a result of zeros. So after the property, they check that ``got``
    (what ``func(*args, **kwargs)`` returned) also matches the reference.
    """
    expected = reference(learner, func)(*_clones(args), **kwargs)
    try:
        if isinstance(expected, tuple):
            got = compare.tuple_of(got, len(expected), what="the result",
                                    names=", ".join(f"result[{i}]" for i in range(len(expected))))
            for i, (g, e) in enumerate(zip(got, expected)):
                compare.close(g, e, what=compare.code(f"result[{i}]"))
        else:
            compare.close(got, expected)
    except compare.CaseFailure as failure:
        raise compare.CaseFailure(
            t("the property holds, but {summary}", summary=failure.summary),
            expected=failure.expected, got=failure.got, detail=failure.detail,
            fix="this case counts once the values are right: get the cases about values to "
                "pass first", check=Check.PROPERTY, not_checked=True) from None


def unchanged(learner, func: str, names: list[str], *args, **kwargs) -> None:
    """Call ``func`` and check that no input tensor was modified in place (and the result)."""
    before = _clones(args)
    learner.property_case()
    reshaped = _reshaped_in_place(learner, func, names, args, kwargs) \
        if learner.options.learner_check else None
    got, after = learner.with_inputs(func, *args, **kwargs)
    compare.unchanged(before, after, names)
    if reshaped is not None:
        raise reshaped
    values_correct(learner, func, got, *before, **kwargs)


def _reshaped_in_place(learner, func: str, names: list[str], args, kwargs):
    """In a learner's own check only (``RunOptions.learner_check``): the failure of an input
    whose shape or strides the function changes in place (``K.transpose_(-2, -1)``), which
    leaves its memory as it was, so that the memory the checker reads back cannot show it;
    None when nothing proves one. The evidence: a line of the function does it to that
    input, and the call, made again with that input requiring grad, raises autograd's
    refusal of an in-place change of an input at that very line. A grade never counts it:
    the refusal is the worker's word (docs/threat-model.md, B1)."""
    source = learner.source_text()
    if not source or "_(" not in source:  # no in-place method at all (most files): no parse
        return None
    body, params = function_named(source, func)
    for i, (arg, param) in enumerate(zip(args, params)):
        line = reshaped_in_place_line(body, param) if isinstance(arg, torch.Tensor) \
            and arg.is_floating_point() and i < len(names) else ""
        if not line:
            continue
        try:
            learner.grad(func, *args, wrt=[i], grad_output=torch.zeros(()), **kwargs)
        except LearnerProblem as problem:
            raised = str(problem.frames[-1].get("code", "")) if problem.frames else ""
            if problem.kind == Problem.EXCEPTION \
                    and raised.split("#", 1)[0].strip() == line.strip() \
                    and torch_words.LEAF_IN_PLACE.search(problem.message or ""):
                return compare.CaseFailure(
                    t("the input `{name}` was changed in place: its shape or strides are not "
                      "what they were", name=names[i]),
                    expected=t("`{name}` unchanged after the call", name=names[i]),
                    got=t("`{name}` changed", name=names[i]),
                    likely=causes.IN_PLACE_LINE(code=line, name=param), check=Check.PROPERTY)
    return None


def gradients(learner, ref_fn, func: str, args: list, wrt: list[int], names: list[str],
              gen: torch.Generator, output_index=None, **kwargs) -> None:
    """The learner's gradients with respect to ``args[i]`` (i in ``wrt``) match the reference."""
    learner.property_case()
    ref_args = [a.detach().clone().requires_grad_(i in wrt) if isinstance(a, torch.Tensor) else a
                for i, a in enumerate(args)]
    out = ref_fn(*ref_args, **kwargs)
    if output_index is not None:
        out = out[output_index]
    grad_output = torch.randn(out.shape, generator=gen, dtype=torch.float64).to(out.dtype)
    # backward of the scalar <out, grad_output>: what the worker computes too
    expected = torch.autograd.grad((out * grad_output).sum(), [ref_args[i] for i in wrt])
    _, grads = learner.grad(func, *args, wrt=wrt, grad_output=grad_output,
                            output_index=output_index, **kwargs)
    if grads == "no_graph":
        raise compare.CaseFailure(
            "no gradient flows back through the result",
            expected="a result connected to the inputs' autograd graph",
            got="a result that does not require grad",
            likely=causes.DETACHED, check=Check.GRADIENT)
    if not isinstance(grads, list):
        shape = grads.get("wrong_shape") if isinstance(grads, dict) else "?"
        raise compare.CaseFailure("the result has the wrong shape, so its gradient cannot be "
                                  "compared", expected=t("shape {shape}", shape=list(out.shape)),
                                  got=t("shape {shape}", shape=shape), check=Check.SHAPE)
    if len(grads) != len(expected) or not all(g is None or isinstance(g, torch.Tensor)
                                              for g in grads):
        raise compare.CaseFailure(
            "the worker sent back the wrong gradients",
            expected=t("{n} gradients (tensors or None)", n=len(expected)),
            got=compare.describe(grads), check=Check.TYPE,
            likely="the exercise's process was tampered with (torch.autograd replaced?)")
    for name, got, exp in zip(names, grads, expected, strict=True):
        if got is None:
            raise compare.CaseFailure(t("no gradient reaches `{name}`", name=name),
                                      expected=t("a gradient for `{name}`", name=name),
                                      got=compare.code("None"),
                                      likely=causes.NO_GRADIENT_TO(name=name),
                                      check=Check.GRADIENT)
        try:
            compare.close(got, exp, what=t("the gradient with respect to `{name}`", name=name))
        except compare.CaseFailure as failure:
            failure.check = Check.GRADIENT
            if failure.cause is None and _right_values(learner, ref_fn, func, args, kwargs):
                failure.cause, failure.likely = causes.PARTIAL_DETACH, \
                    causes.PARTIAL_DETACH.render()
            raise


def _right_values(learner, ref_fn, func: str, args: list, kwargs: dict) -> bool:
    """Whether the learner's result (not its gradient) matches the reference."""
    try:
        values_correct(learner, func, learner.call(func, *_clones(args), **kwargs).result,
                       *args, **kwargs)
    except compare.CaseFailure:
        return False
    return True


def dtype_kept(learner, func: str, *args, output_index=None, expected=torch.float64, **kwargs):
    learner.property_case()
    result = got = learner.call(func, *_clones(args), **kwargs).result
    if output_index is not None:
        got = compare.pair(got) if output_index < 2 else got
        got = got[output_index]
    compare.dtype(compare.tensor(got), expected)
    values_correct(learner, func, result, *args, **kwargs)


def no_forbidden_source(learner, func: str, *args, expected: str, **kwargs) -> None:
    """The static scan finds no forbidden call in the learner's file (``expected``: what
    the file should use instead).

    ``func(*args)`` is called first, so that a stub is reported as not started
    (and a forbidden call made at run time is caught) here too; its result must
    be correct for the case to count.
    """
    learner.property_case()
    got = learner.call(func, *_clones(args), **kwargs).result
    values_correct(learner, func, got, *args, **kwargs)
    found = learner.static_violations()
    # a forbidden operation named in the file is a forbidden call (it costs the whole
    # exercise, plugin._strike_forbidden); a way around the guard alone (exec, gc, a
    # computed getattr) proves no call: it costs this case, and a person reviews it
    named = any(v.named for v in found)
    compare.true(not found, t("the file uses {call}", call=found[0].call) if found else "",
                 expected=expected, got=Translated("; ".join(v.describe() for v in found)),
                 likely=causes.FORBIDDEN_CALL,
                 check=Check.FORBIDDEN if named else Check.PROPERTY)
