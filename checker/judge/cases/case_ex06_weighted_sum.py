"""Hidden cases for exercise 06, the weighted sum of the values."""
import torch

from checker.judge import compare
from checker.i18n import t
from checker.judge.cases.support import BATCH1, BATCH2, D_V, N_K, N_Q, case, dtype_kept, randn, unchanged


def _check(learner, weights, V, likely=""):
    expected = weights @ V
    suspects = {t("the weights renormalised first: use them as given"):
                (weights / weights.sum(-1, keepdim=True)) @ V,
                t("a softmax of the weights first: use them as given"):
                torch.softmax(weights, dim=-1) @ V}
    if weights.shape[-1] == weights.shape[-2]:
        suspects[t("weightsᵀ @ V: one row of weights per query, no transpose")] = \
            weights.transpose(-2, -1) @ V
    compare.close(learner.weighted_sum(weights, V), expected, suspects=suspects, likely=likely)


def _softmax_rows(gen, *shape):
    return torch.softmax(randn(gen, *shape), dim=-1)


@case("the lesson's picture: output = 0.16·V₁ + 0.36·V₂ + 0.18·V₃ + 0.30·V₄")
def test_seed_picture(learner, gen):
    weights = torch.tensor([[0.16, 0.36, 0.18, 0.30]])
    _check(learner, weights, randn(gen, 4, D_V))


@case("4 queries, 7 keys, values of size 3: output [4, 3]")
def test_shapes_differ(learner, gen):
    _check(learner, _softmax_rows(gen, N_Q, N_K), randn(gen, N_K, D_V))


@case("the weights are used as given, not renormalised")
def test_not_renormalised(learner, gen):
    _check(learner, randn(gen, N_Q, N_K), randn(gen, N_K, D_V),
           likely="weighted_sum multiplies; normalising is softmax's job")


@case("one-hot weights pick single value rows (a hard lookup)")
def test_one_hot(learner, gen):
    picks = torch.tensor([3, 0, 6, 3])
    weights = torch.nn.functional.one_hot(picks, N_K).float()
    _check(learner, weights, randn(gen, N_K, D_V))


@case("square shapes (n_q = n_k = d_v = 4) still give weights @ V")
def test_square(learner, gen):
    _check(learner, _softmax_rows(gen, 4, 4), randn(gen, 4, 4))


@case("one leading batch dimension: [3, 4, 7] and [3, 7, 3]")
def test_batch1(learner, gen):
    _check(learner, _softmax_rows(gen, *BATCH1, N_Q, N_K), randn(gen, *BATCH1, N_K, D_V))


@case("two leading batch dimensions: [2, 3, 4, 7] and [2, 3, 7, 3]")
def test_batch2(learner, gen):
    _check(learner, _softmax_rows(gen, *BATCH2, N_Q, N_K), randn(gen, *BATCH2, N_K, D_V))


@case("float64 in, float64 out")
def test_float64(learner, gen):
    dtype_kept(learner, "weighted_sum", _softmax_rows(gen, N_Q, N_K).double(),
               randn(gen, N_K, D_V, dtype=torch.float64))


@case("the weights and V are left unchanged")
def test_inputs_unchanged(learner, gen):
    unchanged(learner, "weighted_sum", ["weights", "V"], _softmax_rows(gen, N_Q, N_K),
              randn(gen, N_K, D_V))
