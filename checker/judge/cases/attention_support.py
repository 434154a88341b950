"""Shared checks and classic mistakes for the attention exercises (08 to 12)."""
import contextlib
import math

import torch

from checker.i18n import t
from checker.judge import compare
from checker.judge.causes import cause
from checker.judge.diagnose import function_named, masked_after_softmax_line
from checker.judge.cases.mistakes import (EXP2, K_RESHAPED, LOG_SOFTMAX, MASK_UNSQUEEZE_1,
                                          NO_SCALE, NO_SHIFT, SCALE_AFTER_SOFTMAX,
                                          SCORE_VALUES_BLOCKED, SHIFT_ABS, SHIFT_NO_KEEPDIM,
                                          SOFTMAX_TWICE, abs_shift_softmax, divisors,
                                          dropout_signature, exp2_softmax, no_keepdim_softmax,
                                          reshape_differs, reshaped_as_transpose,
                                          score_values_blocked, unshifted_softmax)
from checker.judge.cases.support import made_once
from checker.judge.results import Check

SCALE_D_V = cause("attn_scale_d_v", "scores divided by √d_v instead of √d_k")
SCALE_N_K = cause("attn_scale_n_k", "scores divided by √n_k (a size of K) instead of √d_k")
SCALE_N_Q = cause("attn_scale_n_q", "scores divided by √n_q (a size of Q such as Q.shape[1] in a "
                                    "batch) instead of √d_k = Q.size(-1)")
SOFTMAX_QUERIES = cause("attn_softmax_queries", "a softmax over the queries (dim -2) instead of "
                                                "the keys (dim -1)")
SOFTMAX_SIZE_ONE = cause("attn_softmax_size_one", "every weight is 1, so the output is the sum "
                                                  "of the values: the softmax ran over an axis "
                                                  "of size 1 (with one query, the query axis: "
                                                  "`dim=-2`, or scores built as `K @ qᵀ`, which "
                                                  "puts the keys there); it runs over the keys, "
                                                  "the last axis of `q @ Kᵀ`")
SCORES_K_Q = cause("attn_scores_k_q", "the scores computed as K @ Qᵀ, the transposed table (one "
                                      "row per key), so the mask and the softmax meet the wrong "
                                      "axis: the scores are Q @ Kᵀ, [..., n_q, n_k]")
SCORES_TIMES_V = cause("attn_scores_times_v", "scores @ V: the output must blend V with the "
                                              "softmax weights")
ZERO_FILL = cause("attn_zero_fill", "blocked scores set to 0 instead of -inf: exp(0) = 1 still "
                                    "gives them weight")
MASK_IGNORED = cause("attn_mask_ignored", "attention with the mask ignored")
MASK_AFTER = cause("attn_mask_after_softmax", "the mask applied after the softmax: block scores "
                                              "before it, so the allowed weights still sum to 1")
MASK_INVERTED = cause("attn_mask_inverted", "attention with the mask inverted (False means "
                                            "blocked)")
MASK_ADDED = cause("attn_mask_added", "the 0/1 mask added to the scores: allowed positions get "
                                      "+1 and blocked ones keep their score; block them with "
                                      "-inf instead")
SCORES_AS_WEIGHTS = cause("attn_scores_as_weights", "the scaled scores returned in place of the "
                                                    "weights: the output is right, but the "
                                                    "second item is Q Kᵀ / √d_k (-inf where "
                                                    "blocked), the step before the softmax; "
                                                    "return the softmax of them, the weights the "
                                                    "output was blended with")
WEIGHTS_AT_K = cause("attn_weights_at_k", "weights @ K: the output blends the value rows, "
                                          "weights @ V")
PAIR_SWAPPED = cause("attn_pair_swapped", "(weights, output) in the wrong order: the contract "
                                          "returns (output, weights)")
FINITE_FILL = cause("attn_finite_fill", "blocked scores filled with a finite number ({value}) that "
                                      "the allowed scores here fall below, so the blocked "
                                      "positions take the weight: fill with float('-inf')")
