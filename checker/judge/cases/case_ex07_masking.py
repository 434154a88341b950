"""Hidden cases for exercise 07, the causal mask and applying a mask."""
import torch

from checker.i18n import t
from checker.judge import compare
from checker.judge.cases.support import property_case
from checker.judge.cases.mistakes import MASK_UNSQUEEZE_1, mask_mistakes, softmaxed
from checker.judge.cases.support import (BATCH2, N_K, N_Q, case, cause, rand_mask, randn,
                                         unchanged, values_correct)
from checker.judge.results import Check

INF = float("-inf")

TRIU = cause("ex07_triu", "the upper triangle (triu): position i would see the future")
NO_DIAGONAL = cause("ex07_no_diagonal", "the lower triangle without the diagonal: a position "
                                        "must see itself")
NOT_BOOL = cause("ex07_not_bool", "a mask of 0/1 numbers: create it with dtype=torch.bool "
                                  "(torch.ones(n, n) alone gives float32)")
IGNORES_DEVICE = cause("ex07_ignores_device", "the mask is made on the CPU whatever `device` "
                                              "says: pass device=device where the tensor is "
                                              "created")
ZERO_FILL = cause("ex07_zero_fill", "blocked positions hold 0, not -inf: multiplying by the mask "
                                    "or filling with 0 leaves them a weight of exp(0) = 1 in the "
                                    "softmax; fill with float('-inf')")
FINITE_FILL = cause("ex07_finite_fill", "blocked positions hold {value}, a very negative number: "
                                        "exercise 07 asks for exactly float('-inf') (in 08 to "
                                        "10 a finite fill also blocks where the scores' dtype "
                                        "can hold it: -1e9 overflows float16)")
INVERTED = cause("ex07_inverted", "the mask applied the other way round: False (or 0) means "
                                  "blocked, True (or 1) may attend")
IGNORED = cause("ex07_ignored", "the mask is not applied: blocked positions keep their scores")
ADDED_INF = cause("ex07_added_inf", "the mask added as (1 - mask) * -inf: 0 * -inf is NaN, so the "
                                    "allowed positions become NaN; use masked_fill")
MASK_ARITHMETIC = cause("ex07_mask_arithmetic", "the float64 mask (or a tensor made in its dtype) "
                                                "mixed with the scores promotes the result to "
                                                "float64; masked_fill keeps the scores' dtype")
EXTRA_DIM = cause("ex07_extra_dim", "an extra leading dimension: the mask was unsqueezed for a "
                                    "batch that is not there; broadcasting lines it up by itself")
BUFFER_AXES = cause("ex07_buffer_axes", "the mask given two leading axes of size 1, [1, 1, n, n] "
                                       "(`.view(1, 1, n, n)`, the layout a model keeps its mask "
                                       "buffer in, for scores [batch, heads, n, n]): "
                                       "causal_mask returns [n, n], and broadcasting lines it up "
                                       "with any leading axes by itself")
ZERO_SCORES_BLOCKED = cause("ex07_zero_scores_blocked",
                            "every score of exactly 0 blocked too, where the mask allows it: "
                            "the blocked positions are found from the scores (`scores * mask "
                            "== 0` is also true where an allowed score is 0), and only the mask "
                            "may decide them: `scores.masked_fill(mask == 0, float('-inf'))`")
N_PLUS_ONE = cause("ex07_n_plus_one", "an (n + 1) x (n + 1) mask: causal_mask(n) is n x n, one row "
                                     "and one column per token")

FIXED_SIZE = cause("ex07_fixed_size", "a {k} x {k} mask for n = {n}: the mask stops at {k} rows, "
                                     "as the corner of a triangle made once at a fixed size "
                                     "does (`TRIL[:n, :n]` of a {k} x {k} buffer, a model's "
                                     "block_size); build it from n at each call, "
                                     "`torch.tril(torch.ones(n, n, dtype=torch.bool))`")


def _mask_suspects(n):
    ones = torch.ones(n, n, dtype=torch.bool)
    return {TRIU: torch.triu(ones), NO_DIAGONAL: torch.tril(ones, -1), **mask_mistakes(n),
            N_PLUS_ONE: torch.tril(torch.ones(n + 1, n + 1, dtype=torch.bool)),
            BUFFER_AXES: torch.tril(ones).view(1, 1, n, n)}


