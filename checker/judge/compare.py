"""Comparisons that run in the checker's process and fail with a message that teaches.

Every helper takes what came back from the worker (plain decoded data) and raises
``CaseFailure`` with: what was expected, what came back, the first place they
differ, and a likely cause. Nothing here is reachable from learner code.
"""
from __future__ import annotations

import functools
import math
from dataclasses import replace
from typing import Callable

import torch

from checker.engine.codec import Other, Subclassed
from checker.i18n import N_, Translated, t
from checker.judge import causes
from checker.judge.causes import Cause
from checker.judge.results import Check

SMALL = 24  # tensors with at most this many elements are printed in full


class CaseFailure(AssertionError):
    """A failed comparison. Each text is a message id (English) or already translated
    (``t()``, ``describe()``, ``code()``): it is shown in the run's language.

    ``likely`` is a ``Cause`` (a mistake the kit recognised, with an id) or, for a
    case's own explanation of what it checks, a text. ``check`` says what kind of
    check failed (the report shows the most telling failure first); ``not_checked``
    marks a property case that holds but cannot count while the values are wrong;
    ``unmeasured`` one whose property this system cannot measure (it counts neither way).
    """

    def __init__(self, summary: str, *, expected: str = "", got: str = "", detail: str = "",
                 likely: Cause | str = "", check: Check = Check.VALUES,
                 not_checked: bool = False, fix: str = "", unmeasured: bool = False):
        summary = t(summary)
        super().__init__(summary)
        self.summary, self.expected, self.got = summary, t(expected), t(got)
        self.detail = t(detail)
        self.cause = likely if isinstance(likely, Cause) else None
        self.likely = likely.render() if isinstance(likely, Cause) else t(likely)
        self.check, self.not_checked, self.fix = check, not_checked, t(fix)
        self.unmeasured = unmeasured
        self.matrices = None  # (expected, got) of a small weights-like result, for a picture
        self.dtypes = None    # (got, expected) dtype names of a dtype check
        self.all_nan = False  # a values check whose result is NaN everywhere (weak evidence)
        self.changed = None   # the position of the input an in-place check found changed


def code(text: str) -> str:
    """A name or value from code (``Q``, ``result[0]``, ``-1e9``): the same in every language."""
    return Translated(text)


def _what(what: str) -> str:
    """The thing being checked, in the run's language (by default: the result)."""
    return t(what) if what else t("the result")


def tolerances(dtype: torch.dtype) -> tuple[float, float]:
    """(rtol, atol) that a correct implementation written another way always meets."""
    if dtype == torch.float64:
        return 1e-7, 1e-9
    if dtype in (torch.float16, torch.bfloat16):
        return 1e-2, 1e-3
    return 1e-4, 1e-5


def describe(value) -> str:
    """A short, readable rendering of any value that came back."""
    if isinstance(value, torch.Tensor):
        head = t("tensor of shape {shape}, {dtype}", shape=list(value.shape),
                 dtype=str(value.dtype).removeprefix('torch.'))
        if value.device.type != "cpu":
            return t("{head}, on device '{device}'", head=head, device=value.device.type)
        if value.numel() <= SMALL:
            with _print_options():
                body = repr(value.detach()).removeprefix("tensor(").rsplit(", dtype", 1)[0]
            body = body.removesuffix(")").replace("\n" + " " * len("tensor("), "\n")
            return t("{head}:\n{body}", head=head, body=body)
        return head
    if isinstance(value, Subclassed):
        return t("a {type} (a subclass of torch.Tensor)", type=value.type_name)
    if isinstance(value, Other):
        if value.text:
            return t("a {type}: {text}", type=value.type_name, text=value.text)
        return t("a {type}", type=value.type_name)
    if isinstance(value, tuple):
        return t("a tuple of {n}: ({items})", n=len(value),
                 items=", ".join(_kind(v) for v in value))
    if isinstance(value, list):
        return t("a list of {n}", n=len(value))
    text = repr(value)
    return code(text if len(text) < 200 else text[:197] + "...")


