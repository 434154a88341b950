"""Hidden cases for exercise 03, the raw scores Q Kᵀ."""
import math

import torch

from checker.judge import compare
from checker.judge.cases.mistakes import (K_RESHAPED, reshape_differs, reshaped_as_transpose,
                                          softmaxed)
from checker.judge.cases.support import property_case
from checker.judge.cases.support import (BATCH1, BATCH2, D_K, N_K, N_Q, case, cause, dtype_kept,
                                         gradients, randn, unchanged)

SCALED = cause("ex03_scaled", "Q Kᵀ divided by √d_k: scaling is the next exercise (04), leave "
                              "it out here")
COSINE = cause("ex03_cosine", "cosine similarities: Q and K were scaled to length 1 first; "
                              "the score is the plain dot product, lengths included")
K_QT = cause("ex03_k_qt", "K Qᵀ: the scores are [n_q, n_k], one row per query")
NO_TRANSPOSE = cause("ex03_no_transpose", "Q K without the transpose: each score pairs a row of "
                                          "Q with a row of K")
MEAN = cause("ex03_mean", "the mean of the products instead of their sum: a dot product adds "
                          "them up")
SCALED_SOFTMAXED = cause("ex03_scaled_softmaxed", "Q Kᵀ divided by √d_k and put through a "
                                                "softmax: those are the attention weights of "
                                                "exercise 08; exercise 03 returns the raw "
                                                "scores Q Kᵀ, neither scaled nor softmaxed")
ROWWISE = cause("ex03_rowwise", "each query dotted with one key only ((Q * K).sum(-1)): the "
                                "scores pair every query with every key")

INNER = cause("ex03_inner_all_batches", "every query paired with every key of every batch: "
                                        "`torch.inner(Q, K)` (like `tensordot` over the last "
                                        "axes) sums over the last axis and keeps all the other "
                                        "axes of both, [..., n_q, ..., n_k], which is Q Kᵀ only "
                                        "for 2-D inputs; `Q @ K.transpose(-2, -1)` pairs each "
                                        "batch with its own")
SUMS_MULTIPLIED = cause("ex03_sums_multiplied", "each query's sum times each key's sum "
                                                "((Σ_c Q_ic)(Σ_d K_jd)): the einsum gave the "
                                                "feature axis of Q and of K two different "
                                                "letters (`...ic,...jd->...ij`), so each is "
                                                "summed on its own; the shared axis needs one "
                                                "letter, `...id,...jd->...ij`")


def _suspects(Q, K, expected) -> dict:
    """What each classic mistake of 03 gives on ``Q`` and ``K`` (made only for a wrong result)."""
    suspects = {SCALED: expected / math.sqrt(Q.shape[-1]), K_QT: expected.transpose(-2, -1),
                MEAN: expected / Q.shape[-1],
                COSINE: (Q / Q.norm(dim=-1, keepdim=True))
                @ (K / K.norm(dim=-1, keepdim=True)).transpose(-2, -1),
                **softmaxed(expected),
                SCALED_SOFTMAXED: torch.softmax(expected / math.sqrt(Q.shape[-1]), dim=-1)}
    if Q.shape[-1] == K.shape[-2]:
        suspects[NO_TRANSPOSE] = Q @ K
    if reshape_differs(K):
        suspects[K_RESHAPED] = Q @ reshaped_as_transpose(K)
    # an einsum with two letters for the shared axis sums each operand's features apart
    suspects[SUMS_MULTIPLIED] = Q.sum(-1).unsqueeze(-1) * K.sum(-1).unsqueeze(-2)
    if Q.dim() > 2:  # (for 2-D inputs torch.inner is Q Kᵀ itself)
        suspects[INNER] = torch.inner(Q, K)
    try:
        suspects[ROWWISE] = (Q * K).sum(-1)
    except RuntimeError:
        pass  # the two do not even broadcast here
    return suspects


def _check(learner, Q, K):
    expected = Q @ K.transpose(-2, -1)
    compare.close(learner.attention_scores(Q, K), expected,
                  suspects=compare.once(lambda: _suspects(Q, K, expected)))


@case("the lesson's picture: one query scores 0.1, 0.9, 0.2, 0.7 against four keys")
def test_seed_picture(learner):
    Q = torch.tensor([[1.0, 0.0]])
    K = torch.tensor([[0.1, 0.5], [0.9, -0.3], [0.2, 0.8], [0.7, 0.1]])
    _check(learner, Q, K)


@case("n_q != n_k: 4 queries, 7 keys, d_k = 5")
def test_nq_ne_nk(learner, gen):
    _check(learner, randn(gen, N_Q, D_K), randn(gen, N_K, D_K))


@case("the scores are not scaled yet (d_k = 9)")
def test_unscaled(learner, gen):
    _check(learner, randn(gen, N_Q, 9), randn(gen, N_K, 9))


@case("square shapes (n_q = n_k = d_k = 4) still give Q Kᵀ")
def test_square(learner, gen):
    _check(learner, randn(gen, 4, 4), randn(gen, 4, 4))


@case("one leading batch dimension: [3, 4, 5] and [3, 7, 5]")
def test_batch1(learner, gen):
    _check(learner, randn(gen, *BATCH1, N_Q, D_K), randn(gen, *BATCH1, N_K, D_K))


@case("two leading batch dimensions: [2, 3, 4, 5] and [2, 3, 7, 5]")
def test_batch2(learner, gen):
    _check(learner, randn(gen, *BATCH2, N_Q, D_K), randn(gen, *BATCH2, N_K, D_K))


@property_case("large values (around 1e3) in float64 are computed exactly enough")
def test_large_float64(learner, gen):
    _check(learner, randn(gen, N_Q, D_K, dtype=torch.float64, scale=1e3),
           randn(gen, N_K, D_K, dtype=torch.float64, scale=1e3))


@property_case("float64 in, float64 out")
def test_float64(learner, gen):
    dtype_kept(learner, "attention_scores", randn(gen, N_Q, D_K, dtype=torch.float64),
               randn(gen, N_K, D_K, dtype=torch.float64))


@property_case("float32 in, float32 out")
def test_float32(learner, gen):
    dtype_kept(learner, "attention_scores", randn(gen, N_Q, D_K), randn(gen, N_K, D_K),
               expected=torch.float32)


@case("gradients flow back to Q and K (an in-place change of either one stops them)")
def test_gradients(learner, gen):
    # `K.transpose_(-2, -1)` leaves K's memory as it was and only changes its shape, so the
    # check below cannot see it; autograd refuses it on an input that requires grad
    gradients(learner, lambda q, k: q @ k.transpose(-2, -1), "attention_scores",
              [randn(gen, *BATCH1, N_Q, D_K), randn(gen, *BATCH1, N_K, D_K)], [0, 1],
              ["Q", "K"], gen)


@property_case("Q and K are left unchanged")
def test_inputs_unchanged(learner, gen):
    unchanged(learner, "attention_scores", ["Q", "K"], randn(gen, *BATCH1, N_Q, D_K),
              randn(gen, *BATCH1, N_K, D_K))
