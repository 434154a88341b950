"""Hidden cases for exercise 16, the sliding window and ALiBi (modern attention).

The slopes are checked against ALiBi's published rule, written out here on its own
(``_published``): for a power of two h the geometric sequence 2^(-8k/h), k = 1..h; for
any other h the slopes of p, the largest power of two below h, then those of 2p at
positions 0, 2, 4, ... until there are h (as the ALiBi authors' code does it,
ofirpress/attention_with_linear_biases, fairseq/models/transformer.py). Every slip a
cause names is computed here from the case's own inputs (``_mask``, ``_slopes``,
``_attend``) and named only when the learner's result equals it.
"""
import math
import re

import torch

from checker.engine.problems import Problem
from checker.engine.supervisor import LearnerProblem
from checker.i18n import t
from checker.judge import compare
from checker.judge.cases.attention_support import (MASK_IGNORED, check_pair, device_check,
                                                   suspects_for)
from checker.judge.cases.beyond_support import raised, raises_value_error
from checker.judge.cases.mistakes import NO_SCALE, NO_SHIFT, unshifted_softmax
from checker.judge.cases.support import (BATCH1, BATCH2, D_K, D_V, case, cause, gradients,
                                         made_once, no_forbidden_source, property_case, randn,
                                         unchanged, values_correct)
from checker.judge.compare import CaseFailure
from checker.judge.diagnose import function_named, shows
from checker.judge.results import Check

# ------------------------------------------------------------------ likely causes
WINDOW_PLUS_ONE = cause("ex16_window_plus_one",
                        "a window one key too wide: position i also sees key i - window "
                        "(`i - j <= window`); the window counts the position itself, so it "
                        "keeps keys i - window + 1 to i (`i - j < window`)")
WINDOW_MINUS_ONE = cause("ex16_window_minus_one",
                         "a window one key too narrow: position i keeps only window - 1 keys "
                         "(`i - j < window - 1`, or a tril/triu diagonal one off); it keeps "
                         "itself and the window - 1 keys before it")
BAND_BOTH_SIDES = cause("ex16_band_both_sides",
                        "a band on both sides of the diagonal (`|i - j| < window`): without its "
                        "causal part the window lets position i see the next window - 1 keys, "
                        "the future; keep `j <= i` as well")
WINDOW_IGNORED = cause("ex16_window_ignored",
                       "the window was not applied: every position still sees all the earlier "
                       "keys, as with exercise 07's causal mask alone")
CAUSAL_MISSING = cause("ex16_causal_missing",
                       "no mask at all when window is None: every position sees the future; "
                       "the causal mask is always there, and a window only narrows it")
MASK_ON_CPU = cause("ex16_mask_ignores_device",
                    "the mask is made on the CPU whatever `device` says: pass device=device "
                    "where the positions (or the ones) are created")
WINDOW_NOT_CHECKED = cause("ex16_window_not_checked",
                           "no ValueError for a window below 1: a window holds at least the "
                           "position itself, so `if window < 1: raise ValueError(...)` comes "
                           "before anything is built")
SLOPES_POWER_FORMULA = cause("ex16_slopes_power_formula",
                             "slopes 2^(-8k/h) for an h that is not a power of two: that "
                             "formula is ALiBi's for powers of two only; for other h take the "
                             "slopes of the largest power of two p below h, then every other "
                             "slope of 2p, from its first, until there are h")
SLOPES_ODD_PLACES = cause("ex16_slopes_odd_places",
                          "the places after the first p slopes filled with the slopes of 2p at "
                          "positions 1, 3, 5, ... (`[1::2]`): the rule takes them from the "
                          "first, at positions 0, 2, 4, ... (`[0::2]`)")
SLOPES_NO_STEP = cause("ex16_slopes_no_step",
                       "the places after the first p slopes filled with the first h - p slopes "
                       "of 2p in a row: the rule takes every other one (`[0::2]`), which falls "
                       "between the slopes already taken")
SLOPES_REVERSED = cause("ex16_slopes_reversed",
                        "the slopes in reverse order, the gentlest first: head 1 takes the "
                        "steepest slope, 2^(-8/h) for a power of two, and each next head a "
                        "gentler one")