MASKED_AFTER_LINE = cause("attn_masked_after_softmax_line",
                          "`{code}` blocks positions after the softmax, which had already seen "
                          "the blocked scores: they still shape the weights (a blocked score far "
                          "above the rest leaves the allowed ones 0 / 0, NaN; a later token moves "
                          "earlier outputs in the last digits); block the scores before the "
                          "softmax, `scores.masked_fill(mask == 0, float('-inf'))`")
# the finite fills copied from other code: HuggingFace's old -10000, float16's lowest number
FINITE_FILLS = {"-1e4": -1e4, "-65504": -65504.0}
WEIGHTS_T = cause("attn_weights_t", "the weights transposed, [..., n_k, n_q]: one row per query")


def sdpa(Q, K, V, mask=None, scale=None, softmax_dim=-1, fill=float("-inf"), additive=False,
         softmax=torch.softmax):
    """A plain reference used only to build 'likely cause' suspects.

    ``scale``, ``softmax_dim``, ``fill`` (the blocked score), ``additive`` (the 0/1
    mask added to the scores) and ``softmax`` (another one, e.g. without the max shift)
    let it make the classic mistakes. Returns (None, None) when the mistake cannot even be
    computed for these shapes.
    """
    d = Q.shape[-1] if scale is None else scale
    try:
        scores = Q @ K.transpose(-2, -1) / math.sqrt(d)
        if mask is not None and additive:
            scores = scores + (mask != 0).to(scores.dtype)
        elif mask is not None:
            scores = scores.masked_fill(mask == 0, fill)
        weights = softmax(scores, dim=softmax_dim)
        return weights @ V, weights
    except RuntimeError:
        return None, None


def _after(Q, K, V, mask, how):
    """Attention whose weights are changed by ``how`` after the softmax (None if it fails)."""
    try:
        weights = how(sdpa(Q, K, V, mask)[1])
        return weights @ V, weights
    except (RuntimeError, TypeError):
        return None, None


