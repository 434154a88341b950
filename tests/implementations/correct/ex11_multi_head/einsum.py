"""einsum for the projections and both products, with "..." for any batch dimensions.
"""

import math

import torch


def split_heads(X, h):
    n, d_model = X.shape[-2:]
    if d_model % h != 0:
        raise ValueError(f"{h} heads cannot share {d_model} columns")
    blocks = X.reshape(*X.shape[:-1], h, d_model // h)
    return torch.einsum("...nhd->...hnd", blocks)


def merge_heads(X):
    h, n, d_head = X.shape[-3:]
    return torch.einsum("...hnd->...nhd", X).reshape(*X.shape[:-3], n, h * d_head)


def multi_head_attention(X_q, X_kv, W_Q, W_K, W_V, W_O, h, mask=None):
    Q = split_heads(torch.einsum("...nd,de->...ne", X_q, W_Q), h)
    K = split_heads(torch.einsum("...nd,de->...ne", X_kv, W_K), h)
    V = split_heads(torch.einsum("...nd,de->...ne", X_kv, W_V), h)
    scores = torch.einsum("...hqd,...hkd->...hqk", Q, K) / math.sqrt(Q.shape[-1])
    if mask is not None:
        allowed = mask != 0
        if allowed.dim() >= 2:
            allowed = allowed[..., None, :, :]
        scores = torch.where(allowed, scores, torch.full_like(scores, float("-inf")))
    weights = torch.softmax(scores, dim=-1)
    heads = torch.einsum("...hqk,...hkd->...hqd", weights, V)
    return torch.einsum("...ne,ef->...nf", merge_heads(heads), W_O), weights