SLOPES_FROM_ZERO = cause("ex16_slopes_from_zero",
                         "the slopes counted from k = 0 (2^(-8k/h) for k = 0..h-1, so head 1 "
                         "gets a slope of 1): k runs from 1 to h, and the first slope is "
                         "2^(-8/h)")
HEADS_NOT_CHECKED = cause("ex16_heads_not_checked",
                          "no ValueError for h below 1: `if h < 1: raise ValueError(...)` "
                          "before the slopes are made")
BIAS_BONUS = cause("ex16_bias_bonus",
                   "ALiBi's bias with the wrong sign, a bonus for distant keys: +slope · (i - j), "
                   "or -slope · (j - i), the distance taken the other way round; a key "
                   "i - j positions back loses slope · (i - j) from its score")
BIAS_AFTER_SOFTMAX = cause("ex16_bias_after_softmax",
                           "the bias added to the weights after the softmax: it belongs to the "
                           "scaled scores before it, so that the softmax turns the penalty into "
                           "weights that still sum to 1")
BIAS_SCALED = cause("ex16_bias_scaled",
                    "the bias divided by √d_k together with the scores: ALiBi adds it to the "
                    "scores after they are scaled, (Q Kᵀ) / √d_k - slope · (i - j)")
SLOPES_IGNORED = cause("ex16_slopes_ignored",
                       "the slopes were not used: the scores got no bias, so the result is "
                       "plain causal attention")
SLOPES_ALONG_POSITIONS = cause("ex16_slopes_along_positions",
                               "the slopes lined up with the positions instead of the heads: "
                               "an [h] tensor times the [n, n] distances runs along the keys "
                               "(`slopes[:, None]` along the queries), which only works when "
                               "h = n; give the slopes the shape [h, 1, 1]")
SLOPES_BATCH_AXIS = cause("ex16_slopes_batch_axis",
                          "`{code}` shapes the slopes [1, h, 1, 1], as if Q always had one "
                          "batch axis, [B, h, n, d]: on Q of shape [h, n, d], with none, the "
                          "bias adds an axis in front and the result comes out one dimension "
                          "too big; shape them [h, 1, 1] (`slopes[:, None, None]`), which "
                          "broadcasts over any leading dimensions")
SLOPES_NOT_CAST = cause("ex16_slopes_not_cast",
                        "the slopes were used as they came ({slopes}) while Q is {q}: with "
                        "them your function fails this case, and with the same slopes already "
                        "in Q's dtype and on Q's device it passes; convert them first, "
                        "`slopes.to(dtype=Q.dtype, device=Q.device)`")

INF = float("-inf")


# ----------------------------------------------------------- the window mask
def _back(n: int, dtype=torch.long) -> torch.Tensor:
    """[n, n]: how far back key j is from query i, i - j."""
    positions = torch.arange(n)
    return (positions[:, None] - positions[None, :]).to(dtype)


def _mask(n: int, window: int | None, slip=None) -> torch.Tensor:
    """[n, n] bool: the contract's mask (the causal one when window is None), or with a slip."""
    back = _back(n)
    if slip == CAUSAL_MISSING:
        return torch.ones(n, n, dtype=torch.bool)
    if window is None or slip == WINDOW_IGNORED:
        return back >= 0
    if slip == BAND_BOTH_SIDES:
        return back.abs() < window
    if slip == WINDOW_PLUS_ONE:
        return (back >= 0) & (back <= window)
    if slip == WINDOW_MINUS_ONE:
        return (back >= 0) & (back < window - 1)
    return (back >= 0) & (back < window)


WINDOW_SLIPS = (WINDOW_PLUS_ONE, WINDOW_MINUS_ONE, BAND_BOTH_SIDES, WINDOW_IGNORED)


def _check_mask(learner, n: int, window: int):
    got = learner.sliding_window_mask(n, window)
    compare.close(got, _mask(n, window), exact=True,
                  what=compare.code(f"sliding_window_mask({n}, {window})"),
                  suspects={slip: _mask(n, window, slip) for slip in WINDOW_SLIPS})


