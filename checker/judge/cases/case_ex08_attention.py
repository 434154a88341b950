"""Hidden cases for exercise 08, scaled dot-product attention."""
import torch
import torch.nn.functional as F

from checker.judge import compare
from checker.judge.cases.attention_support import (blocked_weights_are_zero, masked_after,
                                                   check_pair, float16_check, rows_sum_to_one,
                                                   suspects_for)
from checker.judge.cases.support import property_case
from checker.judge.cases.support import (BATCH1, BATCH2, D_K, D_V, N_K, N_Q, case, gradients,
                                         no_forbidden_source, rand_mask, randn, unchanged,
                                         values_correct)


def _qkv(gen, batch=(), n_q=N_Q, n_k=N_K, d_k=D_K, d_v=D_V, dtype=torch.float32, scale=1.0):
    return (randn(gen, *batch, n_q, d_k, dtype=dtype, scale=scale),
            randn(gen, *batch, n_k, d_k, dtype=dtype, scale=scale),
            randn(gen, *batch, n_k, d_v, dtype=dtype))


def _check(learner, ref, Q, K, V, mask=None, check_weights=True):
    got = learner.scaled_dot_product_attention(Q, K, V, mask)
    check_pair(got, ref.scaled_dot_product_attention(Q, K, V, mask),
               lambda: suspects_for(Q, K, V, mask),
               check_weights=check_weights)


@case("the lesson's example: 3 tokens of 4 dimensions, no mask")
def test_seed_example(learner, ref):
    g = torch.Generator().manual_seed(0)
    X = torch.randn(3, 4, generator=g)
    W_Q, W_K, W_V = (torch.randn(4, 4, generator=g) for _ in range(3))
    _check(learner, ref, X @ W_Q, X @ W_K, X @ W_V)


@property_case("returns (output, weights): output [4, 3] and weights [4, 7]")
def test_returns_pair(learner, gen):
    args = _qkv(gen)
    result = learner.scaled_dot_product_attention(*args)
    out, weights = compare.pair(result)
    compare.shape(compare.tensor(out, what="the output"), (N_Q, D_V), what="the output",
                  likely="is the order (output, weights)?")
    compare.shape(compare.tensor(weights, what="the weights"), (N_Q, N_K), what="the weights")
    values_correct(learner, "scaled_dot_product_attention", result, *args)


@case("n_q=4, n_k=7, d_k=5, d_v=3: the output")
def test_output(learner, ref, gen):
    _check(learner, ref, *_qkv(gen), check_weights=False)


@case("n_q=4, n_k=7, d_k=5, d_v=3: the weights")
def test_weights(learner, ref, gen):
    Q, K, V = _qkv(gen)
    _, weights = compare.pair(learner.scaled_dot_product_attention(Q, K, V))
    compare.close(weights, ref.scaled_dot_product_attention(Q, K, V)[1], what="the weights",
                  suspects=lambda: {k: v[1] for k, v in suspects_for(Q, K, V).items()})


@property_case("every row of weights sums to 1")
def test_rows_sum_to_one(learner, gen):
    learner.property_case()
    args = _qkv(gen, BATCH1)
    got = learner.scaled_dot_product_attention(*args)
    rows_sum_to_one(got)
    values_correct(learner, "scaled_dot_product_attention", got, *args)


@case("one leading batch dimension (batch of 3)")
def test_batch1(learner, ref, gen):
    _check(learner, ref, *_qkv(gen, BATCH1))


@case("two leading batch dimensions (2 x 3)")
def test_batch2(learner, ref, gen):
    _check(learner, ref, *_qkv(gen, BATCH2))


@case("a bool causal mask (n_q = n_k = 5): output and weights")
def test_causal_mask(learner, ref, gen):
    mask = torch.tril(torch.ones(5, 5, dtype=torch.bool))
    _check(learner, ref, *_qkv(gen, BATCH1, n_q=5, n_k=5), mask)


@case("blocked positions get a weight of exactly 0")
def test_blocked_weights_zero(learner, gen):
    learner.property_case()
    mask, args = rand_mask(gen, N_Q, N_K), _qkv(gen)
    got = learner.scaled_dot_product_attention(*args, mask)
    blocked_weights_are_zero(got, ~mask)
    values_correct(learner, "scaled_dot_product_attention", got, *args, mask)


