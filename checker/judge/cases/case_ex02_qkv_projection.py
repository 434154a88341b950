"""Hidden cases for exercise 02, the Q, K, V projections."""
import re

import torch

import math

from checker import torch_words
from checker.engine.problems import Problem
from checker.engine.supervisor import LearnerProblem
from checker.i18n import t
from checker.judge import compare
from checker.judge.cases.beyond_support import raised
from checker.judge.cases.mistakes import TRANSPOSED_WEIGHT as TRANSPOSED, WRONG_WEIGHT
from checker.judge.results import Check
from checker.judge.cases.support import property_case
from checker.judge.cases.support import (BATCH1, BATCH2, D_K, D_MODEL, D_V, case, cause,
                                         gradients, randn, unchanged, values_correct)

N = 4

COPY_PASTE = cause("ex02_copy_paste", "{name} = X @ W_Q: W_Q used where {weight} belongs (a "
                                      "copy-paste slip?)")
K_V_SWAPPED = cause("ex02_k_v_swapped", "K = X @ W_V and V = X @ W_K: W_K and W_V swapped, or the "
                                        "tuple returned as (Q, V, K)")
Q_SWAPPED = cause("ex02_q_swapped", "{other} in Q's place: the tuple's order is (Q, K, V)")
FOLDED_SCALE = cause("ex02_folded_scale", "Q already divided by √d_k: the scaling belongs to the "
                                          "attention step (exercise 04), not to the projection")
FUSED_CHUNK = cause("ex02_fused_chunk", "one product X @ [W_Q | W_K | W_V] cut with chunk(3): "
                                        "chunk cuts equal pieces, which are the wrong widths "
                                        "when d_v != d_k; split at the real widths, "
                                        "torch.split(QKV, [d_k, d_k, d_v], dim=-1)")
FUSED_SPLIT = cause("ex02_fused_split", "one product X @ [W_Q | W_K | W_V] cut with `.split()` of "
                                        "a single width: that gives three pieces only when d_v "
                                        "equals d_k (here there are more, and the unpacking into "
                                        "Q, K, V fails); split at the real widths, "
                                        "`.split([d_k, d_k, d_v], dim=-1)`")
LAYER_NORM = cause("ex02_layer_norm", "X normalised (`layer_norm`) before the projections: the "
                                      "Transformer block normalises around attention, but here "
                                      "each projection is X @ W as it is")
W_AT_X = cause("ex02_w_at_x", "`W @ X` multiplies in the wrong order: X holds one row per token, "
                             "[..., n, d_model], and W is [d_model, d_out], so the projection is "
                             "`X @ W` (each row of X times W)")
# W_Q @ X (not W_Q @ X.T, nor W_Q.T @ X.T: those are other products)
W_AT_X_CODE = {r"\bW_?[QKVqkv]?\w*\s*@\s*X\b(?!\s*\.(?:T\b|mT\b|t\(|transpose))"
               r"|matmul\(\s*W_?[QKVqkv]?\w*\s*,\s*X\s*\)": W_AT_X}
STACKED_WEIGHTS = cause("ex02_stacked_weights",
                        "`torch.stack` of W_Q, W_K and W_V needs three weights of one shape, and "
                        "the three may have different widths (W_Q and W_K are [d_model, d_k], "
                        "W_V is [d_model, d_v]): use three products, X @ W_Q, X @ W_K and "
                        "X @ W_V, or join the weights with `torch.cat(..., dim=-1)` and split "
                        "the product at the widths [d_k, d_k, d_v]")
# a stack whose items are the weights: torch.stack([W_Q, W_K, W_V]), stack((W_Q, ...), dim=0)
STACK_OF_WEIGHTS = re.compile(r"\bstack\(\s*[\[(]\s*W_?[QKVqkv]\w*\s*,")
PRODUCT_TRANSPOSED = cause("ex02_product_transposed",
                           "the whole product transposed, (X @ W)ᵀ = Wᵀ Xᵀ of shape "
                           "[..., d_out, n]: `W.mT @ X.mT` is the column-vector way of "
                           "writing a projection; X holds one token per row, so the "
                           "projection is `X @ W`, [..., n, d_out]")