# ---------------------------------------------------------------- the slopes
def _geometric(m: int, from_zero: bool = False) -> list[float]:
    """The slopes of m heads, m a power of two: a geometric sequence whose first term and
    ratio are both 2^(-8/m) (from 1 with ``from_zero``)."""
    ratio = 2.0 ** (-8.0 / m)
    return [ratio ** (k if from_zero else k + 1) for k in range(m)]


def _published(h: int, slip=None) -> torch.Tensor:
    """[h] float32: ALiBi's slopes by the published rule, or with one slip."""
    if slip == SLOPES_POWER_FORMULA:
        return torch.tensor([2.0 ** (-8.0 * k / h) for k in range(1, h + 1)])
    from_zero = slip == SLOPES_FROM_ZERO
    p = 1
    while p * 2 <= h:
        p *= 2
    more = _geometric(2 * p, from_zero)
    rest = {SLOPES_ODD_PLACES: more[1::2], SLOPES_NO_STEP: more}.get(slip, more[0::2])
    slopes = torch.tensor(_geometric(p, from_zero) + rest[: h - p], dtype=torch.float32)
    return slopes.flip(0) if slip == SLOPES_REVERSED else slopes


def _check_slopes(learner, h: int, slips):
    got = learner.alibi_slopes(h)
    compare.close(got, _published(h), what=compare.code(f"alibi_slopes({h})"),
                  suspects={slip: _published(h, slip) for slip in slips})


# ------------------------------------------------------------- the attention
ATTENTION_SLIPS = (BIAS_BONUS, BIAS_AFTER_SOFTMAX, BIAS_AFTER_SOFTMAX(blocked="kept at 0"),
                   BIAS_SCALED, SLOPES_IGNORED, SLOPES_ALONG_POSITIONS,
                   SLOPES_ALONG_POSITIONS(along="queries"), NO_SCALE, CAUSAL_MISSING,
                   *WINDOW_SLIPS)
BIAS_SLIPS = (BIAS_BONUS.id, BIAS_AFTER_SOFTMAX.id, BIAS_SCALED.id, SLOPES_IGNORED.id,
              SLOPES_ALONG_POSITIONS.id, SLOPES_BATCH_AXIS.id)
WINDOW_IDS = tuple(slip.id for slip in WINDOW_SLIPS)


def _attend(Q, K, V, slopes=None, window=None, slip=None, softmax=torch.softmax):
    """(output, weights) of biased causal attention as the contract defines it, or with
    one slip, computed in Q's dtype; (None, None) where the slip does not apply to these
    inputs or cannot run on them."""
    kind = slip.id if slip is not None else ""
    variant = dict(slip.values) if slip is not None else {}
    if (kind in BIAS_SLIPS and slopes is None) or (kind in WINDOW_IDS and window is None) \
            or (kind == CAUSAL_MISSING.id and window is not None):
        return None, None
    n = Q.shape[-2]
    scores = Q @ K.transpose(-2, -1)  # [..., h, n, n]
    if kind not in (NO_SCALE.id, BIAS_SCALED.id):
        scores = scores / math.sqrt(Q.shape[-1])
    bias = None
    if slopes is not None and kind != SLOPES_IGNORED.id:
        m = slopes.to(Q.dtype)  # [h]
        if kind == SLOPES_BATCH_AXIS.id:
            m = m[None, :, None, None]  # [1, h, 1, 1]
        elif kind == SLOPES_ALONG_POSITIONS.id:
            if m.shape[-1] != n:
                return None, None  # [h] against [n, n]: it could not have run
            m = m[:, None] if variant.get("along") == "queries" else m  # [n, 1] or [n]
        else:
            m = m[:, None, None]  # [h, 1, 1]
        bias = -m * _back(n, Q.dtype)  # [h, n, n] ([n, n] along the positions)
        if kind == BIAS_BONUS.id:
            bias = -bias
        if kind != BIAS_AFTER_SOFTMAX.id:
            scores = scores + bias
    if kind == BIAS_SCALED.id:
        scores = scores / math.sqrt(Q.shape[-1])
    allowed = _mask(n, window, slip if kind in WINDOW_IDS + (CAUSAL_MISSING.id,) else None)
    weights = softmax(scores.masked_fill(~allowed, INF), dim=-1)  # [..., h, n, n]
    if kind == BIAS_AFTER_SOFTMAX.id:
        weights = weights + (bias.masked_fill(~allowed, 0.0) if variant.get("blocked")
                             else bias)
    return weights @ V, weights


