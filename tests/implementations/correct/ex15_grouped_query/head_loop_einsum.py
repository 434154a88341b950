"""One query head at a time: head i picks its key/value head with index_select (indices
made on the input's device), einsum for both products, a softmax written out with exp
and the row's max, and the heads stacked back; repeat_kv gathers the heads with an index
tensor arange(h_q) // n_rep.
"""
import math

import torch


def repeat_kv(X, n_rep):
    if not n_rep >= 1:
        raise ValueError(f"n_rep={n_rep}: at least one query head per key/value head")
    index = torch.arange(X.shape[-3] * n_rep, device=X.device) // n_rep
    return X.index_select(-3, index)


def grouped_query_attention(Q, K, V, mask=None):
    h_q, h_kv = Q.shape[-3], K.shape[-3]
    if h_kv != V.shape[-3] or h_q % h_kv != 0:
        raise ValueError(f"heads: Q {h_q}, K {h_kv}, V {V.shape[-3]}")
    n_rep = h_q // h_kv
    if mask is not None:
        mask = torch.broadcast_to(mask, (*Q.shape[:-1], K.shape[-2]))
    outs, weights = [], []
    for i in range(h_q):
        k = K.select(-3, i // n_rep)                         # [..., n_k, d_k]
        v = V.select(-3, i // n_rep)                         # [..., n_k, d_v]
        s = torch.einsum("...qd,...kd->...qk", Q.select(-3, i), k) / math.sqrt(Q.shape[-1])
        if mask is not None:
            s = torch.where(mask.select(-3, i) != 0, s, torch.full_like(s, float("-inf")))
        e = torch.exp(s - s.amax(-1, keepdim=True))
        w = e / e.sum(-1, keepdim=True)                      # [..., n_q, n_k]
        outs.append(torch.einsum("...qk,...kd->...qd", w, v))
        weights.append(w)
    return torch.stack(outs, dim=-3), torch.stack(weights, dim=-3)
