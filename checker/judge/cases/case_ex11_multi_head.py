"""Hidden cases for exercise 11, multi-head attention (beyond the lesson)."""
import math
import re
from dataclasses import replace

import torch

from checker import torch_words
from checker.engine.problems import Problem
from checker.engine.supervisor import LearnerProblem
from checker.i18n import N_, t
from checker.judge import compare
from checker.judge.cases.attention_support import (MASK_IGNORED, MASK_INVERTED, SOFTMAX_QUERIES,
                                                   blocked_weights_are_zero, rows_sum_to_one)
from checker.judge.cases import mistakes
from checker.judge.cases.mistakes import MASK_UNSQUEEZE_1
from checker.judge.cases.mistakes import SHIFT_ABS, abs_shift_softmax, projection_slips
from checker.judge.cases.beyond_support import raised, raises_value_error
from checker.judge.cases.support import made_once, property_case
from checker.judge.cases.support import (case, cause, gradients, no_forbidden_source, rand_mask,
                                         randn, unchanged, values_correct)
from checker.judge.compare import CaseFailure
from checker.judge.results import Check

# ------------------------------------------------------------------ likely causes
# the scaling mistakes of 08 to 12 (same ids, same hints), in 11's words: a head's width is
# d_head there, as in its file and its hints
NO_SCALING = replace(mistakes.NO_SCALE, text=N_("attention without dividing by √d_head"))
SCALE_D_MODEL = replace(mistakes.SCALE_D_MODEL,
                        text=N_("scores divided by √d_model instead of √d_head"))
BY_D_HEAD = replace(mistakes.BY_D_K, text=N_("the scores divided by d_head = {d_head}: divide "
                                             "by its square root"))
QUARTER_HEAD = replace(mistakes.QUARTER, text=N_(
    "Q and K each divided by d_head / 4 = {quarter:g}, so the scores by its square, "
    "{square:g}: `d_head ** 1/float(4)` means (d_head ** 1) / 4, not the fourth root; write "
    "d_head ** 0.25 (or divide the scores once by √d_head)"))
INTERLEAVED = cause("ex11_interleaved_heads",
                    "split_heads took every h-th column (interleaved heads) instead of "
                    "contiguous blocks of d_model // h columns")
SPLIT_NO_TRANSPOSE = cause(
    "ex11_split_without_transpose",
    "split_heads reshaped [..., n, d_model] straight to [..., h, n, d_head], which cuts across "
    "the rows instead of splitting the columns")
SPLIT_VIEW_FLAT = cause(
    "ex11_split_view_flat",
    "split_heads viewed X as (-1, h, n, d_head) with no transpose: the h blocks cut across the "
    "rows instead of splitting each row's columns, and the -1 gathers every leading dimension "
    "into one (an unbatched X gets a first dimension of size 1); reshape to "
    "[..., n, h, d_head], then transpose(-3, -2)")
HEADS_AFTER = cause("ex11_heads_after_positions",
                    "split_heads left the heads after the positions ([..., n, h, d_head]) instead "
                    "of moving them in front ([..., h, n, d_head])")
ACROSS_HEADS = cause("ex11_attention_across_heads",
                     "the projections were split as [..., n, h, d_head] and the heads never moved "
                     "in front of the positions: each position's heads attended to one another "
                     "(scores [..., n, h, h]) instead of each head over the positions; "
                     "transpose(-3, -2) after the split, as split_heads does")
KV_FROM_QUERIES = cause("ex11_kv_from_queries", "K and V projected from X_q, as in "
                                                "self-attention: the keys and values come from "
                                                "X_kv (K = X_kv @ W_K, V = X_kv @ W_V)")
NO_VALUE_ERROR = cause("ex11_no_value_error",
                       "split_heads does not raise ValueError when h does not divide d_model")
ALL_TRANSPOSED = cause("ex11_all_transposed",
                       "every weight used transposed (`F.linear(X, W)` computes X @ W.T, the "
                       "convention of nn.Linear, which stores [d_out, d_in]): these weights are "
                       "[d_in, d_out], used as they are, X @ W")