BIAS = cause("ex02_bias", "something is added to the products: the projections have no bias "
                          "(nn.Linear adds one unless bias=False)")


def _weights(gen, d_model=D_MODEL, d_k=D_K, d_v=D_V, dtype=torch.float32):
    return (randn(gen, d_model, d_k, dtype=dtype), randn(gen, d_model, d_k, dtype=dtype),
            randn(gen, d_model, d_v, dtype=dtype))


def _suspects(i: int, X, weights: tuple, expected: tuple, got: tuple = ()) -> dict:
    """What the classic mistakes give for the i-th projection (0 Q, 1 K, 2 V)."""
    names, w_names = ("Q", "K", "V"), ("W_Q", "W_K", "W_V")
    found = {}
    if i == 0:
        found = {Q_SWAPPED(other="K"): expected[1], Q_SWAPPED(other="V"): expected[2],
                 FOLDED_SCALE: expected[0] / math.sqrt(weights[0].shape[-1])}
    else:
        other = 3 - i
        both = len(got) == 3 and compare.same(got[other], expected[i])  # K and V both swapped
        found = {COPY_PASTE(name=names[i], weight=w_names[i]): expected[0],
                 (K_V_SWAPPED if both else WRONG_WEIGHT(name=names[i], used=w_names[other],
                                                        weight=w_names[i])): expected[other]}
    widths = [w.shape[-1] for w in weights]
    pieces = (X @ torch.cat(weights, dim=-1)).chunk(3, dim=-1)  # [..., n, ~sum/3] each
    if [p.shape[-1] for p in pieces] != widths and len(pieces) == 3:
        found[FUSED_CHUNK] = pieces[i]
    normed = torch.nn.functional.layer_norm(X, X.shape[-1:])
    found[LAYER_NORM] = normed @ weights[i]
    found[PRODUCT_TRANSPOSED] = expected[i].transpose(-2, -1)  # [..., d_out, n]
    W = weights[i]
    if W.shape[0] == W.shape[1]:
        found[TRANSPOSED(W=w_names[i])] = X @ W.transpose(-2, -1)
    return found


def _project(learner, X, W_Q, W_K, W_V):
    """The learner's project_qkv; torch's refusal to stack tensors of different sizes,
    raised on a line that stacks the weights, where the weights' widths differ, is said so."""
    try:
        return learner.project_qkv(X, W_Q, W_K, W_V)
    except LearnerProblem as problem:
        line = str(problem.frames[-1].get("code", "")) if problem.frames else ""
        if problem.kind == Problem.EXCEPTION and problem.error_type == "RuntimeError" and \
                torch_words.STACK_SIZES.search(problem.message or "") and \
                STACK_OF_WEIGHTS.search(line) and len({W_Q.shape, W_K.shape, W_V.shape}) > 1:
            raise compare.CaseFailure(
                t("{func} raised {error_type}", func="project_qkv",
                  error_type=problem.error_type),
                expected=t("Q, K and V of widths {widths}",
                           widths=[W_Q.shape[-1], W_K.shape[-1], W_V.shape[-1]]),
                got=raised(problem), likely=STACKED_WEIGHTS, check=Check.RAISED) from None
        raise


def _check(learner, X, W_Q, W_K, W_V):
    weights = (W_Q, W_K, W_V)
    learner.expect(W_AT_X_CODE)
    learner.expect({r"\bW_[QKV]\.T\b|\bW_[QKV]\.t\(\)|\.transpose\(\s*0\s*,\s*1\s*\)|"
                    r"\bF\.linear\(|functional\.linear\(": TRANSPOSED(W="W")}
                   if X.dim() == 2 else {})
    got = compare.triple(_project(learner, X, W_Q, W_K, W_V))
    expected = (X @ W_Q, X @ W_K, X @ W_V)
    for i, name in enumerate(("Q", "K", "V")):
        compare.close(got[i], expected[i], what=compare.code(name),
                      suspects=_suspects(i, X, weights, expected, got))



@case("the lesson's example: 3 tokens of 4 dimensions, square 4 x 4 weights")
def test_seed_example(learner):
    g = torch.Generator().manual_seed(0)
    X = torch.randn(3, 4, generator=g)
    W_Q, W_K, W_V = (torch.randn(4, 4, generator=g) for _ in range(3))
    _check(learner, X, W_Q, W_K, W_V)


