"""Shared checks for the attention exercises (08, 09, 10)."""
import math

import torch

from checker.judge import compare
from checker.i18n import t


def sdpa(Q, K, V, mask=None, scale=None, softmax_dim=-1, fill=float("-inf")):
    """A plain reference used only to build 'likely cause' suspects.

    ``scale``, ``softmax_dim`` and ``fill`` (the blocked score) let it make the
    classic mistakes. Returns (None, None) when the mistake cannot even be
    computed for these shapes.
    """
    d = Q.shape[-1] if scale is None else scale
    try:
        scores = Q @ K.transpose(-2, -1) / math.sqrt(d)
        if mask is not None:
            scores = scores.masked_fill(mask == 0, fill)
        weights = torch.softmax(scores, dim=softmax_dim)
        return weights @ V, weights
    except RuntimeError:
        return None, None


def suspects_for(Q, K, V, mask=None):
    """Classic mistakes in attention, each as (output, weights) it would produce."""
    d_k, d_v, n_k = Q.shape[-1], V.shape[-1], K.shape[-2]
    found = {t("attention without dividing by √d_k"): sdpa(Q, K, V, mask, scale=1)}
    if d_v != d_k:
        found[t("scores divided by √d_v instead of √d_k")] = sdpa(Q, K, V, mask, scale=d_v)
    if n_k != d_k:
        found[t("scores divided by √n_k (a size of K) instead of √d_k")] = sdpa(
            Q, K, V, mask, scale=n_k)
    n_q = Q.shape[-2]
    if n_q not in (d_k, n_k):
        found[t("scores divided by √n_q (a size of Q such as Q.shape[1] in a batch) instead of "
                "√d_k = Q.size(-1)")] = sdpa(Q, K, V, mask, scale=n_q)
    if K.shape[-2] == Q.shape[-2]:
        found[t("a softmax over the queries (dim -2) instead of the keys (dim -1)")] = sdpa(
            Q, K, V, mask, softmax_dim=-2)
    found[t("scores @ V: the output must blend V with the softmax weights")] = (
        Q @ K.transpose(-2, -1) / math.sqrt(d_k) @ V if n_k == V.shape[-2] else None, None)
    if mask is not None:
        found[t("blocked scores set to 0 instead of -inf: exp(0) = 1 still gives them "
                "weight")] = sdpa(Q, K, V, mask, fill=0.0)
        found[t("attention with the mask ignored")] = sdpa(Q, K, V)
        found[t("the mask applied after the softmax: block scores before it, so the allowed "
                "weights still sum to 1")] = _masked_after(Q, K, V, mask)
        found[t("attention with the mask inverted (False means blocked)")] = sdpa(
            Q, K, V, mask == 0)
    return found


def _masked_after(Q, K, V, mask):
    try:
        weights = sdpa(Q, K, V)[1] * (mask != 0)
        return weights @ V, weights
    except (RuntimeError, TypeError):
        return None, None


def check_pair(got, expected: tuple, suspects: dict, check_weights=True):
    """Compare an (output, weights) pair with the expected pair."""
    out, weights = compare.pair(got)
    exp_out, exp_weights = expected
    compare.close(out, exp_out, what="the output",
                  suspects={k: v[0] for k, v in suspects.items()})
    if check_weights:
        compare.close(weights, exp_weights, what="the weights",
                      suspects={k: v[1] for k, v in suspects.items()})


def blocked_weights_are_zero(got, mask_blocked: torch.Tensor) -> None:
    _, weights = compare.pair(got)
    weights = compare.tensor(weights, what="the weights")
    compare.shape(weights, mask_blocked.shape, what="the weights")
    bad = weights[mask_blocked]
    compare.true(bool((bad == 0).all()), "a blocked position has a weight that is not 0",
                 expected="weight exactly 0 wherever the mask blocks",
                 got=compare.describe(weights),
                 likely="set blocked scores to -inf (or a very negative number) BEFORE the softmax")


def rows_sum_to_one(got) -> None:
    _, weights = compare.pair(got)
    weights = compare.tensor(weights, what="the weights")
    sums = weights.sum(-1)
    compare.close(sums, torch.ones_like(sums), what="the row sums of the weights",
                  likely="the softmax must run over the last dimension (the keys)")
