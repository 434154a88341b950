"""Hidden cases for exercise 10, causal self-attention (the decoder's flow)."""
import math

import torch

from checker.judge import compare
from checker.judge.cases.attention_support import (MASK_IGNORED, check_pair, device_check,
                                                   float16_check, masked_after, sdpa,
                                                   suspects_for)
from checker.judge.cases.support import made_once, property_case
from checker.judge.cases.mistakes import (NO_SHIFT, RESIDUAL_CODE, SCALE_D_MODEL,
                                          mask_mistakes, projection_slips, residual,
                                          unshifted_softmax)
from checker.judge.cases.support import (BATCH2, D_K, D_MODEL, D_V, case, cause, gradients,
                                         no_forbidden_source, randn, unchanged, values_correct)

N = 5

NO_MASK = cause("ex10_no_mask", "attention without any mask: every position sees the future")
TRIU = cause("ex10_triu", "a mask that is the upper triangle (triu): positions see only the "
                          "future")
NO_DIAGONAL = cause("ex10_no_diagonal", "a mask without the diagonal (tril with diagonal=-1, "
                                        "or a triu 'future' mask without diagonal=1): row 0 is "
                                        "fully blocked, and a softmax over nothing but -inf is "
                                        "NaN; each position must see itself")
N_FROM_BATCH = cause("ex10_n_from_batch", "the sequence length read from X.size(0) / X.shape[0], "
                                          "which is the batch size once X has batch dimensions: "
                                          "use X.size(-2)")
N_FROM_WIDTH = cause("ex10_n_from_width", "the sequence length read from X.size(-1), the width "
                                          "d_model: the sequence length is X.size(-2)")
N_FROM_FRONT = cause("ex10_n_from_front", "the sequence length read from an axis counted from the "
                                          "front (X.shape[1] or X.size(1)): with none, one or "
                                          "several batch dimensions that is another axis; the "
                                          "sequence length is X.size(-2)")
LENGTH_CODE = {r"\bX\.(?:size\(\s*0\s*\)|shape\[\s*0\s*\])|\blen\(\s*X\s*\)": N_FROM_BATCH,
               r"\bX\.(?:size\(\s*1\s*\)|shape\[\s*1\s*\])": N_FROM_FRONT,
               r"\bX\.(?:size\(\s*-1\s*\)|shape\[\s*-1\s*\])": N_FROM_WIDTH}


def _weights(gen, dtype=torch.float32, d_model=D_MODEL):
    return (randn(gen, d_model, D_K, dtype=dtype), randn(gen, d_model, D_K, dtype=dtype),
            randn(gen, d_model, D_V, dtype=dtype))


@made_once
def _suspects(X, W_Q, W_K, W_V):
    n = X.shape[-2]
    Q, K, V = X @ W_Q, X @ W_K, X @ W_V
    causal = torch.tril(torch.ones(n, n, dtype=torch.bool))
    found = suspects_for(Q, K, V, causal)
    del found[MASK_IGNORED]  # there is no mask argument here: say it the exercise's way
    found[NO_MASK] = sdpa(Q, K, V)
    found[TRIU] = sdpa(Q, K, V, torch.triu(torch.ones(n, n, dtype=torch.bool)))
    found[NO_DIAGONAL] = sdpa(Q, K, V, torch.tril(torch.ones(n, n, dtype=torch.bool), -1))
    for mistake, (w_q, w_k, w_v) in projection_slips(W_Q, W_K, W_V).items():
        found[mistake] = sdpa(X @ w_q, X @ w_k, X @ w_v, causal)
    for mistake, mask in mask_mistakes(n).items():
        found[mistake] = sdpa(Q, K, V, mask)
    if X.shape[-1] != Q.shape[-1]:
        found[SCALE_D_MODEL] = sdpa(Q, K, V, causal, scale=X.shape[-1])
    found.update(residual(sdpa(Q, K, V, causal), X))
    return found


def _check(learner, ref, X, W):
    learner.expect({**LENGTH_CODE, **RESIDUAL_CODE})
    check_pair(learner.causal_self_attention(X, *W), ref.causal_self_attention(X, *W),
               lambda: _suspects(X, *W))