def _kind(value) -> str:
    if isinstance(value, torch.Tensor):
        return f"tensor{list(value.shape)}"
    return type(value).__name__ if not isinstance(value, (Other, Subclassed)) else value.type_name


class _print_options:
    """The kit's print options for the tensors a report shows; the caller's own (a
    notebook's ``torch.set_printoptions``) are put back afterwards."""

    FIELDS = ("precision", "threshold", "edgeitems", "linewidth", "sci_mode")

    def __enter__(self):
        from torch._tensor_str import PRINT_OPTS

        self.saved = {name: getattr(PRINT_OPTS, name) for name in self.FIELDS}
        torch.set_printoptions(profile="default")
        torch.set_printoptions(precision=4, sci_mode=False)

    def __exit__(self, *exc):
        from torch._tensor_str import PRINT_OPTS

        for name, value in self.saved.items():
            setattr(PRINT_OPTS, name, value)


def tensor(got, what: str = "the result", expected: torch.Tensor | None = None) -> torch.Tensor:
    """``got`` must be a plain torch.Tensor; returns it. A tuple or list that came back is
    named as such, and (given the ``expected`` tensor) so is the item of it that is right."""
    if isinstance(got, torch.Tensor):
        return got
    if isinstance(got, Subclassed):
        raise CaseFailure(t("{what} is a {type}, a subclass of torch.Tensor", what=_what(what),
                            type=got.type_name),
                          expected="a plain torch.Tensor", got=describe(got),
                          likely=causes.SUBCLASS_RESULT, check=Check.TYPE)
    likely: Cause | str = ""
    if isinstance(got, (list, tuple)):
        right = next((i for i, item in enumerate(got)
                      if isinstance(expected, torch.Tensor) and same(item, expected)), None)
        if right is not None:
            likely = (causes.RESULT_TUPLE_ITEM if isinstance(got, tuple)
                      else causes.RESULT_LIST_ITEM)(at=right)
        else:
            likely = causes.RESULT_TUPLE if isinstance(got, tuple) else causes.NOT_A_TENSOR_LIST
    elif got is None:
        likely = causes.NO_RETURN
    elif isinstance(got, Other) and "ndarray" in got.type_name:
        likely = causes.NUMPY_RESULT
    raise CaseFailure(t("{what} is not a torch.Tensor", what=_what(what)),
                      expected="a torch.Tensor", got=describe(got), likely=likely,
                      check=Check.TYPE)


def tuple_of(got, n: int, what: str, names: str):
    if isinstance(got, tuple) and len(got) == n:
        return got
    likely = causes.NOT_A_TUPLE(names=names)
    if isinstance(got, list) and len(got) == n:
        likely = causes.LIST_NOT_TUPLE(names=names)
    raise CaseFailure(t("{what} should be a tuple ({names})", what=_what(what), names=names),
                      expected=t("a tuple of {n} tensors", n=n), got=describe(got),
                      likely=likely, check=Check.TYPE)


def pair(got, what: str = "the result") -> tuple:
    """``got`` must be a tuple of exactly two items (output, weights)."""
    return tuple_of(got, 2, what, "output, weights")


def triple(got, what: str = "the result") -> tuple:
    """``got`` must be a tuple of exactly three items (Q, K, V)."""
    return tuple_of(got, 3, what, "Q, K, V")


def shape(got: torch.Tensor, expected_shape, what: str = "the result",
          likely: Cause | str = "") -> None:
    if list(got.shape) != list(expected_shape):
        raise CaseFailure(t("{what}: wrong shape", what=_what(what)),
                          expected=t("shape {shape}", shape=list(expected_shape)),
                          got=t("shape {shape}", shape=list(got.shape)),
                          likely=likely or _shape_hint(list(got.shape), list(expected_shape)),
                          check=Check.SHAPE)


def _extra_at(got: list, expected: list) -> int | None:
    """Where ``got`` has one dimension of size 1 more than ``expected``, else None."""
    if len(got) != len(expected) + 1:
        return None
    return next((k for k in range(len(got))
                 if got[k] == 1 and got[:k] + got[k + 1:] == expected), None)


