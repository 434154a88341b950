"""Attack (issue 17, route 3): a ready-made attention nothing refused. torch.ao.nn.
quantizable.MultiheadAttention (found by a name built at run time) with identity
projections and one head returns exactly softmax(Q Kᵀ/√d) V and the weights; it is made
of operations 08 allows. Control: tests/implementations/wrong/ex08_attention/
uses_F_sdpa.py (the ready-made SDPA, refused)."""
import importlib
import math

import torch

_MOD = ".".join(["torch", "ao", "nn", "quant" + "izable"])
_CLS = "Multihead" + "Attention"


def _mha(e, dv):
    cls = getattr(importlib.import_module(_MOD), _CLS)
    m = cls(e, 1, bias=False, kdim=e, vdim=e, dtype=torch.float64)
    with torch.no_grad():
        for lin in (m.linear_Q, m.linear_K, m.linear_V, m.out_proj):
            lin.weight.copy_(torch.eye(e, dtype=torch.float64))
    return m


def scaled_dot_product_attention(Q, K, V, mask=None):
    d_k, d_v = Q.size(-1), V.size(-1)
    e = max(d_k, d_v)
    lead = torch.broadcast_shapes(Q.shape[:-2], K.shape[:-2], V.shape[:-2])
    n_q, n_k = Q.size(-2), K.size(-2)
    q = (Q.double() * math.sqrt(e) / math.sqrt(d_k)).expand(*lead, n_q, d_k)
    k = K.double().expand(*lead, n_k, d_k)
    v = V.double().expand(*lead, n_k, d_v)
    pad = lambda t: torch.cat([t, t.new_zeros(*t.shape[:-1], e - t.size(-1))], -1)
    q, k, v = (pad(t).reshape(-1, t.size(-2), e).transpose(0, 1) for t in (q, k, v))
    blocked = None
    if mask is not None:
        m = (mask == 0).expand(*lead, n_q, n_k).reshape(-1, n_q, n_k)
        blocked = m
    out, w = _mha(e, d_v)(q, k, v, attn_mask=blocked, need_weights=True)
    out = out.transpose(0, 1)[..., :d_v].reshape(*lead, n_q, d_v).to(Q.dtype)
    return out, w.reshape(*lead, n_q, n_k).to(Q.dtype)