@case("the lesson's flow: 3 tokens of 4 dimensions, position 0 sees only itself")
def test_seed_flow(learner, ref):
    g = torch.Generator().manual_seed(0)
    X = torch.randn(3, 4, generator=g)
    W = tuple(torch.randn(4, 4, generator=g) for _ in range(3))
    _check(learner, ref, X, W)


@case("weights above the diagonal are exactly 0")
def test_upper_triangle_zero(learner, gen):
    args = (randn(gen, N, D_MODEL), *_weights(gen))
    result = learner.causal_self_attention(*args)
    _, weights = compare.pair(result)
    weights = compare.tensor(weights, what="the weights")
    compare.shape(weights, (N, N), what="the weights")
    future = torch.triu(torch.ones(N, N, dtype=torch.bool), 1)
    compare.true(bool((weights[future] == 0).all()),
                 "a position gives weight to a later position",
                 expected="weights exactly 0 above the diagonal", got=compare.describe(weights),
                 fix="build the mask with torch.tril (True on and below the diagonal) and "
                     "block where it is False")
    values_correct(learner, "causal_self_attention", result, *args)


@case("n=5, d_model=6, d_k=5, d_v=3: output and weights")
def test_basic(learner, ref, gen):
    _check(learner, ref, randn(gen, N, D_MODEL), _weights(gen))


@property_case("no peeking: changing the last token changes no earlier output")
def test_no_future_leak(learner, gen):
    X, W = randn(gen, N, D_MODEL), _weights(gen)
    X2 = X.clone()
    X2[-1] = randn(gen, D_MODEL) * 5
    result1 = learner.causal_self_attention(X, *W)
    out1, _ = compare.pair(result1)
    out2, _ = compare.pair(learner.causal_self_attention(X2, *W))
    out1, out2 = compare.tensor(out1, what="the output"), compare.tensor(out2, what="the output")
    # exactly: a masked future weight is exactly 0, so nothing of the later token may reach
    # an earlier output, not even below a tolerance (the fourth red team's B3)
    with masked_after(learner, "causal_self_attention"):
        compare.close(out2[:-1], out1[:-1], what="the outputs of positions 0..3", exact=True,
                      fix="an earlier position attends to a later one: is the causal mask "
                          "applied, and the right way round?")
    values_correct(learner, "causal_self_attention", result1, X, *W)


@property_case("no peeking in a batch: changing position 2 changes no output before it")
def test_no_future_leak_batched(learner, gen):
    X, W = randn(gen, 3, N, D_MODEL), _weights(gen)
    X2 = X.clone()
    X2[:, 2:] = randn(gen, 3, N - 2, D_MODEL)
    learner.expect(LENGTH_CODE)
    result1 = learner.causal_self_attention(X, *W)
    out1, _ = compare.pair(result1)
    out2, _ = compare.pair(learner.causal_self_attention(X2, *W))
    out1, out2 = compare.tensor(out1, what="the output"), compare.tensor(out2, what="the output")
    with masked_after(learner, "causal_self_attention"):
        compare.close(out2[:, :2], out1[:, :2], what="the outputs of positions 0 and 1",
                      exact=True, fix="the mask must be built from the sequence length X.size(-2)")
    values_correct(learner, "causal_self_attention", result1, X, *W)


@case("a token of all zeros: every score it takes part in is exactly 0, and still counts")
def test_zero_token(learner, ref, gen):
    X = randn(gen, N, D_MODEL)
    X[2] = 0.0  # its query, key and value rows are 0: allowed scores of exactly 0
    _check(learner, ref, X, _weights(gen))


@case("scores far below zero (X scaled by 100, W_K = -W_Q): the future stays blocked however "
      "low the allowed scores are")
def test_very_low_scores(learner, ref, gen):
    X = randn(gen, N, D_MODEL, dtype=torch.float64, scale=100.0)
    W_Q, _, W_V = _weights(gen, dtype=torch.float64)
    _check(learner, ref, X, (W_Q, -W_Q, W_V))  # each token's own score is -|x W_Q|² / √d_k


@case("300 tokens (a batch of one): the mask follows a long sequence's own length")
def test_300_tokens(learner, ref, gen):
    _check(learner, ref, randn(gen, 1, 300, D_MODEL), _weights(gen))


@case("12 tokens: the mask follows the sequence's own length, whatever it is")
def test_long_sequence(learner, ref, gen):
    _check(learner, ref, randn(gen, 12, D_MODEL), _weights(gen))


