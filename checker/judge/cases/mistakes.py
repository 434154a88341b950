"""The kit's library of mistakes: each wrong computation defined once, tried everywhere.

A mistake that can happen in several exercises (the scores divided by d_k instead of
√d_k, a softmax over the queries, the mask's complement, a causal mask one diagonal
off...) is defined here once, with one id, and each exercise where it can happen tries
it through the same function, so it is named the same way in 04 and in 12. What each
function returns is what the mistake computes on the case's own inputs (or None when it
cannot even run on them): a cause is named only when the learner's result equals it.
"""
from __future__ import annotations

import math

import torch

from checker.judge.causes import cause
from checker.judge.compare import same

# ------------------------------------------------------------------- scaling
NO_SCALE = cause("attn_no_scale", "attention without dividing by √d_k")
BY_D_K = cause("scale_by_d_k", "the scores divided by d_k = {d_k}: divide by its square root")
TIMES_ROOT = cause("scale_times_root", "the scores multiplied by √d_k = {root:g} instead of "
                                       "divided by it: the larger d_k, the sharper the softmax "
                                       "then; divide by math.sqrt(d_k)")
SCALE_D_MODEL = cause("attn_scale_d_model", "scores divided by √d_model instead of √d_k")
FLOOR_DIVISION = cause("scale_floor_division", "the scores floor-divided (`//`) by √d_k: `//` "
                                               "rounds every score down to a whole number; "
                                               "divide with `/`")
FOURTH_ROOT = cause("scale_fourth_root", "the scores divided by the fourth root of d_k (d_k ** "
                                          "0.25): that factor belongs on Q and on K each, so "
                                          "that their product is divided by √d_k; on the "
                                          "scores the factor is √d_k")
PRECEDENCE = cause("ex04_precedence", "the scores divided by d_k and then by 2: `d_k ** 1/2` "
                                      "means (d_k ** 1) / 2; write d_k ** 0.5")
HALF = cause("ex04_half_d_k", "the scores divided by d_k / 2 = {half:g}: `d_k ** 1/2` means "
                             "(d_k ** 1) / 2, brackets around it or not; write d_k ** 0.5")
QUARTER = cause("scale_quarter_not_root", "Q and K each divided by d_k / 4 = {quarter:g}, so the "
                                          "scores by its square, {square:g}: `d_k ** 1/float(4)` "
                                          "means (d_k ** 1) / 4, not the fourth root; write "
                                          "d_k ** 0.25 (or divide the scores once by √d_k)")
STD_DIVISOR = cause("scale_std", "the scores divided by their own standard deviation "
                                 "(`scores.std()`) instead of √d_k: the divisor is fixed by d_k, "
                                 "whatever the scores are (and one score has no std: NaN)")
SCALE_AFTER_SOFTMAX = cause("attn_scale_after_softmax", "the weights divided by √d_k after the "
                                                        "softmax instead of the scores before it")
SOFTMAX_TWICE = cause("attn_softmax_twice", "a softmax applied twice (the softmax of weights "
                                            "that were already a softmax)")

NO_SHIFT = cause("softmax_no_shift", "exp of scores that were not first shifted down by each "
                                     "row's max value (`x.amax(dim, keepdim=True)`): exp "
                                     "overflows to inf (above about 88 in float32, above about "
                                     "11 in float16) and inf / inf is NaN")
SHIFT_MIN = cause("softmax_shift_min", "each row shifted by its minimum instead of its maximum: "
                                       "exp(x - min) still overflows once a row spans more than "
                                       "about 88, and a -inf entry makes -inf - (-inf) = NaN; "
                                       "subtract the max")
SHIFT_MEAN = cause("softmax_shift_mean", "each row shifted by its mean instead of its maximum: "
                                         "the entries above the mean keep positive exponents, "
                                         "so exp still overflows once a row's max is more than "
                                         "about 88 above its mean (in float32), and a -inf entry "
                                         "makes the mean -inf, so every exponent is NaN or inf; "
                                         "subtract the max, `x.amax(dim, keepdim=True)`")
EXP2 = cause("softmax_exp2", "2 ** x (`torch.exp2`) in place of e ** x: that is the softmax of "
                             "x · ln 2, flatter than the softmax of x; use `torch.exp`, or "
                             "multiply x by log2(e) before `exp2`")
# (each limit a suspect of its own; the text names none: several limits give the same weights)
SCORES_CLAMPED = cause("softmax_scores_clamped", "the scores clamped (`clamp(max=...)`) before "
                                                 "exp instead of shifted by each row's max: "
                                                 "every score above the limit counts as the "
                                                 "limit, so the largest ones get equal weights; "
                                                 "subtract the max (`x - x.amax(dim, "
                                                 "keepdim=True)`)")
