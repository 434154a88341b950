"""The query heads reshaped into groups, [..., h_kv, group, n_q, d_k], and the key/value
heads given a group axis of size 1, so that broadcasting pairs each group with its head
and no key or value is copied (as fast kernels do); repeat_kv by expand and reshape, X
itself for n_rep = 1 (as HuggingFace's repeat_kv); the mask expanded to the scores'
shape, then split into the groups like Q; a fill of torch.finfo(dtype).min.
"""
import math

import torch


def repeat_kv(X, n_rep):
    if n_rep < 1:
        raise ValueError("n_rep must be at least 1")
    if n_rep == 1:
        return X
    *batch, h_kv, n, d = X.shape
    return X.unsqueeze(-3).expand(*batch, h_kv, n_rep, n, d).reshape(*batch, h_kv * n_rep, n, d)


def grouped_query_attention(Q, K, V, mask=None):
    *batch, h_q, n_q, d_k = Q.shape
    h_kv, n_k = K.shape[-3], K.shape[-2]
    if V.shape[-3] != h_kv:
        raise ValueError("K and V must have the same number of heads")
    if h_q % h_kv:
        raise ValueError("h_kv must divide h_q")
    group = h_q // h_kv
    q = Q.reshape(*batch, h_kv, group, n_q, d_k)          # [..., h_kv, g, n_q, d_k]
    k = K.unsqueeze(-3)                                   # [..., h_kv, 1, n_k, d_k]
    v = V.unsqueeze(-3)                                   # [..., h_kv, 1, n_k, d_v]
    scores = q @ k.transpose(-2, -1) / math.sqrt(d_k)     # [..., h_kv, g, n_q, n_k]
    if mask is not None:
        shape = torch.broadcast_shapes(mask.shape, (*batch, h_q, n_q, n_k))
        blocked = (mask == 0).expand(shape).reshape(*shape[:-3], h_kv, group, n_q, n_k)
        scores = scores.masked_fill(blocked, torch.finfo(scores.dtype).min)
    weights = torch.softmax(scores, dim=-1)               # [..., h_kv, g, n_q, n_k]
    out = weights @ v                                     # [..., h_kv, g, n_q, d_v]
    return (out.reshape(*out.shape[:-4], h_q, n_q, out.shape[-1]),
            weights.reshape(*weights.shape[:-4], h_q, n_q, n_k))