@made_once
def _suspects(Q, K, V, slopes, window) -> dict:
    """Each slip of biased_causal_attention with the (output, weights) it gives here."""
    found = {slip: _attend(Q, K, V, slopes, window, slip) for slip in ATTENTION_SLIPS}
    if slopes is None and window is None:  # plain causal attention: 08's classic mistakes
        general = suspects_for(Q, K, V, _mask(Q.shape[-2], None))
        del general[MASK_IGNORED]  # no mask argument here: CAUSAL_MISSING says it
        found = {**general, **found}
    return {k: v for k, v in found.items() if v[0] is not None}


# the slopes given a batch axis in front: [None, :, None, None], view/reshape(1, h, 1, 1)
_BATCH_AXIS = (r"\[\s*None\s*,\s*(?::|\.\.\.)\s*,\s*None\s*,\s*None\s*\]"
               r"|\.(?:view|reshape)\(\s*1\s*,\s*[^,()]+,\s*1\s*,\s*1\s*\)")


def _batch_axis(learner, Q, K, V, slopes, window) -> dict:
    """{SLOPES_BATCH_AXIS: what attention gives with the slopes shaped [1, h, 1, 1]} on Q
    without a batch axis (with one or more, that shape broadcasts and is right), when a
    line of the learner's function shapes the slopes so; else nothing."""
    if slopes is None or Q.dim() != 3:
        return {}
    body, params = function_named(learner.source_text(), "biased_causal_attention")
    name = re.escape(params[3] if len(params) > 3 else "slopes")
    line = next((code for code in (c.split("#", 1)[0].strip() for c in body.splitlines())
                 if re.search(_BATCH_AXIS, code) and shows(rf"\b{name}\b", code, body)), "")
    if not line:
        return {}
    slip = SLOPES_BATCH_AXIS(code=line)
    return {slip: _attend(Q, K, V, slopes, window, slip)}


def _check(learner, ref, Q, K, V, slopes=None, window=None):
    got = learner.biased_causal_attention(Q, K, V, slopes, window)
    check_pair(got, ref.biased_causal_attention(Q, K, V, slopes, window),
               lambda: {**_suspects(Q, K, V, slopes, window),
                        **_batch_axis(learner, Q, K, V, slopes, window)})


def _where(x: torch.Tensor) -> str:
    return f"{str(x.dtype).removeprefix('torch.')}, {x.device.type}"


def _slopes_as_given(checks, Q, K, V, slopes, window):
    """``checks(Q, K, V, slopes, window)``, a case's checks of one call with slopes of
    another dtype or device than Q's. When they fail (the call raised, or its result is
    wrong) and pass with the same slopes already in Q's dtype and on Q's device, the slopes
    used as they came are the cause: the two calls differ in nothing else."""
    try:
        return checks(Q, K, V, slopes, window)
    except (LearnerProblem, CaseFailure) as failure:
        if isinstance(failure, LearnerProblem) and failure.kind != Problem.EXCEPTION:
            raise
        try:
            checks(Q, K, V, slopes.to(dtype=Q.dtype, device=Q.device), window)
        except (LearnerProblem, CaseFailure):
            raise failure from None
        found = SLOPES_NOT_CAST(slopes=_where(slopes), q=_where(Q))
        if isinstance(failure, CaseFailure):
            failure.cause, failure.likely = found, found.render()
            raise failure from None
        raise CaseFailure(t("{func} raised {error_type}", func="biased_causal_attention",
                            error_type=failure.error_type),
                          expected=t("the slopes converted to Q's dtype and device ({q})",
                                     q=_where(Q)),
                          got=raised(failure), likely=found, check=Check.RAISED) from None


