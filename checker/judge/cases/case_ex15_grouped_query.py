"""Hidden cases for exercise 15, grouped-query attention (modern attention).

Query head i attends with key/value head i // n_rep (n_rep = h_q // h_kv). The cases use
h_q = 6 with h_kv = 2 or 3, where a repetition in the wrong order (0, 1, 0, 1, ...) and a
count mistaken for another (n_rep for h_kv) give different results, besides h_kv = h_q
(multi-head attention) and h_kv = 1 (multi-query attention).
"""
import re
from dataclasses import replace

import torch

from checker import torch_words
from checker.engine.problems import Problem
from checker.engine.supervisor import LearnerProblem
from checker.i18n import N_, t
from checker.judge import causes, compare
from checker.judge.cases import mistakes
from checker.judge.cases.attention_support import (blocked_weights_are_zero, rows_sum_to_one,
                                                   sdpa, suspects_for)
from checker.judge.cases.beyond_support import on_meta, raised, raises_value_error
from checker.judge.cases.support import (BATCH1, D_K, D_V, N_K, N_Q, case, cause, gradients,
                                         made_once, no_forbidden_source, property_case,
                                         rand_mask, randn, unchanged, values_correct)
from checker.judge.compare import CaseFailure
from checker.judge.results import Check

# ------------------------------------------------------------------ likely causes
HEADS_TILED = cause("ex15_heads_tiled",
                    "the key/value heads repeated as a whole block (0, 1, 0, 1, ...: `repeat`, "
                    "`tile`, `torch.cat([X] * n_rep)`, or the head index i % h_kv), so query "
                    "head i met key/value head i % h_kv; each head is repeated n_rep times in a "
                    "row (0, 0, 1, 1, ...: `repeat_interleave(n_rep, dim=-3)`), query head i "
                    "uses key/value head i // n_rep")
FIXED_AXIS = cause("ex15_repeat_fixed_axis",
                   "the heads repeated along dim 1 (`repeat_interleave(n_rep, dim=1)`), which is "
                   "the heads' axis only with exactly one batch dimension ([B, h_kv, n, d]): "
                   "count from the end, dim=-3")
N_REP_ACCEPTED = cause("ex15_n_rep_accepted",
                       "repeat_kv does not raise ValueError for n_rep < 1 (n_rep = 0 leaves no "
                       "heads at all): check `n_rep < 1` first")
KV_UNCHECKED = cause("ex15_kv_heads_unchecked",
                     "grouped_query_attention does not raise ValueError when K and V have "
                     "different numbers of heads: compare K.size(-3) with V.size(-3) first")
NOT_DIVIDING = cause("ex15_h_kv_not_dividing",
                     "grouped_query_attention does not raise ValueError when h_kv does not divide "
                     "h_q: 6 query heads cannot be shared out evenly among 4 key/value heads; "
                     "check `h_q % h_kv != 0` first")
K_NOT_REPEATED = cause("ex15_k_not_repeated",
                       "K kept its h_kv heads where the scores need the h_q query heads: Q @ Kᵀ "
                       "cannot pair them; repeat K with repeat_kv before the scores, as V")
V_NOT_REPEATED = cause("ex15_v_not_repeated",
                       "V kept its h_kv heads while K was repeated to the h_q query heads, so "
                       "the weights [..., h_q, n_q, n_k] cannot meet V [..., h_kv, n_k, d_v]; "
                       "repeat V with repeat_kv as well")
MASK_HEAD_AXIS = cause("ex15_mask_head_axis",
                       "the mask was given a head axis of its own (`mask.unsqueeze(-3)`, as in "
                       "exercise 11): here the mask already lines up with the scores [..., h_q, "
                       "n_q, n_k], so a mask with one per head moved its heads in front of the "
                       "scores' heads; use the mask as it is")
# the scaling mistake of 11 in this exercise's words: the model's width is h_q heads wide
SCALE_WIDTH = replace(mistakes.SCALE_D_MODEL,
                      text=N_("scores divided by √(h_q · d_k), the width of all the query heads "
                              "together, instead of √d_k, one head's width"))

H_Q, H_KV = 6, 2  # six query heads in two groups of three