# the limits a clamp before exp is written with (exp(88.7) is float32's largest)
CLAMP_LIMITS = (10.0, 20.0, 30.0, 50.0, 60.0, 70.0, 80.0, 85.0, 88.0)
SHIFT_ABS = cause("softmax_shift_abs", "each row shifted by its largest magnitude "
                                       "(`x.abs().amax(dim, keepdim=True)`) instead of its "
                                       "largest value: in a row whose most negative entry is "
                                       "further from 0 than its max (by more than about 88 in "
                                       "float32) every exp underflows to 0, and 0 / 0 is NaN; a "
                                       "-inf entry makes the shift infinite (NaN too); subtract "
                                       "the max itself, `x.amax(dim, keepdim=True)`")
SHIFT_NO_KEEPDIM = cause("softmax_shift_no_keepdim", "each row shifted by a max taken without "
                                                     "keepdim=True: the [..., n] maxima "
                                                     "broadcast along the rows, so column j "
                                                     "loses row j's max; keep the axis "
                                                     "(`amax(-1, keepdim=True)`)")


def unshifted_softmax(scores: torch.Tensor, dim: int = -1) -> torch.Tensor:
    """The softmax written as exp(x) / sum(exp(x)), in the scores' own dtype."""
    e = torch.exp(scores)
    return e / e.sum(dim=dim, keepdim=True)


LOG_SOFTMAX = cause("softmax_log", "the log of the softmax (`log_softmax`) used as the weights: "
                                   "the weights are the softmax itself, positive and summing "
                                   "to 1")


def softmax_mistakes(x: torch.Tensor, dim: int = -1) -> dict:
    """What the hand-written softmax slips give for ``x`` along ``dim``, in x's dtype (NaN
    and inf where they break). A shift by something other than the max gives the softmax
    itself on ordinary rows (it differs only where it overflows or underflows), so a slip
    that equals the softmax on x is left out: a match is evidence. A slip that cannot run
    on x's shape is left out too."""
    def norm(e):
        return e / e.sum(dim=dim, keepdim=True)
    found = {NO_SHIFT: unshifted_softmax(x, dim),
             SHIFT_MIN: norm(torch.exp(x - x.amin(dim, keepdim=True))),
             SHIFT_MEAN: norm(torch.exp(x - x.mean(dim, keepdim=True))),
             SHIFT_ABS: abs_shift_softmax(x, dim),
             EXP2: exp2_softmax(x, dim), LOG_SOFTMAX: torch.log_softmax(x, dim)}
    if x.dim() >= 2 and dim in (-1, x.dim() - 1) and x.shape[-1] == x.shape[-2]:
        found[SHIFT_NO_KEEPDIM] = no_keepdim_softmax(x, -1)  # [..., n] as [..., 1, n]
    if bool((x > CLAMP_LIMITS[0]).any()):  # a clamp shows only where scores pass its limit
        for limit in CLAMP_LIMITS:
            found[SCORES_CLAMPED(limit=limit)] = norm(torch.exp(x.clamp(max=limit)))
    right = torch.softmax(x, dim)
    return {mistake: wrong for mistake, wrong in found.items() if not same(wrong, right)}


def abs_shift_softmax(scores: torch.Tensor, dim: int = -1) -> torch.Tensor:
    """The softmax shifted by the largest magnitude |x| of each row instead of its max."""
    e = torch.exp(scores - scores.abs().amax(dim, keepdim=True))
    return e / e.sum(dim=dim, keepdim=True)


def no_keepdim_softmax(scores: torch.Tensor, dim: int = -1) -> torch.Tensor:
    """The softmax shifted by a max without keepdim (it broadcasts along the rows)."""
    e = torch.exp(scores - scores.amax(dim))
    return e / e.sum(dim=dim, keepdim=True)


def exp2_softmax(scores: torch.Tensor, dim: int = -1) -> torch.Tensor:
    """The softmax with 2 ** x for e ** x."""
    e = torch.exp2(scores - scores.amax(dim, keepdim=True))
    return e / e.sum(dim=dim, keepdim=True)


# ------------------------------------------------------------------- scores
SOFTMAXED = cause("scores_softmaxed", "the scores put through a softmax over the keys (each row "
                                      "then sums to 1): the softmax is a later step of its own "
                                      "(exercise 05, put together in 08); return the scores "
                                      "without it")


def softmaxed(scores: torch.Tensor) -> dict:
    """{SOFTMAXED: the softmax of the right ``scores`` over their last axis}: what a function
    that should return scores gives when it runs the softmax step early."""
    return {SOFTMAXED: torch.softmax(scores, dim=-1)}