def _qkv(gen, h, n, batch=(), d_k=D_K, d_v=D_V, dtype=torch.float32, scale=1.0):
    return (randn(gen, *batch, h, n, d_k, dtype=dtype, scale=scale),
            randn(gen, *batch, h, n, d_k, dtype=dtype, scale=scale),
            randn(gen, *batch, h, n, d_v, dtype=dtype))


def _steep(h: int) -> torch.Tensor:
    """[h] float32 slopes steep enough that the bias moves the weights far (1, 1/2, ...)."""
    return torch.tensor([2.0 ** -k for k in range(h)])


# ------------------------------------------------------- sliding_window_mask
@case("sliding_window_mask(6, 3): each position sees itself and the 2 keys before it")
def test_window_6_3(learner):
    _check_mask(learner, 6, 3)


@case("sliding_window_mask for several sizes: (7, 2), (5, 4), (8, 5), (2, 1)")
def test_window_sizes(learner):
    for n, window in ((7, 2), (5, 4), (8, 5), (2, 1)):
        _check_mask(learner, n, window)


@case("a window of n or more (5, 5) and (4, 9) is exercise 07's causal mask")
def test_window_at_least_n(learner):
    for n, window in ((5, 5), (4, 9)):
        got = learner.sliding_window_mask(n, window)
        compare.close(got, torch.tril(torch.ones(n, n, dtype=torch.bool)), exact=True,
                      what=compare.code(f"sliding_window_mask({n}, {window})"),
                      suspects={slip: _mask(n, window, slip) for slip in WINDOW_SLIPS})


@case("a window of 1 (6, 1) is the diagonal: each position sees only itself")
def test_window_one(learner):
    got = learner.sliding_window_mask(6, 1)
    compare.close(got, torch.eye(6, dtype=torch.bool), exact=True,
                  what=compare.code("sliding_window_mask(6, 1)"),
                  suspects={slip: _mask(6, 1, slip) for slip in WINDOW_SLIPS})


@property_case("sliding_window_mask returns a torch.bool tensor")
def test_window_bool(learner):
    learner.property_case()
    got = learner.sliding_window_mask(5, 2)
    compare.dtype(compare.tensor(got), torch.bool)
    values_correct(learner, "sliding_window_mask", got, 5, 2)


@property_case("sliding_window_mask(n, window, device='meta') is built on that device")
def test_window_device(learner):
    got = compare.tensor(learner.sliding_window_mask(6, 2, device="meta"))
    compare.true(got.device.type == "meta", "the mask is not on the requested device",
                 expected="device 'meta'", got=t("device '{device}'", device=got.device.type),
                 likely=MASK_ON_CPU, check=Check.DEVICE)
    compare.shape(got, (6, 6))
    values_correct(learner, "sliding_window_mask", learner.sliding_window_mask(6, 2), 6, 2)


@property_case("sliding_window_mask raises ValueError for a window of 0 and of -2")
def test_window_value_error(learner):
    for window in (0, -2):
        raises_value_error(learner, "sliding_window_mask", 5, window, likely=WINDOW_NOT_CHECKED,
                           expected=t("ValueError: a window of {window} keys holds not even "
                                      "the position itself", window=window))


# -------------------------------------------------------------- alibi_slopes
@case("alibi_slopes for h = 1, 2, 4, 8, 16 (powers of two): 2^(-8k/h), k = 1..h")
def test_slopes_powers_of_two(learner):
    for h in (1, 2, 4, 8, 16):
        _check_slopes(learner, h, (SLOPES_REVERSED, SLOPES_FROM_ZERO))


@case("alibi_slopes for h = 3, 5, 6, 12 (not powers of two): the published rule")
def test_slopes_other_h(learner):
    for h in (3, 5, 6, 12):
        _check_slopes(learner, h, (SLOPES_POWER_FORMULA, SLOPES_ODD_PLACES, SLOPES_NO_STEP,
                                   SLOPES_REVERSED, SLOPES_FROM_ZERO))