SPLIT_FIXED_AXES = cause("ex11_split_fixed_axes",
                         "split_heads transposed fixed axes (`transpose(1, 2)`), which are the "
                         "positions and the heads only with exactly one batch dimension: count "
                         "from the end, `transpose(-3, -2)`")
MERGE_FIXED_AXES = cause("ex11_merge_fixed_axes",
                         "merge_heads transposed fixed axes (`transpose(1, 2)`), which are the "
                         "heads and the positions only with exactly one batch dimension: count "
                         "from the end, `transpose(-3, -2)`")
MERGE_NO_TRANSPOSE = cause("ex11_merge_without_transpose",
                           "merge_heads reshaped [..., h, n, d_head] straight to "
                           "[..., n, h * d_head] without first moving the positions back in "
                           "front of the heads")
MERGE_INTERLEAVED = cause("ex11_merge_interleaved",
                          "merge_heads moved the heads to the end ([..., n, d_head, h]) before "
                          "flattening, so the heads' columns interleave; head i fills columns "
                          "i * d_head to (i + 1) * d_head - 1: move the heads next to the "
                          "positions ([..., n, h, d_head], transpose(-3, -2)) and flatten")
W_O_T = cause("ex11_w_o_transposed", "the merged heads multiplied by W_O.T: W_O is used as it is "
                                    "(row convention, output = merged @ W_O)")
NO_W_O = cause("ex11_no_w_o", "the merged heads were returned without the output projection W_O")
W_O_BEFORE = cause("ex11_w_o_before_merge",
                   "W_O was applied before the heads were merged (to the values inside the "
                   "heads) instead of to the merged output")
WEIGHTS_AVERAGED = cause("ex11_weights_averaged",
                         "the weights were averaged over the heads ([..., n_q, n_k]) instead of "
                         "returned per head ([..., h, n_q, n_k])")
MASK_NOT_BROADCAST = cause("ex11_mask_not_broadcast",
                           "a batched mask [B, n_q, n_k] lined up with the heads instead of the "
                           "batch: its batch axis met the heads' axis, which happens with no "
                           "head axis or with one in front (`unsqueeze(0)`); the head axis of "
                           "size 1 goes just before the last two, `mask.unsqueeze(-3)`")
OVERLAPPING_HEADS = cause("ex11_overlapping_heads",
                          "heads taken from overlapping slices, head i from columns i to "
                          "i + d_head - 1 (`Q[..., i:i+d_head]`): each head starts one "
                          "column after the one before, and the last columns are never used; "
                          "head i owns columns i*d_head to (i+1)*d_head - 1, "
                          "`Q[..., i*d_head:(i+1)*d_head]`")

FIX_MASK = N_("give the mask a head dimension of size 1: mask.unsqueeze(-3)")


