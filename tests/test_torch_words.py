"""Torch's words, tested (issue 37, item 6): what the kit reads of torch's text is still what
the installed torch says.

The diagnosis names causes from the wording of torch's errors, and the forbidden-call
refusals read the dispatch table from ``torch._C._dispatch_dump``'s text. A torch that
words either differently would silently lose causes or refusals; here it fails loudly:

- every pattern registered in ``checker/torch_words.py`` is provoked by its own snippet on
  this torch, and the failure names the pattern and quotes what torch said;
- no reader matches torch's words outside that table (a pattern nobody tests);
- the dispatch table's parse finds every kernel torch itself says an operator has, and the
  operators each exercise forbids (softmax's, scaled_dot_product_attention's) are among
  those a refusal replaces;
- a refused operator reached below the worker's function guard is refused in a real worker.

The compatibility run (``benchmarks/compat.py``) runs this file in each environment, so it
imports nothing but the kit, torch and pytest, uses none of ``conftest.py``'s fixtures (it
runs with ``--noconftest`` too), and guards what torch 2.5 and newer do not all have. Cheap:
snippets on tiny tensors, and two workers for the last point.
"""
from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest
import torch

from checker import manifest, torch_words
from checker.engine import forbidden

CHECKER = Path(torch_words.__file__).resolve().parent
TESTED = [w for w in torch_words.TORCH_WORDS.values() if w.provoke]
LEGACY = [w for w in torch_words.TORCH_WORDS.values() if not w.provoke]


def _said(words: torch_words.Words, snippet) -> tuple[str, str]:
    """(the exception's type, or '' for a text; the text) the snippet makes torch say."""
    if words.kind == torch_words.TEXT:
        return "", str(snippet(torch))
    try:
        snippet(torch)
    except Exception as exc:  # noqa: BLE001  (whatever torch raises is what we read)
        return type(exc).__name__, str(exc)
    pytest.fail(f"torch {torch.__version__} no longer raises for {words.name!r} "
                f"(pattern {words.pattern!r}): its snippet ran without an error")


def _matches(words: torch_words.Words, text: str) -> bool:
    if words.found > 1:
        return len(set(words.regex.findall(text))) >= words.found
    return words.search(text) is not None


@pytest.mark.parametrize("words,snippet", [(w, s) for w in TESTED for s in w.provoke],
                         ids=[f"{w.name}-{i}" for w in TESTED for i in range(len(w.provoke))])
def test_torch_still_says_what_the_kit_reads(words, snippet):
    error, text = _said(words, snippet)
    shown = f"{error}: {text}" if error else text
    if not _matches(words, text):
        how = f"finds fewer than {words.found} distinct matches in" if words.found > 1 \
            else "does not match"
        pytest.fail(f"torch {torch.__version__} no longer says what the kit reads as "
                    f"{words.name!r} ({words.reader}): the pattern {words.pattern!r} {how} "
                    f"what torch said:\n{shown[:1500]}", pytrace=False)
    if words.error and error != words.error:
        pytest.fail(f"torch {torch.__version__} raises {error} where the kit reads "
                    f"{words.name!r} ({words.pattern!r}) in a {words.error}: {shown[:1500]}",
                    pytrace=False)


@pytest.mark.parametrize("words", LEGACY, ids=[w.name for w in LEGACY])
def test_words_kept_for_an_older_torch_are_said_why(words):
    """Words no snippet makes torch 2.5+ say stay matched (an older torch, or another
    device, may say them); the compatibility run lists them as skipped, with the reason."""
    assert words.legacy.strip()
    pytest.skip(f"{words.name} ({words.pattern!r}), not provoked: {words.legacy}")


def test_a_pattern_torch_does_not_say_fails_the_check():
    """The check above can fail: a pattern changed to words torch does not say is caught,
    and the failure names it and quotes torch."""
    real = torch_words.MAT1_AND_MAT2
    changed = torch_words.Words(real.name, r"mat1 and mat3", real.provoke, real.error,
                                real.flags, real.kind, real.found, real.reader)
    with pytest.raises(pytest.fail.Exception) as caught:
        test_torch_still_says_what_the_kit_reads(changed, changed.provoke[0])
    assert "mat1_and_mat2" in str(caught.value) and "mat1 and mat3" in str(caught.value)
    assert "shapes cannot be multiplied (4x6 and 5x3)" in str(caught.value)