@case("a key scoring hundreds above the others: weight 0 where it is blocked, nearly all the "
       "weight where it is not")
def test_blocked_key_far_above(learner, ref, gen):
    Q, K, V = _qkv(gen)
    Q = Q.abs()
    K[..., 2, :] = 200.0  # key 2's score is hundreds above every other key's, in every row
    mask = torch.ones(N_Q, N_K, dtype=torch.bool)
    mask[:2, 2] = False  # blocked for the first two queries only: no key is blocked for all
    with masked_after(learner, "scaled_dot_product_attention"):
        _check(learner, ref, Q, K, V, mask)


@property_case("a 0/1 float64 mask on float32 inputs works like a bool mask and keeps float32")
def test_float_mask(learner, ref, gen):
    learner.property_case()
    mask = rand_mask(gen, N_Q, N_K).double()
    Q, K, V = _qkv(gen)
    got = learner.scaled_dot_product_attention(Q, K, V, mask)
    out, _ = compare.pair(got)
    compare.dtype(compare.tensor(out, what="the output"), torch.float32, what="the output")
    _check(learner, ref, Q, K, V, mask)


@case("a [7] key mask broadcasts over a batch of queries")
def test_key_mask_broadcast(learner, ref, gen):
    mask = torch.tensor([True, False, True, True, False, True, True])
    _check(learner, ref, *_qkv(gen, BATCH2), mask)


@property_case("float64 in, float64 out")
def test_float64(learner, ref, gen):
    learner.property_case()
    Q, K, V = _qkv(gen, dtype=torch.float64)
    result = learner.scaled_dot_product_attention(Q, K, V)
    out, weights = compare.pair(result)
    compare.dtype(compare.tensor(out, what="the output"), torch.float64, what="the output")
    compare.dtype(compare.tensor(weights, what="the weights"), torch.float64, what="the weights")
    values_correct(learner, "scaled_dot_product_attention", result, Q, K, V)


@property_case("float16 inputs with a mask: blocked scores still get weight 0, in float16 (a fill such as -inf that float16 holds)")
def test_float16(learner, ref, gen):
    Q, K, V = _qkv(gen, BATCH1, dtype=torch.float16)
    mask = rand_mask(gen, N_Q, N_K)
    float16_check(learner.scaled_dot_product_attention(Q, K, V, mask),
                  ref.scaled_dot_product_attention(Q, K, V, mask),
                  lambda: suspects_for(Q, K, V, mask))


@property_case("large inputs (scores in the thousands, float64) stay finite")
def test_large_inputs(learner, ref, gen):
    _check(learner, ref, *_qkv(gen, dtype=torch.float64, scale=30.0))


@case("agrees with torch.nn.functional.scaled_dot_product_attention on the output")
def test_agrees_with_pytorch(learner, gen):
    Q, K, V = _qkv(gen, BATCH1)
    mask = rand_mask(gen, N_Q, N_K)
    out, _ = compare.pair(learner.scaled_dot_product_attention(Q, K, V, mask))
    compare.close(out, F.scaled_dot_product_attention(Q, K, V, attn_mask=mask),
                  what="the output", suspects=lambda: {k: v[0] for k, v in
                                                      suspects_for(Q, K, V, mask).items()})


@case("gradients flow to Q, K and V")
def test_gradients(learner, ref, gen):
    gradients(learner, ref.scaled_dot_product_attention, "scaled_dot_product_attention",
              list(_qkv(gen)), [0, 1, 2], ["Q", "K", "V"], gen, output_index=0)


@property_case("Q, K, V and the mask are left unchanged")
def test_inputs_unchanged(learner, gen):
    unchanged(learner, "scaled_dot_product_attention", ["Q", "K", "V", "mask"],
              *_qkv(gen), rand_mask(gen, N_Q, N_K))


@property_case("the source uses no ready-made attention")
def test_no_ready_made_attention(learner, gen):
    no_forbidden_source(learner, "scaled_dot_product_attention", *_qkv(gen),
                        expected="attention built from matmul, a softmax and masking")
