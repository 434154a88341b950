"""CORRECT: folds 1/sqrt(d_k) into a scaled copy of W_Q before projecting, then does one shared masked softmax helper with torch.where, so self-attention is cross-attention with X as both sequences.
"""

from __future__ import annotations

import math

import torch


def _attend(X_q, X_kv, W_Q, W_K, W_V, mask):
    Q = X_q @ (W_Q * (1.0 / math.sqrt(W_Q.size(-1))))
    K = X_kv @ W_K
    V = X_kv @ W_V
    scores = torch.matmul(Q, K.mT)
    if mask is not None:
        scores = torch.where(mask.bool(), scores, scores.new_tensor(float("-inf")))
    weights = scores.softmax(dim=-1)
    return weights @ V, weights


def self_attention(
    X: torch.Tensor,
    W_Q: torch.Tensor,
    W_K: torch.Tensor,
    W_V: torch.Tensor,
    mask: torch.Tensor | None = None,
) -> tuple[torch.Tensor, torch.Tensor]:
    return cross_attention(X, X, W_Q, W_K, W_V, mask)


def cross_attention(
    X_dec: torch.Tensor,
    X_enc: torch.Tensor,
    W_Q: torch.Tensor,
    W_K: torch.Tensor,
    W_V: torch.Tensor,
    mask: torch.Tensor | None = None,
) -> tuple[torch.Tensor, torch.Tensor]:
    return _attend(X_dec, X_enc, W_Q, W_K, W_V, mask)
