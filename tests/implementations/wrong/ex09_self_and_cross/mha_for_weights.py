"""Forbidden: weights obtained from a torch.nn.MultiheadAttention with identity projections.

Exposed by: Forbidden-call check (nn.MultiheadAttention); values are right.

Cause: forbidden_call
"""

from __future__ import annotations

import math

import torch


def _attention(Q, K, V, mask):
    d_k = Q.size(-1)
    n_q, n_k = Q.size(-2), K.size(-2)
    batch = torch.broadcast_shapes(Q.shape[:-2], K.shape[:-2])
    Qf = Q.expand(*batch, n_q, d_k).reshape(-1, n_q, d_k)
    Kf = K.expand(*batch, n_k, d_k).reshape(-1, n_k, d_k)
    mha = torch.nn.MultiheadAttention(d_k, 1, bias=False, batch_first=True, dtype=Q.dtype, device=Q.device)
    with torch.no_grad():
        eye = torch.eye(d_k, dtype=Q.dtype, device=Q.device)
        mha.in_proj_weight.copy_(torch.cat([eye, eye, eye]))
        mha.out_proj.weight.copy_(eye)
    mha.requires_grad_(False)
    attn_mask = None
    if mask is not None:
        blocked = torch.broadcast_to(mask == 0, (*batch, n_q, n_k)).reshape(-1, n_q, n_k)
        attn_mask = blocked
    _, w = mha(Qf, Kf, Kf, attn_mask=attn_mask, need_weights=True)
    if mask is not None:
        w = w.masked_fill(attn_mask, 0.0)
    weights = w.reshape(*batch, n_q, n_k)
    return weights @ V, weights


def self_attention(X, W_Q, W_K, W_V, mask=None):
    return _attention(X @ W_Q, X @ W_K, X @ W_V, mask)


def cross_attention(X_dec, X_enc, W_Q, W_K, W_V, mask=None):
    return _attention(X_dec @ W_Q, X_enc @ W_K, X_enc @ W_V, mask)