K_RESHAPED = cause("k_reshaped", "K reshaped (or viewed) to [..., d_k, n_k] instead of "
                                 "transposed: reshape keeps the order of the entries in memory "
                                 "and only regroups them, so each column of the result mixes "
                                 "parts of several keys; swap the axes with `K.transpose(-2, -1)` "
                                 "(or `K.mT`)")


def reshape_differs(K: torch.Tensor) -> bool:
    """Whether reshaping K to Kᵀ's shape is a mistake of its own: with one key or one feature
    it is the transpose, and for a square K it changes nothing (Q @ K, no transpose)."""
    n_k, d_k = K.shape[-2:]
    return min(n_k, d_k) > 1 and n_k != d_k


def reshaped_as_transpose(K: torch.Tensor) -> torch.Tensor:
    """What ``K.reshape(*batch, d_k, n_k)`` gives: the shape of Kᵀ, not its values."""
    return K.reshape(*K.shape[:-2], K.shape[-1], K.shape[-2])


# ---------------------------------------------------------------- precision
HALF_PRECISION = cause("half_precision", "the product computed in float16 (`.half()`) and cast "
                                         "back: float16 keeps about 3 significant digits, so "
                                         "the values are off from the 4th; compute in the "
                                         "inputs' own dtype")


def in_half(fn, *tensors):
    """What ``fn`` gives when its tensors are cast to float16 and its result cast back (None
    when the inputs are float16 already, or when it cannot run so)."""
    if any(t.dtype == torch.float16 for t in tensors):
        return None
    try:
        return fn(*(t.half() for t in tensors)).to(tensors[0].dtype)
    except RuntimeError:
        return None


# -------------------------------------------------------------------- masks
CAUSAL_PLUS_ONE = cause("causal_plus_one", "a causal mask one diagonal too high (tril with "
                                           "diagonal=1): each position also sees the next one")
CAUSAL_COMPLEMENT = cause("causal_complement", "the complement of the causal mask (True = "
                                               "blocked, as in triu(diagonal=1)): the kit's "
                                               "masks say True = allowed")
MASK_UNSQUEEZE_1 = cause("mask_unsqueeze_1", "the mask given a dimension at position 1 "
                                             "(`mask.unsqueeze(1)`, another codebase's "
                                             "convention for [batch, 1, n_k] masks): here the "
                                             "mask broadcasts as it is")


SCORE_VALUES_BLOCKED = cause("mask_from_score_values", "the blocked positions found from the "
                                                     "scores' values (`scores * mask`, then "
                                                     "`scores == 0` blocked): an allowed score "
                                                     "that is exactly 0 is blocked too; decide "
                                                     "from the mask: `masked_fill(mask == 0, "
                                                     "float('-inf'))`")


def score_values_blocked(Q, K, V, mask) -> tuple:
    """Attention whose scores are multiplied by the 0/1 mask and whose zero scores are then
    blocked: (output, weights), or (None, None) when it cannot run on these shapes."""
    try:
        scores = Q @ K.transpose(-2, -1) / math.sqrt(Q.shape[-1])  # [..., n_q, n_k]
        scores = scores * (mask != 0).to(scores.dtype)
        weights = torch.softmax(scores.masked_fill(scores == 0, float("-inf")), dim=-1)
        return weights @ V, weights
    except RuntimeError:
        return None, None


# ------------------------------------------------------ from a Transformer block
RESIDUAL = cause("attn_residual", "the input X added to the attention output (a residual "
                                  "connection): the Transformer block adds it around "
                                  "attention; this function returns the attention output alone")


def residual(pair: tuple, X) -> dict:
    """{RESIDUAL: (output + X, weights)} from the right (output, weights), where the widths
    allow the sum; else nothing."""
    out, weights = pair
    return {RESIDUAL: (out + X, weights)} if out is not None and out.shape == X.shape else {}


# the line that raised adds X (or X_dec) to something: out + X, X + out
RESIDUAL_CODE = {r"\+\s*X(?:_dec)?\b(?!\s*@)|\bX(?:_dec)?\s*\+(?!=)": RESIDUAL}
DROPOUT = cause("attn_dropout", "dropout on the weights: {zeroed} of {total} weights set to 0 "
                                "and the others multiplied by {scale} (dropout with p = {p}; "
                                "F.dropout drops unless training=False): dropout belongs to "
                                "training a model, not to this function")


