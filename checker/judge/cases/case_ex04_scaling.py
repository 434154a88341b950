"""Hidden cases for exercise 04, scaling by √d_k, and why."""
import math

import torch

from checker.i18n import t
from checker.judge import compare
from checker.judge.cases.support import property_case
from checker.judge.cases.mistakes import scaled, softmaxed
from checker.judge.cases.support import (BATCH2, N_K, N_Q, case, cause, dtype_kept, gradients,
                                         randn, unchanged, values_correct)

TIMES = cause("ex04_times", "the scores multiplied by √d_k: divide instead")
LAST_DIM = cause("ex04_last_dim", "a division by √{n}, the size of the last dimension: use the "
                                  "d_k argument")
UNSCALED = cause("ex04_unscaled", "the scores returned as they are (divided by 1): is the "
                                  "exponent 0, as in `d_k ** (1 // 2)`? Write d_k ** 0.5")
ISQRT = cause("ex04_isqrt", "a division by ⌊√{d_k}⌋ = {root}: the square root was rounded down")
ONE_ELEMENT_DIVISOR = cause("ex04_one_element_divisor", "a division by a 1-element tensor "
                                                        "(torch.tensor([d_k]) or similar) gives "
                                                        "a 0-d score a dimension: divide by a "
                                                        "Python number (math.sqrt(d_k))")
FLOAT64_TENSOR = cause("ex04_float64_tensor", "a float64 tensor in the division promotes a 0-d "
                                              "float32 tensor: divide by a Python number")

RETURNED_INPUT = cause("ex04_returned_input", "the scores themselves (or a view of them) "
                                              "returned for d_k = 1, not a new tensor: an "
                                              "in-place change of the result would change the "
                                              "caller's scores too; return `scores / "
                                              "math.sqrt(d_k)` for every d_k (dividing by 1 "
                                              "makes a new tensor), or `scores.clone()`")


def _check(learner, scores, d_k):
    expected = scores / math.sqrt(d_k)
    suspects = compare.once(lambda: {  # made only for a wrong result
        **scaled(scores, d_k), **softmaxed(expected), UNSCALED: scores,
        TIMES: scores * math.sqrt(d_k),
        LAST_DIM(n=scores.shape[-1]): scores / math.sqrt(scores.shape[-1]),
        ISQRT(d_k=d_k, root=math.isqrt(d_k)): scores / math.isqrt(d_k)})
    compare.close(learner.scale_scores(scores, d_k), expected, suspects=suspects)


@case("d_k = 16 divides the scores by 4")
def test_d_k_16(learner, gen):
    _check(learner, randn(gen, N_Q, N_K), 16)


@case("d_k = 5: not a perfect square and not the size of any dimension")
def test_d_k_5(learner, gen):
    _check(learner, randn(gen, N_Q, N_K), 5)


@case("d_k = 7 equal to n_k: the argument, not a shape, decides")
def test_d_k_from_argument(learner, gen):
    _check(learner, randn(gen, 3, 11), 7)


@case("any shape: a 1-D row of scores and two leading batch dimensions")
def test_any_shape(learner, gen):
    row, batched = randn(gen, 6), randn(gen, *BATCH2, N_Q, N_K)
    # the batched call first: the case counts as batched (``results._simplest``) whichever
    # call fails, so a mistake in the values is shown on a plain case before this one
    _check(learner, batched, 10)
    _check(learner, row, 3)


# the raw scores of the variance case, by the seed of the case's generator: the same for
# every submission a grading process checks (half a million normal values, 20 ms)
_RAW_SCORES: dict[int, torch.Tensor] = {}


def _raw_scores(gen, d_k: int) -> torch.Tensor:
    """Dot products of 4,000 random unit-variance query and key pairs: variance ≈ d_k."""
    seed = gen.initial_seed()
    if seed not in _RAW_SCORES:
        if len(_RAW_SCORES) >= 8:  # one seed a run, as a rule
            _RAW_SCORES.clear()
        q, k = randn(gen, 4000, d_k), randn(gen, 4000, d_k)  # [4000, d_k] each
        _RAW_SCORES[seed] = (q * k).sum(-1)                  # [4000]
    return _RAW_SCORES[seed].clone()


@property_case("why we scale: scaled scores of random unit-variance q, k have variance ≈ 1")
def test_variance_is_about_one(learner, gen):
    d_k = 64
    raw = _raw_scores(gen, d_k)                 # variance ≈ d_k
    got = compare.tensor(learner.scale_scores(raw, d_k))
    compare.shape(got, raw.shape)
    var = float(got.double().var())
    compare.true(0.8 < var < 1.25,
                 t("the scaled scores have variance {var}, not about 1", var=f"{var:.3g}"),
                 expected="variance about 1 (raw dot products have variance about d_k = 64)",
                 got=t("variance {var}", var=f"{var:.3g}"),
                 fix="dividing by √d_k undoes the growth of the variance; d_k itself shrinks "
                     "it too much, and multiplying makes it worse")
    values_correct(learner, "scale_scores", got, raw, d_k)


@property_case("float64 in, float64 out")
def test_float64(learner, gen):
    dtype_kept(learner, "scale_scores", randn(gen, N_Q, N_K, dtype=torch.float64), 5)


@property_case("float32 in, float32 out")
def test_float32(learner, gen):
    dtype_kept(learner, "scale_scores", randn(gen, N_Q, N_K), 5, expected=torch.float32)


@property_case("a single score (a 0-d float32 tensor) stays a float32 tensor")
def test_zero_dim(learner):
    learner.property_case()
    score = torch.tensor(3.0)
    got = compare.tensor(learner.scale_scores(score, 9))
    compare.dtype(got, torch.float32, likely=FLOAT64_TENSOR)
    compare.shape(got, (), likely=ONE_ELEMENT_DIVISOR if list(got.shape) == [1] else "")
    compare.close(got, score / 3.0)


@property_case("the input scores are left unchanged")
def test_input_unchanged(learner, gen):
    unchanged(learner, "scale_scores", ["scores"], randn(gen, N_Q, N_K), 5)


@property_case("d_k = 1: the result is a new tensor, not the scores themselves or a view of "
               "them")
def test_new_tensor(learner, gen):
    learner.property_case()
    scores = randn(gen, N_Q, N_K)
    # the worker says which inputs a returned tensor shares memory with (its word: a
    # forged answer can only fail this case, or pass it for right values)
    got, shared = learner.sharing("scale_scores", scores, 1)
    compare.true(0 not in (shared or []),
                 t("the result shares its memory with the input `{name}`", name="scores"),
                 expected=t("a new tensor"), got=t("the caller's `{name}` (or a view of it)",
                                                  name="scores"),
                 likely=RETURNED_INPUT)
    values_correct(learner, "scale_scores", got, scores, 1)


@case("the gradient flows back to the scores (divided by √d_k too)")
def test_gradient(learner, gen):
    gradients(learner, lambda scores, d_k: scores / math.sqrt(d_k), "scale_scores",
              [randn(gen, N_Q, N_K), 5], [0], ["scores"], gen)