@made_once
def suspects_for(Q, K, V, mask=None):
    """Classic mistakes in attention, each as (output, weights) it would produce."""
    d_k, d_v, n_k = Q.shape[-1], V.shape[-1], K.shape[-2]
    found = {NO_SCALE: sdpa(Q, K, V, mask, scale=1)}
    for mistake, divisor in divisors(d_k).items():
        if divisor != math.sqrt(d_k):  # d_k / 2 is √d_k for d_k = 4: no mistake then
            found[mistake] = sdpa(Q, K, V, mask, scale=divisor ** 2)
    found[SCALE_AFTER_SOFTMAX] = _after(
        Q, K, V, mask, lambda w: torch.softmax(
            (Q @ K.transpose(-2, -1)).masked_fill(mask == 0, float("-inf"))
            if mask is not None else Q @ K.transpose(-2, -1), dim=-1) / math.sqrt(d_k))
    found[SOFTMAX_TWICE] = _after(Q, K, V, mask, lambda w: torch.softmax(w, dim=-1))
    if mask is not None:
        found[SCORE_VALUES_BLOCKED] = score_values_blocked(Q, K, V, mask)
    # in the inputs' dtype: it overflows where theirs would
    found[NO_SHIFT] = sdpa(Q, K, V, mask, softmax=unshifted_softmax)
    # a shift by each row's largest |score|: NaN in every row with a blocked (-inf) score,
    # as weights masked and renormalised after the softmax are where a blocked score is far
    # above the others: then the values prove neither (the masking line may, masked_after)
    shifted = sdpa(Q, K, V, mask, softmax=abs_shift_softmax)
    if mask is None or not _same_pair(shifted, _renormalised_after(Q, K, V, mask)):
        found[SHIFT_ABS] = shifted
    found[EXP2] = sdpa(Q, K, V, mask, softmax=exp2_softmax)
    found[LOG_SOFTMAX] = sdpa(Q, K, V, mask, softmax=torch.log_softmax)
    if reshape_differs(K):  # K reshaped to Kᵀ's shape (the transpose of what sdpa takes)
        found[K_RESHAPED] = sdpa(Q, reshaped_as_transpose(K).transpose(-2, -1), V, mask)
    if Q.shape[-2] == K.shape[-2]:  # K @ Qᵀ fits, and a max without keepdim broadcasts
        found[SCORES_K_Q] = sdpa(K, Q, V, mask)
        found[SHIFT_NO_KEEPDIM] = sdpa(Q, K, V, mask, softmax=no_keepdim_softmax)
    if d_v != d_k:
        found[SCALE_D_V] = sdpa(Q, K, V, mask, scale=d_v)
    if n_k != d_k:
        found[SCALE_N_K] = sdpa(Q, K, V, mask, scale=n_k)
    n_q = Q.shape[-2]
    if n_q not in (d_k, n_k):
        found[SCALE_N_Q] = sdpa(Q, K, V, mask, scale=n_q)
    # one query: a softmax over the queries and a transposed score table (K @ qᵀ, its
    # softmax over the size-1 axis) both give weights of 1, and say so
    found[SOFTMAX_SIZE_ONE if Q.shape[-2] == 1 else SOFTMAX_QUERIES] = \
        sdpa(Q, K, V, mask, softmax_dim=-2)
    if K.shape[-2] == V.shape[-2]:
        weights = sdpa(Q, K, V)[1] if mask is None else sdpa(Q, K, V, mask)[1]
        found[WEIGHTS_AT_K] = (weights @ K if weights is not None else None, weights)
    found[SCORES_AS_WEIGHTS] = _scores_as_weights(Q, K, V, mask)
    found[SCORES_TIMES_V] = (
        Q @ K.transpose(-2, -1) / math.sqrt(d_k) @ V if n_k == V.shape[-2] else None, None)
    if mask is not None:
        found[ZERO_FILL] = sdpa(Q, K, V, mask, fill=0.0)
        for text, value in FINITE_FILLS.items():
            found[FINITE_FILL(value=text)] = sdpa(Q, K, V, mask, fill=value)
        found[MASK_IGNORED] = sdpa(Q, K, V)
        found[MASK_AFTER] = _masked_after(Q, K, V, mask)
        found[MASK_INVERTED] = sdpa(Q, K, V, mask == 0)
        found[MASK_ADDED] = sdpa(Q, K, V, mask, additive=True)
        if mask.dim() >= 1:
            found[MASK_UNSQUEEZE_1] = sdpa(Q, K, V, mask.unsqueeze(1))
    return found


def _scores_as_weights(Q, K, V, mask):
    """The right output with the scaled (and masked) scores in place of the weights."""
    try:
        scores = Q @ K.transpose(-2, -1) / math.sqrt(Q.shape[-1])  # [..., n_q, n_k]
        if mask is not None:
            scores = scores.masked_fill(mask == 0, float("-inf"))
        return sdpa(Q, K, V, mask)[0], scores
    except RuntimeError:
        return None, None


def _renormalised_after(Q, K, V, mask):
    """Attention whose weights are masked after the softmax and renormalised."""
    try:
        kept = sdpa(Q, K, V)[1] * (mask != 0)
        weights = kept / kept.sum(-1, keepdim=True)
        return weights @ V, weights
    except (RuntimeError, TypeError):
        return None, None


def _same_pair(a: tuple, b: tuple) -> bool:
    """Whether two (output, weights) pairs hold the same values (None matches nothing)."""
    return a[0] is not None and b[0] is not None and compare.same(a[0], b[0]) and \
        compare.same(a[1], b[1])


def _masked_after(Q, K, V, mask):
    try:
        weights = sdpa(Q, K, V)[1] * (mask != 0)
        return weights @ V, weights
    except (RuntimeError, TypeError):
        return None, None