def dropout_signature(got, expected) -> tuple | None:
    """(what dropout of ``expected`` with ``got``'s pattern gives, the cause) when ``got``
    is ``expected`` with some weights set to exactly 0 and all the others multiplied by one
    factor above 1, which is what dropout does; else None."""
    if not (isinstance(got, torch.Tensor) and isinstance(expected, torch.Tensor)) or \
            list(got.shape) != list(expected.shape) or got.is_complex():
        return None
    g, e = got.detach().double(), expected.detach().double()  # [..., n_q, n_k]
    zeroed = (g == 0) & (e > 1e-6)
    kept = (g != 0) & (e > 1e-6)
    # one factor over several rows: a row renormalised after blocking more keys than it
    # should gets a factor of its own, dropout the same one everywhere
    if not bool(zeroed.any()) or int(kept.any(-1).sum()) < 2 or \
            not bool(torch.isfinite(g).all()):
        return None
    scale = float((g[kept] / e[kept]).median())
    if not 1.01 < scale < 1e3 or not torch.allclose(g[kept], scale * e[kept], rtol=1e-3,
                                                   atol=1e-6):
        return None
    dropped = e * (g != 0) * scale
    return dropped.to(got.dtype), DROPOUT(zeroed=int(zeroed.sum()), total=e.numel(),
                                          scale=f"{scale:.3g}", p=f"{1 - 1 / scale:.2g}")


# ------------------------------------------------------------ the projections
PROJ_K_BY_W_Q = cause("proj_k_by_w_q", "K projected by W_Q (K = X @ W_Q), a copy-paste slip: "
                                       "the keys are a copy of the queries; K = X @ W_K")
PROJ_Q_BY_W_K = cause("proj_q_by_w_k", "Q projected by W_K (Q = X @ W_K), a copy-paste slip: "
                                       "the queries are a copy of the keys; Q = X @ W_Q")
PROJ_Q_K_SWAPPED = cause("proj_q_k_swapped", "W_Q and W_K swapped (Q = X @ W_K, K = X @ W_Q): "
                                             "the weights come out transposed")
PROJ_V_IS_X = cause("proj_v_is_x", "X itself used as the values: V = X @ W_V")


# named in 02 (the projections alone) and in 09 (the projections inside attention)
WRONG_WEIGHT = cause("ex02_wrong_weight", "{name} = X @ {used}: {used} used where {weight} "
                                          "belongs (a copy-paste slip?)")
TRANSPOSED_WEIGHT = cause("ex02_transposed", "X @ {W}.T: the weights are already [d_model, "
                                             "d_out] and are used as they are (nn.Linear "
                                             "stores them the other way round)")


def projection_slips(W_Q, W_K, W_V) -> dict:
    """{mistake: (W_Q, W_K, W_V) as the mistake uses them}: a projection made with the wrong
    weight (K = X @ W_Q, Q = X @ W_K, the two swapped) or none (V = X, the identity)."""
    identity = torch.eye(W_V.shape[-2], dtype=W_V.dtype)
    return {PROJ_K_BY_W_Q: (W_Q, W_Q, W_V), PROJ_Q_BY_W_K: (W_K, W_K, W_V),
            PROJ_Q_K_SWAPPED: (W_K, W_Q, W_V), PROJ_V_IS_X: (W_Q, W_K, identity)}


def causal(n: int, m: int | None = None, diagonal: int = 0) -> torch.Tensor:
    """tril of an [n, m] matrix of True (the causal mask for diagonal=0)."""
    return torch.tril(torch.ones(n, n if m is None else m, dtype=torch.bool), diagonal)


def scaled(scores: torch.Tensor, d_k: int) -> dict:
    """The scaling mistakes of one set of scores, each with what it gives."""
    return {BY_D_K(d_k=d_k): scores / d_k,
            FLOOR_DIVISION: torch.div(scores, math.sqrt(d_k), rounding_mode="floor"),
            FOURTH_ROOT: scores / d_k ** 0.25, PRECEDENCE: scores / d_k / 2,
            HALF(half=d_k / 2): scores / (d_k / 2), STD_DIVISOR: scores / scores.std()}


def divisors(d_k: int) -> dict:
    """The wrong divisors of the scores (each mistake with the number it divides by) that
    attention can be computed with (``attention_support.sdpa(scale=divisor ** 2)``)."""
    quarter = d_k / 4  # `d_k ** 1/float(4)` on Q and on K: the scores divided by its square
    return {BY_D_K(d_k=d_k): d_k, TIMES_ROOT(root=math.sqrt(d_k)): d_k ** -0.5,
            FOURTH_ROOT: d_k ** 0.25, PRECEDENCE: 2 * d_k,
            HALF(half=d_k / 2): d_k / 2, QUARTER(quarter=quarter, square=quarter ** 2):
            quarter ** 2}


def mask_mistakes(n: int) -> dict:
    """Each causal-mask mistake with the [n, n] mask it builds."""
    return {CAUSAL_PLUS_ONE: causal(n, diagonal=1), CAUSAL_COMPLEMENT: ~causal(n)}