@property_case("alibi_slopes returns float32 on the CPU")
def test_slopes_float32(learner):
    learner.property_case()
    got = compare.tensor(learner.alibi_slopes(6))
    compare.dtype(got, torch.float32)
    compare.true(got.device.type == "cpu", "the slopes are not on the CPU",
                 expected="device 'cpu'", got=t("device '{device}'", device=got.device.type),
                 check=Check.DEVICE)
    values_correct(learner, "alibi_slopes", got, 6)


@property_case("alibi_slopes raises ValueError for h = 0 and h = -3")
def test_slopes_value_error(learner):
    for h in (0, -3):
        raises_value_error(learner, "alibi_slopes", h, likely=HEADS_NOT_CHECKED,
                           expected=t("ValueError: {h} heads cannot have slopes", h=h))


# --------------------------------------------------- biased_causal_attention
@case("the lesson's example (3 tokens, 4 dimensions) as one head, slope 1/2, window 2")
def test_seed_example(learner, ref):
    g = torch.Generator().manual_seed(0)
    X = torch.randn(3, 4, generator=g)
    W_Q, W_K, W_V = (torch.randn(4, 4, generator=g) for _ in range(3))
    Q, K, V = ((X @ W)[None] for W in (W_Q, W_K, W_V))  # [1, 3, 4] each
    _check(learner, ref, Q, K, V, torch.tensor([0.5]), 2)


@case("no slopes and no window: exercise 10's causal attention (3 heads, 6 positions)")
def test_neither(learner, ref, gen):
    _check(learner, ref, *_qkv(gen, 3, 6))


@case("slopes only (4 heads, 6 positions, slopes 1, 1/2, 1/4, 1/8)")
def test_slopes_only(learner, ref, gen):
    _check(learner, ref, *_qkv(gen, 4, 6), _steep(4))


@case("a window only (2 heads, 7 positions, window 3)")
def test_window_only(learner, ref, gen):
    _check(learner, ref, *_qkv(gen, 2, 7), None, 3)


@case("slopes and a window together (3 heads, 7 positions, slopes 1/2, 1/32 and 2, window 4)")
def test_slopes_and_window(learner, ref, gen):
    _check(learner, ref, *_qkv(gen, 3, 7, scale=0.5), torch.tensor([0.5, 0.03125, 2.0]), 4)


@case("as many heads as positions (5 and 5): each head keeps its own slope")
def test_heads_equal_positions(learner, ref, gen):
    _check(learner, ref, *_qkv(gen, 5, 5), _steep(5), 3)


@case("one leading batch dimension (batch of 3, 2 heads, 5 positions), slopes and window 2")
def test_batch1(learner, ref, gen):
    _check(learner, ref, *_qkv(gen, 2, 5, BATCH1), _steep(2), 2)


@case("two leading batch dimensions (2 x 3, 2 heads, 6 positions), slopes")
def test_batch2(learner, ref, gen):
    _check(learner, ref, *_qkv(gen, 2, 6, BATCH2), _steep(2))


@case("40 positions with ALiBi's slopes for 8 heads and a window of 16")
def test_long(learner, ref, gen):
    _check(learner, ref, *_qkv(gen, 8, 40, d_k=8, d_v=4), _published(8), 16)


@case("large inputs (scores in the hundreds, float64) with slopes and a window stay finite "
      "and exact")
def test_large_inputs(learner, ref, gen):
    _check(learner, ref, *_qkv(gen, 2, 6, dtype=torch.float64, scale=8.0),
           _steep(2).double(), 4)


@property_case("float64 in, float64 out (with float64 slopes)")
def test_float64(learner, gen):
    learner.property_case()
    args = (*_qkv(gen, 2, 5, dtype=torch.float64), _steep(2).double(), 3)
    got = learner.biased_causal_attention(*args)
    out, weights = compare.pair(got)
    compare.dtype(compare.tensor(out, what="the output"), torch.float64, what="the output")
    compare.dtype(compare.tensor(weights, what="the weights"), torch.float64, what="the weights")
    values_correct(learner, "biased_causal_attention", got, *args)


