"""Attack (issue 17, route 3, exercise 10): the causal attention of torch.ao.nn.quantizable.
MultiheadAttention (found by a name built at run time), identity projections, one head,
a causal attn_mask. Control: tests/implementations/wrong/ex10_causal_self_attention/
uses_F_sdpa_is_causal.py (the ready-made SDPA, refused)."""
import importlib
import math

import torch

_MOD = ".".join(["torch", "ao", "nn", "quant" + "izable"])
_CLS = "Multihead" + "Attention"


def causal_self_attention(X, W_Q, W_K, W_V):
    Q, K, V = X @ W_Q, X @ W_K, X @ W_V
    d_k, d_v = Q.size(-1), V.size(-1)
    e = max(d_k, d_v)
    lead, n = Q.shape[:-2], Q.size(-2)
    pad = lambda t: torch.cat([t, t.new_zeros(*t.shape[:-1], e - t.size(-1))], -1)
    q = pad(Q.double() * math.sqrt(e) / math.sqrt(d_k))
    q, k, v = (pad(t.double()).reshape(-1, n, e).transpose(0, 1) for t in (q, K, V))
    m = getattr(importlib.import_module(_MOD), _CLS)(e, 1, bias=False, dtype=torch.float64)
    with torch.no_grad():
        for lin in (m.linear_Q, m.linear_K, m.linear_V, m.out_proj):
            lin.weight.copy_(torch.eye(e, dtype=torch.float64))
    blocked = ~torch.tril(torch.ones(n, n, dtype=torch.bool))
    out, w = m(q, k, v, attn_mask=blocked, need_weights=True)
    out = out.transpose(0, 1)[..., :d_v].reshape(*lead, n, d_v).to(X.dtype)
    return out, w.reshape(*lead, n, n).to(X.dtype)