def _extra_dim(got: torch.Tensor, expected: torch.Tensor) -> dict:
    """The expected result with the size-1 dimension ``got`` has too many, as a suspect."""
    at = _extra_at(list(got.shape), list(expected.shape))
    return {} if at is None else {causes.EXTRA_SIZE_ONE(at=at): expected.unsqueeze(at)}


def _dropped_dim(got: torch.Tensor, expected: torch.Tensor) -> dict:
    """The expected result squeezed (every size-1 dimension dropped), as a suspect."""
    if got.dim() < expected.dim() and 1 in expected.shape:
        return {causes.SQUEEZED: expected.squeeze()}
    return {}


def _shape_hint(got: list, expected: list) -> Cause:
    if len(got) == len(expected) and len(got) >= 2 and got[-2:] == expected[-2:][::-1]:
        return causes.LAST_TWO_SWAPPED
    # the shape alone proves these, but not which line made them: ranked like a general
    # hint, below a mistake whose values the result matches
    at = _extra_at(got, expected)
    if at is not None:
        return replace(causes.EXTRA_SIZE_ONE(at=at), generic=True)
    if expected and len(got) < len(expected) and got == [s for s in expected if s != 1]:
        return replace(causes.SQUEEZED, generic=True)
    if not got and expected:
        return causes.SCALAR_RESULT
    if len(got) != len(expected):
        return causes.BATCH_DIMS_LOST
    return causes.SHAPE_GENERIC


def dtype(got: torch.Tensor, expected_dtype: torch.dtype, what: str = "the result",
          likely: Cause | str = "") -> None:
    if got.dtype != expected_dtype:
        name = lambda d: str(d).removeprefix("torch.")  # noqa: E731
        failure = CaseFailure(t("{what}: dtype {dtype}, expected {expected}", what=_what(what),
                                dtype=name(got.dtype), expected=name(expected_dtype)),
                              expected=code(name(expected_dtype)), got=code(name(got.dtype)),
                              likely=likely or causes.DTYPE_CHANGED, check=Check.DTYPE)
        failure.dtypes = (name(got.dtype), name(expected_dtype))  # for the source's cast
        raise failure


def _index(flat_index: int, shape_) -> tuple:
    idx = []
    for size in reversed(list(shape_)):
        idx.append(flat_index % size if size else 0)
        flat_index //= size if size else 1
    return tuple(reversed(idx))


