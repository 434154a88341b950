"""Hidden cases for exercise 02, the Q, K, V projections."""
import torch

from checker.judge import compare
from checker.i18n import t
from checker.judge.cases.support import values_correct
from checker.judge.cases.support import BATCH1, BATCH2, D_K, D_MODEL, D_V, case, randn, unchanged

N = 4


def _weights(gen, d_model=D_MODEL, d_k=D_K, d_v=D_V, dtype=torch.float32):
    return (randn(gen, d_model, d_k, dtype=dtype), randn(gen, d_model, d_k, dtype=dtype),
            randn(gen, d_model, d_v, dtype=dtype))


def _check(learner, X, W_Q, W_K, W_V):
    got = compare.triple(learner.project_qkv(X, W_Q, W_K, W_V))
    expected = (X @ W_Q, X @ W_K, X @ W_V)
    names = ("Q", "K", "V")
    for i, name in enumerate(names):
        suspects = {t("{other} (is the order of the returned tuple right?)", other=other):
                    expected[j] for j, other in enumerate(names) if j != i}
        W = (W_Q, W_K, W_V)[i]
        if W.shape[0] == W.shape[1]:
            suspects[t("X @ {W}.T: the weights are used as they are",
                       W=('W_Q', 'W_K', 'W_V')[i])] = X @ W.transpose(-2, -1)
        compare.close(got[i], expected[i], what=compare.code(name), suspects=suspects)


@case("the lesson's example: 3 tokens of 4 dimensions, square 4 x 4 weights")
def test_seed_example(learner):
    g = torch.Generator().manual_seed(0)
    X = torch.randn(3, 4, generator=g)
    W_Q, W_K, W_V = (torch.randn(4, 4, generator=g) for _ in range(3))
    _check(learner, X, W_Q, W_K, W_V)


@case("returns a tuple of three tensors (Q, K, V)")
def test_returns_three(learner, gen):
    args = (randn(gen, N, D_MODEL), *_weights(gen))
    result = learner.project_qkv(*args)
    for name, item in zip("QKV", compare.triple(result)):
        compare.tensor(item, what=compare.code(name))
    values_correct(learner, "project_qkv", result, *args)


@case("d_model, d_k and d_v all differ (6, 5, 3), no batch")
def test_all_sizes_differ(learner, gen):
    _check(learner, randn(gen, N, D_MODEL), *_weights(gen))


@case("W_K and W_V of the same shape still land in K and V")
def test_same_shape_k_v(learner, gen):
    _check(learner, randn(gen, N, D_MODEL), *_weights(gen, d_v=D_K))


@case("one leading batch dimension: X of shape [3, 4, 6]")
def test_batch1(learner, gen):
    _check(learner, randn(gen, *BATCH1, N, D_MODEL), *_weights(gen))


@case("two leading batch dimensions: X of shape [2, 3, 4, 6]")
def test_batch2(learner, gen):
    _check(learner, randn(gen, *BATCH2, N, D_MODEL), *_weights(gen))


@case("no bias: a zero input gives zero Q, K and V")
def test_no_bias(learner, gen):
    X, W = torch.zeros(N, D_MODEL), _weights(gen)
    got = compare.triple(learner.project_qkv(X, *W))
    for name, item, d in zip("QKV", got, (D_K, D_K, D_V)):
        compare.close(item, torch.zeros(N, d), what=compare.code(name),
                      likely="the projections are pure matrix products: nothing is added")
    X = randn(gen, N, D_MODEL)  # and a real input still gives the real projections
    values_correct(learner, "project_qkv", learner.project_qkv(X, *W), X, *W)


@case("float64 in, float64 out")
def test_float64(learner, gen):
    args = (randn(gen, N, D_MODEL, dtype=torch.float64), *_weights(gen, dtype=torch.float64))
    result = learner.project_qkv(*args)
    for name, item in zip("QKV", compare.triple(result)):
        compare.dtype(compare.tensor(item, what=compare.code(name)), torch.float64,
                      what=compare.code(name))
    values_correct(learner, "project_qkv", result, *args)


@case("X and the weights are left unchanged")
def test_inputs_unchanged(learner, gen):
    unchanged(learner, "project_qkv", ["X", "W_Q", "W_K", "W_V"], randn(gen, N, D_MODEL),
              *_weights(gen))
