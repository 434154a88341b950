"""Outside oracles for the references beyond the lesson.

The reference of exercise 11 must equal PyTorch's own multi-head attention, and the
reference of exercise 12 must equal exercise 10's causal self-attention: if either
drifted, every hidden case built on it would teach the wrong thing.
"""
from __future__ import annotations

import pytest
import torch

from solutions.ex08_attention import scaled_dot_product_attention
from solutions.ex10_causal_self_attention import causal_self_attention
from solutions.ex11_multi_head import merge_heads, multi_head_attention, split_heads
from solutions.ex12_kv_cache import attention_step, generate_outputs


def _torch_mha(X_q, X_kv, W_Q, W_K, W_V, W_O, h, mask=None):
    """torch.nn.MultiheadAttention with our weights: it computes x @ W.T, so it gets the
    transposed matrices; its mask means the opposite (True = blocked), and a mask per
    sequence is given per (sequence, head) pair, [B * h, n_q, n_k]."""
    d_model = X_q.shape[-1]
    layer = torch.nn.MultiheadAttention(d_model, h, bias=False, batch_first=True,
                                        dtype=X_q.dtype)
    with torch.no_grad():
        layer.in_proj_weight.copy_(torch.cat([W_Q.T, W_K.T, W_V.T]))
        layer.out_proj.weight.copy_(W_O.T)
    blocked = None
    if mask is not None:
        blocked = (mask == 0).expand(*X_q.shape[:-2], X_q.shape[-2], X_kv.shape[-2])
        if blocked.dim() == 3:
            blocked = blocked.repeat_interleave(h, dim=0)
    out, weights = layer(X_q, X_kv, X_kv, attn_mask=blocked, need_weights=True,
                         average_attn_weights=False)
    return out.detach(), weights.detach()


def _inputs(seed, batch, n_q, n_k, d_model, dtype=torch.float64):
    g = torch.Generator().manual_seed(seed)
    X_q = torch.randn(*batch, n_q, d_model, generator=g, dtype=dtype)
    X_kv = torch.randn(*batch, n_k, d_model, generator=g, dtype=dtype)
    W = [torch.randn(d_model, d_model, generator=g, dtype=dtype) / d_model ** 0.5
         for _ in range(4)]
    return X_q, X_kv, W, g


def _mask(g, *shape):
    mask = torch.rand(*shape, generator=g) > 0.4
    mask[..., 0] = True
    return mask


@pytest.mark.parametrize("batch, n_q, n_k, d_model, h, mask_kind", [
    ((), 4, 7, 6, 1, None),
    ((), 4, 7, 6, 2, None),
    ((), 5, 7, 8, 4, "2d"),
    ((3,), 4, 7, 6, 2, None),
    ((3,), 4, 7, 6, 2, "2d"),
    ((3,), 4, 7, 6, 2, "batched"),
    ((2,), 4, 7, 8, 2, "batched"),
    ((3,), 5, 5, 8, 4, "causal"),
    ((3,), 4, 7, 12, 3, "float01"),
    ((2,), 4, 7, 8, 4, "keys"),
])
def test_multi_head_attention_equals_torch_multihead_attention(batch, n_q, n_k, d_model, h,
                                                               mask_kind):
    X_q, X_kv, W, g = _inputs(sum(map(ord, str((batch, n_q, h, mask_kind)))), batch, n_q, n_k,
                              d_model)
    mask = {None: None, "2d": _mask(g, n_q, n_k), "batched": _mask(g, *batch, n_q, n_k),
            "causal": torch.tril(torch.ones(n_q, n_k, dtype=torch.bool)),
            "float01": _mask(g, n_q, n_k).double(), "keys": _mask(g, n_k)}[mask_kind]
    out, weights = multi_head_attention(X_q, X_kv, *W, h, mask)
    expected_out, expected_weights = _torch_mha(X_q, X_kv, *W, h, mask)
    assert weights.shape == (*batch, h, n_q, n_k)
    torch.testing.assert_close(out, expected_out, rtol=1e-10, atol=1e-12)
    torch.testing.assert_close(weights, expected_weights, rtol=1e-10, atol=1e-12)


def test_multi_head_attention_with_two_batch_dimensions_equals_torch_on_the_flattened_batch():
    X_q, X_kv, W, g = _inputs(7, (2, 3), 4, 7, 8)
    mask = _mask(g, 2, 3, 4, 7)
    out, weights = multi_head_attention(X_q, X_kv, *W, 4, mask)
    flat = _torch_mha(X_q.reshape(6, 4, 8), X_kv.reshape(6, 7, 8), *W, 4, mask.reshape(6, 4, 7))
    torch.testing.assert_close(out, flat[0].reshape(2, 3, 4, 8), rtol=1e-10, atol=1e-12)
    torch.testing.assert_close(weights, flat[1].reshape(2, 3, 4, 4, 7), rtol=1e-10, atol=1e-12)


def test_one_head_with_the_identity_is_exercise_08_after_the_projections():
    X_q, X_kv, W, _ = _inputs(3, (3,), 4, 7, 6)
    W[3] = torch.eye(6, dtype=torch.float64)
    out, weights = multi_head_attention(X_q, X_kv, *W, 1)
    expected = scaled_dot_product_attention(X_q @ W[0], X_kv @ W[1], X_kv @ W[2])
    torch.testing.assert_close(out, expected[0])
    torch.testing.assert_close(weights, expected[1].unsqueeze(-3))


def test_split_and_merge_are_inverse_and_contiguous():
    X = torch.arange(2 * 5 * 12, dtype=torch.float32).reshape(2, 5, 12)
    heads = split_heads(X, 4)
    assert heads.shape == (2, 4, 5, 3)
    assert torch.equal(heads[:, 1], X[..., 3:6])
    assert torch.equal(merge_heads(heads), X)
    with pytest.raises(ValueError):
        split_heads(X, 5)


@pytest.mark.parametrize("batch, n, dtype", [((), 1, torch.float64), ((), 7, torch.float64),
                                             ((3,), 5, torch.float64),
                                             ((2, 3), 6, torch.float64),
                                             ((3,), 5, torch.float32)])
def test_generate_outputs_equals_exercise_10(batch, n, dtype):
    g = torch.Generator().manual_seed(n + len(batch))
    X = torch.randn(*batch, n, 6, generator=g, dtype=dtype)
    W = [torch.randn(6, d, generator=g, dtype=dtype) for d in (5, 5, 3)]
    expected, weights = causal_self_attention(X, *W)
    got = generate_outputs(X, *W)
    assert got.dtype == dtype and got.shape == expected.shape
    torch.testing.assert_close(got, expected)
    # and each step is one row of exercise 10, attending to exactly the past and itself
    cache = None
    for t in range(n):
        out_t, cache = attention_step(X[..., t:t + 1, :], *W, cache)
        torch.testing.assert_close(out_t, expected[..., t:t + 1, :])
        assert cache[0].shape[-2] == cache[1].shape[-2] == t + 1
    assert bool((weights.triu(1) == 0).all())