# ------------------------------------------------------------ the computations
def _repeat(X, n_rep):
    return X.repeat_interleave(n_rep, dim=-3)  # [..., h_kv * n_rep, n, d]


def _tiled(X, n_rep):
    return torch.cat([X] * n_rep, dim=-3)  # heads 0, 1, 0, 1, ...


def _fixed_axis(X, n_rep):
    return X.repeat_interleave(n_rep, dim=1)


@made_once
def _repeat_suspects(X, n_rep) -> dict:
    found = {HEADS_TILED: _tiled(X, n_rep)}
    if X.dim() != 4:  # with one batch dimension, dim 1 is the heads
        found[FIXED_AXIS] = _fixed_axis(X, n_rep)
    return found


def _per_head(Q, K, V, mask=None):
    """The definition, head by head in float64: query head i with key/value head
    i // n_rep; (output, weights) in Q's dtype."""
    h_q, h_kv = Q.shape[-3], K.shape[-3]
    n_rep = h_q // h_kv
    q, k, v = Q.double(), K.double(), V.double()
    if mask is not None:  # [..., h_q, n_q, n_k]
        mask = torch.broadcast_to(mask, (*Q.shape[:-3], h_q, Q.shape[-2], K.shape[-2]))
    outs, weights = [], []
    for i in range(h_q):
        out, w = sdpa(q[..., i, :, :], k[..., i // n_rep, :, :], v[..., i // n_rep, :, :],
                      None if mask is None else mask[..., i, :, :])
        outs.append(out)
        weights.append(w)
    return torch.stack(outs, -3).to(Q.dtype), torch.stack(weights, -3).to(Q.dtype)


@made_once
def _suspects(Q, K, V, mask=None) -> dict:
    """Each classic mistake with the (output, weights) it gives on these inputs."""
    h_q, h_kv, d_k = Q.shape[-3], K.shape[-3], Q.shape[-1]
    n_rep = h_q // h_kv
    K_r, V_r = _repeat(K, n_rep), _repeat(V, n_rep)  # [..., h_q, n_k, d]
    found = suspects_for(Q, K_r, V_r, mask)  # 08's mistakes, in every head
    found[HEADS_TILED] = sdpa(Q, _tiled(K, n_rep), _tiled(V, n_rep), mask)
    found[SCALE_WIDTH] = sdpa(Q, K_r, V_r, mask, scale=h_q * d_k)
    if mask is not None and mask.dim() >= 3:
        found[MASK_HEAD_AXIS] = sdpa(Q, K_r, V_r, mask.unsqueeze(-3))
    if Q.dim() == 3:  # no batch: dim 1 is the positions
        found[FIXED_AXIS] = sdpa(Q, _fixed_axis(K, n_rep), _fixed_axis(V, n_rep), mask)
    return found


def _error_of(compute) -> str:
    """The message of the error that ``compute()`` raises ("" when it raises none)."""
    try:
        compute()
    except RuntimeError as exc:
        return str(exc)
    return ""


def _mismatch(message: str) -> tuple | None:
    found = torch_words.BROADCAST_MISMATCH.search(message or "")
    return found.groups() if found else None


def _not_repeated(problem: LearnerProblem, Q, K, V):
    """K or V left with its h_kv heads: the learner's error is the broadcast error that
    mistake raises on these inputs (the same sizes at the same dimension), raised on a
    line that uses that tensor; None when the error shows neither."""
    if problem.kind != Problem.EXCEPTION or problem.error_type != "RuntimeError" \
            or not problem.frames:
        return None
    sizes = _mismatch(problem.message)
    if sizes is None:
        return None
    line = str(problem.frames[-1].get("code", ""))
    weights = torch.empty(*Q.shape[:-1], K.shape[-2], dtype=Q.dtype)  # [..., h_q, n_q, n_k]
    found = []
    if re.search(r"\b[Kk]\b", line) and \
            sizes == _mismatch(_error_of(lambda: Q @ K.transpose(-2, -1))):
        found.append(K_NOT_REPEATED)
    if re.search(r"\b[Vv]\b", line) and sizes == _mismatch(_error_of(lambda: weights @ V)):
        found.append(V_NOT_REPEATED)
    return causes.candidates(found)


def _call(learner, Q, K, V, mask=None):
    """The learner's result; an error that proves K or V was not repeated is said so."""
    try:
        return learner.grouped_query_attention(Q, K, V, mask)
    except LearnerProblem as problem:
        found = _not_repeated(problem, Q, K, V)
        if found is None:
            raise
        raise CaseFailure(t("{func} raised {error_type}", func="grouped_query_attention",
                            error_type=problem.error_type),
                          expected=t("K and V repeated to the {h_q} query heads",
                                     h_q=Q.shape[-3]),
                          got=raised(problem), likely=found, check=Check.RAISED) from None


# the line that made the mask, for an error where a mask with heads meets the scores
MASK_CODE = {r"mask\.unsqueeze\(\s*-3\s*\)": MASK_HEAD_AXIS,
             r"mask\.unsqueeze\(\s*1\s*\)": mistakes.MASK_UNSQUEEZE_1}


def _check(learner, ref, Q, K, V, mask=None, expected=None, output=True, weights=True):
    if mask is not None and mask.dim() >= 3:  # a 2-D mask takes a head axis harmlessly
        learner.expect(MASK_CODE)
    got = _call(learner, Q, K, V, mask)
    out, w = compare.pair(got)
    expected = expected or ref.grouped_query_attention(Q, K, V, mask)
    suspects = compare.once(lambda: _suspects(Q, K, V, mask))
    if output:
        compare.close(out, expected[0], what="the output",
                      suspects=lambda: {k: v[0] for k, v in suspects().items()})
    if weights:
        compare.close(w, expected[1], what="the weights",
                      suspects=lambda: {k: v[1] for k, v in suspects().items()})
    return got


def _qkv(gen, batch=(), h_q=H_Q, h_kv=H_KV, n_q=N_Q, n_k=N_K, d_k=D_K, d_v=D_V,
         dtype=torch.float32, scale=1.0):
    return (randn(gen, *batch, h_q, n_q, d_k, dtype=dtype, scale=scale),
            randn(gen, *batch, h_kv, n_k, d_k, dtype=dtype, scale=scale),
            randn(gen, *batch, h_kv, n_k, d_v, dtype=dtype))


# ------------------------------------------------------------------ repeat_kv
def _check_repeat(learner, ref, X, n_rep):
    compare.close(learner.repeat_kv(X, n_rep), ref.repeat_kv(X, n_rep), exact=True,
                  suspects=lambda: _repeat_suspects(X, n_rep))


@case("repeat_kv: 2 key/value heads [2, 7, 5] repeated 3 times give [6, 7, 5], head j a copy "
      "of head j // 3")
def test_repeat_order(learner, ref, gen):
    _check_repeat(learner, ref, randn(gen, 2, N_K, D_K), 3)


@case("repeat_kv with two leading batch dimensions: [2, 3, 3, 7, 5] repeated twice")
def test_repeat_batch2(learner, ref, gen):
    _check_repeat(learner, ref, randn(gen, 2, 3, 3, N_K, D_K), 2)


@case("repeat_kv with n_rep = 1 gives a tensor equal to X")
def test_repeat_once(learner, gen):
    X = randn(gen, BATCH1[0], 2, N_K, D_V)
    compare.close(learner.repeat_kv(X, 1), X, exact=True)


@property_case("repeat_kv raises ValueError for n_rep = 0 and for n_rep = -1")
def test_repeat_value_error(learner, gen):
    X = randn(gen, 2, N_K, D_K)
    for n_rep in (0, -1):
        raises_value_error(learner, "repeat_kv", X, n_rep, likely=N_REP_ACCEPTED,
                           expected=t("ValueError for n_rep = {n_rep}",
                                      n_rep=n_rep))
    values_correct(learner, "repeat_kv", learner.repeat_kv(X, 2), X, 2)


# ------------------------------------------------------ the definition, per head
@case("h_kv = h_q = 6 is multi-head attention: head i with its own key/value head")
def test_mha(learner, ref, gen):
    Q, K, V = _qkv(gen, h_kv=H_Q)
    _check(learner, ref, Q, K, V, expected=_per_head(Q, K, V))


@case("6 query heads, 2 key/value heads: query head i attends with key/value head i // 3")
def test_gqa(learner, ref, gen):
    Q, K, V = _qkv(gen)
    _check(learner, ref, Q, K, V, expected=_per_head(Q, K, V))


@case("h_kv = 1 is multi-query attention: 6 query heads share one key/value head")
def test_mqa(learner, ref, gen):
    Q, K, V = _qkv(gen, h_kv=1)
    _check(learner, ref, Q, K, V, expected=_per_head(Q, K, V))


@case("6 query heads, 3 key/value heads, a batch of 3: the output")
def test_gqa_batch1(learner, ref, gen):
    _check(learner, ref, *_qkv(gen, BATCH1, h_kv=3), weights=False)


@case("two leading batch dimensions (2 x 3), 4 query heads, 2 key/value heads")
def test_gqa_batch2(learner, ref, gen):
    _check(learner, ref, *_qkv(gen, (2, 3), h_q=4))


@property_case("every row of every head's weights sums to 1")
def test_rows_sum_to_one(learner, gen):
    learner.property_case()
    args = _qkv(gen, BATCH1)
    got = _call(learner, *args)
    rows_sum_to_one(got)
    values_correct(learner, "grouped_query_attention", got, *args)


# ------------------------------------------------------------------------ masks
@case("a bool mask [4, 7] is the same for every head: blocked weights are exactly 0")
def test_mask_blocked_zero(learner, ref, gen):
    Q, K, V = _qkv(gen)
    mask = rand_mask(gen, N_Q, N_K)
    got = _check(learner, ref, Q, K, V, mask, expected=_per_head(Q, K, V, mask))
    blocked_weights_are_zero(got, (~mask).expand(H_Q, N_Q, N_K))


@case("a mask [6, 4, 7] with one per query head")
def test_mask_per_head(learner, ref, gen):
    Q, K, V = _qkv(gen)
    mask = rand_mask(gen, H_Q, N_Q, N_K)
    _check(learner, ref, Q, K, V, mask, expected=_per_head(Q, K, V, mask))


@case("a mask [2, 6, 4, 7] with one per sequence and query head, in a batch of 2")
def test_mask_per_sequence_and_head(learner, ref, gen):
    mask = rand_mask(gen, 2, H_Q, N_Q, N_K)
    _check(learner, ref, *_qkv(gen, (2,)), mask)


@case("a causal mask (n_q = n_k = 5) with 6 query heads and 3 key/value heads")
def test_causal_mask(learner, ref, gen):
    mask = torch.tril(torch.ones(5, 5, dtype=torch.bool))
    _check(learner, ref, *_qkv(gen, BATCH1, h_kv=3, n_q=5, n_k=5), mask)


@case("a [7] key mask broadcasts over the heads and a batch of 2")
def test_key_mask_broadcast(learner, ref, gen):
    mask = torch.tensor([True, False, True, True, False, True, True])
    _check(learner, ref, *_qkv(gen, (2,)), mask)


@property_case("a 0/1 float64 mask on float32 inputs works like a bool mask and keeps float32")
def test_float_mask(learner, ref, gen):
    learner.property_case()
    args = (*_qkv(gen), rand_mask(gen, N_Q, N_K).double())
    out, weights = compare.pair(_call(learner, *args))
    compare.dtype(compare.tensor(out, what="the output"), torch.float32, what="the output")
    compare.dtype(compare.tensor(weights, what="the weights"), torch.float32, what="the weights")
    _check(learner, ref, *args)


# ----------------------------------------------------------------------- dtypes
@property_case("float64 in, float64 out")
def test_float64(learner, gen):
    learner.property_case()
    args = _qkv(gen, dtype=torch.float64)
    result = _call(learner, *args)
    out, weights = compare.pair(result)
    compare.dtype(compare.tensor(out, what="the output"), torch.float64, what="the output")
    compare.dtype(compare.tensor(weights, what="the weights"), torch.float64, what="the weights")
    values_correct(learner, "grouped_query_attention", result, *args)


@property_case("float16 with a causal mask and scores of a few tens: the result stays float16 "
               "and right")
def test_float16(learner, gen):
    learner.property_case()
    Q, K, V = _qkv(gen, BATCH1, n_q=5, n_k=5, d_k=8, dtype=torch.float64, scale=2.5)
    mask = torch.tril(torch.ones(5, 5, dtype=torch.bool))
    result = _call(learner, Q.half(), K.half(), V.half(), mask)
    out, weights = compare.pair(result)
    for item, what in ((out, "the output"), (weights, "the weights")):
        compare.dtype(compare.tensor(item, what=what), torch.float16, what=what)
    expected = _per_head(Q, K, V, mask)  # float64: what float16 approximates
    compare.close(out, expected[0], what="the output", rtol=2e-2, atol=2e-2)
    compare.close(weights, expected[1], what="the weights", rtol=2e-2, atol=2e-2)


@property_case("large inputs (scores in the hundreds, float64) stay finite and right")
def test_large_inputs(learner, ref, gen):
    _check(learner, ref, *_qkv(gen, dtype=torch.float64, scale=8.0))


# ------------------------------------------------------------------- bad heads
@property_case("ValueError when K and V have different numbers of heads (K 2, V 3 or K 3, V 2)")
def test_kv_heads_differ(learner, gen):
    Q = randn(gen, H_Q, N_Q, D_K)
    for h_k, h_v in ((2, 3), (3, 2)):
        raises_value_error(learner, "grouped_query_attention", Q, randn(gen, h_k, N_K, D_K),
                           randn(gen, h_v, N_K, D_V), likely=KV_UNCHECKED,
                           expected=t("ValueError: K has {h_k} heads, V has {h_v}", h_k=h_k,
                                      h_v=h_v))
    args = _qkv(gen)
    values_correct(learner, "grouped_query_attention", _call(learner, *args), *args)


@property_case("ValueError when h_kv does not divide h_q (6 query heads, 4 key/value heads)")
def test_not_dividing(learner, gen):
    raises_value_error(learner, "grouped_query_attention", *_qkv(gen, h_kv=4),
                       likely=NOT_DIVIDING,
                       expected="ValueError: 4 key/value heads cannot be shared by 6 query "
                                "heads evenly")
    args = _qkv(gen)
    values_correct(learner, "grouped_query_attention", _call(learner, *args), *args)


# -------------------------------------------------------------- gradients, inputs
@case("gradients flow to Q, K and V (each key/value head collects its group's)")
def test_gradients(learner, ref, gen):
    gradients(learner, ref.grouped_query_attention, "grouped_query_attention",
              list(_qkv(gen)), [0, 1, 2], ["Q", "K", "V"], gen, output_index=0)


@property_case("Q, K, V and the mask are left unchanged")
def test_inputs_unchanged(learner, gen):
    unchanged(learner, "grouped_query_attention", ["Q", "K", "V", "mask"], *_qkv(gen),
              rand_mask(gen, N_Q, N_K))


def _meta(*shape):
    return torch.empty(*shape, device="meta")


@property_case("on the meta device, repeat_kv and grouped_query_attention stay there")
def test_meta(learner, gen):
    learner.property_case()
    on_meta(learner.repeat_kv(_meta(3, H_KV, N_K, D_K), 3), (3, H_Q, N_K, D_K), "the result")
    mask = torch.ones(N_Q, N_K, dtype=torch.bool, device="meta")
    got = _call(learner, _meta(3, H_Q, N_Q, D_K), _meta(3, H_KV, N_K, D_K),
                _meta(3, H_KV, N_K, D_V), mask)
    out, weights = compare.pair(got)
    on_meta(out, (3, H_Q, N_Q, D_V), "the output")
    on_meta(weights, (3, H_Q, N_Q, N_K), "the weights")
    args = _qkv(gen)
    values_correct(learner, "grouped_query_attention", _call(learner, *args), *args)


@property_case("the source uses no ready-made attention")
def test_no_ready_made_attention(learner, gen):
    no_forbidden_source(learner, "grouped_query_attention", *_qkv(gen),
                        expected="attention built from repeat_kv, matmul, a softmax and "
                                 "masking")