def close(got, expected: torch.Tensor, *, what: str = "the result", rtol=None, atol=None,
          exact: bool = False, suspects: "dict | Callable[[], dict] | None" = None,
          likely: Cause | str = "", fix: str = "") -> torch.Tensor:
    """``got`` must be a tensor of ``expected``'s shape with values close to it.

    ``suspects`` maps a classic mistake (a ``Cause``) to the tensor that mistake
    produces; when ``got`` matches one, that mistake becomes the likely cause. It may be
    a function that makes that map (``once``): it is called only when ``got`` is wrong,
    so that a passing case computes no mistake.
    The dtype is not checked here (cases about dtype do that).
    """
    what = _what(what)
    got = tensor(got, what, expected)
    if got.is_complex() and not expected.is_complex():
        raise CaseFailure(t("{what} is a complex tensor", what=what), expected=describe(expected),
                          got=describe(got), likely=causes.COMPLEX_RESULT, check=Check.TYPE)
    if got.device.type != "cpu":
        raise CaseFailure(t("{what} is on device '{device}'", what=what, device=got.device.type),
                          expected="a CPU tensor", got=describe(got),
                          likely=causes.WRONG_DEVICE, check=Check.DEVICE)
    if list(got.shape) != list(expected.shape):  # (the suspects only when it is wrong)
        # a dropped size-1 dimension (`squeeze()`) is a candidate beside the case's own
        # mistakes; an added one only when none of them fits (the case's mistakes that add
        # a dimension, a stack, say so themselves)
        shape(got, expected.shape, what,
              likely=_suspect(got, {**resolve(suspects), **_dropped_dim(got, expected)})
              or _suspect(got, _extra_dim(got, expected)))
    default_rtol, default_atol = tolerances(expected.dtype)
    rtol = 0.0 if exact else (default_rtol if rtol is None else rtol)
    atol = 0.0 if exact else (default_atol if atol is None else atol)
    g = got.detach().to(torch.float64) if got.dtype != torch.bool else got.to(torch.float64)
    e = expected.detach().to(torch.float64)
    if _all_within(g, e, rtol, atol):  # what a right result takes: a third of the operations
        return got
    bad = ~_matches(g, e, rtol, atol)
    diff = (g - e).abs()
    if not bool(bad.any()):
        return got
    first = _index(int(bad.reshape(-1).nonzero()[0]), e.shape)
    n_bad = int(bad.sum())
    values = dict(n_bad=n_bad, total=e.numel(), first=list(first),
                  expected=_value(expected, e, first), got=_value(got, g, first))
    finite = torch.where(bad & torch.isfinite(diff), diff, torch.zeros_like(diff))
    masks = torch.bool in (expected.dtype, got.dtype)  # True/False: no "difference" to tell
    if e.numel() > 1 and not masks and bool((finite > 0).any()):
        worst = _index(int(finite.reshape(-1).argmax()), e.shape)
        detail = t("{n_bad} of {total} values differ. First at index {first}: expected "
                   "{expected}, got {got}. Largest finite difference {largest} at index {worst}.",
                   largest=_num(diff[worst]), worst=list(worst), **values)
    else:
        detail = t("{n_bad} of {total} values differ. First at index {first}: expected "
                   "{expected}, got {got}.", **values)
    cause = _suspect(got, resolve(suspects)) or likely
    if not cause and bool(torch.isnan(g).any()) and not bool(torch.isnan(e).any()):
        cause = causes.NAN_RESULT
    failure = CaseFailure(t("{what}: right shape, wrong values", what=what),
                          expected=describe(expected), got=describe(got), detail=detail,
                          likely=cause, fix=fix)
    failure.matrices = _small_matrices(e, g)
    # NaN everywhere matches any mistake that gives NaN (plugin._line_shown)
    failure.all_nan = e.numel() > 1 and bool(torch.isnan(g).all())
    raise failure


def _small_matrices(expected: torch.Tensor, got: torch.Tensor):
    """The first [n_q, n_k] matrix of each, as lists, when the result looks like weights
    (2-D at least, at most 12 x 12, expected values between 0 and 1); else None."""
    if expected.dim() < 2 or expected.shape[-1] > 12 or expected.shape[-2] > 12:
        return None
    first = (0,) * (expected.dim() - 2)
    e, g = expected[first], got[first]
    if not bool(((e >= 0) & (e <= 1)).all()):
        return None
    return e.tolist(), g.tolist()


def _all_within(g: torch.Tensor, e: torch.Tensor, rtol: float, atol: float) -> bool:
    """Whether every value of ``e`` is finite and ``g`` is within ``atol + rtol * |e|`` of
    it: then ``_matches`` holds everywhere (a NaN or an infinity in ``g`` is never within
    a finite bound). False says nothing: ``_matches`` decides."""
    return bool(torch.isfinite(e).all()) and bool(((g - e).abs() <= atol + rtol * e.abs()).all())


def _matches(g: torch.Tensor, e: torch.Tensor, rtol: float, atol: float) -> torch.Tensor:
    """Where ``g`` matches ``e``: NaN where NaN is expected, the same infinity where an
    infinity is expected (a tolerance never widens to infinity), and within
    ``atol + rtol * |e|`` where both are finite."""
    same_nan = torch.isnan(g) & torch.isnan(e)
    same_inf = torch.isinf(g) & torch.isinf(e) & (torch.sign(g) == torch.sign(e))
    finite = torch.isfinite(g) & torch.isfinite(e)
    return same_nan | same_inf | (finite & ((g - e).abs() <= atol + rtol * e.abs()))