@property_case("float64 slopes with float32 Q, K, V: the slopes are cast, the result stays "
               "float32")
def test_slopes_cast(learner, gen):
    learner.property_case()

    def checks(*args):
        got = learner.biased_causal_attention(*args)
        out, weights = compare.pair(got)
        for item, what in ((out, "the output"), (weights, "the weights")):
            compare.dtype(compare.tensor(item, what=what), torch.float32, what=what)
        values_correct(learner, "biased_causal_attention", got, *args)
    _slopes_as_given(checks, *_qkv(gen, 2, 5), _steep(2).double(), None)


@property_case("float16 with slopes and a window, scores of a few tens: float16 out, finite "
               "and right")
def test_float16(learner, ref, gen):
    learner.property_case()
    Q, K, V = _qkv(gen, 2, 6, (2,), d_k=8, scale=3.0)  # scores up to about 30
    half = [x.half() for x in (Q, K, V)]
    slopes = _steep(2)  # float32: cast to float16 inside (1, 1/2: exact in float16)
    exp_out, exp_weights = ref.biased_causal_attention(*[x.double() for x in half],
                                                       slopes.double(), 3)
    # an unshifted softmax, run in float16 as the learner's code would run it
    unshifted = _attend(*half, slopes, 3, softmax=unshifted_softmax)
    suspects = {NO_SHIFT: unshifted} if bool(torch.isinf(unshifted[1]).any() |
                                             torch.isnan(unshifted[1]).any()) else {}

    def checks(*args):
        out, weights = compare.pair(learner.biased_causal_attention(*args))
        for item, what in ((out, "the output"), (weights, "the weights")):
            compare.dtype(compare.tensor(item, what=what), torch.float16, what=what)
        compare.close(weights, exp_weights, what="the weights", rtol=5e-2, atol=5e-2,
                      suspects={k: v[1] for k, v in suspects.items()})
        compare.close(out, exp_out, what="the output", rtol=5e-2, atol=5e-2,
                      suspects={k: v[0] for k, v in suspects.items()})
    _slopes_as_given(checks, *half, slopes, 3)


@property_case("on the meta device (slopes on the CPU): positions, mask and bias are made on "
               "Q's device")
def test_meta(learner, gen):
    Q, K, V = (torch.empty(2, 3, 5, d, device="meta") for d in (D_K, D_K, D_V))
    _slopes_as_given(lambda *args: device_check(learner.biased_causal_attention(*args),
                                                ((2, 3, 5, D_V), (2, 3, 5, 5))),
                     Q, K, V, _steep(3), 2)
    args = (*_qkv(gen, 3, 5, (2,)), _steep(3), 2)  # and on the CPU, the right values
    values_correct(learner, "biased_causal_attention",
                   learner.biased_causal_attention(*args), *args)


@property_case("biased_causal_attention raises ValueError for a window of 0")
def test_attention_value_error(learner, gen):
    raises_value_error(learner, "biased_causal_attention", *_qkv(gen, 2, 4), _steep(2), 0,
                       likely=WINDOW_NOT_CHECKED,
                       expected=t("ValueError: a window of {window} keys holds not even the "
                                  "position itself", window=0))


@case("gradients flow to Q, K and V (slopes and a window)")
def test_gradients(learner, ref, gen):
    gradients(learner, ref.biased_causal_attention, "biased_causal_attention",
              [*_qkv(gen, 2, 5), _steep(2), 3], [0, 1, 2], ["Q", "K", "V"], gen,
              output_index=0)


@property_case("Q, K, V and the slopes are left unchanged")
def test_inputs_unchanged(learner, gen):
    unchanged(learner, "biased_causal_attention", ["Q", "K", "V", "slopes", "window"],
              *_qkv(gen, 2, 5), _steep(2), 3)


@property_case("the source uses no ready-made attention")
def test_no_ready_made_attention(learner, gen):
    no_forbidden_source(learner, "biased_causal_attention", *_qkv(gen, 2, 5), _steep(2), 3,
                        expected="attention built from matmul, a bias, a mask and a softmax")