@contextlib.contextmanager
def masked_after(learner, func: str):
    """A failure with no cause (or a general one) and a line of the learner's ``func`` that
    blocks the weights after the softmax: that line, quoted, is the cause."""
    try:
        yield
    except compare.CaseFailure as failure:
        if failure.cause is None or failure.cause.generic:
            line = masked_after_softmax_line(function_named(learner.source_text(), func)[0])
            if line:
                failure.cause = MASKED_AFTER_LINE(code=line)
                failure.likely = failure.cause.render()
        raise


def check_pair(got, expected: tuple, suspects, check_weights=True):
    """Compare an (output, weights) pair with the expected pair. ``suspects``: the
    mistakes' (output, weights) pairs, or a function that makes them (called only when a
    comparison fails: ``compare.once``)."""
    if callable(suspects):
        suspects = compare.once(suspects)
    out, weights = compare.pair(got)
    exp_out, exp_weights = expected
    if isinstance(out, torch.Tensor) and isinstance(weights, torch.Tensor) and \
            list(out.shape) == list(exp_weights.shape) and \
            list(weights.shape) == list(exp_out.shape) and exp_out.shape != exp_weights.shape:
        compare.shape(out, exp_out.shape, what="the output", likely=PAIR_SWAPPED)
    dropped = dropout_signature(weights, exp_weights) if check_weights else None
    if dropped is not None:  # the weights prove it: say it on the weights, before the output
        compare.close(weights, exp_weights, what="the weights", suspects={dropped[1]: dropped[0]})
    compare.close(out, exp_out, what="the output",
                  suspects=lambda: {k: v[0] for k, v in compare.resolve(suspects).items()})
    if check_weights:
        if isinstance(weights, torch.Tensor) and exp_weights.dim() >= 2 and \
                list(weights.shape) == [*exp_weights.shape[:-2], *exp_weights.shape[-2:][::-1]] \
                and exp_weights.shape[-1] != exp_weights.shape[-2]:
            compare.shape(weights, exp_weights.shape, what="the weights", likely=WEIGHTS_T)
        compare.close(weights, exp_weights, what="the weights",
                      suspects=lambda: {k: v[1] for k, v in compare.resolve(suspects).items()})


def blocked_weights_are_zero(got, mask_blocked: torch.Tensor) -> None:
    _, weights = compare.pair(got)
    weights = compare.tensor(weights, what="the weights")
    compare.shape(weights, mask_blocked.shape, what="the weights")
    bad = weights[mask_blocked]
    compare.true(bool((bad == 0).all()), "a blocked position has a weight that is not 0",
                 expected="weight exactly 0 wherever the mask blocks",
                 got=compare.describe(weights),
                 fix="set blocked scores to -inf (or a very negative number) BEFORE the softmax")


def rows_sum_to_one(got) -> None:
    _, weights = compare.pair(got)
    weights = compare.tensor(weights, what="the weights")
    sums = weights.sum(-1)
    compare.close(sums, torch.ones_like(sums), what="the row sums of the weights",
                  fix="the softmax must run over the last dimension (the keys)")


def float16_check(got, expected: tuple, suspects: dict) -> None:
    """A float16 case: the pair keeps float16 and matches the reference (to float16's
    precision); an error about a fill value that overflows float16 is named by the
    diagnosis of raised errors (judge.diagnose)."""
    out, weights = compare.pair(got)
    for item, what in ((out, "the output"), (weights, "the weights")):
        compare.dtype(compare.tensor(item, what=what), torch.float16, what=what)
    check_pair(got, expected, suspects)


def device_check(got, shapes: tuple, device: str = "meta") -> None:
    """The pair is on ``device`` with the given shapes (meta tensors hold no values)."""
    out, weights = compare.pair(got)
    for item, shape, what in ((out, shapes[0], "the output"), (weights, shapes[1], "the weights")):
        item = compare.tensor(item, what=what)
        compare.true(item.device.type == device,
                     t("{what} is not on the inputs' device", what=t(what)),
                     expected=compare.code(f"device '{device}'"),
                     got=compare.code(f"device '{item.device.type}'"), check=Check.DEVICE)
        compare.shape(item, shape, what=what)