def _value(original: torch.Tensor, as_float: torch.Tensor, at: tuple) -> str:
    """One value of a compared tensor as its own dtype writes it: True/False for a mask."""
    if original.dtype == torch.bool:
        return str(bool(as_float[at]))
    return _num(as_float[at])


def _num(x: torch.Tensor) -> str:
    v = float(x)
    if math.isnan(v) or math.isinf(v):
        return str(v)
    return f"{v:.6g}"


MATCHES = N_("your result is what this mistake gives: {description}")
MATCHES_SEVERAL = N_("your result is what each of these mistakes gives (any of them may be "
                     "yours): {description}")


def same(got, expected: torch.Tensor) -> bool:
    """True when ``got`` is a tensor of ``expected``'s shape with the same values, within
    the tolerances of ``expected``'s dtype (NaN where NaN is): how a result is matched
    with a classic mistake's."""
    if not isinstance(got, torch.Tensor) or list(got.shape) != list(expected.shape):
        return False
    rtol, atol = tolerances(expected.dtype)
    return bool(torch.allclose(got.detach().to(torch.float64),
                               expected.detach().to(torch.float64),
                               rtol=rtol, atol=atol, equal_nan=True))


def once(make: Callable[[], dict]) -> Callable[[], dict]:
    """``make`` called at most once, when a comparison first needs its suspects."""
    return functools.cache(make)


def resolve(suspects) -> dict:
    """The suspects a comparison was given: a map, or the function that makes it."""
    if suspects is None:
        return {}
    return suspects() if callable(suspects) else suspects


def _suspect(got: torch.Tensor, suspects: dict | None) -> Cause | str:
    """The suspect (a classic mistake) whose result ``got`` equals, said as "your result
    is what this mistake gives: <the mistake>", with the mistake's own id; when several
    different mistakes give it, all of them as candidates (ids joined by "|")."""
    found: dict[str, Cause] = {}
    for mistake, wrong in (suspects or {}).items():
        if wrong is not None and mistake.id not in found and same(got, wrong):
            found[mistake.id] = mistake
    if not found:
        return ""
    if len(found) == 1:
        mistake = next(iter(found.values()))
        # (the mistake's own values kept beside its text: a line that shows it reads them)
        return Cause(mistake.id, MATCHES, values=(("description", mistake.render()),
                                                  *mistake.values))
    ids = sorted(found)
    listed = "; ".join(t("({n}) {text}", n=i + 1, text=found[k].render())
                       for i, k in enumerate(ids))
    return Cause("|".join(ids), MATCHES_SEVERAL, values=(("description", listed),))


def unchanged(before: list, after: list | None, names: list[str]) -> None:
    """No input tensor may be modified in place: ``after`` is what the checker's own memory
    holds after the answer (engine/shared.py), never the worker's word."""
    if not isinstance(after, list) or len(after) != len(before):
        raise CaseFailure("the worker did not send the inputs back after the call",
                          expected="the inputs as they were after the call", got=describe(after),
                          likely=causes.TAMPERED, check=Check.PROPERTY)
    for name, b, a in zip(names, before, after):
        if isinstance(b, torch.Tensor):
            if not isinstance(a, torch.Tensor) or type(a) is not torch.Tensor \
                    or b.shape != a.shape or b.dtype != a.dtype \
                    or not torch.equal(torch.isnan(b), torch.isnan(a)) \
                    or not torch.equal(torch.nan_to_num(b), torch.nan_to_num(a)):
                failure = CaseFailure(
                    t("the input `{name}` was modified in place", name=name),
                    expected=t("`{name}` unchanged after the call", name=name),
                    got=t("`{name}` changed", name=name),
                    likely=causes.IN_PLACE, check=Check.PROPERTY)
                failure.changed = names.index(name)
                raise failure


def true(condition: bool, summary: str, *, expected: str = "", got: str = "",
         likely: Cause | str = "", check: Check = Check.PROPERTY, fix: str = "") -> None:
    if not condition:
        raise CaseFailure(summary, expected=expected, got=got, likely=likely, check=check,
                          fix=fix)