def _broadcast(a, b) -> list[int] | None:
    """The shape ``a`` and ``b`` broadcast to, or None. Worked out here: torch's
    ``broadcast_shapes`` imports sympy (0.4 s) the first time it runs."""
    a, b = list(a), list(b)
    width = max(len(a), len(b))
    a, b = [1] * (width - len(a)) + a, [1] * (width - len(b)) + b
    if any(x != y and 1 not in (x, y) for x, y in zip(a, b)):
        return None
    return [y if x == 1 else x for x, y in zip(a, b)]


def _applied(learner, scores, mask, expected, suspects=None):
    """The learner's apply_mask(scores, mask), compared exactly, with the classic mistakes
    (and ``suspects``, more of them)."""
    got = compare.tensor(learner.apply_mask(scores, mask), expected=expected)
    allowed = (mask != 0).expand(scores.shape)
    unsqueezed = _broadcast(scores.shape, mask.unsqueeze(1).shape) if mask.dim() >= 1 else None
    compare.shape(got, expected.shape, likely=EXTRA_DIM if list(got.shape) == [
        1, *expected.shape] else MASK_UNSQUEEZE_1 if list(got.shape) == unsqueezed else "")
    blocked = got[~allowed]
    likely = ""
    if bool(torch.isnan(got[allowed]).any()):
        likely = ADDED_INF
    elif bool((blocked == 0).all()) and blocked.numel():
        likely = ZERO_FILL
    elif blocked.numel() and bool(torch.isfinite(blocked).all()) and bool(
            (blocked == blocked[0]).all()) and float(blocked[0]) < -1e3:
        likely = FINITE_FILL(value=f"{float(blocked[0]):g}")
    elif torch.equal(got, scores.masked_fill(allowed, INF)):
        likely = INVERTED
    elif torch.equal(got, scores):
        likely = IGNORED
    # a softmax applied already (its blocked weights are 0) is told before the zero fill
    compare.close(got, expected, exact=True, likely=likely,
                  suspects=lambda: {**softmaxed(expected), **(suspects or {})})
    return got


@case("causal_mask(4) is the 4 x 4 lower triangle of the lesson's picture")
def test_causal_mask_4(learner, ref):
    expected = ref.causal_mask(4)
    got = compare.tensor(learner.causal_mask(4), expected=expected)
    compare.close(got, expected, exact=True, suspects=_mask_suspects(4))


@case("causal_mask(3) for a 3-token sentence, and causal_mask(1)")
def test_causal_mask_3_and_1(learner, ref):
    compare.close(learner.causal_mask(3), ref.causal_mask(3), exact=True,
                  what=compare.code("causal_mask(3)"), suspects=_mask_suspects(3))
    compare.close(learner.causal_mask(1), ref.causal_mask(1), exact=True,
                  what=compare.code("causal_mask(1)"))


@case("causal_mask(300): a sequence longer than any fixed-size buffer of 256")
def test_causal_mask_long(learner, ref):
    n = 300
    expected = ref.causal_mask(n)
    got = compare.tensor(learner.causal_mask(n), expected=expected)
    k = got.shape[0] if got.dim() == 2 and got.shape[0] == got.shape[1] else 0
    # a corner of the right triangle, k x k with k < n: a mask cut from a buffer of k rows
    compare.close(got, expected, exact=True, suspects=lambda: {
        **_mask_suspects(n),
        **({FIXED_SIZE(k=k, n=n): expected[:k, :k]} if 0 < k < n else {})})


@property_case("causal_mask returns a torch.bool tensor")
def test_causal_mask_bool(learner):
    learner.property_case()
    result = learner.causal_mask(5)
    compare.dtype(compare.tensor(result), torch.bool, likely=NOT_BOOL)
    values_correct(learner, "causal_mask", result, 5)