# ------------------------------------------------------- the classic mistakes, built
def _split(X, h):
    return X.reshape(*X.shape[:-1], h, X.shape[-1] // h).transpose(-3, -2)


def _split_interleaved(X, h):
    return X.reshape(*X.shape[:-1], X.shape[-1] // h, h).movedim(-1, -3)


def _split_no_transpose(X, h):
    return X.reshape(*X.shape[:-2], h, X.shape[-2], X.shape[-1] // h)


def _split_view_flat(X, h):  # X.view(-1, h, n, d_head)
    return X.reshape(-1, h, X.shape[-2], X.shape[-1] // h)


def _split_overlapping(X, h):  # torch.stack([X[..., i:i + d_head] for i in range(h)], -3)
    d_head = X.shape[-1] // h
    return torch.stack([X[..., i:i + d_head] for i in range(h)], dim=-3)


def _split_heads_after(X, h):  # X.view(*batch, n, h, d_head), never transposed
    return X.reshape(*X.shape[:-1], h, X.shape[-1] // h)


def _merge_heads_after(X):  # its inverse: [..., n, h, d_head] -> [..., n, h * d_head]
    return X.reshape(*X.shape[:-2], X.shape[-2] * X.shape[-1])


def _split_fixed(X, h):
    return X.reshape(*X.shape[:-1], h, X.shape[-1] // h).transpose(1, 2)


def _merge_fixed(X):
    return X.transpose(1, 2).reshape(*X.shape[:-3], X.shape[-2], X.shape[-3] * X.shape[-1])


def _merge(X):
    return X.transpose(-3, -2).reshape(*X.shape[:-3], X.shape[-2], X.shape[-3] * X.shape[-1])


def _merge_no_transpose(X):
    return X.reshape(*X.shape[:-3], X.shape[-2], X.shape[-3] * X.shape[-1])


def _merge_interleaved(X):
    Y = X.movedim(-3, -1)  # [..., n, d_head, h]
    return Y.reshape(*Y.shape[:-2], Y.shape[-2] * Y.shape[-1])


def _mha(X_q, X_kv, W, h, mask=None, split=_split, merge=_merge, scale=None, w_o="after",
         head_mask=True, softmax_dim=-1, softmax=torch.softmax):
    """Multi-head attention, or a classic mistake in it; (None, None) if it cannot run."""
    W_Q, W_K, W_V, W_O = W
    try:
        V = X_kv @ W_V
        if w_o == "before":
            V = V @ W_O
        Q, K, V = split(X_q @ W_Q, h), split(X_kv @ W_K, h), split(V, h)
        d = Q.shape[-1] if scale is None else scale
        scores = Q @ K.transpose(-2, -1) / math.sqrt(d)
        if mask is not None:
            if head_mask and mask.dim() >= 2:
                mask = mask.unsqueeze(-3)
            scores = scores.masked_fill(mask == 0, float("-inf"))
        weights = softmax(scores, dim=softmax_dim)
        out = merge(weights @ V)
        if w_o == "transposed":
            return out @ W_O.transpose(-2, -1), weights
        return (out @ W_O if w_o == "after" else out), weights
    except RuntimeError:
        return None, None


@made_once
def _suspects(X_q, X_kv, W, h, mask=None) -> dict:
    """Each classic mistake with the (output, weights) it gives on these inputs."""
    d_model = X_q.shape[-1]
    found = {INTERLEAVED: _mha(X_q, X_kv, W, h, mask, split=_split_interleaved),
             SPLIT_NO_TRANSPOSE: _mha(X_q, X_kv, W, h, mask, split=_split_no_transpose),
             MERGE_NO_TRANSPOSE: _mha(X_q, X_kv, W, h, mask, merge=_merge_no_transpose),
             MERGE_INTERLEAVED: _mha(X_q, X_kv, W, h, mask, merge=_merge_interleaved),
             SCALE_D_MODEL: _mha(X_q, X_kv, W, h, mask, scale=d_model),
             NO_SCALING: _mha(X_q, X_kv, W, h, mask, scale=1),
             NO_W_O: _mha(X_q, X_kv, W, h, mask, w_o="none"),
             W_O_BEFORE: _mha(X_q, X_kv, W, h, mask, w_o="before"),
             W_O_T: _mha(X_q, X_kv, W, h, mask, w_o="transposed"),
             SOFTMAX_QUERIES: _mha(X_q, X_kv, W, h, mask, softmax_dim=-2),
             SHIFT_ABS: _mha(X_q, X_kv, W, h, mask, softmax=abs_shift_softmax),
             OVERLAPPING_HEADS: _mha(X_q, X_kv, W, h, mask, split=_split_overlapping),
             ACROSS_HEADS: _mha(X_q, X_kv, W, h, mask, split=_split_heads_after,
                                merge=_merge_heads_after)}
    if X_q.dim() != 3:  # with one batch dimension, axes 1 and 2 are the right ones
        found[SPLIT_FIXED_AXES] = _mha(X_q, X_kv, W, h, mask, split=_split_fixed)
        found[MERGE_FIXED_AXES] = _mha(X_q, X_kv, W, h, mask, merge=_merge_fixed)
        # (with one, view(-1, h, n, d_head) is the split without a transpose)
        found[SPLIT_VIEW_FLAT] = _mha(X_q, X_kv, W, h, mask, split=_split_view_flat)
    d_head = d_model // h
    found[BY_D_HEAD(d_head=d_head)] = _mha(X_q, X_kv, W, h, mask, scale=d_head ** 2)
    quarter = d_head / 4  # Q and K each divided by it: the scores by its square
    found[QUARTER_HEAD(quarter=quarter, square=quarter ** 2)] = _mha(X_q, X_kv, W, h, mask,
                                                                     scale=quarter ** 4)
    found[ALL_TRANSPOSED] = _mha(X_q, X_kv, tuple(w.transpose(-2, -1) for w in W), h, mask)
    for mistake, slipped in projection_slips(*W[:3]).items():
        found[mistake] = _mha(X_q, X_kv, (*slipped, W[3]), h, mask)
    if mask is not None:
        found[MASK_IGNORED] = _mha(X_q, X_kv, W, h)
        found[MASK_INVERTED] = _mha(X_q, X_kv, W, h, mask == 0)
        found[MASK_UNSQUEEZE_1] = _mha(X_q, X_kv, W, h, mask.unsqueeze(1), head_mask=False)
    weights = _mha(X_q, X_kv, W, h, mask)[1]
    found[WEIGHTS_AVERAGED] = (None, weights.mean(-3))
    if mask is not None and mask.dim() >= 3:
        found[MASK_NOT_BROADCAST] = _mha(X_q, X_kv, W, h, mask, head_mask=False)
    if X_kv is not X_q:  # cross-attention written as self-attention
        found[KV_FROM_QUERIES] = _mha(X_q, X_q, W, h, mask)
    return found


def _weights(gen, d_model, dtype=torch.float32):
    """W_Q, W_K, W_V, W_O: [d_model, d_model], scaled so that the scores stay moderate."""
    return tuple(randn(gen, d_model, d_model, dtype=dtype, scale=1 / math.sqrt(d_model))
                 for _ in range(4))


MASK_CODE = {r"mask\.unsqueeze\(\s*1\s*\)": MASK_UNSQUEEZE_1}


def _check(learner, ref, X_q, X_kv, W, h, mask=None, output=True, weights=True):
    learner.expect(MASK_CODE)
    got = learner.multi_head_attention(X_q, X_kv, *W, h, mask)
    out, w = compare.pair(got)
    expected = ref.multi_head_attention(X_q, X_kv, *W, h, mask)
    suspects = compare.once(lambda: _suspects(X_q, X_kv, W, h, mask))
    if output:
        compare.close(out, expected[0], what="the output",
                      suspects=lambda: {k: v[0] for k, v in suspects().items()})
    if weights:
        compare.close(w, expected[1], what="the weights",
                      suspects=lambda: {k: v[1] for k, v in suspects().items()})


# -------------------------------------------------------------- split and merge
@case("split_heads: [5, 12] into h=4 heads gives [4, 5, 3], head i holding columns 3i to 3i+2")
def test_split_layout(learner, ref, gen):
    X = randn(gen, 5, 12)
    compare.close(learner.split_heads(X, 4), ref.split_heads(X, 4), exact=True,
                  suspects={INTERLEAVED: _split_interleaved(X, 4),
                            SPLIT_NO_TRANSPOSE: _split_no_transpose(X, 4),
                            SPLIT_FIXED_AXES: _split_fixed(X, 4),
                            SPLIT_VIEW_FLAT: _split_view_flat(X, 4),
                            HEADS_AFTER: X.reshape(5, 4, 3)})


@case("split_heads keeps two leading batch dimensions: [2, 3, 5, 6] into h=2")
def test_split_batch2(learner, ref, gen):
    X = randn(gen, 2, 3, 5, 6)
    compare.close(learner.split_heads(X, 2), ref.split_heads(X, 2), exact=True,
                  suspects={INTERLEAVED: _split_interleaved(X, 2),
                            SPLIT_NO_TRANSPOSE: _split_no_transpose(X, 2),
                            SPLIT_VIEW_FLAT: _split_view_flat(X, 2),
                            HEADS_AFTER: X.reshape(2, 3, 5, 2, 3)})


@property_case("split_heads raises ValueError when h does not divide d_model (d_model=6, h=4)")
def test_split_value_error(learner, gen):
    raises_value_error(learner, "split_heads", randn(gen, 5, 6), 4, likely=NO_VALUE_ERROR,
                       expected="ValueError: 4 heads cannot share 6 columns evenly")
    X = randn(gen, 5, 6)
    values_correct(learner, "split_heads", learner.split_heads(X, 3), X, 3)


@case("merge_heads: [4, 5, 3] gives [5, 12], head i filling columns 3i to 3i+2")
def test_merge_layout(learner, ref, gen):
    X = randn(gen, 4, 5, 3)
    compare.close(learner.merge_heads(X), ref.merge_heads(X), exact=True,
                  suspects={MERGE_NO_TRANSPOSE: _merge_no_transpose(X),
                            MERGE_INTERLEAVED: _merge_interleaved(X),
                            MERGE_FIXED_AXES: _merge_fixed(X)})


@property_case("merge_heads undoes split_heads: a round trip with a batch dimension gives X back")
def test_round_trip(learner, gen):
    X = randn(gen, 3, 5, 12)
    split = compare.tensor(learner.split_heads(X, 4), what=compare.code("split_heads(X, 4)"))
    compare.close(learner.merge_heads(split), X, exact=True,
                  what=compare.code("merge_heads(split_heads(X, 4))"),
                  suspects={MERGE_NO_TRANSPOSE: _merge_no_transpose(split),
                            MERGE_INTERLEAVED: _merge_interleaved(split)})
    values_correct(learner, "split_heads", split, X, 4)


# ------------------------------------------------------------ multi-head attention
@property_case("returns (output, weights): output [5, 8] and weights [4, 5, 7] for h=4")
def test_returns_pair(learner, ref, gen):
    args = (randn(gen, 5, 8), randn(gen, 7, 8), *_weights(gen, 8), 4)
    result = learner.multi_head_attention(*args)
    out, weights = compare.pair(result)
    compare.shape(compare.tensor(out, what="the output"), (5, 8), what="the output")
    weights = compare.tensor(weights, what="the weights")
    averaged = ref.multi_head_attention(*args)[1].mean(-3)
    likely = WEIGHTS_AVERAGED if weights.shape == averaged.shape and torch.allclose(
        weights.detach().double(), averaged.double(), atol=1e-5) else ""
    compare.shape(weights, (4, 5, 7), what="the weights", likely=likely)
    values_correct(learner, "multi_head_attention", result, *args)


@case("h=1 with W_O the identity is exercise 08's attention after the projections")
def test_one_head(learner, gen):
    X_q, X_kv = randn(gen, 4, 6), randn(gen, 7, 6)
    W = (*_weights(gen, 6)[:3], torch.eye(6))
    Q, K, V = X_q @ W[0], X_kv @ W[1], X_kv @ W[2]
    weights = torch.softmax(Q @ K.T / math.sqrt(6), dim=-1)
    out, w = compare.pair(learner.multi_head_attention(X_q, X_kv, *W, 1))
    compare.close(out, weights @ V, what="the output",
                  suspects={NO_SCALING: _mha(X_q, X_kv, W, 1, scale=1)[0]})
    compare.close(w, weights.unsqueeze(0), what="the weights",
                  suspects={WEIGHTS_AVERAGED: weights})


@case("h=2, d_model=6, n_q=4, n_k=7: the output")
def test_output_h2(learner, ref, gen):
    _check(learner, ref, randn(gen, 4, 6), randn(gen, 7, 6), _weights(gen, 6), 2, weights=False)


@case("h=4, d_model=8, n_q=5, n_k=7: the weights of every head")
def test_weights_h4(learner, ref, gen):
    _check(learner, ref, randn(gen, 5, 8), randn(gen, 7, 8), _weights(gen, 8), 4, output=False)


@case("self-attention (X_q and X_kv the same) with a batch of 3, h=2")
def test_self_batch1(learner, ref, gen):
    X = randn(gen, 3, 5, 6)
    _check(learner, ref, X, X, _weights(gen, 6), 2)


@case("two leading batch dimensions (2 x 3), h=4, d_model=8")
def test_batch2(learner, ref, gen):
    _check(learner, ref, randn(gen, 2, 3, 5, 8), randn(gen, 2, 3, 7, 8), _weights(gen, 8), 4)


@property_case("every row of every head's weights sums to 1")
def test_rows_sum_to_one(learner, gen):
    learner.property_case()
    args = (randn(gen, 3, 5, 8), randn(gen, 3, 7, 8), *_weights(gen, 8), 4)
    got = learner.multi_head_attention(*args)
    rows_sum_to_one(got)
    values_correct(learner, "multi_head_attention", got, *args)


# ------------------------------------------------------------------------ masks
@case("a bool mask [4, 7] is the same for every head: blocked weights are exactly 0")
def test_mask_blocked_zero(learner, gen):
    learner.property_case()
    mask = rand_mask(gen, 4, 7)
    learner.expect(MASK_CODE)
    args = (randn(gen, 4, 6), randn(gen, 7, 6), *_weights(gen, 6), 2, mask)
    got = learner.multi_head_attention(*args)
    blocked_weights_are_zero(got, (~mask).expand(2, 4, 7))
    values_correct(learner, "multi_head_attention", got, *args)


def _mismatch(message: str) -> tuple | None:
    """The sizes and the dimension of a broadcast error ("The size of tensor a (2) must
    match the size of tensor b (3) at non-singleton dimension 1"), or None."""
    found = torch_words.BROADCAST_MISMATCH.search(message or "")
    return found.groups() if found else None


def _mask_without_head_axis_error(X_q, X_kv, W, h, mask) -> str:
    """The error the mistake itself raises on these inputs (a mask given no head axis)."""
    W_Q, W_K, _, _ = W
    try:
        scores = _split(X_q @ W_Q, h) @ _split(X_kv @ W_K, h).transpose(-2, -1)
        scores.masked_fill(mask == 0, float("-inf"))
    except RuntimeError as exc:
        return str(exc)
    return ""


@case("a batched mask [3, 4, 7] with h=2 follows the batch of 3, the same for every head")
def test_batched_mask_not_h(learner, ref, gen):
    X_q, X_kv, W = randn(gen, 3, 4, 6), randn(gen, 3, 7, 6), _weights(gen, 6)
    mask = rand_mask(gen, 3, 4, 7)
    try:
        _check(learner, ref, X_q, X_kv, W, 2, mask)
    except LearnerProblem as problem:
        # evidence: the line that raised uses the mask, the error is a broadcast of
        # mismatched sizes, and the mistake itself fails on these inputs
        line = str(problem.frames[-1].get("code", "")) if problem.frames else ""
        if (problem.kind == Problem.EXCEPTION and problem.error_type == "RuntimeError"
                and re.search(r"\bmask\b", line)
                and _mismatch(problem.message) is not None
                and _mismatch(problem.message) == _mismatch(_mask_without_head_axis_error(
                    X_q, X_kv, W, 2, mask))):
            raise CaseFailure(t("{func} raised {error_type}", func="multi_head_attention",
                                error_type=problem.error_type),
                              expected="the mask [3, 4, 7] broadcast to the scores [3, 2, 4, 7]",
                              got=raised(problem), likely=MASK_NOT_BROADCAST, fix=FIX_MASK,
                              check=Check.RAISED) from None
        raise


@case("a batched mask [2, 4, 7] with h=2: each sequence keeps its own mask in every head")
def test_batched_mask_h(learner, ref, gen):
    mask = rand_mask(gen, 2, 4, 7)
    _check(learner, ref, randn(gen, 2, 4, 6), randn(gen, 2, 7, 6), _weights(gen, 6), 2, mask)


@property_case("a 0/1 float64 mask on float32 inputs works like a bool mask and keeps float32")
def test_float_mask(learner, ref, gen):
    learner.property_case()
    mask = rand_mask(gen, 3, 1, 7).double()
    args = (randn(gen, 3, 4, 8), randn(gen, 3, 7, 8), *_weights(gen, 8), 4, mask)
    result = learner.multi_head_attention(*args)
    out, weights = compare.pair(result)
    compare.dtype(compare.tensor(out, what="the output"), torch.float32, what="the output")
    compare.dtype(compare.tensor(weights, what="the weights"), torch.float32, what="the weights")
    values_correct(learner, "multi_head_attention", result, *args)


# ----------------------------------------------------------------------- dtypes
@property_case("float64 in, float64 out")
def test_float64(learner, gen):
    learner.property_case()
    args = (randn(gen, 4, 6, dtype=torch.float64), randn(gen, 7, 6, dtype=torch.float64),
            *_weights(gen, 6, torch.float64), 2)
    result = learner.multi_head_attention(*args)
    out, weights = compare.pair(result)
    compare.dtype(compare.tensor(out, what="the output"), torch.float64, what="the output")
    compare.dtype(compare.tensor(weights, what="the weights"), torch.float64, what="the weights")
    values_correct(learner, "multi_head_attention", result, *args)


@property_case("float16 with a causal mask: the result stays float16 and right")
def test_float16(learner, ref, gen):
    learner.property_case()
    X = randn(gen, 2, 5, 8, dtype=torch.float64)
    W = _weights(gen, 8, torch.float64)
    mask = torch.tril(torch.ones(5, 5, dtype=torch.bool))
    half = [a.half() for a in (X, *W)]
    result = learner.multi_head_attention(half[0], half[0], *half[1:], 2, mask)
    out, weights = compare.pair(result)
    compare.dtype(compare.tensor(out, what="the output"), torch.float16, what="the output")
    expected = ref.multi_head_attention(X, X, *W, 2, mask)  # float64: what float16 approximates
    compare.close(out, expected[0], what="the output", rtol=2e-2, atol=2e-2)
    compare.close(weights, expected[1], what="the weights", rtol=2e-2, atol=2e-2)


# -------------------------------------------------------------- gradients, inputs
@case("gradients flow to X_q, X_kv, W_Q, W_K, W_V and W_O")
def test_gradients(learner, ref, gen):
    args = [randn(gen, 4, 6), randn(gen, 7, 6), *_weights(gen, 6), 2]
    gradients(learner, ref.multi_head_attention, "multi_head_attention", args,
              [0, 1, 2, 3, 4, 5], ["X_q", "X_kv", "W_Q", "W_K", "W_V", "W_O"], gen,
              output_index=0)


@property_case("X_q, X_kv, the four weights and the mask are left unchanged")
def test_inputs_unchanged(learner, gen):
    unchanged(learner, "multi_head_attention",
              ["X_q", "X_kv", "W_Q", "W_K", "W_V", "W_O", "h", "mask"],
              randn(gen, 4, 6), randn(gen, 7, 6), *_weights(gen, 6), 2, rand_mask(gen, 4, 7))


@property_case("the source uses no ready-made attention")
def test_no_ready_made_attention(learner, gen):
    no_forbidden_source(learner, "multi_head_attention", randn(gen, 4, 6), randn(gen, 7, 6),
                        *_weights(gen, 6), 2,
                        expected="attention built from matmul, a softmax and masking")
