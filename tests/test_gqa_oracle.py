"""Outside oracle for exercise 15: the reference's grouped-query attention must equal
PyTorch's own ``scaled_dot_product_attention(..., enable_gqa=True)``, which pairs query
head i with key/value head i // (h_q // h_kv) too. If the reference drifted, every hidden
case built on it would teach the wrong grouping.
"""
from __future__ import annotations

import pytest
import torch
import torch.nn.functional as F

from checker import manifest
from solutions.ex15_grouped_query import grouped_query_attention, repeat_kv

EXERCISE = next(e for e in manifest.load() if "grouped_query_attention" in e.functions)


def _has_enable_gqa() -> bool:
    """Whether this torch's scaled_dot_product_attention takes enable_gqa (a built-in: it
    has no signature to read, so a tiny call asks it)."""
    try:
        F.scaled_dot_product_attention(torch.zeros(2, 1, 1), torch.zeros(1, 1, 1),
                                       torch.zeros(1, 1, 1), enable_gqa=True)
    except TypeError:
        return False
    return True


HAS_GQA = _has_enable_gqa()
needs_gqa = pytest.mark.skipif(
    not HAS_GQA, reason=f"torch {torch.__version__} has no enable_gqa in "
                        "scaled_dot_product_attention (it came with torch 2.5)")


def _inputs(seed, batch, h_q, h_kv, n_q=4, n_k=7, d_k=5, d_v=3, dtype=torch.float64):
    g = torch.Generator().manual_seed(seed)
    return (torch.randn(*batch, h_q, n_q, d_k, generator=g, dtype=dtype),
            torch.randn(*batch, h_kv, n_k, d_k, generator=g, dtype=dtype),
            torch.randn(*batch, h_kv, n_k, d_v, generator=g, dtype=dtype), g)


def _mask(g, kind, batch, h_q, n_q=4, n_k=7):
    if kind is None:
        return None
    if kind == "causal":
        return torch.tril(torch.ones(n_q, n_k, dtype=torch.bool))
    shape = {"shared": (n_q, n_k), "per_head": (h_q, n_q, n_k),
             "per_sequence_head": (*batch, h_q, n_q, n_k), "keys": (n_k,)}[kind]
    mask = torch.rand(*shape, generator=g) > 0.4
    mask[..., 0] = True  # no row blocked whole (outside the contract)
    return mask


@needs_gqa
@pytest.mark.parametrize("batch, h_q, h_kv, mask_kind", [
    ((), 6, 6, None),            # multi-head attention
    ((), 6, 2, None),            # grouped: heads 0-2 share head 0, 3-5 head 1
    ((), 6, 1, None),            # multi-query attention
    ((2,), 6, 3, "shared"),
    ((2,), 8, 2, "per_head"),
    ((2, 3), 4, 2, "per_sequence_head"),
    ((3,), 6, 2, "causal"),
    ((2,), 4, 1, "keys"),
])
def test_grouped_query_attention_equals_torch_with_enable_gqa(batch, h_q, h_kv, mask_kind):
    Q, K, V, g = _inputs(sum(map(ord, str((batch, h_q, h_kv, mask_kind)))), batch, h_q, h_kv)
    n_q, n_k = Q.shape[-2], K.shape[-2]
    mask = _mask(g, mask_kind, batch, h_q)
    out, weights = grouped_query_attention(Q, K, V, mask)
    theirs = mask if mask is None or mask.dim() >= 2 else mask.expand(n_q, n_k)  # 2-D at least
    expected = F.scaled_dot_product_attention(Q, K, V, attn_mask=theirs, enable_gqa=True)
    assert weights.shape == (*batch, h_q, n_q, n_k)
    torch.testing.assert_close(out, expected, rtol=1e-10, atol=1e-12)


@needs_gqa
def test_a_0_1_float_mask_means_what_torchs_bool_mask_means():
    Q, K, V, g = _inputs(5, (2,), 6, 3)
    mask = _mask(g, "per_head", (2,), 6)
    out, _ = grouped_query_attention(Q.float(), K.float(), V.float(), mask.double())
    expected = F.scaled_dot_product_attention(Q.float(), K.float(), V.float(), attn_mask=mask,
                                              enable_gqa=True)
    assert out.dtype == torch.float32
    torch.testing.assert_close(out, expected)


def test_repeat_kv_is_the_grouping_torch_uses_and_the_manifest_names_it():
    """Without enable_gqa, the same pairing written out: query head i with repeated head i
    (torch's own MHA on the repeated K and V); and the exercise is the manifest's."""
    assert EXERCISE.file == "ex15_grouped_query.py"
    assert "torch.nn.functional.scaled_dot_product_attention" in EXERCISE.forbidden
    Q, K, V, _ = _inputs(11, (2,), 6, 2)
    out, _ = grouped_query_attention(Q, K, V)
    expected = F.scaled_dot_product_attention(Q, repeat_kv(K, 3), repeat_kv(V, 3))
    torch.testing.assert_close(out, expected, rtol=1e-10, atol=1e-12)
    assert torch.equal(repeat_kv(K, 3)[:, 4], K[:, 1])  # head 4 is a copy of head 4 // 3