# ------------------------------------------------- no reader matches torch's words inline
def _message(node) -> bool:
    """``message``, ``problem.message``, ``message or ""`` or ``str(exc)``: a text that came
    from an error."""
    if isinstance(node, ast.BoolOp):
        return _message(node.values[0])
    if isinstance(node, ast.Name):
        return node.id in ("message", "msg")
    if isinstance(node, ast.Attribute):
        return node.attr == "message"
    return isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and \
        node.func.id == "str" and bool(node.args) and isinstance(node.args[0], ast.Name) \
        and node.args[0].id in ("exc", "error", "e")


def _inline_words(tree) -> list[int]:
    """Lines that look for a constant text in an error's message, outside torch_words:
    ``"words" in message``, ``re.search(r"words", message)``."""
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Compare) and isinstance(node.left, ast.Constant) and \
                isinstance(node.left.value, str) and any(isinstance(o, ast.In) for o in node.ops) \
                and any(_message(c) for c in node.comparators):
            found.append(node.lineno)
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and \
                isinstance(node.func.value, ast.Name) and node.func.value.id == "re" and \
                node.func.attr in ("search", "match", "fullmatch", "findall", "finditer") and \
                len(node.args) >= 2 and isinstance(node.args[0], ast.Constant) and \
                _message(node.args[1]):
            found.append(node.lineno)
    return found


def test_the_readers_match_torchs_words_only_through_the_registered_table():
    inline = [f"{path.relative_to(CHECKER.parent)}:{line}"
              for path in sorted(CHECKER.rglob("*.py")) if path.name != "torch_words.py"
              for line in _inline_words(ast.parse(path.read_text(encoding="utf-8")))]
    assert inline == [], ("torch's words matched outside checker/torch_words.py (register "
                          "them there, with a snippet that provokes them): " + ", ".join(inline))


def test_the_inline_check_sees_a_pattern_written_in_a_reader():
    tree = ast.parse('if "mat1 and mat2" in message or re.search(r"x", problem.message):\n'
                     '    found = re.search(r"tensor a", message or "")\n')
    assert sorted(_inline_words(tree)) == [1, 1, 2]


# --------------------------------------------------------------------- the refusals
_HAS_KERNEL = getattr(torch._C, "_dispatch_has_kernel_for_dispatch_key", None)
# the dispatch keys by their own names (EndOfDenseBackends is another name of Meta)
_KEYS = [k for k in dir(torch._C.DispatchKey) if not k.startswith(("_", "StartOf", "EndOf"))
         and getattr(getattr(torch._C.DispatchKey, k), "name", None) == k]
# operators every torch 2.5+ has, which the exercises' refusals must reach
_SOFTMAX_CORE = ("aten::_softmax", "aten::_log_softmax", "aten::softmax", "aten::log_softmax")
_ATTENTION_CORE = ("aten::scaled_dot_product_attention",
                   "aten::_scaled_dot_product_attention_math")


def _forbidding() -> list:
    return [e for e in manifest.load() if e.forbidden]


def _operators() -> set[str]:
    """Every operator this torch registers, without its overload ("aten::_softmax")."""
    return {n.split(".", 1)[0] for n in torch._C._dispatch_get_all_op_names()}


def _planned(exercise) -> dict[str, set[str]]:
    """{operator: the dispatch keys a refusal replaces} for the exercise's forbidden list."""
    found: dict[str, set[str]] = {}
    for namespace, name, key in forbidden.plan(list(exercise.forbidden)).kernels:
        found.setdefault(f"{namespace}::{name}", set()).add(key)
    return found