@property_case("causal_mask(n, device='meta') is built on that device")
def test_causal_mask_device(learner):
    got = compare.tensor(learner.causal_mask(6, device="meta"))
    compare.true(got.device.type == "meta", "the mask is not on the requested device",
                 expected="device 'meta'", got=t("device '{device}'", device=got.device.type),
                 likely=IGNORES_DEVICE, check=Check.DEVICE)
    compare.shape(got, (6, 6))
    values_correct(learner, "causal_mask", learner.causal_mask(6), 6)  # the same mask on the CPU


@case("apply_mask: blocked positions (False) become exactly -inf")
def test_blocked_are_minus_inf(learner, gen):
    scores, mask = randn(gen, N_Q, N_K), rand_mask(gen, N_Q, N_K)
    _applied(learner, scores, mask, scores.masked_fill(~mask, INF))


@case("apply_mask: allowed positions (True) keep their scores exactly")
def test_allowed_are_kept(learner, gen):
    scores, mask = randn(gen, N_Q, N_K), rand_mask(gen, N_Q, N_K)
    _applied(learner, scores, mask, scores.masked_fill(~mask, INF))


@case("apply_mask: an allowed score of exactly 0 stays 0 (only the mask decides what is "
      "blocked)")
def test_allowed_zero_scores(learner, gen):
    scores, mask = randn(gen, N_Q, N_K), rand_mask(gen, N_Q, N_K)
    scores[0, 0] = scores[1, :] = scores[:, 5] = 0.0  # zeros where the mask allows and blocks
    expected = scores.masked_fill(~mask, INF)
    _applied(learner, scores, mask, expected,
             {ZERO_SCORES_BLOCKED: scores.masked_fill(~mask | (scores == 0), INF)})


@case("apply_mask with a causal mask matches the reference")
def test_causal(learner, ref, gen):
    scores = randn(gen, 5, 5)
    mask = torch.tril(torch.ones(5, 5, dtype=torch.bool))
    _applied(learner, scores, mask, ref.apply_mask(scores, mask))


@case("a 0/1 float64 mask works like a bool mask")
def test_float_mask(learner, ref, gen):
    scores, mask = randn(gen, N_Q, N_K), rand_mask(gen, N_Q, N_K).double()
    _applied(learner, scores, mask, ref.apply_mask(scores, mask))


@case("an int64 0/1 mask works like a bool mask")
def test_int_mask(learner, ref, gen):
    scores, mask = randn(gen, N_Q, N_K), rand_mask(gen, N_Q, N_K).long()
    _applied(learner, scores, mask, ref.apply_mask(scores, mask))


@property_case("the mask's dtype never changes the scores' dtype (float64 mask, float32 scores)")
def test_mask_dtype_kept(learner, gen):
    learner.property_case()
    scores, mask = randn(gen, N_Q, N_K), rand_mask(gen, N_Q, N_K).double()
    got = compare.tensor(learner.apply_mask(scores, mask))
    compare.dtype(got, torch.float32, likely=MASK_ARITHMETIC)
    values_correct(learner, "apply_mask", got, scores, mask)


@case("a [7] key mask broadcasts over [2, 3, 4, 7] scores")
def test_broadcast(learner, ref, gen):
    scores = randn(gen, *BATCH2, N_Q, N_K)
    mask = torch.tensor([True, True, False, True, False, True, True])
    _applied(learner, scores, mask, ref.apply_mask(scores, mask))


@property_case("float64 scores stay float64")
def test_float64(learner, gen):
    learner.property_case()
    args = randn(gen, N_Q, N_K, dtype=torch.float64), rand_mask(gen, N_Q, N_K)
    got = compare.tensor(learner.apply_mask(*args))
    compare.dtype(got, torch.float64)
    values_correct(learner, "apply_mask", got, *args)


@property_case("float16 scores stay float16")
def test_float16(learner, gen):
    learner.property_case()
    args = randn(gen, N_Q, N_K, dtype=torch.float16), rand_mask(gen, N_Q, N_K)
    got = compare.tensor(learner.apply_mask(*args))
    compare.dtype(got, torch.float16)
    values_correct(learner, "apply_mask", got, *args)


@property_case("the scores and the mask are left unchanged")
def test_inputs_unchanged(learner, gen):
    unchanged(learner, "apply_mask", ["scores", "mask"], randn(gen, N_Q, N_K),
              rand_mask(gen, N_Q, N_K))