@property_case("returns a tuple of three tensors (Q, K, V)")
def test_returns_three(learner, gen):
    args = (randn(gen, N, D_MODEL), *_weights(gen))
    result = learner.project_qkv(*args)
    for name, item in zip("QKV", compare.triple(result)):
        compare.tensor(item, what=compare.code(name))
    values_correct(learner, "project_qkv", result, *args)


@case("d_model, d_k and d_v all differ (6, 5, 3), no batch")
def test_all_sizes_differ(learner, gen):
    _check(learner, randn(gen, N, D_MODEL), *_weights(gen))


@case("d_v wider than d_k (4 and 7): Q, K and V each keep their own width")
def test_wide_values(learner, gen):
    learner.expect({r"\.split\(\s*[A-Za-z_][\w.\[\]()]*\s*(?:,|\))": FUSED_SPLIT})
    _check(learner, randn(gen, N, D_MODEL), *_weights(gen, d_k=4, d_v=7))


@case("W_K and W_V of the same shape still land in K and V")
def test_same_shape_k_v(learner, gen):
    _check(learner, randn(gen, N, D_MODEL), *_weights(gen, d_v=D_K))


@case("one leading batch dimension: X of shape [3, 4, 6]")
def test_batch1(learner, gen):
    _check(learner, randn(gen, *BATCH1, N, D_MODEL), *_weights(gen))


@case("two leading batch dimensions: X of shape [2, 3, 4, 6]")
def test_batch2(learner, gen):
    _check(learner, randn(gen, *BATCH2, N, D_MODEL), *_weights(gen))


@case("X a transposed view ([3, 4, 6], not laid out in order in memory)")
def test_non_contiguous(learner, gen):
    # a learner's X may be any view of a bigger tensor: here the transpose of [3, 6, 4]
    _check(learner, randn(gen, *BATCH1, D_MODEL, N).transpose(-2, -1), *_weights(gen))


@property_case("no bias: a zero input gives zero Q, K and V")
def test_no_bias(learner, gen):
    X, W = torch.zeros(N, D_MODEL), _weights(gen)
    got = compare.triple(learner.project_qkv(X, *W))
    for name, item, d in zip("QKV", got, (D_K, D_K, D_V)):
        item = compare.tensor(item, what=compare.code(name))
        compare.shape(item, (N, d), what=compare.code(name))
        compare.close(item, torch.zeros(N, d), what=compare.code(name), likely=BIAS)
    X = randn(gen, N, D_MODEL)  # and a real input still gives the real projections
    values_correct(learner, "project_qkv", learner.project_qkv(X, *W), X, *W)


@property_case("float32 in, float32 out")
def test_float32(learner, gen):
    learner.property_case()
    args = (randn(gen, N, D_MODEL), *_weights(gen))
    result = learner.project_qkv(*args)
    for name, item in zip("QKV", compare.triple(result)):
        compare.dtype(compare.tensor(item, what=compare.code(name)), torch.float32,
                      what=compare.code(name))
    values_correct(learner, "project_qkv", result, *args)


@property_case("float64 in, float64 out")
def test_float64(learner, gen):
    learner.property_case()
    args = (randn(gen, N, D_MODEL, dtype=torch.float64), *_weights(gen, dtype=torch.float64))
    result = learner.project_qkv(*args)
    for name, item in zip("QKV", compare.triple(result)):
        compare.dtype(compare.tensor(item, what=compare.code(name)), torch.float64,
                      what=compare.code(name))
    values_correct(learner, "project_qkv", result, *args)


@case("gradients flow back to X and to W_Q (through Q)")
def test_gradients(learner, ref, gen):
    gradients(learner, ref.project_qkv, "project_qkv", [randn(gen, N, D_MODEL), *_weights(gen)],
              [0, 1], ["X", "W_Q"], gen, output_index=0)


@property_case("X and the weights are left unchanged")
def test_inputs_unchanged(learner, gen):
    unchanged(learner, "project_qkv", ["X", "W_Q", "W_K", "W_V"], randn(gen, N, D_MODEL),
              *_weights(gen))