@pytest.mark.parametrize("exercise", _forbidding(), ids=lambda e: e.id)
def test_each_exercise_refuses_the_operators_it_forbids(exercise):
    """The dispatch table's parse finds the operators the manifest forbids: each forbidden
    name that is an aten operator of this torch, and the core ones, which every torch 2.5+
    has (softmax's where softmax is banned; scaled_dot_product_attention's where attention
    or any softmax is, since its fused kernels compute a softmax inside)."""
    operators = _operators()
    refused = {n.split(".", 1)[0] for n in _planned(exercise)}
    banned = {forbidden.op_name(n) for n in exercise.forbidden}
    expected = {f"aten::{b}" for b in banned} & operators
    if "softmax" in banned:
        expected |= set(_SOFTMAX_CORE)
    if any("attention" in b or "softmax" in b for b in banned):
        expected |= set(_ATTENTION_CORE)
    missing = sorted(expected - refused)
    assert not missing, (f"torch {torch.__version__}: exercise {exercise.id}'s refusals miss "
                         f"{missing} (absent from the dispatch table: "
                         f"{sorted(set(missing) - operators)})")


def test_the_dispatch_dump_parse_finds_every_kernel_torch_has():
    """``forbidden.kernel_keys`` reads ``_dispatch_dump``'s text; torch's own
    ``_dispatch_has_kernel_for_dispatch_key`` says the same without text. They agree on
    every operator the exercises refuse: a key torch has a kernel for is refused (unless it
    only passes the operator on), and the parse reads no key torch does not have."""
    if _HAS_KERNEL is None:
        pytest.skip(f"torch {torch.__version__} has no _dispatch_has_kernel_for_dispatch_key")
    operators = sorted({op for e in _forbidding() for op in _planned(e)})
    assert operators
    disagree = []
    for qualified in operators:
        parsed = set(forbidden.kernel_keys(qualified))
        has = set()
        for key in {*_KEYS, *parsed}:  # (Python's DispatchKey lacks a few: MkldnnCPU)
            try:
                if _HAS_KERNEL(qualified, key):
                    has.add(key)
            except (RuntimeError, TypeError):
                pass  # not a key torch knows: a parsed one is then reported below
        forwards = {k for k in has if forbidden.passes_on(k)}
        if has - forwards - parsed or parsed - has - {"CPU"}:
            disagree.append(f"{qualified}: torch has {sorted(has - forwards - parsed)} unread, "
                            f"the parse read {sorted(parsed - has - {'CPU'})} torch lacks")
    assert not disagree, f"torch {torch.__version__}: " + "; ".join(disagree[:10])


# learner code that reaches a forbidden operator below the worker's function guard, which
# sees only the names called (cross_entropy, _native_multi_head_attention): the kernel's
# refusal, read from the dispatch table, is what stops it
_BELOW_THE_GUARD = {
    "05": ("softmax", "import torch\nimport torch.nn.functional as F\n\n"
                      "def softmax(x, dim=-1):\n"
                      "    target = torch.zeros(x.shape[0], dtype=torch.long)\n"
                      "    return F.cross_entropy(x, target, reduction='none')\n",
           lambda: (torch.randn(2, 3),), "softmax"),
    "08": ("scaled_dot_product_attention",
           "import torch\n\n"
           "def scaled_dot_product_attention(Q, K, V, mask=None):\n"
           "    w = torch.eye(4)\n"
           "    return torch._native_multi_head_attention(\n"
           "        Q, K, V, 4, 1, w.repeat(3, 1), torch.zeros(12), w, torch.zeros(4))\n",
           lambda: (torch.randn(1, 3, 4), torch.randn(1, 3, 4), torch.randn(1, 3, 4)),
           "attention"),
}


@pytest.mark.parametrize("exercise_id", sorted(_BELOW_THE_GUARD))
def test_an_operator_reached_below_the_guard_is_refused_in_a_worker(exercise_id):
    from checker.engine.problems import Problem
    from checker.engine.submission import Source
    from checker.engine.supervisor import ExerciseWorker, LearnerProblem
    from checker.options import RunOptions

    function, text, args, word = _BELOW_THE_GUARD[exercise_id]
    exercise = manifest.by_id()[exercise_id]
    worker = ExerciseWorker(exercise_id, Source(exercise.file, exercise.file, text=text),
                            list(exercise.forbidden), RunOptions(timeout=30))
    try:
        with pytest.raises(LearnerProblem) as caught:
            worker.call(function, args())
        calls = list(worker.forbidden_calls)
    finally:
        worker.close()
    assert caught.value.kind == Problem.FORBIDDEN, caught.value.summary
    assert calls and word in calls[0]["call"], calls