@case("a batch of 3 sequences of 5 tokens (batch size != sequence length)")
def test_batch1(learner, ref, gen):
    _check(learner, ref, randn(gen, 3, N, D_MODEL), _weights(gen))


@case("two leading batch dimensions (2 x 3)")
def test_batch2(learner, ref, gen):
    _check(learner, ref, randn(gen, *BATCH2, N, D_MODEL), _weights(gen))


@property_case("float64 in, float64 out")
def test_float64(learner, gen):
    learner.property_case()
    args = (randn(gen, N, D_MODEL, dtype=torch.float64), *_weights(gen, torch.float64))
    result = learner.causal_self_attention(*args)
    out, weights = compare.pair(result)
    compare.dtype(compare.tensor(out, what="the output"), torch.float64, what="the output")
    compare.dtype(compare.tensor(weights, what="the weights"), torch.float64, what="the weights")
    values_correct(learner, "causal_self_attention", result, *args)


@property_case("float16 inputs: the future is still blocked, in float16 (a fill such as -inf that float16 holds)")
def test_float16(learner, ref, gen):
    X = randn(gen, 2, N, D_MODEL, dtype=torch.float16)
    W = _weights(gen, torch.float16)
    learner.expect(LENGTH_CODE)
    float16_check(learner.causal_self_attention(X, *W), ref.causal_self_attention(X, *W),
                  lambda: _suspects(X, *W))


@case("float16 at ordinary magnitudes (scores up to about 40) stays finite and right")
def test_float16_magnitudes(learner, ref, gen):
    X = randn(gen, 2, N, D_MODEL, scale=1.5, dtype=torch.float64)
    W = _weights(gen, torch.float64)
    half = [a.half() for a in (X, *W)]
    learner.expect(LENGTH_CODE)
    out, weights = compare.pair(learner.causal_self_attention(*half))
    exp_out, exp_weights = ref.causal_self_attention(*[a.double() for a in half])
    # the unshifted softmax, run in float16 as the learner's code would run it
    Q, K = half[0] @ half[1], half[0] @ half[2]
    scores = (Q @ K.transpose(-2, -1) / math.sqrt(Q.shape[-1])).masked_fill(
        ~torch.tril(torch.ones(N, N, dtype=torch.bool)), float("-inf"))
    unshifted = unshifted_softmax(scores)
    weights_t = compare.tensor(weights, what="the weights")
    likely = NO_SHIFT if (list(weights_t.shape) == list(unshifted.shape) and bool(
        torch.isnan(unshifted).any()) and torch.equal(torch.isnan(weights_t.detach()),
                                                      torch.isnan(unshifted))) else ""
    compare.close(weights, exp_weights, what="the weights", rtol=5e-2, atol=5e-2, likely=likely)
    compare.close(out, exp_out, what="the output", rtol=5e-2, atol=5e-2, likely=likely)


@property_case("inputs on another device (meta): the mask is built on X's device")
def test_meta_device(learner, gen):
    X = torch.empty(2, N, D_MODEL, device="meta")
    W = tuple(torch.empty(w.shape, device="meta") for w in _weights(gen))
    learner.expect(LENGTH_CODE)
    device_check(learner.causal_self_attention(X, *W), ((2, N, D_V), (2, N, N)))
    args = (randn(gen, N, D_MODEL), *_weights(gen))  # and on the CPU, the right values
    values_correct(learner, "causal_self_attention", learner.causal_self_attention(*args), *args)


@case("gradients flow to X and the three projection matrices")
def test_gradients(learner, ref, gen):
    gradients(learner, ref.causal_self_attention, "causal_self_attention",
              [randn(gen, N, D_MODEL), *_weights(gen)], [0, 1, 2, 3],
              ["X", "W_Q", "W_K", "W_V"], gen, output_index=0)


@property_case("X and the weights are left unchanged")
def test_inputs_unchanged(learner, gen):
    unchanged(learner, "causal_self_attention", ["X", "W_Q", "W_K", "W_V"],
              randn(gen, N, D_MODEL), *_weights(gen))


@property_case("the source uses no ready-made attention")
def test_no_ready_made_attention(learner, gen):
    no_forbidden_source(learner, "causal_self_attention", randn(gen, N, D_MODEL), *_weights(gen),
                        expected="attention built from matmul, a softmax and a causal mask")
